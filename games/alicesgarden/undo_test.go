package alicesgarden

import (
	"testing"

	"github.com/jardin-games/jardin/engine"
	"github.com/jardin-games/jardin/engine/enginetest"
)

// TestUndo: by the engine's rule (engine.Undoable), a player may take back
// their own last moves that revealed nothing, while nobody else has moved
// since. Taking a tile from the supply, placing it, declining bonus tiles
// and placing bonus tiles at the end reveal nothing; choosing a bag (tiles
// come out of it) and drawing bonus tiles do.
func TestUndo(t *testing.T) {
	t.Run("multiplayer", func(t *testing.T) {
		start := newState(t, 2, nil) // seat 0 holds the first-player token
		s := start.Clone().(*state)
		var moves []engine.Move
		moves = append(moves, enginetest.ApplyMoves(t, s, "bag O")...)
		if n := engine.Undoable(start, moves, 0); n != 0 {
			t.Fatalf("a bag draw may be taken back (%d)", n)
		}
		take := "take " + tiles[s.supply[0]].id
		moves = append(moves, enginetest.ApplyMoves(t, s, take)...)
		if n := engine.Undoable(start, moves, 0); n != 1 {
			t.Fatalf("after %q: %d moves may be taken back, want 1", take, n)
		}
		if n := engine.Undoable(start, moves, 1); n != 0 {
			t.Fatalf("seat 1 may take back seat 0's move (%d)", n)
		}
		moves = append(moves, enginetest.ApplyMoves(t, s, "place r0 1,1")...)
		if s.ToMove() != 1 {
			t.Fatalf("seat %d to move after seat 0 placed", s.ToMove())
		}
		// take and place; not the bag draw before them
		if n := engine.Undoable(start, moves, 0); n != 2 {
			t.Fatalf("after the placement: %d moves may be taken back, want 2", n)
		}
		moves = append(moves, enginetest.ApplyMoves(t, s, "take "+tiles[s.supply[0]].id)...)
		if n := engine.Undoable(start, moves, 0); n != 0 {
			t.Fatalf("seat 0 may take back its moves after seat 1 moved (%d)", n)
		}
		if n := engine.Undoable(start, moves, 1); n != 1 {
			t.Fatalf("seat 1 may take back %d of its moves, want 1", n)
		}
	})
	t.Run("bonus", func(t *testing.T) {
		// as WE-2: gardeners at 2,5 and 1,4 on earlier tiles; a tile's
		// gardener on 2,4 earns 2 bonus tiles
		start := newState(t, 2, nil)
		mustApply(t, start, "bag O")
		setGrid(t, &start.b[0], [rows]string{
			"...G....",
			"....G...",
			"........", "........", "........", "........"})
		start.b[0].cell[sq(1, 4)] = 2 // another tile than 2,5's
		o3 := tid(t, "O03")           // MGTR: the gardener is square 1, top right
		setSupply(start, o3, tid(t, "O01"), tid(t, "O02"))
		s := start.Clone().(*state)
		moves := enginetest.ApplyMoves(t, s, "take O03", "place r0 2,3")
		if s.phase != phBonus || s.bonusMax != 2 {
			t.Fatalf("phase %s, bonus max %d", phaseNames[s.phase], s.bonusMax)
		}
		if n := engine.Undoable(start, moves, 0); n != 2 {
			t.Fatalf("take and place before the bonus: %d may be taken back, want 2", n)
		}
		c := s.Clone().(*state)
		declined := append(moves, enginetest.ApplyMoves(t, c, "bonus 0")...)
		if n := engine.Undoable(start, declined, 0); n != 3 {
			t.Fatalf("after bonus 0: %d may be taken back, want 3", n)
		}
		drew := append(moves, enginetest.ApplyMoves(t, s, "bonus 2")...)
		if n := engine.Undoable(start, drew, 0); n != 0 {
			t.Fatalf("after drawing bonus tiles: %d may be taken back, want 0", n)
		}
	})
	t.Run("solo", func(t *testing.T) {
		start := newState(t, 1, nil)
		s := start.Clone().(*state)
		moves := enginetest.ApplyMoves(t, s, "bag L")
		if n := engine.Undoable(start, moves, 0); n != 0 {
			t.Fatalf("the solo draw may be taken back (%d)", n)
		}
		moves = append(moves, enginetest.ApplyMoves(t, s, "take "+tiles[s.drawn[1]].id, "place r0 1,1")...)
		if s.phase != phBag {
			t.Fatalf("phase %s", phaseNames[s.phase])
		}
		// the other drawn tile left the game: public since the draw
		if n := engine.Undoable(start, moves, 0); n != 2 {
			t.Fatalf("take and place: %d may be taken back, want 2", n)
		}
	})
	t.Run("final placement", func(t *testing.T) {
		start := newState(t, 1, nil)
		fillExcept(&start.b[0], sq(1, 1), sq(3, 3))
		start.b[0].held = [nBonusKinds]uint8{1, 0, 0, 0, 1}
		start.b[0].heldN = 2
		start.soloTurn(nil)
		s := start.Clone().(*state)
		moves := enginetest.ApplyMoves(t, s, "put R 1,1", "put g 3,3")
		if !s.Over() {
			t.Fatal("not over")
		}
		if n := engine.Undoable(start, moves, 0); n != 2 {
			t.Fatalf("bonus tiles placed at the end: %d may be taken back, want 2", n)
		}
	})
}
