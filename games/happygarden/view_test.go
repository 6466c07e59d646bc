package happygarden

import (
	"bytes"
	"encoding/json"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/jardin-games/jardin/engine"
)

// Views leak neither the bag nor the turn-token pile: two states that differ
// only in those orders (and the generator) give byte-identical views, and
// determinizing keeps every view.
func TestViewLeaksNothing(t *testing.T) {
	for n := 2; n <= 5; n++ {
		s := randomGameUntil(t, n, 11, 40)
		o := s.Clone().(*state)
		// reverse the bag and the pile, reseed the generator
		for i, j := 0, int(o.bagN)-1; i < j; i, j = i+1, j-1 {
			o.bag[i], o.bag[j] = o.bag[j], o.bag[i]
		}
		for i, j := 0, int(o.pileN)-1; i < j; i, j = i+1, j-1 {
			o.pile[i], o.pile[j] = o.pile[j], o.pile[i]
		}
		o.rng = engine.NewRNG(999)
		for p := engine.Spectator; p < n; p++ {
			a, _ := json.Marshal(s.View(p))
			b, _ := json.Marshal(o.View(p))
			if !bytes.Equal(a, b) {
				t.Fatalf("%d players: view of %d depends on hidden order", n, p)
			}
			c, _ := json.Marshal(s.Determinize(p, 5).View(p))
			if !bytes.Equal(a, c) {
				t.Fatalf("%d players: view of %d changed by Determinize", n, p)
			}
			for _, bad := range []string{"bag\":[", "pile\":[", "rng", "seed"} {
				if bytes.Contains(a, []byte(bad)) {
					t.Fatalf("view contains %q", bad)
				}
			}
		}
		// Draw shows the same for both too.
		if s.Draw(0, engine.Style{}) != o.Draw(0, engine.Style{}) {
			t.Fatalf("drawing depends on hidden order")
		}
	}
}

func randomGameUntil(t testing.TB, n int, seed uint64, moves int) *state {
	s := newGame(t, n, seed, nil)
	rng := engine.NewRNG(seed)
	for i := 0; i < moves && !s.Over(); i++ {
		buf := s.LegalMoves(nil)
		if err := s.Apply(buf[rng.Intn(len(buf))], nil); err != nil {
			t.Fatal(err)
		}
	}
	return s
}

// Determinize reshuffles the bag and pile and reseeds the generator: the
// futures differ, the present does not.
func TestDeterminize(t *testing.T) {
	s := randomGameUntil(t, 2, 3, 20)
	d1 := s.Determinize(0, 1).(*state)
	d2 := s.Determinize(0, 2).(*state)
	if reflect.DeepEqual(d1, d2) {
		t.Errorf("two seeds gave the same determinization")
	}
	if !reflect.DeepEqual(sortedBag(d1), sortedBag(s)) {
		t.Errorf("the bag's contents changed")
	}
}

func sortedBag(s *state) [numTiles + 1]bool {
	var in [numTiles + 1]bool
	for _, x := range s.bag[:s.bagN] {
		in[x] = true
	}
	return in
}

func TestDrawReadsWithoutColour(t *testing.T) {
	s := randomGameUntil(t, 3, 4, 60)
	plain := s.Draw(0, engine.Style{Lang: "en"})
	if strings.Contains(plain, "\x1b[") {
		t.Errorf("ANSI codes without Color")
	}
	for _, want := range []string{"Round", "Shop", "B1", "T3", "Player 1", "Player 3", "[R]", "Legend"} {
		if !strings.Contains(plain, want) {
			t.Errorf("drawing lacks %q:\n%s", want, plain)
		}
	}
	col := s.Draw(0, engine.Style{Color: true, Lang: "fr"})
	if !strings.Contains(col, "\x1b[") || !strings.Contains(col, "Tour") {
		t.Errorf("colour/French drawing wrong")
	}
	t.Log("\n" + plain)
}

// Notation: every legal move round-trips, is unique, and documented forms parse.
func TestNotation(t *testing.T) {
	s := bare(2)
	for _, txt := range []string{"take B1", "take t3", "place 2,-1", "place (2, -1)", "repot", "lift F15", "water F14 Y",
		"water f14 yellow", "end", "steal F26", "worm F26", "gust F15 mole F26", "drum F26", "pass", "give 2", "mole F26"} {
		m, err := s.ParseMove(txt)
		if err != nil {
			t.Errorf("%q: %v", txt, err)
			continue
		}
		back, err := s.ParseMove(s.FormatMove(m))
		if err != nil || back != m {
			t.Errorf("%q → %q does not round-trip", txt, s.FormatMove(m))
		}
	}
	for txt, want := range map[string]string{"": `"take B1"`, "take": `"take B1"`, "gust F15 F26": `"gust F15 mole F26"`,
		"lift": `"lift F26"`, "end now": `"end"`} {
		if _, err := s.ParseMove(txt); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: error %v should show the form %s", txt, err, want)
		}
	}
	for _, bad := range []string{"", "take", "take B4", "place 2", "place 99,0", "water F14 Z", "gust F15 cat F26", "give 9", "lift X1", "jump"} {
		if _, err := s.ParseMove(bad); err == nil {
			t.Errorf("%q parsed", bad)
		}
	}
}

