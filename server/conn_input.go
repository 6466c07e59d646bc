package server

import (
	"bufio"
	"errors"
	"io"
	"net"
	"sync/atomic"
	"syscall"
	"time"
)

// A socket's reader between two messages (issue 24, stop 34).
//
// A goroutine blocked in coder/websocket's Read sits under a dozen frames
// (the frame header's bufio read, net.Conn.Read, the poller): a 4 KB stack
// for each of 8,000 sockets at 2,000 tables, and a goroutine keeps the
// stack it grew (the runtime halves a stack only when less than a quarter
// of it is in use, which a parked 4 KB goroutine never is). So the reader
// waits for the client's next bytes in a shallow call instead
// (wsInput.await: the poller, through the socket's raw descriptor, until a
// peek sees a byte), and after a message a fresh goroutine takes over the
// waiting with the runtime's starting stack, while the one whose stack grew
// ends. A message's order is kept: one goroutine reads a socket at a time,
// and the next starts only once the last message was handed to the table.
//
// coder/websocket's Read answers pings and takes pongs on its way to the
// next data message, and would then wait for that message deep in its
// stack: after every answered ping (each socket's, every cfg.Ping) until
// the client next spoke, half the readers under load. The socket's bytes
// pass through inFrames on their way to the read buffer, which follows the
// client's frames; when the library asks for more bytes right after a
// control frame, between messages, with none arrived, inFrames says
// errIdle instead of waiting. The library has then consumed no byte of a
// next frame and holds no partial message: its Read returns the error with
// the connection intact, and the reader goes back to waiting shallowly.
// TestReaderWaitsShallowAfterAPong checks it against the library in use.

// errIdle: the client has sent nothing after a control frame (inFrames).
var errIdle = errors.New("nothing more from the client yet")

// wsInput is what a socket's reader keeps between messages: the message
// rate's bucket, and the socket's read buffer and raw descriptor (raw nil
// for a socket whose bytes are not the descriptor's: TLS, or a test's
// pipe; its reader then waits in Read).
type wsInput struct {
	started bool
	bucket  float64 // messages the client may still send at once
	last    time.Time
	br      *bufio.Reader
	raw     syscall.RawConn
	reading atomic.Bool // the reader is in Read (not a close handshake)
	peek    [1]byte
	frames  inFrames // the socket's bytes on their way to br
}

// handOver ends the calling reader in favour of a fresh one when the
// client has sent nothing more yet; false: read on in this goroutine.
func (c *conn) handOver() bool {
	in := c.in
	if in.raw == nil || in.br.Buffered() > 0 {
		return false
	}
	go c.reader()
	return true
}

// inFrames is the socket's byte stream under its read buffer: it follows
// the client's frames (RFC 6455 section 5.2: a client's are masked) to
// know, when asked for more bytes, whether the bytes so far end a control
// frame outside any fragmented message.
type inFrames struct {
	r    io.Reader
	in   *wsInput
	head [14]byte // the current frame's header so far
	hn   int      // its bytes in head
	left int64    // payload bytes of the current frame still to come
	ctl  bool     // the last frame ended is a control frame
	frag bool     // inside a fragmented data message
}

func (f *inFrames) Read(p []byte) (int, error) {
	if f.hn == 0 && f.left == 0 && f.ctl && !f.frag && f.in.reading.Load() && !f.in.pending() {
		return 0, errIdle
	}
	n, err := f.r.Read(p)
	f.follow(p[:n])
	return n, err
}

// follow reads the frames' boundaries in b, the next bytes of the stream.
func (f *inFrames) follow(b []byte) {
	for len(b) > 0 {
		if f.left > 0 {
			k := int(min(f.left, int64(len(b))))
			b, f.left = b[k:], f.left-int64(k)
			if f.left == 0 {
				f.ended()
			}
			continue
		}
		f.head[f.hn] = b[0]
		f.hn++
		b = b[1:]
		if f.hn < 2 {
			continue
		}
		need := 2
		switch f.head[1] & 0x7f {
		case 126:
			need += 2
		case 127:
			need += 8
		}
		if f.head[1]&0x80 != 0 {
			need += 4
		}
		if f.hn < need {
			continue
		}
		var l int64
		switch n := f.head[1] & 0x7f; n {
		case 126:
			l = int64(f.head[2])<<8 | int64(f.head[3])
		case 127:
			for _, x := range f.head[2:10] {
				l = l<<8 | int64(x)
			}
			if l < 0 {
				l = 1<<63 - 1 // the library refuses it; never idle after it
			}
		default:
			l = int64(n)
		}
		f.left = l // the header stays in head until the payload has passed
		if l == 0 {
			f.ended()
		}
	}
}

// ended: the current frame's last byte has passed.
func (f *inFrames) ended() {
	op := f.head[0] & 0x0f
	f.ctl = op >= 8
	if !f.ctl {
		f.frag = f.head[0]&0x80 == 0 // a data frame without FIN: more to come
	}
	f.hn = 0
}

// inputHijack is leanHijack passing the socket's bytes through inFrames
// and recording the socket's read buffer and raw descriptor.
type inputHijack struct {
	leanHijack
	in *wsInput
}

func (h inputHijack) Hijack() (net.Conn, *bufio.ReadWriter, error) {
	nc, brw, err := h.leanHijack.Hijack()
	if err != nil {
		return nc, brw, err
	}
	// coder/websocket reads the bytes already buffered, then the returned
	// connection's: those pass through inFrames once, here.
	f := &h.in.frames
	f.r, f.in = nc, h.in
	b, _ := brw.Reader.Peek(brw.Reader.Buffered())
	f.follow(b)
	h.in.br = brw.Reader
	if j, ok := nc.(*frameJoiner); ok {
		if tc, ok := j.Conn.(*net.TCPConn); ok {
			if raw, err := tc.SyscallConn(); err == nil {
				h.in.raw = raw
			}
		}
	}
	return inConn{nc, f}, brw, nil
}

// inConn is the hijacked connection whose reads pass through inFrames
// (its writes and Close are the connection's own).
type inConn struct {
	net.Conn
	f *inFrames
}

func (c inConn) Read(p []byte) (int, error) { return c.f.Read(p) }
