package happygarden

import (
	"bytes"
	"encoding/json"
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/jardin-games/jardin/engine"
	"github.com/jardin-games/jardin/engine/enginetest"
)

// Viewers that are not seats get exactly the spectator's answers, and no
// per-seat method panics for them (issue 12, item 1).
func TestOutsidersAreSpectators(t *testing.T) {
	for n := 2; n <= 5; n++ {
		s := randomGameUntil(t, n, 21, 60)
		want, _ := json.Marshal(s.View(engine.Spectator))
		wantDraw := s.Draw(engine.Spectator, engine.Style{Lang: "fr"})
		wantDet := s.Determinize(engine.Spectator, 9)
		for _, p := range []int{-2, n, n + 1, 255, 256, 1 << 20, -1 << 31, 1<<31 - 1} {
			got, _ := json.Marshal(s.View(p))
			if !bytes.Equal(got, want) {
				t.Fatalf("%d players: View(%d) is not the spectator's", n, p)
			}
			if s.Draw(p, engine.Style{Lang: "fr"}) != wantDraw {
				t.Fatalf("%d players: Draw(%d) is not the spectator's", n, p)
			}
			if s.Score(p) != 0 || s.Evaluate(p) != 0 || s.Components(p) != nil {
				t.Fatalf("%d players: seat %d holds something", n, p)
			}
			if !reflect.DeepEqual(s.Determinize(p, 9), wantDet) {
				t.Fatalf("%d players: Determinize(%d) is not the spectator's", n, p)
			}
		}
		if v := s.View(1).(View); v.Viewer != 1 {
			t.Errorf("a seat's view names it: viewer %d", v.Viewer)
		}
	}
}

// A determinized copy depends only on what is visible and on the seed it
// is given: two states that differ only in the order of the bag and of the
// turn-token pile and in their generator give the same copy (issue 12,
// item 1: "copies carry no secret").
func TestDeterminizeCarriesNoSecret(t *testing.T) {
	s := randomGameUntil(t, 3, 8, 30)
	o := s.Clone().(*state)
	slices.Reverse(o.bag[:o.bagN])
	slices.Reverse(o.pile[:o.pileN])
	o.rng = engine.NewRNG(12345)
	for p := engine.Spectator; p < 3; p++ {
		a, b := s.Determinize(p, 77), o.Determinize(p, 77)
		if !reflect.DeepEqual(a, b) {
			t.Fatalf("Determinize(%d, 77) shows the real order of the bag, the pile or the generator", p)
		}
	}
	if reflect.DeepEqual(s.Determinize(0, 1), s.Determinize(0, 2)) {
		t.Errorf("two seeds gave the same copy")
	}
}

