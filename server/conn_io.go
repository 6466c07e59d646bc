package server

import (
	"context"

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
