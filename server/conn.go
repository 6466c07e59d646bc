package server

import (
	"bufio"
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"io"
	"math"
	"net"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/coder/websocket"
	"github.com/jardin-games/jardin/i18n"
	"github.com/jardin-games/jardin/shelltext"
	"github.com/jardin-games/jardin/store"
)

// conn is one WebSocket. Its reader goroutine decodes client messages and
// hands them to the table; its writer goroutine sends what the table queued.
// The table never waits on a socket: send drops a connection whose queue
// is full (a slow reader) instead.
//
// In a cluster a conn is also one of two halves of a socket relayed from
// another node (cluster.go): on the owner, remote is set and send publishes
// to the relaying node; on the relaying node, relay is set, t is nil and
// what the client says is forwarded to the owner.
type conn struct {
	ws       *websocket.Conn
	srv      *Server
	table    string // the table's id
	t        *table // nil on a relaying node
	seat     int    // -1: spectator
	identity string
	lang     string
	out      chan []byte
	ctx      context.Context
	cancel   context.CancelFunc
	once     sync.Once
	why      string // first reason the connection was closed
	code     websocket.StatusCode
	slow     bool          // closed for reading too slowly: nothing more is written
	closedCh chan struct{} // closed when the connection must end
	remote   *remoteSock   // owner side of a relayed socket
	relay    *relaySock    // relaying side
	// bad: a message of this socket was not protocol (set and read on the
	// table's goroutine, which decodes them: conn_read.go).
	bad bool

	// A socket of this node (out nil) has no writer goroutine of its own:
	// what the table sends waits in queue, and a goroutine is started to
	// write it only when there is something to write (drain). An idle
	// socket costs its reader goroutine only: a writer's stack, ticker and
	// 64-slot channel for each of 8,000 sockets were about 40 MB.
	qmu     sync.Mutex
	queue   [][]byte
	running bool        // a drain goroutine is writing
	ending  bool        // closedCh is closed: drain flushes (unless slow) and ends the socket
	pinger  *time.Timer // the next ping

	in *wsInput // the reader's state between messages (conn_input.go)
}

// send queues b without blocking; a full queue closes the connection.
// Called on the table's goroutine.
func (c *conn) send(b []byte) {
	if c.remote != nil {
		c.remote.send(c, b)
		return
	}
	if c.local() {
		if !c.enqueue(b) {
			c.slowReader()
		}
		return
	}
	select {
	case <-c.closedCh:
	case c.out <- b:
	default:
		c.slowReader()
	}
}

// local reports whether c is a WebSocket of this node, written by drain
// (not one relayed to or from another node, which has its own writer).
func (c *conn) local() bool { return c.ws != nil && c.out == nil && c.remote == nil && c.relay == nil }

// slowReader ends a connection whose queue is full.
func (c *conn) slowReader() {
	c.srv.met.slowReaders.Inc()
	c.once.Do(func() {
		c.why, c.code, c.slow = wsClose("slowReader"), websocket.StatusPolicyViolation, true
		close(c.closedCh)
		if c.cancel != nil {
			c.cancel() // unblocks a write stuck on a peer that does not read
		}
		c.wake()
	})
}

// enqueue queues b for a socket of this node, starting its drain if none
// is running; false when the queue is full (cfg.Queue messages). A
// message queued once the connection is ending is dropped, as a full
// channel's select dropped it.
func (c *conn) enqueue(b []byte) bool {
	c.qmu.Lock()
	defer c.qmu.Unlock()
	if c.ending {
		return true
	}
	if len(c.queue) >= c.srv.cfg.Queue {
		return false
	}
	c.queue = append(c.queue, b)
	if !c.running {
		c.running = true
		go c.drain()
	}
	return true
}

// wake tells a socket of this node that closedCh is closed (called once,
// under c.once): its drain flushes what is queued and ends the socket.
func (c *conn) wake() {
	if !c.local() {
		return // a relayed socket's writer goroutine watches closedCh itself
	}
	c.qmu.Lock()
	defer c.qmu.Unlock()
	c.ending = true
	if !c.running {
		c.running = true
		go c.drain()
	}
}

// drain writes what is queued until the queue is empty, then ends; once
// the connection is ending it flushes the queue (not for a slow reader)
// and closes the socket. At most one drain runs for a connection.
func (c *conn) drain() {
	for {
		c.qmu.Lock()
		batch, ending := c.queue, c.ending
		c.queue = nil
		if len(batch) == 0 && !ending {
			c.running = false
			c.qmu.Unlock()
			return
		}
		c.qmu.Unlock()
		if ending && c.slow {
			c.finish()
			return
		}
		for i, b := range batch {
			batch[i] = nil
			if err := c.write(b); err != nil {
				c.closeWith(websocket.StatusGoingAway, wsClose("writeFailed"))
				c.finish()
				return
			}
		}
		if ending {
			c.finish()
			return
		}
	}
}

