package schlossgarten

import (
	"strings"
	"testing"

	"github.com/jardin-games/jardin/engine"
)

// The tutorial's figures put the pawns where the rulebook draws them: a
// "pawns" object moves them, and a pawn on a taken square or of a colour
// not in the game is refused.
func TestTutorialExamplePawns(t *testing.T) {
	base, err := Game.New(2, 1, engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	board := `".  .  .  .  .  .  .", ".  .  .  .  .  .  .", ".  .  .  Tr  .  .  .", ".  .  .  Tr  Tr  .  .", ".  .  .  .  .  .  .", ".  .  .  .  .  .  .", ".  .  .  .  .  .  ."`
	pos := func(pawns string) []byte {
		return []byte(`{"player": "red", "tiles": [1], "board": [` + board + `], "pawns": {` + pawns + `}}`)
	}
	st, err := Game.(game).TutorialExample(base, 0, pos(`"Kr": "1,1", "Ar": "2,2", "Gr": "2,3", "Kb": "5,4"`))
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*state)
	for _, c := range []struct{ seat, pawn, x, y int }{{0, king, 1, 1}, {0, architect, 2, 2}, {0, gardener, 2, 3}, {1, king, 5, 4}} {
		if got := int(s.pawnSq[c.seat][c.pawn]); got != sqOf(c.x, c.y) {
			t.Errorf("seat %d pawn %d on square %d, want (%d,%d)", c.seat, c.pawn, got, c.x, c.y)
		}
	}
	if s.score[0] != 4 {
		t.Errorf("red scores %d, want 4", s.score[0])
	}
	for _, bad := range []string{`"Ky": "1,1"`, `"Kb": "3,3"`, `"Kr": "7,1"`, `"Xr": "1,1"`, `"Kr": "2,0"`} {
		if _, err := Game.(game).TutorialExample(base, 0, pos(bad)); err == nil || !strings.Contains(err.Error(), "pawn") {
			t.Errorf("pawns {%s}: %v, want refused", bad, err)
		}
	}
}
