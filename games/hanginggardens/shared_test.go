package hanginggardens

import (
	"encoding/json"
	"fmt"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/jardin-games/jardin/engine"
	"github.com/jardin-games/jardin/engine/enginetest"
)

// Tests of the shared-table contract (issue 12): viewers outside the seats,
// determinized copies, keyed events, move descriptions, the catalogue, undo
// and the terminal drawing.

// midGame plays n random moves from a new game.
func midGame(t testing.TB, players int, seed uint64, moves int) *state {
	t.Helper()
	s := newState(t, players, seed, nil)
	rng := engine.NewRNG(seed + 100)
	var buf []engine.Move
	for i := 0; i < moves && !s.Over(); i++ {
		buf = s.LegalMoves(buf[:0])
		if err := s.Apply(buf[rng.Intn(len(buf))], nil); err != nil {
			t.Fatal(err)
		}
	}
	return s
}

// Viewers that are not seats (a truncated seat number, the automa's -2, a
// huge one) get the spectator's answers, and nothing panics.
func TestOutsideSeatsAreTheSpectator(t *testing.T) {
	for n := 1; n <= 5; n++ {
		s := midGame(t, n, uint64(n), 20*n)
		want := mustJSON(t, s.View(engine.Spectator))
		wantDraw := s.Draw(engine.Spectator, engine.Style{Lang: "fr"})
		wantDet := s.Determinize(engine.Spectator, 5)
		for _, p := range []int{AutomaSeat, n, n + 1, 255, 256, 1 << 20, -1 << 31, 1<<31 - 1} {
			if got := mustJSON(t, s.View(p)); string(got) != string(want) {
				t.Errorf("%dp: View(%d) is not the spectator's", n, p)
			}
			if s.Draw(p, engine.Style{Lang: "fr"}) != wantDraw {
				t.Errorf("%dp: Draw(%d) is not the spectator's", n, p)
			}
			if s.Score(p) != 0 || s.Evaluate(p) != 0 || s.Components(p) != nil {
				t.Errorf("%dp: seat %d holds something", n, p)
			}
			if !reflect.DeepEqual(s.Determinize(p, 5), wantDet) {
				t.Errorf("%dp: Determinize(%d) is not the spectator's", n, p)
			}
		}
	}
}

// A determinized copy is a function of the table and of the seed alone: two
// worlds that differ only in what nobody sees (the deck, the tiles under the
// tops, the automa deck) give the same copy, which holds no generator that
// could give the real seed away.
func TestDeterminizeCarriesNoSecret(t *testing.T) {
	for n := 1; n <= 5; n++ {
		s := midGame(t, n, uint64(n)+40, 15*n)
		for _, p := range []int{0, engine.Spectator, n - 1} {
			want := s.Determinize(p, 99)
			for a := uint64(1); a <= 3; a++ {
				if got := s.Determinize(p, a).Determinize(p, 99); !reflect.DeepEqual(got, want) {
					t.Fatalf("%dp: Determinize(%d, 99) of a copy differs from that of the real state", n, p)
				}
			}
			// the real hidden order does not survive
			if d := want.(*state); n > 1 && d.deck == s.deck {
				t.Errorf("%dp: the deck kept its real order", n)
			}
		}
		// two games with other seeds but the same table would not exist;
		// instead: reversing the hidden deck changes nothing in the copy.
		h := *s
		slices.Reverse(h.deck[:h.deckLen])
		slices.Reverse(h.automa[:h.automaLen])
		if !reflect.DeepEqual(h.Determinize(0, 7), s.Determinize(0, 7)) {
			t.Errorf("%dp: the copy depends on the real hidden order", n)
		}
	}
	if _, ok := reflect.TypeOf(state{}).FieldByName("rng"); ok {
		t.Error("the state keeps a generator: it would carry the seed into every copy")
	}
}

// applyLogged applies a move in notation and returns its events.
func applyLogged(t *testing.T, s *state, txt string) []engine.Event {
	t.Helper()
	m, err := s.ParseMove(txt)
	if err != nil {
		t.Fatal(err)
	}
	var log engine.Log
	if err := s.Apply(m, &log); err != nil {
		t.Fatalf("%s: %v", txt, err)
	}
	return log.Events
}

func keysOf(evs []engine.Event, reveal bool) []string {
	var out []string
	for _, e := range evs {
		if e.Reveal == reveal {
			out = append(out, e.Key)
		}
	}
	return out
}

