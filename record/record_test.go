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
		{``, "EOF"},
		{`{"format":1,"game":"english-gardens",`, "unexpected EOF"},
		{"{\n\"format\": 1,\n\"game\": 5}", "line 3"},
		{`{"format":2,"game":"x","players":[{"name":"a"}]}`, "format 2"},
		{`{"format":1,"players":[{"name":"a"}]}`, "missing \"game\""},
		{`{"format":1,"game":"x","players":[]}`, "\"players\" is empty"},
		{`{"format":1,"game":"x","players":[{"name":"a"}],"moves":[{"player":3,"move":"x"}]}`, "player 3 does not exist"},
		{`{"format":1,"game":"x","players":[{"name":"a"}],"colour":"red"}`, "unknown field"},
		{`{"format":1,"game":"x","players":[{"name":"a"}]} {}`, "after the JSON"},
		{`{"format":1,"game":"x","seed":"abc","players":[{"name":"a"}]}`, "seed"},
	} {
		_, err := record.Parse([]byte(c.in))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: %v, want it to mention %q", c.in, err, c.want)
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
