package server

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/jardin-games/jardin/bots"
	"github.com/jardin-games/jardin/engine"
	"github.com/jardin-games/jardin/games"
)

// slowBot thinks until its budget is spent, as a strong search does.
type slowBot struct{ bots.Bot }

func (slowBot) Choose(ctx context.Context, s engine.State) (engine.Move, error) {
	<-ctx.Done()
	return 0, ctx.Err()
}

// One identity's many expert bots do not starve another's table: the
// workers go round the owners and no owner holds more than half of them,
// so the other's decision starts within its own budget, not after the
// hog's queue (8–26 s before).
func TestBotPoolFairBetweenOwners(t *testing.T) {
	ts := startServer(t, "", Config{SearchBots: 2, BotBudget: 100 * time.Millisecond})
	p := ts.pool
	g, _ := games.Registry().Lookup("happy-garden")
	s, _ := g.New(2, 1, nil)
	var mu sync.Mutex
	started := map[string][]time.Time{}
	tb := &table{inbox: make(chan func(), 1000), done: make(chan struct{})}
	go func() {
		for f := range tb.inbox {
			_ = f // the answers are not played: the test watches the queue
		}
	}()
	submit := func(owner, kind string) {
		p.submit(&botJob{table: tb, kind: kind, owner: owner, state: s.Clone(), queued: time.Now(),
			bot: recordStart{slowBot{}, func() {
				mu.Lock()
				started[owner] = append(started[owner], time.Now())
				mu.Unlock()
			}}})
	}
	for range 30 {
		submit("hog", "ismcts:expert")
	}
	time.Sleep(50 * time.Millisecond)
	t0 := time.Now()
	submit("ann", "ismcts:easy")
	deadline := time.Now().Add(5 * time.Second)
	for {
		mu.Lock()
		n := len(started["ann"])
		mu.Unlock()
		if n > 0 || time.Now().After(deadline) {
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
	mu.Lock()
	defer mu.Unlock()
	if len(started["ann"]) == 0 {
		t.Fatal("another owner's decision never started behind the hog's 30")
	}
	wait := started["ann"][0].Sub(t0)
	if wait > p.budget("ismcts:easy") {
		t.Fatalf("another owner's easy bot waited %v, more than its budget %v", wait, p.budget("ismcts:easy"))
	}
	t.Logf("behind 30 queued expert decisions of another owner, an easy decision started after %v (budget %v)", wait, p.budget("ismcts:easy"))
}

// recordStart notes when a bot starts thinking.
type recordStart struct {
	bots.Bot
	at func()
}

func (r recordStart) Choose(ctx context.Context, s engine.State) (engine.Move, error) {
	r.at()
	return r.Bot.Choose(ctx, s)
}

func (r recordStart) Name() string { return "test" }