// What was hidden is revealed by a Reveal: the card dealt into the market,
// the tile that shows once the top one is bought, everything the automa's
// hidden card makes it do. What everyone saw already is said (Say).
func TestEventsRevealWhatWasHidden(t *testing.T) {
	s := newState(t, 2, 1, engine.Options{"first": "1"})
	evs := applyLogged(t, s, "take 1 2")
	if got := keysOf(evs, false); !slices.Equal(got, []string{"take"}) || len(keysOf(evs, true)) != 0 {
		t.Errorf("take: %v", evs)
	}
	if evs[0].Args[1] != engine.Cell("market:1:2") || evs[0].Args[2] != engine.Num(1) {
		t.Errorf("take names %v", evs[0].Args)
	}
	evs = applyLogged(t, s, "place a1")
	if got := keysOf(evs, true); !slices.Equal(got, []string{"card_revealed"}) {
		t.Errorf("place: reveals %v", got)
	}
	if e := evs[len(evs)-1]; e.Key == "card_revealed" && e.Args[1] != engine.Cell("market:1:4") {
		t.Errorf("the new card is dealt to row 4: %v", e.Args)
	}

	// buying uncovers the next tile of the pile; the last tile uncovers nothing
	s = newState(t, 2, 1, engine.Options{"first": "1"})
	setGarden(s, 0, map[string]string{"a1": "EM01", "a2": "EM02"})
	s.cur, s.phase, s.pl[0].Gold = 0, phaseBuy, 6
	evs = applyLogged(t, s, "buy 2")
	if !slices.Equal(keysOf(evs, false), []string{"buy"}) || !slices.Equal(keysOf(evs, true), []string{"tile_revealed"}) {
		t.Errorf("buy: %v", evs)
	}
	top := comp.Enh[s.piles[0][s.pileLen[0]-1]].ID
	if evs[1].Args[0] != engine.Comp(top) || evs[1].Args[1] != engine.Cell("pile:2") {
		t.Errorf("the revealed tile is %v, the pile shows %s", evs[1].Args, top)
	}
	applyLogged(t, s, "put a1")
	s.cur, s.phase, s.pileLen[2] = 0, phaseBuy, 1
	evs = applyLogged(t, s, "buy 4")
	if len(keysOf(evs, true)) != 0 {
		t.Errorf("the last tile of a pile uncovers nothing: %v", evs)
	}

	// every automa event follows from its hidden card
	s = soloWithAutoma(t, 4, 1, 2)
	s.automaTurn(nil)
	var log engine.Log
	s.automaTurn(&log)
	if len(log.Events) < 3 {
		t.Fatalf("automa turn: %v", log.Events)
	}
	for _, e := range log.Events {
		if !e.Reveal || e.Actor != -1 {
			t.Errorf("automa event %q is not a reveal about no seat", e.Key)
		}
	}
}

