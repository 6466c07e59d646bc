package record_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/jardin-games/jardin/engine"
	"github.com/jardin-games/jardin/games"
	"github.com/jardin-games/jardin/record"
	"github.com/jardin-games/jardin/sim"
)

// Every game: a bot game's record marshals, parses and replays to the same
// result.
func TestRoundTripEveryGame(t *testing.T) {
	reg := games.Registry()
	for _, g := range reg.All() {
		lo, _ := g.Players()
		n := max(lo, 2)
		kinds := make([]string, n)
		for i := range kinds {
			kinds[i] = []string{"greedy", "random"}[i%2]
		}
		rec, end, err := sim.Play(context.Background(), g, 42, nil, kinds)
		if err != nil {
			t.Fatalf("%s: %v", g.ID(), err)
		}
		b, err := rec.Marshal()
		if err != nil {
			t.Fatal(err)
		}
		back, err := record.Parse(b)
		if err != nil {
			t.Fatalf("%s: %v", g.ID(), err)
		}
		s, err := record.Replay(reg, back, nil)
		if err != nil {
			t.Fatalf("%s: replay: %v", g.ID(), err)
		}
		if !s.Over() || s.Result().Players[0].Total != end.Result().Players[0].Total {
			t.Errorf("%s: replay differs", g.ID())
		}
	}
}

func TestParseErrors(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{``, "empty"},
		{`{"format":1,"game":"english-gardens",`, "ends too early"},
		{"{\n\"format\": 1,\n\"game\": 5}", "line 3"},
		{`{"format":3,"game":"x","players":[{"name":"a"}]}`, "format 3"},
		{`{"format":2,"game":"x","players":[{"name":"a"}]}`, "format 2 without \"forks\""},
		{`{"format":2,"game":"x","players":[{"name":"a"}],"forks":[]}`, "format 2 without \"forks\""},
		{`{"format":1,"game":"x","players":[{"name":"a"}],"forks":[{"after":0,"seat":0,"seed":"1"}]}`, "\"forks\" in a format 1 record"},
		{`{"format":2,"game":"x","players":[{"name":"a"}],"moves":[],"forks":[{"after":1,"seat":0,"seed":"1"}]}`, "fork 1 after move 1: the record has 0 moves"},
		{`{"format":2,"game":"x","players":[{"name":"a"}],"moves":[],"forks":[{"after":0,"seat":1,"seed":"1"}]}`, "fork 1 for player 2: the record has 1 players"},
		{`{"format":2,"game":"x","players":[{"name":"a"}],"moves":[{"player":0,"move":"x"}],"forks":[{"after":1,"seat":0,"seed":"1"},{"after":0,"seat":0,"seed":"2"}]}`, "fork 2 after move 0 comes before fork 1's move 1"},
		{`{"format":2,"game":"x","players":[{"name":"a"}],"moves":[],"forks":[{"after":0,"seat":0,"seed":"1","by":0}]}`, "unknown field"},
		{`{"format":1,"players":[{"name":"a"}]}`, "missing \"game\""},
		{`{"format":1,"game":"x","players":[]}`, "\"players\" is empty"},
		{`{"format":1,"game":"x","players":[{"name":"a"}],"moves":[{"player":3,"move":"x"}]}`, "player 3 does not exist"},
		{`{"format":1,"game":"x","players":[{"name":"a"}],"colour":"red"}`, "unknown field"},
		{`{"format":1,"game":"x","players":[{"name":"a"}]} {}`, "after the JSON"},
		{`{"format":1,"game":"x","seed":"abc","players":[{"name":"a"}]}`, "seed"},
		{"\ufeff" + `{"format":1,"game":"x","players":[{"name":"a"}]}`, "byte-order mark"},
		{`{"format":1,"game":"x","players":[{"name":"a\u001b[2J"}]}`, "player 1's name: control character U+001B"},
		{`{"format":1,"game":"x","players":[{"name":"a"},{"name":"b\u0007"}]}`, "player 2's name: control character U+0007"},
		{`{"format":1,"game":"x","players":[{"name":"a\u202eb"}]}`, "control character U+202E"},
		{`{"format":1,"game":"x","players":[{"name":"a\u009b"}]}`, "control character U+009B"},
		{`{"format":1,"game":"x",` + "\n" + `"players":[{"name":"` + "a\xff" + `"}]}`, "line 2, column 22: not valid UTF-8"},
		{`{"format":1,"game":"x","players":[{"name":"` + strings.Repeat("é", 65) + `"}]}`, "65 characters, at most 64"},
		{`{"format":1,"game":"x","players":[{"name":"a","kind":"x\ny"}]}`, "player 1's kind: control"},
		{`{"format":1,"game":"x\u001b","players":[{"name":"a"}]}`, "\"game\": control"},
		{`{"format":1,"game":"x","options":{"a":"\u0000"},"players":[{"name":"a"}]}`, "option a: control"},
		{`{"format":1,"game":"x","players":[{"name":"a"}],"moves":[{"player":0,"move":"` + strings.Repeat("m", 300) + `"}]}`, "move 1: 300 bytes, at most 256"},
		{`{"format":1,"game":"x","players":[` + strings.Repeat(`{"name":"a"},`, 16) + `{"name":"a"}]}`, "17 players"},
		{`{"format":1,"game":"x","players":[{"name":"a"}],"` + strings.Repeat("z", 5000) + `":1}`, "unknown field"},
		{`{"format":1,"game":"x","players":[{"name":"a","replaced":{"by":"greedy","after":1}}],"moves":[]}`, "player 1 replaced after move 1: the record has 0 moves"},
		{`{"format":1,"game":"x","players":[{"name":"a","replaced":{"by":"greedy","after":-1}}]}`, "replaced after move -1"},
		{`{"format":1,"game":"x","players":[{"name":"a","replaced":{"by":"","after":0}}]}`, "names no bot"},
		{`{"format":1,"game":"x","players":[{"name":"a","replaced":{"by":"g\u001b","after":0}}]}`, "player 1 replaced by: control"},
		{`{"format":1,"game":"x","players":[{"name":"a","replaced":{"by":"greedy","at":0}}]}`, "unknown field"},
	} {
		_, err := record.Parse([]byte(c.in))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%.80q: %.200v, want it to mention %q", c.in, err, c.want)
			continue
		}
		// No input is echoed whole, and nothing unprintable reaches the message.
		if msg := err.Error(); len(msg) > 300 || strings.ContainsFunc(msg, func(r rune) bool { return r < ' ' || r == 0x7f }) {
			t.Errorf("%.80q: unsafe or long message %.300q", c.in, msg)
		}
	}
}