// Every event key the code emits is in the catalogue and every key of the
// catalogue is emitted somewhere; every message about a seat has its You
// forms; the catalogue names every tile, colour, shape, token and turn token
// in both languages with a help text (issue 12, items 3 and 5).
func TestCatalogue(t *testing.T) {
	cat := Game.(engine.Texter).Texts()
	if err := cat.Check(); err != nil {
		t.Fatal(err)
	}
	used := eventKeysInSource(t)
	for k := range used {
		if _, ok := messages()[k]; !ok {
			t.Errorf("the code emits %q, which the catalogue lacks", k)
		}
	}
	for k := range messages() {
		if !used[k] {
			t.Errorf("catalogue key %q is never emitted", k)
		}
	}
	var ids []string
	for i := 1; i <= numTiles; i++ {
		ids = append(ids, tiles[i].id)
	}
	for c := range numColours {
		ids = append(ids, colourID(uint8(c)))
	}
	for sh := range numShapes {
		ids = append(ids, shapeID(uint8(sh)))
	}
	ids = append(ids, tokenIDs[1:]...)
	ids = append(ids, turnIDs[1:]...)
	ids = append(ids, "token:wheelbarrow", "token:watering-can", "mouse", "house")
	for _, id := range ids {
		c, ok := cat.Component(id)
		if !ok || texts.Name(c.ID, "en") == "" || texts.Name(c.ID, "fr") == "" || texts.Help(c.ID, "en") == "" || texts.Help(c.ID, "fr") == "" {
			t.Errorf("component %q: %+v, want a name and a help text in both languages", id, c)
		}
	}
	// What a component does, by example.
	for id, want := range map[string][]string{
		"G1":                {"red, orange, blue", "3 points", "identical or not"},
		"W1":                {"3 flowers of one shape", "row or a column"},
		"F02":               {"red daisy", "Butterfly symbol"},
		"F11":               {"orange tulip", "Worm symbol"},
		"turn:truck":        {"middle column"},
		"token:mole":        {"−1 point"},
		"token:wheelbarrow": {"rummage", "repot"},
	} {
		c, _ := cat.Component(id)
		for _, w := range want {
			if !strings.Contains(texts.Name(c.ID, "en")+" "+texts.Help(c.ID, "en"), w) {
				t.Errorf("%s: %q / %q lacks %q", id, texts.Name(c.ID, "en"), texts.Help(c.ID, "en"), w)
			}
		}
	}
	for id, want := range map[string]string{"F25": "marguerite bleue", "F05": "lys rouge", "F35": "lys violet",
		"F33": "marguerite violette", "G4": "nain de jardin bleu, violet et rouge", "W3": "moulin"} {
		if got := cat.Name(id, "fr"); got != want {
			t.Errorf("French name of %s: %q, want %q", id, got, want)
		}
	}
}

// eventKeysInSource lists the keys passed to say and reveal in the
// package's code.
func eventKeysInSource(t *testing.T) map[string]bool {
	files, _ := filepath.Glob("*.go")
	keys := map[string]bool{}
	fset := token.NewFileSet()
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		af, err := parser.ParseFile(fset, f, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(af, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok || len(call.Args) < 2 {
				return true
			}
			sel, ok := call.Fun.(*ast.SelectorExpr)
			if !ok || sel.Sel.Name != "say" && sel.Sel.Name != "reveal" {
				return true
			}
			switch a := call.Args[1].(type) {
			case *ast.BasicLit:
				k, _ := strconv.Unquote(a.Value)
				keys[k] = true
			case *ast.Ident: // key chosen in a variable: its literal values
				ast.Inspect(af, func(m ast.Node) bool {
					if as, ok := m.(*ast.AssignStmt); ok {
						for i, l := range as.Lhs {
							if id, ok := l.(*ast.Ident); ok && id.Name == a.Name {
								if lit, ok := as.Rhs[i].(*ast.BasicLit); ok {
									k, _ := strconv.Unquote(lit.Value)
									keys[k] = true
								}
							}
						}
					}
					return true
				})
			}
			return true
		})
	}
	if len(keys) < 20 {
		t.Fatalf("found only %d event keys in the code: %v", len(keys), keys)
	}
	return keys
}