func TestScorePositionExample(t *testing.T) {
	data, err := os.ReadFile("../../docs/examples/happy-garden.position.json")
	if err != nil {
		t.Fatal(err)
	}
	ps, ok := Game.(engine.PositionScorer)
	if !ok {
		t.Fatal("Game is not a PositionScorer")
	}
	sc, err := ps.ScorePosition(data)
	if err != nil {
		t.Fatal(err)
	}
	// HP-X3: 3 happy flowers + mouse bonus 4 violet flowers × 2 = 11.
	if sc.Total != 11 || sc.Points[1] != 3 || sc.Points[4] != 8 {
		t.Errorf("HP-X3 position: %+v", sc)
	}
	// Happiness computed when omitted: the same garden without "happy" fields.
	auto := strings.ReplaceAll(string(data), `, "happy": true`, "")
	sc2, err := ps.ScorePosition([]byte(auto))
	if err != nil || sc2.Total != 11 {
		t.Errorf("computed happiness: %v %+v", err, sc2)
	}
}

func TestScorePositionErrors(t *testing.T) {
	ps := Game.(engine.PositionScorer)
	cases := map[string]string{
		`{`:                               "ends too early",
		`null`:                            "want a JSON object",
		`[{"mouse": "red", "tiles": []}]`: "want a JSON object",
		"":                                "empty",
		`{"tiles": []}`:                   `field "mouse" is missing`,
		`{"mouse": "red"}`:                `field "tiles" is missing`,
		`{"mouse": "red", "tiles": null}`: `field "tiles" is missing`,
		`{"mouse": "red", "tiles": [{"x": 2, "y": 0}]}`:                                                 `tiles[0]: field "tile" is missing`,
		`{"game": "english-gardens", "mouse": "red", "tiles": []}`:                                      "does not look like a happy-garden position",
		`{"game": 7, "mouse": "red", "tiles": []}`:                                                      "field game: want a string, not number",
		`{"mouse": "red", "tiles": [{"tile": "F01", "x": "2", "y": 0}]}`:                                "field tiles.x: want a whole number, not string",
		"{\n  \"mouse\": \"red\",\n  \"tiles\": [,]\n}":                                                 "line 3, column",
		`{"mouse": "grey", "tiles": []}`:                                                                "mouse",
		`{"mouse": "red", "tiles": [{"tile": "F99", "x": 2, "y": 0}]}`:                                  "tiles[0].tile",
		`{"mouse": "red", "tiles": [{"tile": "F01", "y": 0}]}`:                                          "tiles[0]: x and y",
		`{"mouse": "red", "tiles": [{"tile": "F01", "x": 0, "y": 0}]}`:                                  "house cell",
		`{"mouse": "red", "tiles": [{"tile": "F01", "x": 2, "y": 0}, {"tile": "F02", "x": 2, "y": 0}]}`: "tiles[1]",
		`{"mouse": "red", "tiles": [{"tile": "F01", "x": 2, "y": 0, "moles": -1}]}`:                     "token counts",
		`{"mouse": "red", "tiles": [{"tile": "W1", "x": 2, "y": 0, "watered": "blue"}]}`:                "only a flower",
		`{"mouse": "red", "colour": 3}`:                                                                 "unknown field",
		"{\n\"mouse\": \"red\",\n\"tiles\": 5}":                                                         "line 3",
		// Gardens no game can produce (HP-T16, HP-T26.3, HP-T27).
		`{"mouse": "red", "tiles": [{"tile": "F01", "x": 2, "y": 0}, {"tile": "F10", "x": 5, "y": 5}]}`:                 "tiles[1]: F10 OT at (5,5) is not joined to the house",
		`{"mouse": "red", "tiles": [{"tile": "F28", "x": 2, "y": 0}, {"tile": "F29", "x": 2, "y": 1}]}`:                 "identical flower",
		`{"mouse": "red", "tiles": [{"tile": "F14", "x": 2, "y": 0, "watered": "B"}, {"tile": "F28", "x": 3, "y": 0}]}`: "identical flower F28 BS",
		`{"mouse": "red", "tiles": [{"tile": "G1", "x": 2, "y": 0}, {"tile": "G2", "x": 2, "y": 1}]}`:                   "HP-T16.4",
		`{"mouse": "red", "tiles": [{"tile": "W1", "x": 0, "y": -1}, {"tile": "W2", "x": 0, "y": 2}]}`:                  "HP-T16.5",
		`{"mouse": "red", "tiles": [{"tile": "F01", "x": 2, "y": 0, "butterflies": 7}]}`:                                "at most 6",
		`{"mouse": "red", "opponent_butterflies": [1, 1, 1, 1, 1], "tiles": []}`:                                        "at most 4 opponents",
		`{"mouse": "red", "tiles": [{"tile": "F01", "x": 2, "y": 0, "worms": 9, "moles": 8}]}`:                          "only 16",
		`{"mouse": "red", "tiles": []} {"mouse": "blue", "tiles": []}`:                                                  "goes on after its JSON object",
		`{"mouse": "red", "tiles": [{"tile": "F01", "x": 2, "y": 0, "happy": false}, {"tile": "F42", "x": 2, "y": 1}]}`: "tiles[0]: F01 is marked",
		`{"mouse": "red", "bonus": false, "tiles": [{"tile": "F01", "x": 0, "y": -1}, {"tile": "F10", "x": 1, "y": -1},
		  {"tile": "F20", "x": -1, "y": 0}, {"tile": "F30", "x": -1, "y": 1}, {"tile": "F40", "x": 2, "y": 0},
		  {"tile": "F05", "x": 2, "y": 1}, {"tile": "F15", "x": 0, "y": 2}, {"tile": "F25", "x": 1, "y": 2}]}`: "HP-T23",
	}
	for in, want := range cases {
		_, err := ps.ScorePosition([]byte(in))
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: error %v, want it to mention %q", in, err, want)
		}
		if err != nil && goTypeName(err.Error()) {
			t.Errorf("%s: error %q names a Go type", in, err)
		}
	}
	// Accepted: a byte-order mark, and a "game" field naming this game.
	for _, in := range []string{"\ufeff{\"mouse\": \"red\", \"tiles\": []}", `{"game": "happy-garden", "mouse": "red", "tiles": []}`} {
		if sc, err := ps.ScorePosition([]byte(in)); err != nil || sc.Total != 0 {
			t.Errorf("%q: %v %+v, want an empty garden scoring 0", in, err, sc)
		}
	}
}