// finish detaches an ended socket of this node from its table and closes
// it with the reason (drain's goroutine, once).
func (c *conn) finish() {
	c.pinger.Stop()
	code, why := c.code, c.why
	if code == 0 {
		code = websocket.StatusNormalClosure
	}
	c.t.post(func() { c.t.detach(c) })
	if code != websocket.StatusNormalClosure && code != websocket.StatusGoingAway {
		c.srv.log.Info("websocket closed", "table", c.table, "seat", c.seat, "code", int(code), "why", why)
	}
	// A close handshake waits for the peer: on this goroutine, which has
	// nothing else to do.
	c.ws.Close(code, truncate(why, 120))
	c.cancel()
}

// ping checks that the peer of a socket of this node still answers, every
// cfg.Ping (on the timer's goroutine, while the socket is open).
func (c *conn) ping() {
	select {
	case <-c.closedCh:
		return
	default:
	}
	ctx, cancel := context.WithTimeout(c.ctx, c.srv.cfg.Ping)
	err := c.ws.Ping(ctx)
	cancel()
	if err != nil {
		c.closeWith(websocket.StatusGoingAway, wsClose("noPong"))
		return
	}
	c.pinger.Reset(c.srv.cfg.Ping)
}

// reply queues a message of the connection's own (an error, a pong) from
// its reader, without blocking: dropped when the queue is full.
func (c *conn) reply(b []byte) {
	if c.local() {
		c.enqueue(b)
		return
	}
	select {
	case c.out <- b:
	default:
	}
}

// fail closes the connection after telling the client why.
func (c *conn) fail(why string) { c.closeWith(websocket.StatusGoingAway, why) }

func (c *conn) closeWith(code websocket.StatusCode, why string) {
	c.once.Do(func() {
		c.why, c.code = why, code
		close(c.closedCh)
		if c.remote != nil {
			c.remote.closed(c, code, why)
		}
		c.wake()
	})
}

// seatQuery reads what a request for a seat's sight of a table names: a
// version (query parameter name, a whole number; -1 when absent, badID the
// message of a bad one), the seat wanted (?seat=N, -1 a spectator; -2 when
// absent: the seat the identity holds, else a spectator) and the identity
// (none for a visitor). On a bad parameter or a store fault it has answered
// (not "you do not hold that seat": the store could not say) and ok is false.
func (s *Server) seatQuery(w http.ResponseWriter, r *http.Request, name, badID string) (v, want int, ident store.Identity, ok bool) {
	q := r.URL.Query()
	v, want = -1, -2
	if x := q.Get(name); x != "" {
		n, err := strconv.Atoi(x)
		if err != nil || n < 0 {
			s.apiError(w, r, http.StatusBadRequest, shelltext.Errorf(badID))
			return 0, 0, ident, false
		}
		v = n
	}
	if x := q.Get("seat"); x != "" {
		n, err := strconv.Atoi(x)
		if err != nil || n < -1 {
			s.apiError(w, r, http.StatusBadRequest, shelltext.Errorf("err.seatParam"))
			return 0, 0, ident, false
		}
		want = n
	}
	ident, err := s.maybeIdentify(r)
	if err != nil {
		s.answerErr(w, r, err)
		return 0, 0, ident, false
	}
	return v, want, ident, true
}