// Events read as sentences in both languages, in the second person for the
// viewer who acts (issue 12: never "You you drew").
func TestEventsRead(t *testing.T) {
	cat := Game.(engine.Texter).Texts()
	names := []string{"Ann", "Bob", "Cléo"}
	cases := []struct {
		e      engine.Event
		viewer int
		lang   string
		want   string
	}{
		{engine.Event{Actor: 0, Private: -1, Key: "take", Args: []engine.Arg{engine.Comp("F25"), engine.Cell("shop:B1")}}, 1, "en",
			"Ann takes the blue daisy from the shop (bottom shelf, left)"},
		{engine.Event{Actor: 0, Private: -1, Key: "take", Args: []engine.Arg{engine.Comp("F25"), engine.Cell("shop:B1")}}, 0, "en",
			"You take the blue daisy from the shop (bottom shelf, left)"},
		{engine.Event{Actor: 0, Private: -1, Key: "take", Args: []engine.Arg{engine.Comp("F25"), engine.Cell("shop:B1")}}, 0, "fr",
			"Vous choisissez la tuile marguerite bleue dans la jardinerie (rayon du bas, à gauche)"},
		{engine.Event{Actor: 1, Private: -1, Key: "rummage", Args: []engine.Arg{engine.Comp("G1"), engine.Cell("shop:T2")}}, 0, "fr",
			"Bob farfouille\u00a0: remet un jeton Brouette dans la réserve et choisit la tuile nain de jardin rouge, orange et bleu dans la jardinerie (rayon du haut, au milieu)"},
		{engine.Event{Actor: 2, Private: -1, Reveal: true, Key: "setup_draw", Args: []engine.Arg{engine.Comp("W1"), engine.Comp("F36")}}, 2, "en",
			"You draw the windmill and the violet star as starting tiles"},
		{engine.Event{Actor: 0, Private: -1, Key: "place", Args: []engine.Arg{engine.Comp("F36"), engine.Cell("2,-1")}}, -1, "fr",
			"Ann pose la tuile étoile violette au coin en haut à droite de la maison"},
		{engine.Event{Actor: 1, Private: -1, Key: "mole_give", Args: []engine.Arg{engine.Seat(0)}}, 0, "en",
			"Bob receives a mole from you"},
		{engine.Event{Actor: 0, Private: -1, Reveal: true, Key: "token_reveal", Args: []engine.Arg{engine.Comp("turn:gust"), engine.Num(4)}}, 1, "fr",
			"Ann révèle le jeton tour Coup de vent (tour 4)"},
		{engine.Event{Actor: 0, Private: -1, Key: "gust", Args: []engine.Arg{engine.Comp("token:mole"), engine.Comp("F01"), engine.Comp("W2")}}, 0, "en",
			"Gust of wind: you move a mole token from the red daisy to the windmill"},
		{engine.Event{Actor: 2, Private: -1, Key: "water", Args: []engine.Arg{engine.Comp("F14"), engine.Comp("colour:Y")}}, 0, "fr",
			"Cléo place son jeton Arrosoir magique sur la tuile étoile orange et annonce la couleur jaune"},
		{engine.Event{Actor: 0, Private: -1, Key: "happy", Args: []engine.Arg{engine.Comp("G1")}}, 0, "fr",
			"Vous validez votre tuile nain de jardin rouge, orange et bleu\u00a0: elle passe côté content"},
		{engine.Event{Actor: -1, Private: -1, Key: "game_over"}, 0, "fr", "La partie est terminée"},
	}
	for _, c := range cases {
		if got := cat.Render(c.e, c.viewer, c.lang, names); got != c.want {
			t.Errorf("%s for %d in %s:\n got  %q\n want %q", c.e.Key, c.viewer, c.lang, got, c.want)
		}
	}
}

// Reveal or Say: what depends on a draw from the bag or the pile is a
// reveal, the rest is said; a move that draws nothing reveals nothing
// (issue 12, item 3).
func TestRevealsAndSays(t *testing.T) {
	s := bare(2)
	lay(s, 0, "F01", 2, 0)
	s.cans[0] = 0
	stock(s, "F08", "F20", "F30", "F21", "F31", "F41")
	var log engine.Log
	for _, mv := range []string{"take B1", "place -1,0", "repot"} {
		m, _ := s.ParseMove(mv)
		if err := s.Apply(m, &log); err != nil {
			if mv == "repot" {
				break
			}
			t.Fatalf("%s: %v", mv, err)
		}
	}
	var got []string
	for _, e := range log.Events {
		kind := "say"
		if e.Reveal {
			kind = "reveal"
		}
		got = append(got, e.Key+":"+kind)
	}
	// F08's wheelbarrow makes 1: the turn ends after placing, T1 is
	// refilled from the bag (a reveal) and seat 2's turn begins.
	want := []string{"take:say", "wheelbarrow_take:say", "place:say", "refill:reveal"}
	if !slices.Equal(got, want) {
		t.Fatalf("events %v, want %v", got, want)
	}
	// The start of the game: starting tiles and the shop come from the bag,
	// the first turn token from the pile.
	g := newGame(t, 2, 3, nil)
	log = engine.Log{}
	for g.phase == phSetupPlace {
		if err := g.Apply(g.LegalMoves(nil)[0], &log); err != nil {
			t.Fatal(err)
		}
	}
	seen := map[string]bool{}
	for _, e := range log.Events {
		if k := e.Key; k == "setup_draw" || k == "shop_deal" || k == "token_reveal" {
			seen[k] = true
			if !e.Reveal {
				t.Errorf("%s is not a reveal", k)
			}
		}
	}
	if len(seen) != 3 {
		t.Errorf("setup events %v, want the second seat's starting tiles, the shop and the first token", seen)
	}
}

