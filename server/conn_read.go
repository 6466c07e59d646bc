package server

import "time"

// pass hands the bytes of one client message, read at t0, to the table,
// whose goroutine decodes them (receive); false ends the reader (the table
// has stopped).
func (c *conn) pass(b []byte, t0 time.Time) bool {
	t := c.t
	if !t.post(func() { t.receive(c, b, t0) }) {
		c.fail("table unloaded; reconnect")
		return false
	}
	return true
}

// receive decodes and applies one message of c's client, on the table's
// goroutine, in the order the reader read them. A message that is not
// protocol closes the socket saying why, and what its reader passed after
// it is dropped unread: nothing else is touched, as when the reader
// stopped at the bad message.
func (t *table) receive(c *conn, b []byte, t0 time.Time) {
	if c.bad {
		return
	}
	m, err := decodeClient(b)
	if err != nil {
		c.bad = true
		c.protocolError(err.Error())
		return
	}
	t.apply(c, m, t0)
}