// Every event of random games renders in both languages for every viewer:
// the You forms for the actor ("You take…", "Vous prenez…"), never "You
// you" or a seat named "player 0", the automa in its own words.
func TestEventsReadInBothLanguages(t *testing.T) {
	bad := regexp.MustCompile(`(?i)\byou you\b|\bvous vous\b|player 0|joueur 0|[{}]|  `)
	seen := map[string]bool{}
	for n := 1; n <= 4; n++ {
		for seed := uint64(1); seed <= 6; seed++ {
			s := newState(t, n, seed, nil)
			var log engine.Log
			rng := engine.NewRNG(seed)
			var buf []engine.Move
			for !s.Over() {
				buf = s.LegalMoves(buf[:0])
				if err := s.Apply(buf[rng.Intn(len(buf))], &log); err != nil {
					t.Fatal(err)
				}
			}
			for _, e := range log.Events {
				seen[e.Key] = true
				for v := engine.Spectator; v < n; v++ {
					for _, lang := range []string{"en", "fr"} {
						txt := texts.Render(e, v, lang, []string{"Ann", "Bob", "Cléo", "Dan"})
						if bad.MatchString(txt) || !strings.HasSuffix(txt, ".") {
							t.Errorf("%s for %d in %s: %q", e.Key, v, lang, txt)
						}
						if v == e.Actor && e.Actor >= 0 && !strings.HasPrefix(txt, map[string]string{"en": "You ", "fr": "Vous "}[lang]) {
							t.Errorf("%s, own event in %s: %q", e.Key, lang, txt)
						}
					}
				}
			}
		}
	}
	for k := range messages() {
		if !seen[k] && k != "gain_gold_short" && k != "gain_tools_short" && k != "gain_gold_none" && k != "gain_tools_none" {
			t.Errorf("message %q never logged in 24 random games", k)
		}
	}
	// one of each, word for word
	e := engine.Event{Actor: 1, Private: -1, Key: "take", Args: []engine.Arg{engine.Comp("AN04"), engine.Cell("market:2:3"), engine.Num(2)}}
	for _, tc := range []struct {
		viewer int
		lang   string
		want   string
	}{
		{0, "en", "Bob places a gardener and takes the card Monkey (blue and yellow flowers) from column 2, row 3 for 2 tools."},
		{1, "en", "You place a gardener and take the card Monkey (blue and yellow flowers) from column 2, row 3 for 2 tools."},
		{0, "fr", "Bob place un jardinier et prend la carte Singe (fleurs bleue et jaune) en colonne 2, rangée 3 pour 2 outils."},
		{1, "fr", "Vous placez un jardinier et prenez la carte Singe (fleurs bleue et jaune) en colonne 2, rangée 3 pour 2 outils."},
	} {
		if got := texts.Render(e, tc.viewer, tc.lang, []string{"Ann", "Bob"}); got != tc.want {
			t.Errorf("got  %q\nwant %q", got, tc.want)
		}
	}
	a := engine.Event{Actor: -1, Private: -1, Reveal: true, Key: "automa_card", Args: []engine.Arg{engine.Comp("automa:5"), engine.Num(3)}}
	if got := texts.Render(a, 0, "fr", nil); got != "L'automa révèle la carte Automa 5 et place un jardinier dans la colonne 3." {
		t.Errorf("automa in French: %q", got)
	}
}

// The catalogue names and explains every component a view or an event
// names, in both languages; every message about a seat has its You forms.
func TestCatalogueCoversEveryComponent(t *testing.T) {
	var ids []string
	for _, c := range comp.Cards {
		ids = append(ids, c.ID)
	}
	for _, e := range comp.Enh {
		ids = append(ids, e.ID)
	}
	for _, o := range comp.Objectives {
		ids = append(ids, o.ID)
	}
	for _, ic := range comp.Irrigation {
		ids = append(ids, ic.Name)
	}
	for _, a := range comp.Automa {
		ids = append(ids, automaID(a.Num))
	}
	ids = append(ids, "gold", "tools", "crown", "first-player", "gardener", "marker")
	for _, id := range ids {
		c, ok := texts.Component(id)
		if !ok || texts.Name(c.ID, "en") == "" || texts.Name(c.ID, "fr") == "" || texts.Help(c.ID, "en") == "" || texts.Help(c.ID, "fr") == "" {
			t.Errorf("component %q: %+v", id, c)
		}
		if texts.Help(c.ID, "en") == texts.Help(c.ID, "fr") {
			t.Errorf("component %q: the French help is the English one", id)
		}
	}
	if len(texts.Components) != len(ids) {
		t.Errorf("%d components in the catalogue, %d known ids", len(texts.Components), len(ids))
	}
	for k, m := range messages() {
		if strings.HasPrefix(k, "automa_") && strings.Contains(m.EN+m.FR, "{actor}") {
			t.Errorf("message %q: the automa is no seat", k)
		}
	}
	// the rulebook's words
	for id, want := range map[string]string{"VI04": "Personnage qui aime l'irrigation", "TR02": "Cèdre du Liban",
		"TR06": "Dragonnier de Socotra", "OB10": "4 fleurs rouges au même étage", "first-player": "tuile 1er Joueur"} {
		if got := texts.Name(id, "fr"); !strings.Contains(got, want) {
			t.Errorf("%s in French: %q, want %q", id, got, want)
		}
	}
	if got := texts.CellName("market:3:1", "fr"); got != "colonne 3, rangée 1" {
		t.Errorf("market cell in French: %q", got)
	}
}

