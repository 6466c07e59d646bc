package server

// Clocks: realtime clocks charged at each decision, async deadlines, and
// the timer that hands a seat out of time to a bot.

import (
	"slices"
	"time"

	"github.com/jardin-games/jardin/store"
)

// giveBack: the clock of the seat to move ran from turnAt until the table
// last had an owner (downSince: the server's last heartbeat, or the dead
// owner's last renewal); the time the table had no owner is given back.
func (t *table) giveBack(downSince, now time.Time) {
	if t.remain == nil || downSince.IsZero() || t.meta.Status != store.StatusLive {
		return
	}
	spent := int64(0)
	if downSince.After(t.turnAt) {
		spent = downSince.Sub(t.turnAt).Milliseconds()
	}
	if p := t.clockSeat(); p >= 0 {
		t.remain[p] -= spent
	}
	t.turnAt = now
}

// clockSeat is the seat whose clock runs: a person to move at a live table.
func (t *table) clockSeat() int {
	if t.meta.Status != store.StatusLive {
		return -1
	}
	if p := t.state.ToMove(); t.seatHolder(p) {
		return p
	}
	return -1
}

// deadline is when the seat to move runs out of time (zero: never).
func (t *table) deadline() time.Time {
	p := t.clockSeat()
	if p < 0 {
		return time.Time{}
	}
	switch t.meta.Clock.Mode {
	case clockRealtime:
		d := t.turnAt.Add(time.Duration(t.remain[p]) * time.Millisecond)
		if t.online[p] == 0 && !t.away[p].IsZero() {
			if g := t.away[p].Add(t.srv.cfg.Grace); g.Before(d) {
				d = g
			}
		}
		return d
	case clockAsync:
		return t.turnAt.Add(t.meta.Clock.PerMove)
	}
	return time.Time{}
}

// afterChange starts what the new position needs: the bot to move, the
// clock's timer.
func (t *table) afterChange() {
	if p := t.botToMove(); p >= 0 && !t.botBusy {
		t.startBot(p)
	}
	t.timer.Stop()
	if d := t.deadline(); !d.IsZero() {
		t.timer.Reset(max(d.Sub(t.srv.now()), 0))
	}
	t.armReminder()
}

// onTimer replaces a person out of time (or gone past the grace period of
// a realtime table) by a greedy bot: Board Game Arena's zombie.
func (t *table) onTimer() {
	d := t.deadline()
	if d.IsZero() {
		return
	}
	if wait := d.Sub(t.srv.now()); wait > 0 {
		t.timer.Reset(wait)
		return
	}
	// A failed write is read back; the timer fires again from the stored
	// position.
	t.zombify(t.clockSeat(), t.timerWhy())
}

// deadlineFor is the deadline to store in the row of an async table (other
// tables find theirs again from their clocks after a restart).
func (t *table) deadlineFor(meta store.Table) time.Time {
	if meta.Clock.Mode != clockAsync {
		return time.Time{}
	}
	return t.deadline()
}

// clocksAfter charges the realtime clock of the seat to move in the current
// position for the time since turnAt, plus the increment when it is mover
// and its turn ends with this decision (mover >= 0), and returns every
// seat's clock; it also restarts the turn at now. A move calls it before
// the position changes: the seat that thought pays for it. The clocks are a
// new slice (a memo may hold the old one), which the entry shares: a live
// table's clocks are never changed in place.
func (t *table) clocksAfter(mover int, now time.Time, turnEnds bool) []int64 {
	if t.remain == nil {
		t.turnAt = now
		return nil
	}
	remain := slices.Clone(t.remain)
	if p := t.clockSeat(); p >= 0 {
		remain[p] -= now.Sub(t.turnAt).Milliseconds()
		if p == mover && turnEnds {
			remain[p] += t.meta.Clock.Increment.Milliseconds()
		}
	}
	t.remain, t.turnAt = remain, now
	return remain
}

func (t *table) clockInfo() *clockInfo {
	ci := &clockInfo{Mode: t.meta.Clock.Mode, Running: t.clockSeat()}
	if ci.Mode == "" {
		ci.Mode = clockNone
	}
	if t.remain != nil {
		ci.Remaining = append([]int64(nil), t.remain...)
		if p := ci.Running; p >= 0 {
			ci.Remaining[p] -= t.srv.now().Sub(t.turnAt).Milliseconds()
		}
	}
	if d := t.deadline(); !d.IsZero() {
		ci.Deadline = d.UnixMilli()
	}
	return ci
}
