package schlossgarten

import (
	"testing"
)

// A view written into a recycled one is the view written into a new one,
// byte for byte: nothing of the view before (another seat's hand, a longer
// discard pile, more cards) stays in it.
func TestRecycledViewIsTheView(t *testing.T) {
	for _, n := range []int{2, 4} {
		s, err := Game.New(n, 7, nil)
		if err != nil {
			t.Fatal(err)
		}
		st := s.(*state)
		var late []*View // views of later positions, recycled into earlier ones
		for i := 0; !s.Over() && i < 200; i++ {
			for seat := -1; seat < n; seat++ {
				v := new(View)
				st.fillView(v, seat)
				late = append(late, v)
			}
			ms := s.LegalMoves(nil)
			s.Apply(ms[i%len(ms)], nil)
		}
		s, _ = Game.New(n, 7, nil)
		st = s.(*state)
		for i := 0; !s.Over() && i < 200; i++ {
			for seat := -1; seat < n; seat++ {
				fresh := new(View)
				st.fillView(fresh, seat)
				want := fresh.AppendJSON(nil)
				for _, old := range []*View{late[len(late)-1-(i*7+seat+1)%len(late)], late[(i+seat+1)%len(late)]} {
					st.fillView(old, seat)
					if got := old.AppendJSON(nil); string(got) != string(want) {
						t.Fatalf("%d players, move %d, seat %d: recycled view\n%s\nwant\n%s", n, i, seat, got, want)
					}
				}
			}
			ms := s.LegalMoves(nil)
			s.Apply(ms[i%len(ms)], nil)
		}
	}
}
