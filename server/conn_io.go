package server

import (
	"bufio"
	"context"
	"net"
	"sync"

	"github.com/coder/websocket"
)

// A socket of this node reads and writes with a context that is never
// done (ioCtx), and its connection's context closes it once, when
// cancelled (closeOnCancel). coder/websocket registers a context.AfterFunc
// on every Read and Write whose context can be cancelled, and removes it
// after: two registrations a message on the connection's cancellable
// context, with their allocations and its lock, 4-5% of the server's CPU
// at 2,000 tables. What the cancellation did is the same: cancelling the
// context (a slow reader, the socket's end) closes the connection, which
// ends a read or a write stuck on it.

// closeOnCancel closes ws, without a handshake, once ctx is cancelled.
func closeOnCancel(ctx context.Context, ws *websocket.Conn) {
	context.AfterFunc(ctx, func() { ws.CloseNow() })
}

// ioCtx is the context c's reads and writes use: none for a socket of this
// node (serveWS made its context close it), c.ctx for one relayed to or
// from another node (cluster.go), which cancels c.ctx to end them.
func (c *conn) ioCtx() context.Context {
	if c.local() {
		return context.Background()
	}
	return c.ctx
}

// A move's mover gets two messages at once, the acknowledgement and the
// update: sent apart, they were two wake-ups of the socket's drain and two
// system calls. The acknowledgement is held (sendHeld) until the update
// is queued behind it, or until releaseHeld; drain writes a batch of more
// than one message corked (writeBatch): frameJoiner keeps the frames and
// sends them in one write when the batch is done.

// sendHeld queues b for c without waking its drain: the next message sent
// (or releaseHeld) takes it along, in order. A socket of another node's
// (or a relayed one) sends it at once.
func (c *conn) sendHeld(b []byte) {
	if !c.local() {
		c.send(b)
		return
	}
	c.qmu.Lock()
	if c.ending {
		c.qmu.Unlock()
		return
	}
	if len(c.queue) >= c.srv.cfg.Queue {
		c.qmu.Unlock()
		c.slowReader()
		return
	}
	c.queue = append(c.queue, b)
	c.qmu.Unlock()
}

// releaseHeld wakes c's drain for what sendHeld queued, if nothing sent
// since has.
func (c *conn) releaseHeld() {
	if !c.local() {
		return
	}
	c.qmu.Lock()
	defer c.qmu.Unlock()
	if len(c.queue) > 0 && !c.running && !c.ending {
		c.running = true
		go c.drain()
	}
}

// writeBatch writes batch's messages in order (drain), the frames of more
// than one sent in one system call.
func (c *conn) writeBatch(batch [][]byte) error {
	corked := len(batch) > 1 && c.fj != nil && c.fj.cork()
	for i, b := range batch {
		batch[i] = nil
		if err := c.write(b); err != nil {
			if corked {
				c.fj.uncork()
			}
			return err
		}
	}
	if corked {
		return c.fj.uncork()
	}
	return nil
}

// heldBufs are the buffers corked frames wait in.
var heldBufs = sync.Pool{New: func() any { return new([]byte) }}

// cork makes j keep the frames written from now on until uncork; false if
// j passes everything through (its writes did not line up with frames).
func (j *frameJoiner) cork() bool {
	j.hmu.Lock()
	defer j.hmu.Unlock()
	if j.lost || j.held != nil {
		return false
	}
	j.held = heldBufs.Get().(*[]byte)
	return true
}

// hold keeps a and b (b may be nil) if j is corked.
func (j *frameJoiner) hold(a, b []byte) bool {
	j.hmu.Lock()
	defer j.hmu.Unlock()
	if j.held == nil {
		return false
	}
	*j.held = append(append(*j.held, a...), b...)
	return true
}

// uncork writes the frames kept since cork in one write. A frame begun
// and not finished (a ping's, from another goroutine) stays in j's head
// and goes out with its rest.
func (j *frameJoiner) uncork() error {
	j.hmu.Lock()
	defer j.hmu.Unlock()
	h := j.held
	j.held = nil
	var err error
	if len(*h) > 0 {
		_, err = j.Conn.Write(*h)
	}
	if cap(*h) <= 64<<10 { // a big batch's buffer is not kept
		*h = (*h)[:0]
		heldBufs.Put(h)
	}
	return err
}

// joinerHijack is leanHijack telling the caller its frameJoiner.
type joinerHijack struct {
	leanHijack
	fj **frameJoiner
}

func (h joinerHijack) Hijack() (net.Conn, *bufio.ReadWriter, error) {
	nc, brw, err := h.leanHijack.Hijack()
	if j, ok := nc.(*frameJoiner); ok {
		*h.fj = j
	}
	return nc, brw, err
}