// goTypeName reports whether an error message shows a Go type, which a
// person writing a position file cannot be expected to read.
func goTypeName(msg string) bool {
	for _, w := range []string{"happygarden.", "[]int", "[]string", "*int", "*bool", "struct", "map[", "int8", "uint8", "json:"} {
		if strings.Contains(msg, w) {
			return true
		}
	}
	return false
}

func FuzzScorePosition(f *testing.F) {
	if data, err := os.ReadFile("../../docs/examples/happy-garden.position.json"); err == nil {
		f.Add(data)
	}
	f.Add([]byte(`{"mouse":"red","bonus":true,"opponent_butterflies":[1,2],"tiles":[{"tile":"F01","x":2,"y":0,"butterflies":2,"watered":"B"}]}`))
	f.Add([]byte(`{}`))
	f.Add([]byte(`null`))
	f.Add([]byte("\ufeff{\"game\":\"happy-garden\",\"mouse\":\"V\",\"tiles\":[]}"))
	f.Add([]byte(`{"game":"schlossgarten","mouse":"red","tiles":[]}`))
	ps := Game.(engine.PositionScorer)
	f.Fuzz(func(t *testing.T, data []byte) {
		sc, err := ps.ScorePosition(data)
		if g, ok := engine.GameField(data); ok && g != "happy-garden" && err == nil {
			t.Fatalf("a position whose game field says %q was scored", g)
		}
		if err != nil {
			if goTypeName(err.Error()) {
				t.Fatalf("error %q names a Go type", err)
			}
			return
		}
		sum := 0
		for _, v := range sc.Points {
			sum += v
		}
		if sum != sc.Total || len(sc.Points) != len(sc.Categories) {
			t.Fatalf("inconsistent score %+v", sc)
		}
	})
}

// The view and the drawing name the tile being repotted, so that a player
// choosing its destination can see which tile moves.
func TestViewShowsRepottedTile(t *testing.T) {
	s := bare(2)
	lay(s, 0, "F01", 2, 0)
	lay(s, 0, "F10", 3, 0)
	s.wb[0] = 2
	stock(s, "F20", "F30", "F40")
	play(t, s, "repot", "lift F10")
	v := s.View(1).(View)
	if v.Lifted == nil || v.Lifted.ID != "F10" || v.Step != "repot-destination" {
		t.Fatalf("view while repotting: lifted %+v step %s", v.Lifted, v.Step)
	}
	if d := s.Draw(1, engine.Style{}); !strings.Contains(d, "Repotting: F10 OT") {
		t.Errorf("drawing does not name the repotted tile:\n%s", d)
	}
	play(t, s, "place 2,1")
	if s.View(1).(View).Lifted != nil {
		t.Errorf("lifted tile still shown after landing")
	}
}

// Components names the garden's tiles for simulation reports, and nothing
// for a seat that does not exist.
func TestComponentsReport(t *testing.T) {
	s := bare(2)
	lay(s, 0, "F01", 2, 0)
	lay(s, 0, "W1", -1, 0)
	if got := s.Components(0); !slices.Equal(got, []string{"tile F01", "tile W1"}) {
		t.Errorf("components of seat 1: %v", got)
	}
	if s.Components(1) != nil || s.Components(-1) != nil || s.Components(4) != nil {
		t.Errorf("seats without tiles or out of range should report nothing")
	}
}