// serveWS upgrades a request to a table's WebSocket:
// /ws/tables/{id}?seat=N&since=V&lang=en|fr.
func (s *Server) serveWS(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	// The socket's language: its ?lang=, else the page's (lang.go). The
	// games' words fall back to English in a language they lack.
	lang := requestLang(r)
	since, wantSeat, ident, ok := s.seatQuery(w, r, "since", "err.since")
	if !ok {
		return
	}
	if !s.dailyGuard(w, r, id, ident.ID, false) {
		return // a daily deal is its player's until the day is over
	}
	// The seat is decided before the upgrade, so that a refused seat is a
	// plain HTTP error.
	var t *table
	seat := -1
	var seatErr error
	if s.node != nil {
		// The table may live on another node: relay this socket to it.
		tt, owner, err := s.open(r.Context(), id, false)
		if err != nil {
			s.answerErr(w, r, err)
			return
		}
		if tt == nil {
			s.relayWS(w, r, id, owner, ident.ID, lang, wantSeat, since)
			return
		}
	}
	if err := s.withTable(r.Context(), id, func(tt *table) {
		t = tt
		seat, seatErr = t.seatFor(ident.ID, wantSeat)
	}); err != nil {
		s.answerErr(w, r, err)
		return
	}
	if seatErr != nil {
		s.apiError(w, r, http.StatusForbidden, seatErr)
		return
	}
	if seat >= 0 {
		s.followLang(r, ident, lang)
	}
	in := &wsInput{}
	ws, err := websocket.Accept(inputHijack{leanHijack{w}, in}, r, &websocket.AcceptOptions{OriginPatterns: s.cfg.Origins})
	if err != nil {
		// Accept has answered (403 for a foreign origin, 426, …).
		s.log.Info("websocket refused", "table", id, "err", err)
		return
	}
	ws.SetReadLimit(int64(s.cfg.MaxFrame))
	ctx, cancel := context.WithCancel(context.Background())
	c := &conn{ws: ws, srv: s, table: id, t: t, seat: seat, identity: ident.ID, lang: lang,
		ctx: ctx, cancel: cancel, closedCh: make(chan struct{}), in: in}
	closeOnCancel(ctx, ws) // conn_io.go: reads and writes then need no context of their own
	// The timer exists before the table can end the connection (finish
	// stops it); it fires a ping every cfg.Ping.
	c.pinger = time.AfterFunc(time.Duration(math.MaxInt64), c.ping)
	c.pinger.Reset(s.cfg.Ping) // after the assignment, which ping reads
	if err := t.do(func() { t.attach(c, since) }); err != nil {
		c.pinger.Stop()
		ws.Close(websocket.StatusTryAgainLater, wsClose("unloaded"))
		cancel()
		return
	}
	// The handler returns: the hijacked socket needs neither the request
	// (its headers, context and goroutine stayed alive as long as the
	// socket did, a third of the live heap the collector marks under load)
	// nor the HTTP server. Its writes are drain's, started when the table
	// sends something.
	go c.reader()
}

// seatFor is the seat a socket of identity gets: want (-1: spectator, -2:
// the seat the identity holds, else spectator).
func (t *table) seatFor(identity string, want int) (int, error) {
	held := -1
	for i, st := range t.meta.Seats {
		// a seat handed to a bot (its holder left or ran out of time) is
		// no longer its holder's: she watches as a spectator
		if identity != "" && st.Identity == identity && !st.Zombie && (want < 0 || want == i) {
			held = i
			break
		}
	}
	switch {
	case want >= 0 && held != want:
		return -1, shelltext.Errorf("err.notYourSeat")
	case want == -1:
		return -1, nil
	}
	return held, nil
}

// writer sends queued messages and pings, until the connection ends; then
// it closes the socket with the reason and detaches from the table. Only
// the sockets a node relays to another (cluster.go) have one; a socket of
// this node is written by drain.
func (c *conn) writer() {
	srv := c.srv
	ping := time.NewTicker(srv.cfg.Ping)
	defer ping.Stop()
	defer func() {
		code, why := c.code, c.why
		if code == 0 {
			code = websocket.StatusNormalClosure
		}
		if c.relay != nil {
			srv.relayClosed(c)
		} else {
			c.t.post(func() { c.t.detach(c) })
		}
		if code != websocket.StatusNormalClosure && code != websocket.StatusGoingAway {
			srv.log.Info("websocket closed", "table", c.table, "seat", c.seat, "code", int(code), "why", why)
		}
		go func() {
			// A close handshake waits for the peer; never on the way of
			// anything else.
			c.ws.Close(code, truncate(why, 120))
			c.cancel()
		}()
	}()
	for {
		select {
		case <-c.closedCh:
			// Flush what is queued when the end is orderly (an error
			// message), not for a slow reader.
			if !c.slow {
				for {
					select {
					case b := <-c.out:
						if c.write(b) != nil {
							return
						}
					default:
						return
					}
				}
			}
			return
		case b := <-c.out:
			if err := c.write(b); err != nil {
				c.closeWith(websocket.StatusGoingAway, wsClose("writeFailed"))
				return
			}
		case <-ping.C:
			ctx, cancel := context.WithTimeout(c.ctx, srv.cfg.Ping)
			err := c.ws.Ping(ctx)
			cancel()
			if err != nil {
				c.closeWith(websocket.StatusGoingAway, wsClose("noPong"))
				return
			}
		}
	}
}