// Move descriptions name the view's ids, in the order a player chooses
// (issue 12, item 4).
func TestDescribeMove(t *testing.T) {
	s := bare(3)
	lay(s, 0, "F14", 2, 0)
	lay(s, 0, "F28", 3, 0)
	s.wb[0] = 2
	stock(s, "F21", "F30", "F40", "G1", "W1", "F02")
	desc := func(mv string) string {
		m, err := s.ParseMove(mv)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := json.Marshal(s.DescribeMove(m))
		return string(b)
	}
	for mv, want := range map[string]string{
		"take B1":     `{"kind":"take","tile":"F21","slot":"shop:B1"}`,
		"take T2":     `{"kind":"take","tile":"W1","slot":"shop:T2"}`,
		"water F14 Y": `{"kind":"water","tile":"F14","colour":"colour:Y"}`,
		"repot":       `{"kind":"repot"}`,
	} {
		if got := desc(mv); got != want {
			t.Errorf("%s: %s, want %s", mv, got, want)
		}
	}
	view, _ := json.Marshal(s.View(0))
	for _, id := range []string{`"slot":"shop:B1"`, `"id":"F21"`, `"cell":"2,0"`, `"colour":"colour:O"`, `"id":"seat:2"`} {
		if !bytes.Contains(view, []byte(id)) {
			t.Errorf("the view lacks %s", id)
		}
	}
	play(t, s, "take B1")
	if got := desc("place 2,-1"); got != `{"kind":"place","tile":"F21","cell":"2,-1"}` {
		t.Errorf("place: %s", got)
	}
	play(t, s, "repot", "lift F28")
	if got := desc("place 3,1"); got != `{"kind":"place","tile":"F28","cell":"3,1"}` {
		t.Errorf("repot destination: %s", got)
	}
	u := bare(3)
	if got, _ := json.Marshal(u.DescribeMove(mkMove(mvGust, int(tid("F01")), int(tid("W2")), ttMole))); string(got) != `{"kind":"gust","from":"F01","token":"token:mole","to":"W2"}` {
		t.Errorf("gust: %s", got)
	}
	if got, _ := json.Marshal(u.DescribeMove(mkMove(mvGive, 2, 0, 0))); string(got) != `{"kind":"give","seat":"seat:3"}` {
		t.Errorf("give: %s", got)
	}
}

