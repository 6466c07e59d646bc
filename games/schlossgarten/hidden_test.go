package schlossgarten

import (
	"bytes"
	"encoding/json"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/jardin-games/jardin/engine"
)

// hiddenCards returns, as seen by p, the cards p cannot place: the deck and
// the other players' hands (all of them for the spectator), sorted.
func hiddenCards(s *state, p int) []int8 {
	var buf [maxCards]int8
	out := append([]int8(nil), s.deckCards(&buf)...)
	for q := 0; q < int(s.n); q++ {
		if q != p {
			out = append(out, s.hand[q][:s.handN[q]]...)
		}
	}
	slices.Sort(out)
	return out
}

// Determinize re-deals exactly what p cannot see (spec "Hidden
// information"): p's own hand, every hand size, the discard pile and the
// board stay; the deck and the other hands are a new deal of the same cards,
// and the generator is new.
func TestDeterminizeResamplesHiddenOnly(t *testing.T) {
	var buf []engine.Move
	for n := 2; n <= 4; n++ {
		s := st(t, n, 31)
		rng := engine.NewRNG(8)
		for i := 0; i < 60 && !s.Over(); i++ {
			buf = s.LegalMoves(buf[:0])
			_ = s.Apply(buf[rng.Intn(len(buf))], nil)
		}
		for p := engine.Spectator; p < n; p++ {
			changedHands, changedDeck := false, false
			for seed := uint64(0); seed < 20; seed++ {
				d := s.Determinize(p, seed).(*state)
				if p >= 0 && d.hand[p] != s.hand[p] {
					t.Fatalf("%d players: Determinize(%d) changed the player's own hand", n, p)
				}
				if d.handN != s.handN || d.discard != s.discard || d.deckN != s.deckN || d.pit != s.pit ||
					d.elem != s.elem || d.pawnSq != s.pawnSq || d.score != s.score || d.played != s.played {
					t.Fatalf("%d players: Determinize(%d) changed a public part", n, p)
				}
				if !slices.Equal(hiddenCards(d, p), hiddenCards(s, p)) {
					t.Fatalf("%d players: Determinize(%d) changed the set of hidden cards", n, p)
				}
				if d.rng == s.rng {
					t.Fatalf("the generator is hidden from everyone and must be replaced")
				}
				for q := 0; q < n; q++ {
					if q != p && d.hand[q] != s.hand[q] {
						changedHands = true
					}
				}
				if d.deck != s.deck {
					changedDeck = true
				}
			}
			if !changedHands || !changedDeck {
				t.Fatalf("%d players: Determinize(%d) never re-dealt the other hands (%v) or the deck (%v)", n, p, changedHands, changedDeck)
			}
		}
	}
}

// No event names a secret: a hand is named only to its owner, the only
// card a public event names is the one just played (a reveal), and the
// draw that starts a turn is a public reveal about the drawer naming no card
// followed by a private reveal to the drawer alone naming the card it drew.
// No other seat, nor the spectator, receives an event naming that card, in
// any language.
func TestEventsNameNoSecret(t *testing.T) {
	cat := Game.(engine.Texter).Texts()
	var buf []engine.Move
	draws := 0
	for n := 2; n <= 4; n++ {
		s := st(t, n, 55)
		rng := engine.NewRNG(3)
		for i := 0; i < 400 && !s.Over(); i++ {
			buf = s.LegalMoves(buf[:0])
			m := buf[rng.Intn(len(buf))]
			var log engine.Log
			before := *s
			if err := s.Apply(m, &log); err != nil {
				t.Fatal(err)
			}
			drawer, card := -1, ""
			if s.turn != before.turn && !s.Over() {
				drawer = s.ToMove()
				card = cards[s.hand[drawer][s.handN[drawer]-1]].id
			}
			var public, private int
			for _, e := range log.Events {
				if e.Private >= 0 {
					if e.Key != "draw.card" || !e.Reveal || e.Private != drawer || e.Actor != drawer ||
						len(e.Args) != 1 || e.Args[0] != engine.Comp(card) {
						t.Fatalf("private event %+v: want only a reveal to the drawer %d naming %s", e, drawer, card)
					}
					private++
					continue
				}
				for _, a := range e.Args {
					if a.Kind == engine.ArgComp && cardRef.MatchString(a.S) &&
						(before.phase != phPlay || e.Key != "play" || !e.Reveal || "play "+a.S != formatMove(m)) {
						t.Fatalf("event %+v names card %s, which was not played", e, a.S)
					}
				}
				if e.Key == "draw" {
					if !e.Reveal || e.Actor != drawer || len(e.Args) != 0 || s.handN[e.Actor] != 2 {
						t.Fatalf("draw event %+v: want a reveal about seat %d, who now holds 2 cards, naming nothing", e, drawer)
					}
					public++
				}
			}
			if drawer >= 0 && (public != 1 || private != 1) {
				t.Fatalf("turn end with %d public and %d private draw events, want 1 and 1", public, private)
			}
			if drawer < 0 && public+private != 0 {
				t.Fatalf("draw events in a move that does not end the turn")
			}
			if drawer < 0 {
				continue
			}
			draws++
			for q := engine.Spectator; q < n; q++ {
				for _, e := range engine.Visible(log.Events, q) {
					for _, lang := range []string{"en", "fr"} {
						// A card is named by its figure, the words the drawer reads.
						txt, name := cat.Render(e, q, lang, nil), cat.Name(card, lang)
						if q != drawer && strings.Contains(txt, name) {
							t.Fatalf("seat %d reads %q, which names the card %s drawn by seat %d", q, txt, card, drawer)
						}
						if q == drawer && e.Key == "draw.card" && !strings.Contains(txt, name) {
							t.Fatalf("the drawer reads %q, which does not name its card %s", txt, card)
						}
					}
				}
			}
		}
	}
	if draws < 100 {
		t.Fatalf("only %d draws", draws)
	}
}

