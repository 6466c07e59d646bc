package schlossgarten

import (
	"testing"

	"github.com/jardin-games/jardin/engine"
	"github.com/jardin-games/jardin/engine/enginetest"
)

// Undo by Board Game Arena's rule (engine.Undoable): within a turn the
// mover may take back steps, a strike and its relocation, stopping, an
// excavation (a face-up tile is turned over: nothing is revealed); never the
// card played (it comes from the hidden hand), never the move that ends the
// turn (the next seat draws a hidden card), and nothing once another seat
// has moved.
func TestUndo(t *testing.T) {
	x5play := func() *state { s := x5(t); s.turnOf(t, 0, "C07"); return s }
	x5moving := func() *state { s := x5(t); s.moving(t, 0, "C07"); return s }
	strike := func() *state { s := x8(t, false); s.moving(t, 1, "C01"); return s }
	for _, tc := range []struct {
		name  string
		start func() *state
		moves []string
		seat  int
		want  int
	}{
		{"the card played comes from the hidden hand", x5play, []string{"play C07"}, 0, 0},
		{"a step after the card", x5play, []string{"play C07", "k 1,2"}, 0, 1},
		{"two steps", x5moving, []string{"k 1,2", "k 1,3"}, 0, 2},
		{"steps and a stop that forms the figure", x5moving, []string{"k 1,2", "k 1,3", "stop"}, 0, 3},
		{"an excavation of a face-up tile", x5moving, []string{"stop", "dig g 3,3"}, 0, 2},
		{"ending the turn: the next seat draws", x5moving, []string{"stop", "dig g 3,3", "done"}, 0, 0},
		{"a build ends the turn", x5moving, []string{"stop", "dig g 3,3", "build hedge1 3,3"}, 0, 0},
		{"a stop without the figure ends the turn", strike, []string{"stop"}, 1, 0},
		{"a strike and the relocation", strike, []string{"k 3,3", "put 6,5"}, 1, 2},
		{"another seat's moves", x5moving, []string{"k 1,2"}, 1, 0},
		{"not after another seat has moved", x5moving, []string{"k 1,2", "k 1,3", "stop", "done", "play " + blueCard(t)}, 0, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := tc.start()
			ms := enginetest.ApplyMoves(t, s.Clone(), tc.moves...)
			if got := engine.Undoable(s, ms, tc.seat); got != tc.want {
				t.Errorf("Undoable(%v) for seat %d = %d, want %d", tc.moves, tc.seat, got, tc.want)
			}
		})
	}
}

// blueCard is a card blue holds after red's turn in SG-X5.
func blueCard(t *testing.T) string {
	s := x5(t)
	s.moving(t, 0, "C07")
	mustApply(t, s, "stop", "done")
	return cards[s.hand[1][0]].id
}
