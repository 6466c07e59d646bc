package main

import (
	"bytes"
	"context"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/jardin-games/jardin/engine"
	"github.com/jardin-games/jardin/games"
)

var pool = strings.Split(defaultBots, ",")

// A game's setup depends on its seed alone, seats 2 to 4 distinct bots of
// the pool, and every game in turn.
func TestSetup(t *testing.T) {
	gs := games.Registry().All()
	counts := map[int]int{}
	for i := range 200 {
		g, seats := setup(gs, pool, "", i, 1+uint64(i))
		g2, seats2 := setup(gs, pool, "", i, 1+uint64(i))
		if g != g2 || !slices.Equal(seats, seats2) {
			t.Fatalf("game %d set up twice: %s %v, then %s %v", i, g.ID(), seats, g2.ID(), seats2)
		}
		if g != gs[i%len(gs)] {
			t.Fatalf("game %d is %s, want %s", i, g.ID(), gs[i%len(gs)].ID())
		}
		if len(seats) < 2 || len(seats) > 4 {
			t.Fatalf("game %d seats %d players", i, len(seats))
		}
		s := slices.Clone(seats)
		slices.Sort(s)
		if len(slices.Compact(s)) != len(seats) {
			t.Fatalf("game %d seats a bot twice: %v", i, seats)
		}
		counts[len(seats)]++
	}
	for n := 2; n <= 4; n++ {
		if counts[n] < 40 {
			t.Errorf("%d-player games: %d of 200", n, counts[n])
		}
	}
}

// A real game between the cheap bots gives a ranking the ladder accepts.
func TestPlayOne(t *testing.T) {
	g, err := games.Registry().Lookup("hanging-gardens")
	if err != nil {
		t.Fatal(err)
	}
	got, err := playOne(context.Background(), []engine.Game{g}, []string{"random", "greedy"}, "", 0, 7)
	if err != nil {
		t.Fatal(err)
	}
	if got.Game != "hanging-gardens" || len(got.Ranks) != 2 || len(got.Score) != 2 {
		t.Fatalf("game %+v", got)
	}
	l := newLadder([]string{"random", "greedy"})
	if err := l.add(got); err != nil {
		t.Fatal(err)
	}
	if err := l.add(Game{Seats: []string{"random", "expert"}, Ranks: []int{1, 2}}); err == nil {
		t.Error("a bot outside the pool was rated")
	}
}

// Games drawn from known strengths: the fit finds their order, and the
// ladder finds it too within 2,000 games and keeps it.
func TestModelRecovers(t *testing.T) {
	gamma := []float64{1, 3, 6, 12}
	rng := rand.New(rand.NewPCG(1, 1))
	var gs []Game
	l := newLadder(pool)
	for i := range 2000 {
		g := draw(rng, "x", i, pool, gamma)
		gs = append(gs, g)
		if err := l.add(g); err != nil {
			t.Fatal(err)
		}
	}
	if l.rightAt < 0 || l.rightAt > 1000 {
		t.Errorf("order right for good after %d games (-1: not right at the end)", l.rightAt)
	}
	fitted, err := fit(gs, pool, rand.New(rand.NewPCG(1, 2)))
	if err != nil {
		t.Fatal(err)
	}
	for i := 1; i < len(fitted); i++ {
		if fitted[i] <= fitted[i-1] {
			t.Fatalf("fitted strengths %v out of order", fitted)
		}
		// Within 25% of the true ratios on 2,000 games.
		want, got := gamma[i]/gamma[0], fitted[i]/fitted[0]
		if got < 0.75*want || got > 1.25*want {
			t.Errorf("strength %d: fitted ratio %.2f, true %.2f", i, got, want)
		}
	}
	var out bytes.Buffer
	if err := report(&out, gs[:100], pool, 0); err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{"100 games; true order", "## x: 100 games", "| 50 |", "## all games, one ladder"} {
		if !strings.Contains(out.String(), s) {
			t.Errorf("report lacks %q:\n%s", s, out.String())
		}
	}
}

func TestModelFlags(t *testing.T) {
	var out bytes.Buffer
	if err := model([]string{"-runs", "2", "-games", "50", "-strengths", "1,3,9,27"}, &out); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "| given strengths | 0 | 1 : 3 : 9 : 27 |") {
		t.Errorf("report:\n%s", out.String())
	}
	for _, args := range [][]string{
		{"-strengths", "1,2,3"},
		{"-strengths", "1,2,x,4"},
		{"-strengths", "1,2,0,4"},
		{"-strengths", "1,2,3,4", "file.jsonl"},
		{},
		{"-runs", "0", "-strengths", "1,2,3,4"},
	} {
		if err := model(args, &out); err == nil {
			t.Errorf("model %q: no error", args)
		}
	}
}