var cardRef = regexp.MustCompile(`^C[0-9][0-9]$`)

// The draw in another seat's move shows the drawer, and only the drawer, a
// card: after a move that ends the turn, the view of every other seat and of
// the spectator, and every event it receives, is the same in every world it
// cannot tell apart from the real one; the drawer's view differs only by its
// hand, and its private reveal names the card it drew in that world.
func TestTurnEndDrawShowsOnlyTheDrawer(t *testing.T) {
	var buf []engine.Move
	ends := 0
	for n := 2; n <= 4; n++ {
		s := st(t, n, 91)
		rng := engine.NewRNG(4)
		for i := 0; i < 600 && !s.Over(); i++ {
			buf = s.LegalMoves(buf[:0])
			m := buf[rng.Intn(len(buf))]
			after := *s
			var log engine.Log
			if err := after.Apply(m, &log); err != nil {
				t.Fatal(err)
			}
			if after.turn != s.turn && !after.Over() {
				ends++
				drawer := after.ToMove()
				for q := engine.Spectator; q < n; q++ {
					want, _ := json.Marshal(after.View(q))
					wantEv, _ := json.Marshal(engine.Visible(log.Events, q))
					for b := uint64(1); b <= 3; b++ {
						w := s.Determinize(q, b*7919).(*state)
						var wlog engine.Log
						if err := w.Apply(m, &wlog); err != nil {
							t.Fatalf("%q legal in the real world, not in one seat %d cannot tell apart: %v", s.FormatMove(m), q, err)
						}
						got, _ := json.Marshal(w.View(q))
						if q != drawer && !bytes.Equal(got, want) {
							t.Fatalf("after %q seat %d's view depends on what it cannot know:\n real  %s\n other %s", s.FormatMove(m), q, want, got)
						}
						gotEv, _ := json.Marshal(engine.Visible(wlog.Events, q))
						if q != drawer && !bytes.Equal(gotEv, wantEv) {
							t.Fatalf("after %q seat %d's events depend on what it cannot know:\n real  %s\n other %s", s.FormatMove(m), q, wantEv, gotEv)
						}
						if q == drawer {
							last := wlog.Events[len(wlog.Events)-1]
							if last.Key != "draw.card" || last.Private != q || last.Args[0] != engine.Comp(cards[w.hand[q][1]].id) {
								t.Fatalf("the drawer is told %+v, not the card %s it drew", last, cards[w.hand[q][1]].id)
							}
						}
						if q == drawer {
							w.hand[q] = after.hand[q]
							if got, _ := json.Marshal(w.View(q)); !bytes.Equal(got, want) {
								t.Fatalf("the drawer's view differs by more than its hand")
							}
						}
					}
				}
			}
			*s = after
		}
	}
	if ends < 50 {
		t.Fatalf("only %d turn ends", ends)
	}
}

// Viewers outside the seats (a spectator, a typo on the command line, a
// seat truncated to 8 bits) see exactly what the spectator sees, hold
// nothing, and never make a method panic.
func TestSeatsOutOfRange(t *testing.T) {
	var buf []engine.Move
	for n := 2; n <= 4; n++ {
		s := st(t, n, 1)
		rng := engine.NewRNG(9)
		for i := 0; i < 40; i++ {
			buf = s.LegalMoves(buf[:0])
			_ = s.Apply(buf[rng.Intn(len(buf))], nil)
		}
		want, _ := json.Marshal(s.View(engine.Spectator))
		for _, style := range []engine.Style{{}, {Color: true, Lang: "fr"}} {
			wantDraw := s.Draw(engine.Spectator, style)
			wantDet := s.Determinize(engine.Spectator, 5).(*state)
			for _, p := range []int{-2, -5, n, n + 1, 7, 255, 256, 1 << 31, -1 << 31} {
				if got, _ := json.Marshal(s.View(p)); !bytes.Equal(got, want) {
					t.Fatalf("View(%d) is not the spectator's:\n%s\n%s", p, got, want)
				}
				if s.Draw(p, style) != wantDraw {
					t.Fatalf("Draw(%d) is not the spectator's", p)
				}
				if s.Score(p) != 0 || s.Evaluate(p) != 0 || s.Components(p) != nil {
					t.Fatalf("seat %d is not in the game", p)
				}
				if d := s.Determinize(p, 5).(*state); *d != *wantDet {
					t.Fatalf("Determinize(%d) is not the spectator's determinization", p)
				}
			}
		}
	}
}

// A determinized copy carries no secret: determinizing it again with seed
// b gives exactly the real state determinized with b, for the mover,
// another seat and the spectator, whatever the first seed. Before the
// unseen cards were sorted, the copy kept the real deal's order in its pool
// and so dealt differently.
func TestDeterminizeCarriesNoSecret(t *testing.T) {
	var buf []engine.Move
	for n := 2; n <= 4; n++ {
		s := st(t, n, 17)
		rng := engine.NewRNG(2)
		for i := 0; i < 300 && !s.Over(); i++ {
			if i%10 == 0 {
				for _, q := range []int{s.ToMove(), (s.ToMove() + 1) % n, engine.Spectator} {
					want := s.Determinize(q, 99).(*state)
					for a := uint64(1); a <= 3; a++ {
						c := s.Determinize(q, a)
						if got := c.Determinize(q, 99).(*state); *got != *want {
							t.Fatalf("%d players, move %d: Determinize(%d, 99) of a copy differs from the real state's", n, i, q)
						}
					}
				}
			}
			buf = s.LegalMoves(buf[:0])
			_ = s.Apply(buf[rng.Intn(len(buf))], nil)
		}
	}
}
