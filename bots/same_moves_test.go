package bots_test

import (
	"context"
	"fmt"
	"hash/fnv"
	"testing"

	"github.com/jardin-games/jardin/bots"
	"github.com/jardin-games/jardin/games"
)

// sameMoves holds, per game, a digest of the moves two seeded ismcts bots
// choose in the first 40 decisions of a 2-player and a 3-player game
// (seeds fixed, iteration budgets): a change that makes the search cheaper
// must leave every chosen move as it was. The digests were taken before
// the score cache of English Gardens (player.pts) and the search's own
// speed-ups; a change meant to play differently updates them, and says so:
// Happy Garden's changed when its play-outs began to value a take with a
// placement of the tile (issue 24, bots.PlayoutEvaluator).
var sameMoves = map[string]string{
	"english-gardens": "10269eb574ef4de2",
	"alices-garden":   "a6edc05f2a46b094",
	"hanging-gardens": "8bc35f1ffb769eb0",
	"happy-garden":    "4d1fb9945193af89",
	"schlossgarten":   "b534d29a0346199a",
}

// sameMovesFields pins the settings a game's advice has changed since the
// digests were taken: English Gardens now advises 8 sampled moves and a
// rank weight of 0.5 and an exploration constant of 0.35 (issue 25),
// Happy Garden 8 sampled moves rather than 4,
// changes of play, not of speed.
var sameMovesFields = map[string]string{"english-gardens": ":p4:w0.8:c0.7", "happy-garden": ":p4"}

func TestISMCTSSameMoves(t *testing.T) {
	if testing.Short() {
		t.Skip("plays 40 searched decisions per game and player count")
	}
	for _, g := range games.Registry().All() {
		h := fnv.New64a()
		for _, n := range []int{2, 3} {
			s, err := g.New(n, 5, nil)
			if err != nil {
				t.Fatal(err)
			}
			var seats []bots.Bot
			for p := 0; p < n; p++ {
				b, err := bots.New(fmt.Sprintf("ismcts:%d%s", 150+50*p, sameMovesFields[g.ID()]), uint64(11+p))
				if err != nil {
					t.Fatal(err)
				}
				seats = append(seats, b)
			}
			for step := 0; step < 40 && !s.Over(); step++ {
				p := s.ToMove()
				m, err := seats[p].Choose(context.Background(), s.Determinize(p, uint64(100+step)))
				if err != nil {
					t.Fatal(err)
				}
				fmt.Fprintf(h, "%d:%s;", p, s.FormatMove(m))
				if err := s.Apply(m, nil); err != nil {
					t.Fatal(err)
				}
			}
		}
		got := fmt.Sprintf("%016x", h.Sum64())
		if want := sameMoves[g.ID()]; got != want {
			t.Errorf("%s: moves digest %s, want %s", g.ID(), got, want)
		}
	}
}