// Names at the limits are accepted as they are, clipped only in errors.
func TestCheckTextAndClip(t *testing.T) {
	for _, ok := range []string{"", "Ann", "Zoé", "greedy (seat 2)", strings.Repeat("é", record.MaxName), "日本語の名前"} {
		if err := record.CheckText(ok, record.MaxName); err != nil {
			t.Errorf("%q: %v", ok, err)
		}
	}
	for _, c := range []struct{ in, want string }{
		{"abc", `"abc"`},
		{"a\x1b[2J", `"a\x1b[2J"`},
		{strings.Repeat("x", 50), `"` + strings.Repeat("x", 40) + `"…`},
		{strings.Repeat("é", 41), `"` + strings.Repeat("é", 40) + `"…`},
	} {
		if got := record.Clip(c.in, 40); got != c.want {
			t.Errorf("Clip(%q) = %s, want %s", c.in, got, c.want)
		}
	}
}

func TestReplayErrors(t *testing.T) {
	reg := games.Registry()
	base := func() *record.Record {
		return &record.Record{Format: 1, Game: "english-gardens", Seed: 1, Options: engine.Options{"first": "1"},
			Players: []record.Seat{{Name: "a", Kind: "human"}, {Name: "b", Kind: "human"}},
			Moves:   []record.Step{{Player: 0, Move: "trophy 1"}, {Player: 0, Move: "put r1"}}}
	}
	if _, err := record.Replay(reg, base(), nil); err != nil {
		t.Fatal(err)
	}
	r := base()
	r.Moves[1].Move = "put r7"
	_, err := record.Replay(reg, r, nil)
	var me *record.MoveError
	if !errors.As(err, &me) || me.Number != 2 {
		t.Errorf("bad notation: %v", err)
	}
	r = base()
	r.Moves[1].Move = "take 1"
	if _, err = record.Replay(reg, r, nil); engine.RuleOf(err) != "EG-T5" || !strings.Contains(err.Error(), "move 2") {
		t.Errorf("illegal move: %v", err)
	}
	r = base()
	r.Moves[1].Player = 1
	if _, err = record.Replay(reg, r, nil); err == nil || !strings.Contains(err.Error(), "player 1 is to move") {
		t.Errorf("wrong player: %v", err)
	}
	r = base()
	r.Game = "chess"
	if _, err = record.Replay(reg, r, nil); err == nil || !strings.Contains(err.Error(), "unknown game") {
		t.Errorf("unknown game: %v", err)
	}
	r = base()
	r.Players = r.Players[:1]
	r.Options = engine.Options{"first": "2"}
	if _, err = record.Replay(reg, r, nil); err == nil {
		t.Error("bad options accepted")
	}
	r = base()
	res := engine.Result{Final: true}
	r.Result = &res
	if _, err = record.Replay(reg, r, nil); err == nil || !strings.Contains(err.Error(), "result differs") {
		t.Errorf("result mismatch: %v", err)
	}
}

