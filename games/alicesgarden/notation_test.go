package alicesgarden

import (
	"os"
	"strings"
	"testing"

	"github.com/jardin-games/jardin/engine"
	"github.com/jardin-games/jardin/engine/enginetest"
)

func TestNotation(t *testing.T) {
	s := newState(t, 2, nil)
	for _, tc := range []struct {
		in   string
		want engine.Move
		out  string
	}{
		{"bag O", mvBag(0), "bag O"},
		{"BAG s", mvBag(4), "bag S"},
		{"take O03", mvTake(2), "take O03"},
		{"take s13", mvTake(64), "take S13"},
		{"place r0 1,1", mvPlace(0, 0), "place r0 1,1"},
		{"place R90F 2,3", mvPlace(5, sq(2, 3)), "place r90f 2,3"},
		{"place r270 6, 8", mvPlace(3, sq(6, 8)), "place r270 6,8"},
		{"bonus 2", mvBonus(2), "bonus 2"},
		{"put R 3,4", mvPut(0, sq(3, 4)), "put R 3,4"},
		{"put grass 1,1", mvPut(4, 0), "put g 1,1"},
		{"put G 1,1", mvPut(4, 0), "put g 1,1"},
		{"  put   chess  6,8 ", mvPut(3, sq(6, 8)), "put C 6,8"},
	} {
		m, err := s.ParseMove(tc.in)
		if err != nil || m != tc.want {
			t.Errorf("%q: %v %v", tc.in, m, err)
			continue
		}
		if got := s.FormatMove(m); got != tc.out {
			t.Errorf("%q prints %q, want %q", tc.in, got, tc.out)
		}
	}
	for _, bad := range []string{"", "bag", "bag X", "bag OO", "take O14", "take O00", "take X01", "take O1",
		"place r45 1,1", "place r0 0,1", "place r0 7,1", "place r0 1,9", "place r0 11", "place r0", "bonus 16",
		"bonus -1", "bonus x", "put X 1,1", "put R", "jump", "place r0f 1,1 extra"} {
		if _, err := s.ParseMove(bad); err == nil {
			t.Errorf("%q parses", bad)
		}
	}
	if got := s.FormatMove(engine.Move(0xffffffff)); !strings.HasPrefix(got, "?") {
		t.Errorf("garbage prints %q", got)
	}
}

func FuzzParseMove(f *testing.F) {
	s := newStateF(2)
	s.Apply(mvBag(0), nil)
	enginetest.FuzzParseMove(f, s)
}

func newStateF(n int) engine.State {
	st, _ := Game.New(n, 1, engine.Options{"first": "1"})
	return st
}

func TestPosition_Example(t *testing.T) {
	data, err := os.ReadFile("../../docs/examples/alices-garden.position.txt")
	if err != nil {
		t.Fatal(err)
	}
	sc, err := Game.(engine.PositionScorer).ScorePosition(data)
	if err != nil {
		t.Fatal(err)
	}
	if sc.Total != 97 || len(sc.Points) != 6 || sc.Points[0] != 45 || sc.Points[4] != -15 {
		t.Errorf("score %+v", sc)
	}
}

func TestPosition_Options(t *testing.T) {
	grid := strings.Join(we5[:], "\n")
	ps := Game.(engine.PositionScorer)
	// unplaced bonus tiles need a full board (AG-E2): fill the free squares with plain grass
	fullGrid := strings.ReplaceAll(grid, ".", "g")
	sc, err := ps.ScorePosition([]byte("side B\nunplaced 2\nsolo\n" + fullGrid))
	if err != nil {
		t.Fatal(err)
	}
	// side B: chess pieces on (1,1)-(2,2), (3,4)-(4,5), (5,7)-(6,8): (2,2) and (3,4), (3,5), (4,4)
	if want := ratingText(soloRating(sc.Total)); sc.Points[0] != 20 || sc.Points[4] != 0 || sc.Points[5] != -10 ||
		ratingText(sc.Rating).EN != want.EN || ratingText(sc.Rating).FR != want.FR {
		t.Errorf("score %+v, want ratings %+v", sc, want)
	}
	sc, err = ps.ScorePosition([]byte(strings.ReplaceAll(grid, "", " ")))
	if err != nil || sc.Total != 97 || sc.Rating != "" || ratingText(sc.Rating).FR != "" {
		t.Errorf("spaced grid (not solo): %v %v, ratings %q / %q", sc.Total, err, sc.Rating, ratingText(sc.Rating).FR)
	}
}

