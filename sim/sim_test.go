package sim

import (
	"bytes"
	"context"
	"encoding/xml"
	"io"
	"math"
	"runtime"
	"testing"

	"github.com/jardin-games/jardin/games/englishgardens"
)

func TestWilson(t *testing.T) {
	// 50 of 100: the textbook interval [0.404, 0.596].
	iv := Wilson(50, 100)
	if math.Abs(iv.Lo-0.4038) > 0.001 || math.Abs(iv.Hi-0.5962) > 0.001 {
		t.Errorf("Wilson(50,100) = %+v", iv)
	}
	if iv := Wilson(0, 10); iv.Lo != 0 || iv.Hi < 0.2 || iv.Hi > 0.35 {
		t.Errorf("Wilson(0,10) = %+v", iv)
	}
	if iv := Wilson(10, 10); iv.Hi != 1 || iv.Lo > 0.8 {
		t.Errorf("Wilson(10,10) = %+v", iv)
	}
}

func TestStats(t *testing.T) {
	s := stats([]float64{5, 1, 3, 2, 4})
	if s.Mean != 3 || s.Median != 3 || s.Min != 1 || s.Max != 5 || math.Abs(s.SD-math.Sqrt(2.5)) > 1e-9 {
		t.Errorf("%+v", s)
	}
}

// A tournament's report does not depend on the number of jobs, its win
// counts add up, and its chart is well-formed SVG.
func TestRunDeterministicAndPlot(t *testing.T) {
	cfg := Config{Game: englishgardens.Game, Seats: []string{"greedy", "random"}, Games: 12, Seed: 3}
	cfg.Jobs = 1
	a, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	cfg.Jobs = 3
	b, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if a.Seats[0].Wins != b.Seats[0].Wins || a.Moves != b.Moves {
		t.Error("report depends on jobs")
	}
	if w := a.Seats[0].Wins + a.Seats[1].Wins; math.Abs(w-12) > 1e-9 {
		t.Errorf("wins add up to %v", w)
	}
	pw := 0.0
	for _, p := range a.Positions {
		pw += p.Wins
	}
	if math.Abs(pw-12) > 1e-9 || len(a.Components) == 0 {
		t.Errorf("positions %v, components %d", a.Positions, len(a.Components))
	}
	var buf bytes.Buffer
	if err := WriteSVG(&buf, a); err != nil {
		t.Fatal(err)
	}
	dec := xml.NewDecoder(&buf)
	for {
		if _, err := dec.Token(); err == io.EOF {
			break
		} else if err != nil {
			t.Fatalf("SVG is not well-formed: %v", err)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Run(ctx, cfg); err == nil {
		t.Error("cancelled tournament returned a report")
	}
}

// With Rotate, game i seats the listed bots shifted by i, and the report
// follows each bot, not each seat.
func TestRunRotate(t *testing.T) {
	kinds := []string{"greedy", "random", "random"}
	cfg := Config{Game: englishgardens.Game, Seats: kinds, Games: 6, Seed: 40, Jobs: 2, Rotate: true}
	rep, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if !rep.Rotated {
		t.Error("report does not say the seats rotated")
	}
	for i := 0; i < cfg.Games; i++ {
		shift := i % len(kinds)
		_, s, err := Play(context.Background(), cfg.Game, cfg.Seed+uint64(i), nil, rotate(kinds, shift))
		if err != nil {
			t.Fatal(err)
		}
		res := s.Result()
		for p := range kinds {
			seat := (p + shift) % len(kinds)
			if got, want := rep.Totals[p][i], res.Players[seat].Total; got != want {
				t.Errorf("game %d: bot %d (%s) total %d in the report, %d at seat %d", i, p, kinds[p], got, want, seat+1)
			}
		}
	}
	// Thinking time follows each bot too: every decision is counted once,
	// against the bot that made it.
	decisions := 0
	for _, sr := range rep.Seats {
		decisions += sr.Think.Decisions
		if sr.Think.Decisions == 0 || sr.Think.MeanMS <= 0 || sr.Think.MaxMS < sr.Think.MeanMS {
			t.Errorf("bot %d (%s): thinking time %+v", sr.Seat, sr.Kind, sr.Think)
		}
	}
	if want := int(rep.Moves.Mean*float64(cfg.Games) + 0.5); decisions != want {
		t.Errorf("%d decisions timed, %d played", decisions, want)
	}
	if rep.Seats[0].WinRate.Rate < 0.99 {
		t.Errorf("greedy, wherever it sat, won %.0f%% against random", 100*rep.Seats[0].WinRate.Rate)
	}
}

// Never more workers than games: a huge --jobs for two games starts two.
func TestWorkersBoundedByGames(t *testing.T) {
	for _, c := range []struct{ jobs, games, want int }{
		{1, 10, 1}, {4, 10, 4}, {1000000, 2, 2}, {0, 5, 1}, {-3, 5, 1}, {3, 3, 3},
	} {
		if got := workers(Config{Jobs: c.jobs, Games: c.games}); got != c.want {
			t.Errorf("jobs %d, games %d: %d workers, want %d", c.jobs, c.games, got, c.want)
		}
	}
	base := runtime.NumGoroutine()
	most := 0
	cfg := Config{Game: englishgardens.Game, Seats: []string{"random", "random"}, Games: 2, Seed: 1, Jobs: 1000000,
		Progress: func(done, total int) { most = max(most, runtime.NumGoroutine()) }}
	if _, err := Run(context.Background(), cfg); err != nil {
		t.Fatal(err)
	}
	if most > base+2 {
		t.Errorf("%d goroutines while playing 2 games (%d before)", most, base)
	}
}