// write sends one message. It has no timer of its own (a context with a
// timeout per message was 7% of the server's CPU under load): a peer that
// stops reading blocks only this writer until its queue fills, and then
// send cancels c.ctx, which ends the write.
func (c *conn) write(b []byte) error {
	return c.ws.Write(c.ioCtx(), websocket.MessageText, b)
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n]
}

// reader reads client messages. A message that is not valid protocol
// closes this socket with an error message saying why; nothing else is
// touched.
//
// The reader of a socket of this node does as little as it can on its own
// stack: it reads a frame, counts it against the rate and hands its bytes
// to the table, whose goroutine decodes and applies it (conn_read.go).
// Between messages it waits in a shallow call, and a fresh goroutine takes
// over after each message (conn_input.go), at the runtime's starting stack
// (2 KB once the readers wait shallow): decoding JSON needs 4 KB of stack
// and more, which the table's goroutine has grown already, where each
// fresh reader would grow its own again (a stack copy a message). A
// relaying node's reader (no table here) still decodes what it forwards.
func (c *conn) reader() {
	srv := c.srv
	if c.in == nil {
		c.in = &wsInput{} // a relayed socket's: it waits in Read
	}
	in := c.in
	if !in.started {
		in.started, in.bucket, in.last = true, float64(srv.cfg.Burst), time.Now()
	}
	for read := false; ; read = true {
		if read && c.handOver() {
			return
		}
		in.await()
		typ, b, err := c.read()
		if err != nil {
			switch {
			case errors.Is(err, errIdle):
				continue // only a pong or a ping came: wait shallowly again
			case errors.Is(err, websocket.ErrMessageTooBig):
				c.refuse(websocket.StatusMessageTooBig, wsErr("tooBig", i18n.N("max", srv.cfg.MaxFrame)))
			default:
				c.closeWith(websocket.StatusNormalClosure, "")
			}
			return
		}
		now := time.Now()
		in.bucket = min(in.bucket+now.Sub(in.last).Seconds()*srv.cfg.Rate, float64(srv.cfg.Burst))
		in.last = now
		if in.bucket < 1 {
			c.refuse(websocket.StatusUnsupportedData, wsErr("tooMany", i18n.S("rate", strconv.FormatFloat(srv.cfg.Rate, 'f', -1, 64))))
			return
		}
		in.bucket--
		if typ != websocket.MessageText {
			c.refuse(websocket.StatusUnsupportedData, wsErr("binary"))
			return
		}
		if c.relay == nil {
			if !c.pass(b, now) {
				return
			}
			continue
		}
		m, err := decodeClient(b)
		if err != nil {
			c.refuse(websocket.StatusUnsupportedData, err)
			return
		}
		if m.T != msgPing {
			if !c.forward(b) {
				return
			}
			continue
		}
		if !c.handle(m) {
			return
		}
	}
}

// handle passes one decoded message to the table; false ends the reader.
// (A relayed socket's messages, decoded by the node that relays them.)
func (c *conn) handle(m clientMsg) bool {
	if m.T == msgPing {
		c.reply(mustJSON(pongMsg{T: outPong, ID: m.ID}))
		return true
	}
	t, t0 := c.t, time.Now()
	if !t.post(func() { t.apply(c, m, t0) }) {
		c.fail(wsClose("unloaded"))
		return false
	}
	return true
}

// apply runs one client message on the table's goroutine; t0 is when it
// was read off the socket.
func (t *table) apply(c *conn, m clientMsg, t0 time.Time) {
	switch m.T {
	case msgPing:
		c.reply(mustJSON(pongMsg{T: outPong, ID: m.ID}))
	case msgMove, msgUndo:
		t.submit(c, request{seat: c.seat, v: *m.V, client: m.ID, index: m.I, nota: m.N, undo: m.T == msgUndo})
		if m.T == msgMove {
			t.srv.met.moveLatency.Observe(time.Since(t0).Seconds())
		}
	case msgChat:
		t.chat(c, m.ID, m.Text)
	case msgSync:
		t.sendSync(c, -1)
	case msgLeave:
		if err := t.leave(c.seat); err != nil {
			c.send(mustJSON(refusedMsg{T: outRefused, V: t.version, Reason: refSeat, Message: t.shownIn(err, c.lang)}))
		}
	case msgRematch:
		// Any seat the person held, replaced by a bot or not (a player
		// who resigned watches, and may still offer a rematch).
		seat := -1
		if c.identity != "" {
			seat = t.rematchSeat(c.identity)
		}
		if seat < 0 {
			c.send(mustJSON(refusedMsg{T: outRefused, V: t.version, Reason: refSeat, Message: say(c.lang, "err.rematchPlayers")}))
			return
		}
		if _, err := t.rematch(context.Background(), seat); err != nil {
			c.send(mustJSON(refusedMsg{T: outRefused, V: t.version, Reason: refOver, Message: t.shownIn(err, c.lang)}))
		}
	}
}