// Undo (issue 12, item 6), by engine.Undoable: a player may take back
// their own moves that drew nothing, as long as nobody has moved since.
func TestUndo(t *testing.T) {
	mk := func() (*state, *state) {
		s := bare(2)
		lay(s, 0, "F01", 2, 0)
		lay(s, 0, "F10", 3, 0)
		s.wb[0] = 2
		s.supWB -= 2
		stock(s, "F20", "F30", "F40", "F21", "F31", "F41")
		return s, s.Clone().(*state)
	}
	cases := []struct {
		name  string
		moves []string
		seat  int
		want  int
	}{
		{"taking a tile from the shop", []string{"take B1"}, 0, 1},
		{"taking, then placing it", []string{"take B1", "place 2,1"}, 0, 2},
		{"a repot in three steps, before choosing", []string{"repot", "lift F10", "place 2,1"}, 0, 3},
		{"a watering", []string{"water F01 Y"}, 0, 1},
		{"another seat's move", []string{"take B1"}, 1, 0},
		{"ending the turn draws a tile for the shop", []string{"take B1", "place 2,1", "end"}, 0, 0},
		{"the next seat has moved since", []string{"take B1", "place 2,1", "end", "take B1"}, 0, 0},
		{"the next seat's own move", []string{"take B1", "place 2,1", "end", "take B1"}, 1, 1},
	}
	for _, c := range cases {
		start, _ := mk()
		if got := engine.Undoable(start, enginetest.ApplyMoves(t, start.Clone(), c.moves...), c.seat); got != c.want {
			t.Errorf("%s (%v) by seat %d: %d moves may be taken back, want %d", c.name, c.moves, c.seat+1, got, c.want)
		}
	}
	// The start of a round reveals a turn token: the move that ends the
	// last turn of a round may not be taken back either.
	s := newGame(t, 2, 5, nil)
	for s.phase == phSetupPlace {
		s.Apply(s.LegalMoves(nil)[0], nil)
	}
	start := s.Clone().(*state)
	var played []engine.Move
	for s.round == 1 {
		m := s.LegalMoves(nil)[0]
		played = append(played, m)
		s.Apply(m, nil)
	}
	if got := engine.Undoable(start, played, int(start.cur)); got != 0 {
		t.Errorf("a move that revealed the next turn token: %d may be taken back, want 0", got)
	}
}

// The drawing fits 80 columns for every player count, in both languages,
// in real positions through whole games and in the widest garden possible
// (issue 12, terminal).
func TestDrawFits80Columns(t *testing.T) {
	ansiRE := regexp.MustCompile("\x1b\\[[0-9;]*m")
	check := func(what string, s *state) {
		t.Helper()
		for _, lang := range []string{"en", "fr"} {
			for _, col := range []bool{false, true} {
				d := s.Draw(0, engine.Style{Lang: lang, Color: col})
				for i, line := range strings.Split(d, "\n") {
					if w := utf8.RuneCountInString(ansiRE.ReplaceAllString(line, "")); w > 80 {
						t.Fatalf("%s, %s, colour %v: line %d is %d columns wide:\n%s", what, lang, col, i+1, w, line)
					}
				}
			}
		}
	}
	for n := 2; n <= 5; n++ {
		for seed := uint64(0); seed < 5; seed++ {
			s := newGame(t, n, seed, nil)
			rng := engine.NewRNG(seed)
			for k := 0; !s.Over(); k++ {
				ms := s.LegalMoves(nil)
				s.Apply(ms[rng.Intn(len(ms))], nil)
				if k%25 == 0 || s.Over() {
					check(strconv.Itoa(n)+" players, move "+strconv.Itoa(k), s)
				}
			}
		}
	}
	// A garden 17 columns wide: the house and 15 tiles in one row.
	w := bare(5, "red", "orange", "yellow", "blue", "violet")
	for i := 0; i < 15; i++ {
		lay(w, 4, tiles[17+i].id, 2+i, 0)
	}
	w.bonus[4] = true
	w.wb[4], w.cans[4] = 12, 1
	check("the widest garden", w)
}

// The French drawing is French: no English label is left in it.
func TestDrawFrench(t *testing.T) {
	s := randomGameUntil(t, 4, 6, 120)
	s.truck = true
	fr := s.Draw(1, engine.Style{Lang: "fr"})
	for _, en := range []string{"Round", "Supply", "Shop", "Player", "mouse", "wheelbarrow", "watering", "Legend", "token", "bottom", "top", "truck"} {
		if strings.Contains(fr, en) {
			t.Errorf("French drawing holds %q:\n%s", en, fr)
		}
	}
	for _, want := range []string{"Tour", "Réserve", "Jardinerie", "Joueur 1 (souris rouge)\u00a0:", "Légende", "camion"} {
		if !strings.Contains(fr, want) {
			t.Errorf("French drawing lacks %q:\n%s", want, fr)
		}
	}
}
