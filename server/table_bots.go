package server

// Bots at a table: handing a bot seat's decision to the pool, and its answer.

import (
	"context"
	"time"

	"github.com/jardin-games/jardin/bots"
	"github.com/jardin-games/jardin/engine"
	"github.com/jardin-games/jardin/sim"
)

// notifyTurn tells the person to move at an async table that it is their
// turn (webhook, e-mail), unless they are watching the table.
func (t *table) notifyTurn() {
	p := t.clockSeat()
	if p < 0 || t.meta.Clock.Mode != clockAsync || t.online[p] > 0 {
		return
	}
	t.srv.notify.yourTurn(t.meta.Seats[p].Identity, t.id, t.game, t.version)
}

// startBot hands the decision of bot seat p to the pool, on a copy
// determinized for p: the bot never sees what its seat may not.
func (t *table) startBot(p int) {
	if t.bots[p] == nil {
		kind := t.meta.Seats[p].Bot
		b, err := bots.New(kind, sim.BotSeed(t.meta.Seed, p))
		if err != nil {
			t.srv.log.Error("bot", "table", t.id, "seat", p, "kind", kind, "err", err)
			b, _ = bots.New("greedy", sim.BotSeed(t.meta.Seed, p))
		}
		t.bots[p] = b
	}
	t.botBusy = true
	gen := t.botGen
	job := &botJob{
		table: t, seat: p, gen: gen, bot: t.bots[p], kind: t.meta.Seats[p].Bot,
		state:  t.state.Determinize(p, sim.CopySeed(t.meta.Seed, t.version, p)),
		queued: time.Now(), owner: t.meta.Owner,
		fallbackSeed: engine.DeriveSeed(t.meta.Seed, "timeout", uint64(t.version), uint64(p)),
	}
	t.srv.pool.submit(job)
}

// botMoved is a bot's answer, on the table's goroutine.
func (t *table) botMoved(j *botJob, m engine.Move, err error) {
	t.botBusy = false
	if j.gen != t.botGen || t.botToMove() != j.seat {
		t.afterChange() // the position changed meanwhile (an undo, a reload)
		return
	}
	v, gen := t.version, t.botGen
	if err == nil {
		t.play(nil, j.seat, m, "")
	}
	if t.version != v || t.botGen != gen || t.broken {
		return // played, or its write failed and the table was read back (or unloaded): what comes next has started
	}
	// The bot failed, or its move was refused (a bug): greedy moves for it
	// this once, on the seat's own determinized copy, rather than the table
	// stalling or asking the same bot again and again.
	t.srv.log.Error("bot failed; greedy moves instead", "table", t.id, "seat", j.seat, "kind", j.kind, "err", err)
	g, _ := bots.New("greedy", engine.DeriveSeed(t.meta.Seed, "fallback", uint64(t.version)))
	s := t.state.Determinize(j.seat, engine.DeriveSeed(t.meta.Seed, "fallback.determinize", uint64(t.version), uint64(j.seat)))
	m, err = g.Choose(context.Background(), s)
	if err == nil {
		t.play(nil, j.seat, m, "")
	}
	if t.version == v && t.botGen == gen && !t.broken {
		t.srv.log.Error("greedy failed too; the table waits", "table", t.id, "seat", j.seat, "err", err)
	}
}
