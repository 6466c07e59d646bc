package alicesgarden

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/jardin-games/jardin/engine"
)

// TestCatalog: every message has both languages and, when it has an actor,
// You forms in both; every id the game names (tiles, orientations, bags,
// bonus tiles, icons, sides) is in the catalogue with a name in both
// languages, and the components listed have a help text in both.
func TestCatalog(t *testing.T) {
	cat := Game.(engine.Texter).Texts()
	if err := cat.Check(); err != nil {
		t.Fatal(err)
	}
	// The conformance kit checks that a message naming its actor has You
	// forms, in the second person; here they also start with it.
	for k, m := range messages() {
		if m.YouEN != "" && !strings.HasPrefix(m.YouEN, "You ") || m.YouFR != "" && !strings.HasPrefix(m.YouFR, "Vous ") {
			t.Errorf("message %q: You forms %q / %q", k, m.YouEN, m.YouFR)
		}
	}
	var ids []string
	for ti := 0; ti < nTiles; ti++ {
		ids = append(ids, tileID(ti))
	}
	for k := uint8(0); k < 8; k++ {
		ids = append(ids, orientID(k))
	}
	for b := 0; b < nShapes; b++ {
		ids = append(ids, bagID(b))
	}
	for k := 0; k < nBonusKinds; k++ {
		ids = append(ids, bonusID(k))
	}
	for ic := 0; ic < nIcons; ic++ {
		ids = append(ids, iconID(ic))
	}
	ids = append(ids, sideID(0), sideID(1), "bag:bonus", "large-tile", "bonus-tile", "token:first")
	for _, id := range ids {
		if !cat.Known(id) {
			t.Errorf("id %q is not named in both languages", id)
		}
	}
	for _, id := range []string{"tile:O00", "tile:X01", "tile:o03", "orient:r45", "orient:R90", "nothing"} {
		if cat.Known(id) {
			t.Errorf("unknown id %q is named", id)
		}
	}
	for _, c := range cat.Components {
		if catalog.Help(c.ID, "en") == "" || catalog.Help(c.ID, "fr") == "" {
			t.Errorf("component %q has no help text", c.ID)
		}
	}
	if got := cat.Name("tile:O03", "fr"); got != "tuile O (champignon, jardinier, arbre, rose)" {
		t.Errorf("tile name %q", got)
	}
	if got := cat.CellName("r2c3", "fr"); got != "rangée 2, colonne 3" {
		t.Errorf("cell name %q", got)
	}
	if _, ok := parseCellID("r7c1"); ok {
		t.Error("r7c1 read as a cell")
	}
}

// TestEventsRender: events of whole games render as sentences in both
// languages, in the second person for the actor ("You take…", never "You
// takes" or "You you…"), and in the third person for the others.
func TestEventsRender(t *testing.T) {
	cat := Game.(engine.Texter).Texts()
	names := []string{"Ann", "Bob", "Cid", "Dee"}
	keys := map[string]bool{}
	for n := 1; n <= 4; n++ {
		for g := uint64(0); g < 20; g++ {
			st, _ := Game.New(n, g, nil)
			rng := engine.NewRNG(g)
			for !st.Over() {
				ms := st.LegalMoves(nil)
				var log engine.Log
				if err := st.Apply(ms[rng.Intn(len(ms))], &log); err != nil {
					t.Fatal(err)
				}
				for _, e := range log.Events {
					keys[e.Key] = true
					for _, lang := range []string{"en", "fr"} {
						for v := engine.Spectator; v < n; v++ {
							txt := cat.Render(e, v, lang, names[:n])
							low := strings.ToLower(txt)
							if strings.ContainsAny(txt, "{}") || strings.Contains(low, "you you") || strings.Contains(low, "vous vous") ||
								strings.Contains(txt, "You draws") || strings.Contains(txt, "You takes") || strings.Contains(txt, "You places") {
								t.Fatalf("%s for %d: %q", lang, v, txt)
							}
							if e.Actor >= 0 && v == e.Actor && !strings.HasPrefix(txt, "You ") && !strings.HasPrefix(txt, "Vous ") {
								t.Fatalf("%s, actor's own event in the third person: %q", lang, txt)
							}
							if e.Actor >= 0 && v != e.Actor && !strings.HasPrefix(txt, names[e.Actor]+" ") {
								t.Fatalf("%s, another's event does not start with their name: %q", lang, txt)
							}
						}
					}
				}
			}
		}
	}
	for k := range messages() {
		// forced below and in TestEventsRevealOnlyWhatIsDrawn
		if !keys[k] && k != "stuck.nobonus" && k != "supply.empty" && k != "bonus.take" {
			t.Errorf("message %q never used in 80 random games", k)
		}
	}
	for k := range keys {
		if _, ok := messages()[k]; !ok {
			t.Errorf("event key %q not in the catalogue", k)
		}
	}
	// the two rare ones, forced
	s := newState(t, 2, nil)
	mustApply(t, s, "bag O")
	s.bonusN = 0
	fillExcept(&s.b[0], sq(1, 1))
	var log engine.Log
	s.beginTurn(&log)
	if len(log.Events) == 0 || log.Events[0].Key != "stuck.nobonus" {
		t.Errorf("events %+v", log.Events)
	}
	want := "Ann cannot place any tile of the supply and the bonus bag is empty: the game ends at the end of this round"
	if got := cat.Render(log.Events[0], 1, "en", names); got != want {
		t.Errorf("got %q", got)
	}
	s = newState(t, 2, nil)
	log = engine.Log{}
	s.beginTurn(&log)
	if got := cat.Render(log.Events[0], 0, "fr", names); got != "Vous trouvez la réserve vide et ne prenez rien" {
		t.Errorf("got %q", got)
	}
}

