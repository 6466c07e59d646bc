package enginetest

import (
	"encoding/json"
	"fmt"
	"testing"

	"github.com/jardin-games/jardin/engine"
)

// ViewIDs lists the ids a seat's view gives the things drawn (what a
// renderer puts in data-id), for checking the ids a score part names. A
// game passes the strings of its view (StringsOf) and the ids its view
// implies without spelling them (a grid's squares).
type ViewIDs func(s engine.State, seat int) map[string]bool

// StringsOf is every string value of v marshalled to JSON: the ids a view
// names, among its other words.
func StringsOf(v any) map[string]bool {
	out := map[string]bool{}
	b, err := json.Marshal(v)
	if err != nil {
		return out
	}
	var walk func(x any)
	walk = func(x any) {
		switch x := x.(type) {
		case string:
			out[x] = true
		case []any:
			for _, e := range x {
				walk(e)
			}
		case map[string]any:
			for _, e := range x {
				walk(e)
			}
		}
	}
	var x any
	if json.Unmarshal(b, &x) == nil {
		walk(x)
	}
	return out
}

// CheckScoreParts checks s's score parts (engine.ScoreParter) for every
// seat: one list per category of the pad, the points of each category's
// parts summing to the category's points (a part missing shows as a
// difference), and every id named one the seat's view gives.
func CheckScoreParts(s engine.State, ids ViewIDs) error {
	sp, ok := s.(engine.ScoreParter)
	if !ok {
		return fmt.Errorf("%s: no score parts (engine.ScoreParter)", s.Game().ID())
	}
	res := s.Result()
	for p := range res.Players {
		parts := sp.ScoreParts(p)
		if len(parts) != len(res.Categories) {
			return fmt.Errorf("seat %d: %d categories of parts, the pad has %d", p, len(parts), len(res.Categories))
		}
		known := ids(s, p)
		for c, cat := range res.Categories {
			sum := 0
			for _, part := range parts[c] {
				sum += part.Points
				if len(part.IDs) == 0 {
					return fmt.Errorf("seat %d, %s: a part of %d points names nothing", p, cat.ID, part.Points)
				}
				for _, id := range part.IDs {
					if !known[id] {
						return fmt.Errorf("seat %d, %s: part id %q is not in the seat's view", p, cat.ID, id)
					}
				}
			}
			if want := res.Players[p].Points[c]; sum != want {
				return fmt.Errorf("seat %d, %s: the parts sum to %d, the pad says %d (%+v)", p, cat.ID, sum, want, parts[c])
			}
		}
	}
	return nil
}

// ScorePartsRandom plays games random games of g to the end for each
// player count and checks their score parts (CheckScoreParts) at the end
// and once during each game.
func ScorePartsRandom(t *testing.T, g engine.Game, counts []int, games int, seed uint64, ids ViewIDs) {
	t.Helper()
	for _, n := range counts {
		for i := 0; i < games; i++ {
			sd := seed + uint64(i)
			s, err := g.New(n, sd, nil)
			if err != nil {
				t.Fatalf("%d players, seed %d: %v", n, sd, err)
			}
			rng := engine.NewRNG(sd)
			var buf []engine.Move
			for k := 0; !s.Over(); k++ {
				if k > 100000 {
					t.Fatalf("%d players, seed %d: the game does not end", n, sd)
				}
				if k == 40 {
					if err := CheckScoreParts(s, ids); err != nil {
						t.Fatalf("%d players, seed %d, move %d: %v", n, sd, k, err)
					}
				}
				buf = s.LegalMoves(buf[:0])
				if err := s.Apply(buf[rng.Intn(len(buf))], nil); err != nil {
					t.Fatalf("%d players, seed %d: %v", n, sd, err)
				}
			}
			if err := CheckScoreParts(s, ids); err != nil {
				t.Fatalf("%d players, seed %d, the end: %v", n, sd, err)
			}
		}
	}
}

// TutorialExample is the rulebook's scoring example of g's tutorial set
// up as the tutorial draws it (server/learn.go: the score step's position,
// else the example, on a fresh game of the tutorial), and the seat whose
// garden it is.
func TutorialExample(t *testing.T, g engine.Game) (engine.State, int) {
	t.Helper()
	tg, ok := g.(interface{ Tutorial() []byte })
	ex, ok2 := g.(interface {
		TutorialExample(base engine.State, seat int, data []byte) (engine.State, error)
	})
	if !ok || !ok2 {
		t.Fatalf("%s: no tutorial example", g.ID())
	}
	var tu struct {
		Players int            `json:"players"`
		Seed    uint64         `json:"seed"`
		Options engine.Options `json:"options"`
		Seat    int            `json:"seat"`
		Example string         `json:"example"`
		Steps   []struct {
			Kind     string `json:"kind"`
			Position string `json:"position"`
		} `json:"steps"`
	}
	if err := json.Unmarshal(tg.Tutorial(), &tu); err != nil {
		t.Fatal(err)
	}
	drawn := tu.Example
	for _, st := range tu.Steps {
		if st.Kind == "score" && st.Position != "" {
			drawn = st.Position
		}
	}
	base, err := g.New(tu.Players, tu.Seed, tu.Options)
	if err != nil {
		t.Fatal(err)
	}
	s, err := ex.TutorialExample(base, tu.Seat, []byte(drawn))
	if err != nil {
		t.Fatal(err)
	}
	return s, min(tu.Seat, len(s.Result().Players)-1)
}
