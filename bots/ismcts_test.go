package bots_test

import (
	"context"
	"testing"
	"time"

	"github.com/jardin-games/jardin/bots"
	"github.com/jardin-games/jardin/games"
)

func TestISMCTSParse(t *testing.T) {
	for _, ok := range []string{"ismcts", "ismcts:500", "ismcts:200ms", "ismcts:hard", "ismcts:2000:j2", "ismcts:100:r-1:c0.5:w1"} {
		if _, err := bots.New(ok, 1); err != nil {
			t.Errorf("%s: %v", ok, err)
		}
	}
	for _, bad := range []string{"ismcts:", "ismcts:0", "ismcts:-5s", "ismcts:j0", "ismcts:fast", "ismcts:r-2"} {
		if _, err := bots.New(bad, 1); err == nil {
			t.Errorf("%s accepted", bad)
		}
	}
}

// The same seed and iteration budget give the same move; a time budget is
// honoured; a cancelled context stops the search.
func TestISMCTSDeterministicAndBudgets(t *testing.T) {
	g, _ := games.Registry().Lookup("english-gardens")
	s, _ := g.New(3, 4, nil)
	pick := func(kind string) string {
		b, err := bots.New(kind, 9)
		if err != nil {
			t.Fatal(err)
		}
		m, err := b.Choose(context.Background(), s.Clone())
		if err != nil {
			t.Fatal(err)
		}
		return s.FormatMove(m)
	}
	if a, b := pick("ismcts:3000"), pick("ismcts:3000"); a != b {
		t.Errorf("same seed and budget: %s then %s", a, b)
	}
	if a, b := pick("ismcts:3000:j2"), pick("ismcts:3000:j2"); a != b {
		t.Errorf("two trees: %s then %s", a, b)
	}
	start := time.Now()
	pick("ismcts:100ms")
	if el := time.Since(start); el > 2*time.Second {
		t.Errorf("100ms budget took %v", el)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	b, _ := bots.New("ismcts:1000000", 1)
	if _, err := b.Choose(ctx, s.Clone()); err == nil {
		t.Error("cancelled search returned a move")
	}
}

// BenchmarkISMCTS measures iterations per second at the start of a
// 3-player english-gardens game (issue 7: at least 10,000 per core).
func BenchmarkISMCTS(b *testing.B) {
	g, _ := games.Registry().Lookup("english-gardens")
	s, _ := g.New(3, 1, nil)
	bot, _ := bots.New("ismcts:1000", 1)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := bot.Choose(context.Background(), s.Clone()); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N*1000)/b.Elapsed().Seconds(), "iterations/s")
}
