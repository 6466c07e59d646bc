package server

import "time"

// pass decodes one client message, read at t0, and hands it to the table,
// whose goroutine applies it (apply) in the order the reader read them;
// false ends the reader (a message that is not protocol, or the table has
// stopped).
//
// The decoding happens on the reader's goroutine: a reader ends after each
// message (conn_input.go), so the stack decoding grows is given back at
// once, where it grew the table's goroutine for as long as the table was
// loaded. A message that is not protocol closes the socket saying why, on
// the table's goroutine after the messages read before it; the reader
// stops there, so nothing read after it is touched.
func (c *conn) pass(b []byte, t0 time.Time) bool {
	t := c.t
	m, err := decodeClient(b)
	if err != nil {
		why := err.Error()
		if t.post(func() { c.protocolError(why) }) {
			return false
		}
	} else if t.post(func() { t.apply(c, m, t0) }) {
		return true
	}
	c.fail("table unloaded; reconnect")
	return false
}