// TestEventsRevealOnlyWhatIsDrawn: a bag choice is said and its tiles
// revealed one by one; a bonus draw reveals each tile drawn; placing says
// the tile, its orientation and cell by id. Nothing is private.
func TestEventsRevealOnlyWhatIsDrawn(t *testing.T) {
	cat := Game.(engine.Texter).Texts()
	s := newState(t, 2, nil)
	var log engine.Log
	mustApplyLog(t, s, "bag O", &log)
	if len(log.Events) != 4 || log.Events[0].Key != "bag.choose" || log.Events[0].Reveal {
		t.Fatalf("events %+v", log.Events)
	}
	for i, e := range log.Events[1:] {
		if e.Key != "supply.draw" || !e.Reveal || e.Args[0] != engine.Comp(tileID(int(s.supply[i]))) {
			t.Errorf("draw event %+v, supply %v", e, s.supply[:s.supplyN])
		}
	}
	if got := cat.Render(log.Events[1], 1, "en", []string{"Ann", "Bob"}); !strings.HasPrefix(got, "Ann draws O tile (") || !strings.HasSuffix(got, "from bag O and adds it to the supply") {
		t.Errorf("rendered %q", got)
	}
	if got := cat.Render(log.Events[1], 0, "fr", nil); !strings.HasPrefix(got, "Vous extrayez la tuile O") {
		t.Errorf("rendered %q", got)
	}
	log = engine.Log{}
	mustApplyLog(t, s, "take "+tiles[s.supply[0]].id, &log)
	mustApplyLog(t, s, "place r90 2,3", &log)
	for _, e := range log.Events {
		if e.Reveal || e.Private >= 0 {
			t.Errorf("event %+v reveals or hides", e)
		}
	}
	pl := log.Events[1]
	if pl.Key != "place" || pl.Args[1] != engine.Comp("orient:r90") || pl.Args[2] != engine.Cell("r2c3") {
		t.Errorf("place event %+v", pl)
	}
	if got := cat.Render(pl, 0, "en", nil); !strings.HasPrefix(got, "You place O tile (") || !strings.HasSuffix(got, " turned 90°, its top-left square on row 2, column 3") {
		t.Errorf("rendered %q", got)
	}
	// a bonus draw of 2: said, then each tile revealed
	s.phase, s.bonusMax = phBonus, 2
	log = engine.Log{}
	mustApplyLog(t, s, "bonus 2", &log)
	var reveals int
	for _, e := range log.Events {
		if e.Key == "bonus.draw" {
			reveals++
			if !e.Reveal {
				t.Errorf("bonus draw not a reveal: %+v", e)
			}
		}
	}
	if log.Events[0].Key != "bonus.take" || log.Events[0].Reveal || reveals != 2 {
		t.Errorf("events %+v", log.Events)
	}
}

func mustApplyLog(t *testing.T, s *state, move string, log *engine.Log) {
	t.Helper()
	m, err := s.ParseMove(move)
	if err != nil {
		t.Fatalf("parse %q: %v", move, err)
	}
	if err := s.Apply(m, log); err != nil {
		t.Fatalf("apply %q: %v", move, err)
	}
}