func TestPosition_Errors(t *testing.T) {
	grid := we5[:]
	for _, tc := range []struct{ in, want string }{
		{"", "the file is empty"},
		{" \n\t\n", "the file is empty"},
		{"# only a comment\n", "has 0 rows"},
		{"side C\n" + strings.Join(grid, "\n"), "line 1: want side A or side B"},
		{"unplaced x\n" + strings.Join(grid, "\n"), "line 1: want unplaced N"},
		{strings.Join(grid[:5], "\n"), "has 5 rows"},
		{strings.Join(grid, "\n") + "\nRRRRRRRR", "line 7: the grid has more than 6 rows"},
		{"RMT\n", "line 1: row 1 has 3 squares"},
		{"RMTXCGTM\n", "line 1: row 1 column 4: unknown square 'X'"},
		{"RMTCCGTé\n", "line 1: row 1 column 8: unknown square 'é'"},
		{"RMTCCGT·\n", "line 1: row 1 column 8: unknown square '·'"},
		{"R M T C C G T M\nside B", "line 2: put side before the grid"},
		{"solo yes", "line 1: solo takes no value"},
		// AG-E2: bonus tiles stay unplaced only once the board is full
		{"unplaced 1\n" + strings.Join(grid, "\n"), "line 1: unplaced 1, but the grid has 5 free squares"},
		// '#' marks chessboard squares in the data file, but starts a comment here
		{"ggg##ggg\n", "line 1: row 1 has 3 squares, want 8 (R M T C G g, . for free; '#' starts a comment, write a free chessboard square as ':')"},
	} {
		_, err := Game.(engine.PositionScorer).ScorePosition([]byte(tc.in))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: error %v, want %q", tc.in, err, tc.want)
		}
	}
}