// Move descriptions name the view's things: the market space of a take, the
// mover's garden position of a place or put, the pile and the objective
// position as the view's "cell" fields give them.
func TestDescribeMoveUsesViewIDs(t *testing.T) {
	kinds := map[string]bool{}
	posRe := regexp.MustCompile(`^([abc])([0-9])$`)
	for n := 1; n <= 5; n++ {
		for seed := uint64(1); seed <= 4; seed++ {
			s := newState(t, n, seed, nil)
			rng := engine.NewRNG(seed)
			var buf []engine.Move
			for !s.Over() {
				buf = s.LegalMoves(buf[:0])
				v := s.View(engine.Spectator).(*View)
				me := v.Players[s.cur]
				seen := map[string]bool{}
				for _, m := range buf {
					d := s.DescribeMove(m)
					b, _ := json.Marshal(d)
					if seen[string(b)] {
						t.Fatalf("two moves described %s", b)
					}
					seen[string(b)] = true
					kinds[d.Kind] = true
					switch d.Kind {
					case "take":
						var c, r int
						if _, err := fmt.Sscanf(d.Get("card"), "market:%d:%d", &c, &r); err != nil || v.Market[c-1][r-1] == "" {
							t.Fatalf("take %s: no card there", d.Get("card"))
						}
					case "place", "put":
						sm := posRe.FindStringSubmatch(d.Get("cell"))
						if sm == nil {
							t.Fatalf("%s cell %q", d.Kind, d.Get("cell"))
						}
						if sm[0] == "a0" {
							if d.Kind != "place" || me.Garden[0] == "" {
								t.Fatalf("a0 offered for %s with an empty garden", d.Kind)
							}
							continue
						}
						i := posIndex(sm[0])
						if d.Kind == "place" && me.Garden[i] != "" || d.Kind == "put" && (me.Garden[i] == "" || me.Enh[i] != "") {
							t.Fatalf("%s at %s: garden %v", d.Kind, sm[0], me.Garden)
						}
					case "buy":
						if !slices.ContainsFunc(v.Piles[:], func(p PileView) bool { return p.Cell == d.Get("pile") && p.Top != "" }) {
							t.Fatalf("buy from %q", d.Get("pile"))
						}
					case "objective":
						if !slices.ContainsFunc(v.Objectives[:], func(o ObjView) bool { return o.Cell == d.Get("objective") }) {
							t.Fatalf("objective %q", d.Get("objective"))
						}
					case "pass":
						if len(d.Parts) != 0 {
							t.Fatalf("pass with parts %v", d.Parts)
						}
					default:
						t.Fatalf("kind %q", d.Kind)
					}
				}
				if err := s.Apply(buf[rng.Intn(len(buf))], nil); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	for _, k := range []string{"take", "place", "buy", "put", "objective", "pass"} {
		if !kinds[k] {
			t.Errorf("no %q move described", k)
		}
	}
	s := newState(t, 2, 1, nil)
	if d := s.DescribeMove(engine.Move(1 << 40)); d.Kind != "unknown" {
		t.Errorf("garbage described as %+v", d)
	}
}

// Undo by Board Game Arena's rule (engine.Undoable): a take, a put, an
// objective or a pass reveal nothing and may be taken back while nobody else
// has moved; a placement deals a new card into the market and a purchase
// uncovers the next tile, so neither may; in solo, the move that hands the
// turn to the automa turns up its card.
func TestUndo(t *testing.T) {
	two := func() *state { return newState(t, 2, 3, engine.Options{"first": "1"}) }
	// seat 0 about to buy, with empty cards and an objective within reach
	buying := func() *state {
		s := two()
		s.obj[0] = 7 // OB08, 4 blue flowers on one floor
		setGarden(s, 0, map[string]string{"a1": "EM11", "a2": "EM14", "a3": "EM01"})
		s.cur, s.phase, s.pl[0].Gold = 0, phaseBuy, 6
		return s
	}
	afterBuy := func() *state {
		s := buying()
		mustApply(t, s, "buy 2")
		return s
	}
	lastTile := func() *state {
		s := buying()
		s.pileLen[0] = 1
		return s
	}
	tests := []struct {
		name  string
		start func() *state
		moves []string
		seat  int
		want  int
	}{
		{"a take", two, []string{"take 1 2"}, 0, 1},
		{"a take, by another seat", two, []string{"take 1 2"}, 1, 0},
		{"a placement deals a card", two, []string{"take 1 2", "place a1"}, 0, 0},
		{"a purchase uncovers a tile", buying, []string{"buy 2"}, 0, 0},
		{"the last tile of a pile uncovers nothing", lastTile, []string{"buy 2"}, 0, 1},
		{"put", afterBuy, []string{"put a3"}, 0, 1},
		{"put and objective", afterBuy, []string{"put a3", "objective 1"}, 0, 2},
		{"put and pass", afterBuy, []string{"put a3", "pass"}, 0, 2},
		{"then another seat moves", afterBuy, []string{"put a3", "pass", "take 1 1"}, 0, 0},
		{"the other seat's take", afterBuy, []string{"put a3", "pass", "take 1 1"}, 1, 1},
		{"a seat outside the game", two, []string{"take 1 2"}, 5, 0},
	}
	for _, tc := range tests {
		s := tc.start()
		if got := engine.Undoable(s, enginetest.ApplyMoves(t, s.Clone(), tc.moves...), tc.seat); got != tc.want {
			t.Errorf("%s: seat %d may take back %d moves, want %d", tc.name, tc.seat, got, tc.want)
		}
	}
	// solo: the objective step's pass ends the turn and the automa plays
	s := newState(t, 1, 2, nil)
	s.obj[0] = 7
	setGarden(s, 0, map[string]string{"a1": "EM11", "a2": "EM14"})
	s.cur, s.phase = 0, phaseObjective
	if got := engine.Undoable(s, enginetest.ApplyMoves(t, s.Clone(), "pass"), 0); got != 0 {
		t.Errorf("solo pass before the automa's turn: %d moves may be taken back", got)
	}
	if got := engine.Undoable(s, enginetest.ApplyMoves(t, s.Clone(), "objective 1"), 0); got != 0 {
		t.Errorf("solo objective before the automa's turn: %d moves may be taken back", got)
	}
	s = newState(t, 1, 2, nil)
	if got := engine.Undoable(s, enginetest.ApplyMoves(t, s.Clone(), "take 1 1"), 0); got != 1 {
		t.Errorf("solo take: %d moves may be taken back, want 1", got)
	}
}

var ansi = regexp.MustCompile("\x1b\\[[0-9;]*m")

// The drawing fits 80 columns at every player count (issue 13: the
// pyramids wrapped), in both languages, with and without colour, in the
// middle of a game and at its end.
func TestDrawFitsEightyColumns(t *testing.T) {
	for n := 1; n <= 5; n++ {
		for _, moves := range []int{12 * n, 25 * n, 1 << 20} {
			s := midGame(t, n, uint64(n)*7, moves)
			for _, viewer := range []int{0, engine.Spectator} {
				for _, st := range []engine.Style{{Lang: "en"}, {Lang: "fr"}, {Lang: "fr", Color: true}, {Lang: "en", Color: true}} {
					for i, line := range strings.Split(s.Draw(viewer, st), "\n") {
						plain := ansi.ReplaceAllString(line, "")
						if w := utf8.RuneCountInString(plain); w > 80 {
							t.Errorf("%dp after %d moves, %+v, line %d is %d wide:\n%s", n, moves, st, i+1, w, plain)
						}
						if st.Color && strings.Contains(plain, "\x1b") {
							t.Errorf("a stray escape: %q", line)
						}
					}
				}
			}
		}
	}
}

// With Style.Lang "fr" the drawing is French: labels, names, phases, the
// automa and the score pad.
func TestDrawInFrench(t *testing.T) {
	english := regexp.MustCompile(`\b(round|Market|column|row|gardeners|Enhancements|Royal|objectives|you|score [0-9]|Deck|Stock|Legend|empty|last card|Score pad|Rating|to move|medium|Left|Right|Borders|Center|Monk|Peac|Palm|Cedr|V:|floor|points on)\b`)
	for n := 1; n <= 5; n++ {
		s := midGame(t, n, 11, 20*n)
		txt := s.Draw(0, engine.Style{Lang: "fr"})
		if m := english.FindAllString(txt, -1); m != nil {
			t.Errorf("%dp mid-game, English in the French drawing: %q\n%s", n, m, txt)
		}
		playRandom(t, s, 3)
		txt = s.Draw(0, engine.Style{Lang: "fr"})
		if m := english.FindAllString(txt, -1); m != nil {
			t.Errorf("%dp at the end, English in the French drawing: %q\n%s", n, m, txt)
		}
		for _, want := range []string{"Carnet de score", "Massif bleu", "Objectifs royaux", "manche 4/4", "partie terminée"} {
			if !strings.Contains(txt, want) {
				t.Errorf("%dp: no %q in\n%s", n, want, txt)
			}
		}
		if n == 1 && !strings.Contains(txt, "Appréciation") {
			t.Errorf("solo: no rating in\n%s", txt)
		}
	}
}
