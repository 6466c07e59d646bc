package hanginggardens

import (
	"bytes"
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/jardin-games/jardin/engine"
)

// Views never show the deck, the piles under their top tile or the automa
// deck: two states that differ only there give byte-identical views.
func TestViewLeaksNoHiddenInfo(t *testing.T) {
	for n := 1; n <= 5; n++ {
		s := newState(t, n, uint64(n), nil)
		rng := engine.NewRNG(9)
		var buf []engine.Move
		for i := 0; i < 30; i++ {
			buf = s.LegalMoves(buf[:0])
			_ = s.Apply(buf[rng.Intn(len(buf))], nil)
		}
		h := *s
		// reverse the hidden parts
		for i, j := 0, int(h.deckLen)-1; i < j; i, j = i+1, j-1 {
			h.deck[i], h.deck[j] = h.deck[j], h.deck[i]
		}
		for k := 0; k < 3; k++ {
			if h.pileLen[k] > 2 {
				h.piles[k][0], h.piles[k][1] = h.piles[k][1], h.piles[k][0]
			}
		}
		if h.automaLen > 1 {
			h.automa[0], h.automa[1] = h.automa[1], h.automa[0]
		}
		for p := engine.Spectator; p < n; p++ {
			a, _ := json.Marshal(s.View(p))
			b, _ := json.Marshal(h.View(p))
			if !bytes.Equal(a, b) {
				t.Fatalf("%dp: view of %d shows hidden order", n, p)
			}
			if d := s.Determinize(p, 77); !bytes.Equal(a, mustJSON(t, d.View(p))) {
				t.Fatalf("view changed by Determinize")
			}
		}
	}
}

func mustJSON(t *testing.T, v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// H9: irrigation cards are public; the other views show the same table.
func TestRule_H9_IrrigationCardsPublic(t *testing.T) {
	s := newState(t, 3, 4, nil)
	v := s.View(engine.Spectator).(*View)
	for p := 0; p < 3; p++ {
		if v.Players[p].Irrigation != comp.Irrigation[s.pl[p].Irrigation].Name {
			t.Error("irrigation card not shown")
		}
	}
	b := string(mustJSON(t, v))
	if strings.Contains(b, "rng") || strings.Contains(b, "deck\"") {
		t.Error("view holds the generator or the deck")
	}
}

// Determinize re-samples the deck and the piles under the top tiles.
func TestDeterminizeResamplesHidden(t *testing.T) {
	s := newState(t, 2, 8, nil)
	d := s.Determinize(0, 99).(*state)
	if d.deck == s.deck {
		t.Error("deck order not re-sampled")
	}
	for k := 0; k < 3; k++ {
		if d.piles[k][d.pileLen[k]-1] != s.piles[k][s.pileLen[k]-1] {
			t.Error("top tile changed")
		}
	}
	if d.market != s.market {
		t.Error("market changed")
	}
}

// Determinize re-samples exactly the hidden parts: the order of the garden
// deck, of the tiles under each top tile and of the automa deck, each from
// the same components; everything else, the legal moves included, is kept.
func TestDeterminizeKeepsWhatIsSeen(t *testing.T) {
	for _, n := range []int{1, 2, 5} {
		s := newState(t, n, 21, nil)
		rng := engine.NewRNG(5)
		var buf []engine.Move
		for i := 0; i < 25; i++ {
			buf = s.LegalMoves(buf[:0])
			if err := s.Apply(buf[rng.Intn(len(buf))], nil); err != nil {
				t.Fatal(err)
			}
		}
		sorted := func(b []uint8) []uint8 { c := slices.Clone(b); slices.Sort(c); return c }
		automaMoved := false
		for seed := uint64(1); seed <= 5; seed++ {
			d := s.Determinize(0, seed).(*state)
			if !slices.Equal(sorted(d.deck[:d.deckLen]), sorted(s.deck[:s.deckLen])) {
				t.Fatalf("%dp: the deck holds other cards", n)
			}
			for k := 0; k < 3; k++ {
				if !slices.Equal(sorted(d.piles[k][:d.pileLen[k]]), sorted(s.piles[k][:s.pileLen[k]])) {
					t.Fatalf("%dp: pile %d holds other tiles", n, k)
				}
				if l := s.pileLen[k]; l > 0 && d.piles[k][l-1] != s.piles[k][l-1] {
					t.Fatalf("%dp: the top tile of pile %d changed", n, k)
				}
			}
			if !slices.Equal(sorted(d.automa[:d.automaLen]), sorted(s.automa[:s.automaLen])) {
				t.Fatalf("%dp: the automa deck holds other cards", n)
			}
			automaMoved = automaMoved || d.automa != s.automa
			if !slices.Equal(d.LegalMoves(nil), s.LegalMoves(nil)) {
				t.Fatalf("%dp: legal moves changed", n)
			}
			// Once the hidden orders are put back, nothing else differs.
			h := *d
			h.deck, h.piles, h.automa = s.deck, s.piles, s.automa
			if h != *s {
				t.Fatalf("%dp: Determinize changed a visible part", n)
			}
		}
		if n == 1 && !automaMoved {
			t.Error("HG-SO5: the automa deck order is never re-sampled")
		}
	}
}

// The view names the taken card and its market space only while a card is
// taken; otherwise it holds no misleading column 0, row 0.
func TestViewTakenOnlyWhileTaken(t *testing.T) {
	s := newState(t, 2, 3, engine.Options{"first": "1"})
	if b := string(mustJSON(t, s.View(0))); strings.Contains(b, "taken") {
		t.Fatalf("nothing is taken, yet the view says %s", b)
	}
	mustApply(t, s, "take 2 1")
	v := s.View(1).(*View)
	if v.Taken == "" || v.TakenFrom == nil || *v.TakenFrom != [2]int{2, 1} {
		t.Fatalf("taken card not shown: %q %v", v.Taken, v.TakenFrom)
	}
}

// Components names a seat's garden; a seat outside the game (the automa, a
// spectator, a typo in a simulation script) has none rather than a panic.
func TestComponentsOfAnySeat(t *testing.T) {
	s := newState(t, 2, 1, engine.Options{"first": "1"})
	mustApply(t, s, "take 1 1")
	mustApply(t, s, "place a1")
	if got := s.Components(0); len(got) != 1 || !strings.HasPrefix(got[0], "card ") {
		t.Fatalf("seat 0: %v", got)
	}
	for _, p := range []int{engine.Spectator, AutomaSeat, 2, 5, 99} {
		if got := s.Components(p); got != nil {
			t.Errorf("seat %d: %v", p, got)
		}
	}
}
