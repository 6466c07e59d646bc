package server

import (
	"time"

	"github.com/jardin-games/jardin/store"
)

// Reminders at async tables: when a quarter of a decision's time is left,
// the person to move gets one e-mail and one webhook call (notify.go),
// whether or not the table is open in one of their tabs (a forgotten tab
// must not hide a deadline).
//
// Once per decision, across restarts: the table's row holds the reminder's
// time (store.Table.Remind) beside its deadline. Every row written with a
// new deadline gets a new reminder (stampRemind); the reminder is cleared
// in the row, durably, before it is handed to the notifier, and a cleared
// reminder is never sent. So a restart never sends one twice, and one due
// while the server was down is sent at the restart (Start resumes live
// tables; loadDue loads an unloaded table whose reminder comes). A graceful
// shutdown delivers the notices already queued; only a crash (kill -9) in
// the moment between the row's commit and the delivery loses that one
// reminder: at most once, never twice. Realtime tables get none.

// remindAt is when the person to move is reminded (zero: no reminder due,
// or it was sent). The row's reminder belongs to the row's deadline; a
// decision whose deadline the row does not hold yet (a table that started
// live, with bots) gets one a quarter of its time before its deadline.
func (t *table) remindAt() time.Time {
	if t.meta.Clock.Mode != clockAsync {
		return time.Time{}
	}
	d := t.deadline()
	if d.IsZero() {
		return time.Time{}
	}
	if d.UnixMilli() == t.meta.Deadline.UnixMilli() {
		return t.meta.Remind
	}
	return d.Add(-t.meta.Clock.PerMove / 4)
}

// armReminder sets the reminder's timer for the current position.
func (t *table) armReminder() {
	t.reminder.Stop()
	if at := t.remindAt(); !at.IsZero() {
		t.reminder.Reset(max(at.Sub(t.srv.now()), 0))
	}
}

// stampRemind gives a table row about to be written the reminder of its
// deadline: a new async deadline gets a new reminder, a quarter of the
// decision's time before it; an unchanged one keeps the reminder the
// caller's copy of the row has (pending, or cleared once sent); no
// deadline, no reminder.
func (t *table) stampRemind(row *store.Table) {
	switch {
	case row.Clock.Mode != clockAsync || row.Deadline.IsZero() || row.Status != store.StatusLive:
		row.Remind = time.Time{}
	case row.Deadline.UnixMilli() != t.meta.Deadline.UnixMilli():
		row.Remind = row.Deadline.Add(-row.Clock.PerMove / 4)
	}
}

// onRemind sends the reminder when it is due: the row says it was sent
// first (the store's write), then the notice is queued. A failed write is
// read back (storeFailed) and the timer set again from the stored row: a
// reminder whose clearing turns out stored after all is not sent.
func (t *table) onRemind() {
	at := t.remindAt()
	if at.IsZero() {
		return
	}
	now := t.srv.now()
	if wait := at.Sub(now); wait > 0 {
		t.reminder.Reset(wait)
		return
	}
	d, p := t.deadline(), t.clockSeat()
	if !now.Before(d) || p < 0 {
		return // out of time: onTimer replaces the seat
	}
	old := t.keep()
	meta := t.meta
	meta.Deadline, meta.Remind = d, time.Time{}
	t.meta.Deadline = d // the row's deadline now: stampRemind keeps the reminder cleared
	if err := t.commitWrite(store.Write{Table: &meta}); err != nil {
		t.restore(old)
		t.storeFailed(nil, nil, err)
		return
	}
	t.meta = meta
	t.srv.notify.remind(t.meta.Seats[p].Identity, t.id, t.game, t.version, d)
}

// catchUpDeadline stores the deadline (and so the reminder) of an async
// table whose row lacks its current decision's: a table that started live
// (bots seated at its creation, a rematch) had no write since. Without it
// such a table, once unloaded, was never loaded again for its deadline nor
// its reminder. It runs when the table is loaded.
func (t *table) catchUpDeadline() {
	if t.meta.Clock.Mode != clockAsync || t.meta.Status != store.StatusLive {
		return
	}
	d := t.deadline()
	if d.IsZero() || d.UnixMilli() == t.meta.Deadline.UnixMilli() {
		return
	}
	meta := t.meta
	meta.Deadline = d
	if err := t.commitWrite(store.Write{Table: &meta}); err != nil {
		t.storeFailed(nil, nil, err) // read back: the table runs on its stored row, as before
		return
	}
	t.meta = meta
}