// TestPosition_Files (issue 13): position files as people write them: a
// byte-order mark is accepted, a JSON object with the same fields scores
// the same, a "game" field or line naming this game is accepted and one
// naming another refused as not this game's position, null and other
// non-objects are refused, a missing grid is named, syntax errors give the
// line and column, and no message names a Go type.
func TestPosition_Files(t *testing.T) {
	ps := Game.(engine.PositionScorer)
	grid := strings.Join(we5[:], "\n")
	rowsJSON := `["` + strings.Join(we5[:], `", "`) + `"]`
	for _, tc := range []struct {
		name, in string
		total    int
	}{
		{"text with a byte-order mark", "\xef\xbb\xbf" + grid, 97},
		{"text with its game line", "game alices-garden\n" + grid, 97},
		{"JSON", `{"grid": ` + rowsJSON + `}`, 97},
		{"JSON with every field", `{"game": "alices-garden", "side": "A", "unplaced": 0, "solo": true, "grid": ` + rowsJSON + `}`, 97},
		{"JSON with a byte-order mark", "\xef\xbb\xbf{\"grid\": " + rowsJSON + "}", 97},
		{"JSON side B", `{"side": "b", "grid": ` + rowsJSON + `}`, 97 - 45 + 20},
	} {
		sc, err := ps.ScorePosition([]byte(tc.in))
		if err != nil || sc.Total != tc.total {
			t.Errorf("%s: total %d, error %v; want %d", tc.name, sc.Total, err, tc.total)
		}
	}
	for _, tc := range []struct{ in, want string }{
		{"null", "want a JSON object"},
		{"[]", "want a JSON object"},
		{"42", "want a JSON object"},
		{`"RMTCCGTM"`, "want a JSON object"},
		{`{"game": "english-gardens", "grid": ` + rowsJSON + `}`, `this file does not look like an alices-garden position: its "game" field says "english-gardens"`},
		{`{"game": "english-gardens", "cells": {}}`, `this file does not look like an alices-garden position`},
		{"game hanging-gardens\n" + grid, `line 1: this file does not look like an alices-garden position: its game line says "hanging-gardens"`},
		{`{"side": "A"}`, `missing field "grid"`},
		{`{}`, `missing field "grid"`},
		{"{\n  \"grid\": [\"RMTCCGTM\",\n}", "line 3, column 1"},
		{`{"grid": 5}`, "want a list"},
		{`{"grid": ` + rowsJSON + `, "unplaced": "two"}`, "want a whole number"},
		{`{"grid": ` + rowsJSON + `, "colour": "red"}`, `unknown field "colour"`},
		{`{"grid": ` + rowsJSON + `, "side": "C"}`, `field "side": "C", want "A" or "B"`},
		{`{"grid": ` + rowsJSON + `, "unplaced": 1}`, `field "unplaced": unplaced 1, but the grid has 5 free squares`},
		{`{"grid": ["RMT"]}`, "grid row 1: row 1 has 3 squares"},
		{`{"grid": ["RMTCCGTM"]}`, "the grid has 1 rows, want 6"},
	} {
		_, err := ps.ScorePosition([]byte(tc.in))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: error %v, want %q", tc.in, err, tc.want)
			continue
		}
		for _, goType := range []string{"[]string", "int64", "uint8", " bool", "main.", "alicesgarden.", "json:"} {
			if strings.Contains(err.Error(), goType) && !strings.Contains(tc.want, goType) {
				t.Errorf("%q: error %q names a Go type (%s)", tc.in, err, goType)
			}
		}
	}
}