// FuzzParseReplay: no record, however malformed, panics the parser or the
// replayer.
func FuzzParseReplay(f *testing.F) {
	reg := games.Registry()
	f.Add([]byte(`{"format":1,"game":"english-gardens","seed":"1","players":[{"name":"a","kind":"human"},{"name":"b","kind":"human"}],"moves":[{"player":0,"move":"trophy 1"}]}`))
	f.Add([]byte(`{"format":1,"game":"english-gardens","players":[{"name":"a"}],"moves":[{"player":0,"move":"end"}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		r, err := record.Parse(data)
		if err != nil {
			return
		}
		// What Parse accepts is safe to print.
		for _, p := range r.Players {
			if record.CheckText(p.Name, record.MaxName) != nil || record.CheckText(p.Kind, record.MaxName) != nil {
				t.Fatalf("unsafe name accepted: %q", p.Name)
			}
		}
		_, _ = record.Replay(reg, r, nil)
	})
}

// The example records of docs/records.md replay to their recorded results.
func TestExampleRecords(t *testing.T) {
	files, _ := filepath.Glob("../docs/examples/*.record.json")
	if len(files) == 0 {
		t.Fatal("no example records")
	}
	reg := games.Registry()
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		r, err := record.Parse(data)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		if _, err := reg.Lookup(r.Game); err != nil {
			continue // a game not in this build
		}
		if _, err := record.Replay(reg, r, nil); err != nil {
			t.Errorf("%s: %v", f, err)
		}
	}
}

// A seat a bot took over keeps its person's name and says from which move.
func TestReplacedSeatRoundTrip(t *testing.T) {
	in := `{"format":1,"game":"x","seed":"1","players":[{"name":"Ann","kind":"human","replaced":{"by":"greedy","after":2}},` +
		`{"name":"Bob","kind":"human"}],"moves":[{"player":0,"move":"a"},{"player":1,"move":"b"},{"player":0,"move":"c"}]}`
	r, err := record.Parse([]byte(in))
	if err != nil {
		t.Fatal(err)
	}
	if rp := r.Players[0].Replaced; rp == nil || rp.By != "greedy" || rp.After != 2 || r.Players[1].Replaced != nil {
		t.Fatalf("players %+v", r.Players)
	}
	b, err := r.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), `"replaced": {`) || strings.Count(string(b), `"replaced"`) != 1 {
		t.Fatalf("written:\n%s", b)
	}
	again, err := record.Parse(b)
	if err != nil || *again.Players[0].Replaced != *r.Players[0].Replaced {
		t.Fatalf("read back: %v %+v", err, again)
	}
}