// firstInRows is the board offset, from its box's corner, of the first
// square of orientation id of the held tile, read from the view's picture.
func firstInRows(t *testing.T, h *HeldView, id string) int {
	t.Helper()
	for _, o := range h.Orientations {
		if o.ID != id {
			continue
		}
		for r, row := range o.Rows {
			if c := strings.IndexFunc(row, func(ch rune) bool { return ch != '.' }); c >= 0 {
				return r*cols + c
			}
		}
	}
	t.Fatalf("no orientation %s in the view", id)
	return 0
}

// TestDescribeMoveInSteps (issue 12, issue 13): a placement decision of a
// hundred moves or more is chosen in three steps from the descriptions: the
// tile, then one of its orientations (those the view lists), then a cell
// the tile covers (the first in reading order, which the orientation's
// picture in the view locates); each step narrows to the moves that match,
// and the three parts single out one move. Ids are the view's.
func TestDescribeMoveInSteps(t *testing.T) {
	s := newState(t, 2, nil)
	mustApply(t, s, "bag L")
	mustApply(t, s, "take "+tiles[s.supply[0]].id)
	legal := s.LegalMoves(nil)
	if len(legal) < 100 {
		t.Fatalf("%d placements", len(legal))
	}
	v := s.View(0).(View)
	var orients []string
	for _, o := range v.Held.Orientations {
		orients = append(orients, o.ID)
	}
	byTile := map[string]int{}
	byOrient := map[string]int{}
	seen := map[string]bool{}
	shifted := 0 // placements whose box's corner is left free
	for _, m := range legal {
		d := s.DescribeMove(m)
		var names []string
		for _, p := range d.Parts {
			names = append(names, p.Name)
		}
		if d.Kind != "place" || !slices.Equal(names, []string{"tile", "orientation", "cell"}) {
			t.Fatalf("%s: description %+v", s.FormatMove(m), d)
		}
		if d.Get("tile") != v.Held.ID || !slices.Contains(orients, d.Get("orientation")) {
			t.Fatalf("%s: %+v names what the view does not hold (held %s, orientations %v)", s.FormatMove(m), d, v.Held.ID, orients)
		}
		sq, ok := parseCellID(d.Get("cell"))
		if !ok || sq != mvSq(m)+firstInRows(t, v.Held, d.Get("orientation")) {
			t.Fatalf("%s: cell %q is not the first square the tile covers", s.FormatMove(m), d.Get("cell"))
		}
		if sq != mvSq(m) {
			shifted++
		}
		b, _ := json.Marshal(d)
		if seen[string(b)] {
			t.Fatalf("two placements described as %s", b)
		}
		seen[string(b)] = true
		byTile[d.Get("tile")]++
		byOrient[d.Get("orientation")]++
	}
	if shifted == 0 {
		t.Error("no L placement leaves its box's corner free: the test does not test the first-covered cell")
	}
	if len(byTile) != 1 || len(byOrient) != len(orients) {
		t.Errorf("steps: %d tiles, %d orientations of %d", len(byTile), len(byOrient), len(orients))
	}
	for o, n := range byOrient {
		if n > 48 {
			t.Errorf("orientation %s: %d cells", o, n)
		}
	}
	// the other kinds
	for _, tc := range []struct {
		s    *state
		move string
		want string
	}{
		{newState(t, 2, nil), "bag T", `{"kind":"bag","bag":"bag:T"}`},
	} {
		m, _ := tc.s.ParseMove(tc.move)
		if b, _ := json.Marshal(tc.s.DescribeMove(m)); string(b) != tc.want {
			t.Errorf("%s: %s, want %s", tc.move, b, tc.want)
		}
	}
	s2 := newState(t, 2, nil)
	mustApply(t, s2, "bag O")
	want := `{"kind":"take","tile":"` + v.Supply[0].ID + `"}`
	if v2 := s2.View(0).(View); v2.Supply[0].ID != tileID(int(s2.supply[0])) {
		t.Fatal("supply ids")
	}
	m := mvTake(int(s2.supply[0]))
	if b, _ := json.Marshal(s2.DescribeMove(m)); !strings.HasPrefix(string(b), `{"kind":"take","tile":"tile:O`) {
		t.Errorf("take: %s (%s)", b, want)
	}
	s2.phase, s2.bonusMax = phBonus, 3
	if b, _ := json.Marshal(s2.DescribeMove(mvBonus(2))); string(b) != `{"kind":"bonus","count":"2"}` {
		t.Errorf("bonus: %s", b)
	}
	if b, _ := json.Marshal(s2.DescribeMove(mvPut(4, sq(3, 4)))); string(b) != `{"kind":"put","bonus":"bonus:g","cell":"r3c4"}` {
		t.Errorf("put: %s", b)
	}
}
