package schlossgarten

import (
	"encoding/json"
	"testing"
)

// A view built from a recycled one is the view built afresh, byte for
// byte: nothing of the view before (another seat's hand) stays in it.
func TestRecycledViewIsTheView(t *testing.T) {
	for _, n := range []int{2, 4} {
		s, err := Game.New(n, 7, nil)
		if err != nil {
			t.Fatal(err)
		}
		for i := 0; !s.Over() && i < 200; i++ {
			for seat := -1; seat < n; seat++ {
				fresh, err := json.Marshal(*s.View(seat).(*View)) // never recycled
				if err != nil {
					t.Fatal(err)
				}
				// The next view is built from recycled ones (the pool
				// may hand them back in any order, or not at all).
				for other := -1; other < n; other++ {
					s.View(other).(*View).Recycle()
				}
				v := s.View(seat).(*View)
				if got := v.AppendJSON(nil); string(got) != string(fresh) {
					t.Fatalf("%d players, move %d, seat %d: recycled view\n%s\nwant\n%s", n, i, seat, got, fresh)
				}
				v.Recycle()
			}
			ms := s.LegalMoves(nil)
			s.Apply(ms[i%len(ms)], nil)
		}
	}
}