func FuzzScorePosition(f *testing.F) {
	data, _ := os.ReadFile("../../docs/examples/alices-garden.position.txt")
	f.Add(data)
	f.Add([]byte("side B\nunplaced 3\n" + strings.Join(we5[:], "\n")))
	f.Add([]byte(""))
	f.Add([]byte(`{"game":"alices-garden","side":"B","unplaced":0,"solo":true,"grid":["` + strings.Join(we5[:], `","`) + `"]}`))
	f.Add([]byte("\xef\xbb\xbfgame alices-garden\n" + strings.Join(we5[:], "\n")))
	f.Add([]byte("null"))
	f.Add([]byte(`{"grid":`))
	f.Fuzz(func(t *testing.T, in []byte) {
		sc, err := Game.(engine.PositionScorer).ScorePosition(in)
		if err != nil {
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

func TestDraw(t *testing.T) {
	for _, n := range []int{1, 2, 4} {
		st, _ := Game.New(n, 3, nil)
		rng := engine.NewRNG(1)
		for i := 0; i < 12 && !st.Over(); i++ {
			ms := st.LegalMoves(nil)
			st.Apply(ms[rng.Intn(len(ms))], nil)
		}
		d := st.(engine.Drawer)
		plain := d.Draw(0, engine.Style{Lang: "en"})
		if strings.Contains(plain, "\x1b") {
			t.Error("colour codes without Color")
		}
		for _, want := range []string{"Alice's Garden", "1 2 3 4 5 6 7 8", "P1", "Bags:"} {
			if !strings.Contains(plain, want) {
				t.Errorf("%dp drawing lacks %q:\n%s", n, want, plain)
			}
		}
		fr := d.Draw(0, engine.Style{Lang: "fr"})
		if strings.Contains(fr, "(you)") || !strings.Contains(fr, "(vous)") {
			t.Errorf("French drawing speaks English:\n%s", fr)
		}
		col := d.Draw(engine.Spectator, engine.Style{Color: true, Lang: "fr"})
		if !strings.Contains(col, "\x1b[") || !strings.Contains(col, "Sacs") {
			t.Errorf("colour/French drawing:\n%s", col)
		}
		// every board row has a letter or a free mark per square
		for _, l := range strings.Split(plain, "\n") {
			if strings.HasPrefix(l, "  1") && len(strings.Fields(strings.ReplaceAll(l, "|", " "))) < 9 {
				t.Errorf("short board row %q", l)
			}
		}
	}
}

func TestGameInfo(t *testing.T) {
	if Game.ID() != "alices-garden" || Game.Title("fr") == "" || Game.Title("en") == "" {
		t.Error("id/title")
	}
	if lo, hi := Game.Players(); lo != 1 || hi != 4 {
		t.Error("players")
	}
	if !strings.Contains(Game.Rules(), "AG-T5") {
		t.Error("rules summary")
	}
	opts := Game.Options()
	if len(opts) != 2 || opts[0].Name != "side" || opts[0].Default != "A" || opts[1].Name != "first" {
		t.Errorf("options %+v", opts)
	}
}

// TestScoreRunning: mid-game Score is the running pad and does not allocate;
// held bonus tiles cost nothing while free squares remain.
func TestScoreRunning(t *testing.T) {
	s := newState(t, 2, nil)
	if s.Score(0) != -5 { // one empty area: the whole board
		t.Errorf("empty board %d, want -5", s.Score(0))
	}
	s.b[0].held[0] = 3
	s.b[0].heldN = 3
	if s.Score(0) != -5 {
		t.Errorf("held bonus tiles counted: %d", s.Score(0))
	}
	if a := testing.AllocsPerRun(100, func() { s.Score(0) }); a != 0 {
		t.Errorf("Score allocates %v", a)
	}
	buf := make([]engine.Move, 0, 512)
	if a := testing.AllocsPerRun(100, func() { buf = s.LegalMoves(buf[:0]) }); a != 0 {
		t.Errorf("LegalMoves allocates %v", a)
	}
	if s.Evaluate(0) <= float64(s.Score(0)) {
		t.Error("Evaluate gives no value to held bonus tiles")
	}
}

func TestEventsLog(t *testing.T) {
	s := newState(t, 2, nil)
	var log engine.Log
	m, _ := s.ParseMove("bag O")
	if err := s.Apply(m, &log); err != nil {
		t.Fatal(err)
	}
	if len(log.Events) == 0 || log.Events[0].Key != "bag.choose" || log.Events[0].Args[0] != engine.Comp("bag:O") {
		t.Errorf("events %+v", log.Events)
	}
	var nilLog *engine.Log
	s.Apply(s.LegalMoves(nil)[0], nilLog)
}

// TestEventsNameTheirActor: front ends put the actor's name before an event's
// text, so an event with an actor starts with a verb, and one about the table
// (the solo game running out of bags) has none.
func TestEventsNameTheirActor(t *testing.T) {
	s := newState(t, 1, nil)
	s.left = 1
	s.bagN[0] = 0
	var log engine.Log
	s.soloTurn(&log)
	if len(log.Events) == 0 || log.Events[0].Actor != -1 {
		t.Errorf("events %+v", log.Events)
	}
}

// TestNotationErrorsQuoteInput: a parse error quotes what the player typed.
func TestNotationErrorsQuoteInput(t *testing.T) {
	s := newState(t, 2, nil)
	for in, want := range map[string]string{
		"place R45F 1,1": `"R45F"`,
		"place f 1,1":    `"f"`,
		"put X 1,1":      `"X"`,
		"place r0 9,9":   `"9,9"`,
	} {
		_, err := s.ParseMove(in)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: error %v, want it to quote %s", in, err, want)
		}
	}
}