// The buffers a WebSocket keeps. After the hijack, coder/websocket reads
// and writes through the *bufio.ReadWriter net/http hands over: its 4 KB
// reader and a new 4 KB writer, 8 KB a socket for as long as it lives (at
// 2,000 tables with 8,000 sockets, 64 MB: a third of the live heap). A
// client's frames are a few dozen bytes (a move, a ping), so a small reader
// serves them in one read; the writer is tiny and frameJoiner sends each
// frame in one system call all the same.
const (
	wsReadBuf  = 128 // a move, a ping or a sync whole (a longer chat line: one read more)
	wsWriteBuf = 16  // holds a frame's header (at most 14 bytes) and the first bytes of its payload
)

// leanHijack is the ResponseWriter handed to websocket.Accept: its Hijack
// returns small buffers instead of net/http's.
type leanHijack struct{ http.ResponseWriter }

func (w leanHijack) Hijack() (net.Conn, *bufio.ReadWriter, error) {
	nc, brw, err := http.NewResponseController(w.ResponseWriter).Hijack()
	if err != nil {
		return nil, nil, err
	}
	// Bytes the client sent after its request (a first frame) may already
	// sit in net/http's reader: the new reader starts with them, buffered.
	var src io.Reader = nc
	n := brw.Reader.Buffered()
	if n > 0 {
		b, _ := brw.Reader.Peek(n)
		src = io.MultiReader(bytes.NewReader(bytes.Clone(b)), nc)
	}
	br := bufio.NewReaderSize(src, max(wsReadBuf, n))
	if n > 0 {
		if _, err := br.Peek(n); err != nil {
			nc.Close()
			return nil, nil, err
		}
	}
	// Anything written to net/http's writer before the hijack (the 101
	// response) was flushed by it; the new writer starts empty.
	j := &frameJoiner{Conn: nc}
	return j, bufio.NewReadWriter(br, bufio.NewWriterSize(j, wsWriteBuf)), nil
}

// frameJoiner is the socket under the tiny write buffer. coder/websocket
// writes a frame's header into the buffer, then its payload, then flushes:
// a frame longer than the buffer reaches the socket as two writes, the
// buffer's first bytes, then the rest of the payload directly. frameJoiner
// reads the frame's length from its header, keeps those first bytes and
// sends them with the rest in one writev, so a message still costs one
// system call and one packet. It never reorders or drops a byte: should the
// writes ever not line up with frames as expected, it passes everything
// through from then on.
type frameJoiner struct {
	net.Conn
	head [wsWriteBuf]byte
	n    int  // bytes held in head: the start of a frame
	rest int  // bytes of that frame still to come
	lost bool // the writes did not line up with frames: pass through
	bufs [2][]byte
}

func (j *frameJoiner) Write(p []byte) (int, error) {
	if j.n == 0 {
		if !j.lost {
			switch l, ok := frameLen(p); {
			case ok && l > len(p) && len(p) <= len(j.head):
				j.n, j.rest = copy(j.head[:], p), l-len(p)
				return len(p), nil
			case !ok || l != len(p):
				j.lost = true
			}
		}
		return j.Conn.Write(p)
	}
	if len(p) != j.rest {
		j.lost = true
	}
	head := j.n
	j.n, j.rest = 0, 0
	j.bufs = [2][]byte{j.head[:head], p}
	bufs := net.Buffers(j.bufs[:])
	w, err := bufs.WriteTo(j.Conn)
	j.bufs = [2][]byte{} // p is the caller's
	return int(max(0, min(w-int64(head), int64(len(p))))), err
}

// frameLen is the length of the WebSocket frame p starts with, header and
// payload (RFC 6455 section 5.2); ok false when p is too short to say.
func frameLen(p []byte) (l int, ok bool) {
	if len(p) < 2 {
		return 0, false
	}
	n, h := uint64(p[1]&0x7f), 2
	switch n {
	case 126:
		if len(p) < 4 {
			return 0, false
		}
		n, h = uint64(binary.BigEndian.Uint16(p[2:])), 4
	case 127:
		if len(p) < 10 {
			return 0, false
		}
		n, h = binary.BigEndian.Uint64(p[2:]), 10
		if n > 1<<40 {
			return 0, false
		}
	}
	if p[1]&0x80 != 0 {
		h += 4 // a masking key (clients' frames only)
	}
	return h + int(n), true
}
