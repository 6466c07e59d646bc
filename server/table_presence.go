package server

// Presence: the connections of a table, who is online, the spectators.

import "time"

// attach adds a connection and sends its first sync.
func (t *table) attach(c *conn, since int) {
	t.conns[c] = struct{}{}
	if c.seat >= 0 {
		t.online[c.seat]++
		t.away[c.seat] = time.Time{}
	} else {
		t.watchers++
	}
	if c.remote == nil { // a relayed socket is counted on the node that holds it
		t.srv.met.sockets.Inc()
	}
	t.sendSync(c, since)
	// Only a seat coming online is news for everyone at once.
	if c.seat >= 0 && t.online[c.seat] == 1 {
		t.presence()
	} else if c.seat < 0 {
		t.watchersChanged()
	}
	t.afterChange()
}

func (t *table) detach(c *conn) {
	if _, ok := t.conns[c]; !ok {
		return
	}
	delete(t.conns, c)
	if c.remote == nil {
		t.srv.met.sockets.Dec()
	}
	if c.seat >= 0 {
		t.online[c.seat]--
		if t.online[c.seat] == 0 {
			delete(t.views, c.seat) // a seat coming back gets a sync
			t.away[c.seat] = t.srv.now()
			t.presence()
		}
	} else {
		t.watchers--
		if t.watchers == 0 {
			delete(t.views, -1)
		}
		t.watchersChanged()
	}
	t.idle = t.srv.now()
	t.afterChange()
}

// watchersChanged sends the spectators' count a second from now, once for
// all the comings and goings of that second: 2,000 spectators opening a
// table made 444,407 presence messages before, and slow-reader drops.
func (t *table) watchersChanged() {
	if t.watchPending {
		return
	}
	t.watchPending = true
	time.AfterFunc(time.Second, func() {
		t.post(func() {
			t.watchPending = false
			t.presence()
		})
	})
}

func (t *table) presence() {
	b := mustJSON(presenceMsg{T: outPresence, V: t.version, Seats: t.seatInfos(), Watching: t.watchers})
	for c := range t.conns {
		c.send(b)
	}
}
