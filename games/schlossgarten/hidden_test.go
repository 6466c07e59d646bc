package schlossgarten

import (
	"regexp"
	"slices"
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

var cardRef = regexp.MustCompile(`C[0-9][0-9]`)

// The only event naming a card drawn into a hand is private to its owner
// and names the card actually drawn; public events name only played cards.
func TestPrivateEvents(t *testing.T) {
	var buf []engine.Move
	private := 0
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
			for _, e := range log.Events {
				ids := cardRef.FindAllString(e.Text, -1)
				if e.Private >= 0 {
					p := int(s.toMove)
					if e.Private != p || e.Actor != p || s.handN[p] != 2 || len(ids) != 1 || ids[0] != cards[s.hand[p][1]].id {
						t.Fatalf("private event %+v: want the card just drawn by seat %d", e, p)
					}
					private++
					continue
				}
				for _, id := range ids {
					if before.phase != phPlay || id != formatMove(m)[len("play "):] {
						t.Fatalf("public event %q names card %s, which was not played", e.Text, id)
					}
				}
			}
		}
	}
	if private < 100 {
		t.Fatalf("only %d private draw events", private)
	}
}

// Seat numbers outside the game (a spectator, a typo on the command line)
// never panic: they see no hand and hold nothing.
func TestSeatsOutOfRange(t *testing.T) {
	s := st(t, 2, 1)
	for _, p := range []int{engine.Spectator, 2, 7, -5} {
		v := s.View(p).(*View)
		for _, seat := range v.Seats {
			if seat.Hand != nil {
				t.Fatalf("view of %d shows a hand", p)
			}
		}
		_ = s.Draw(p, engine.Style{})
		if s.Score(p) != 0 || s.Evaluate(p) != 0 || s.Components(p) != nil {
			t.Fatalf("seat %d is not in the game", p)
		}
		_ = s.Determinize(p, 1)
	}
}
