package server

import (
	"bufio"
	"bytes"
	"context"
	"crypto/rand"
	"encoding/base64"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
)

// TestLeanHijack: a WebSocket accepted through leanHijack (128-byte reader,
// 16-byte writer) reads a frame the client sent in the same packet as its
// upgrade request (net/http had buffered it before the hijack), and sends
// messages of every length encoding whole; frameJoiner kept in step with
// the frames (never fell back to passing through).
func TestLeanHijack(t *testing.T) {
	sizes := []int{0, 5, 14, 15, 16, 17, 125, 126, 1000, 65535, 65536, 200000}
	joiners := make(chan *frameJoiner, 1)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		lw := &spyHijack{leanHijack: leanHijack{w}, got: joiners}
		ws, err := websocket.Accept(lw, r, nil)
		if err != nil {
			t.Errorf("accept: %v", err)
			return
		}
		ws.SetReadLimit(1 << 20)
		ctx := context.Background()
		_, b, err := ws.Read(ctx)
		if err != nil {
			t.Errorf("read: %v", err)
			return
		}
		for _, n := range sizes {
			if err := ws.Write(ctx, websocket.MessageText, bytes.Repeat(b[:1], n)); err != nil {
				t.Errorf("write %d: %v", n, err)
				return
			}
		}
		ws.Close(websocket.StatusNormalClosure, "")
	}))
	defer srv.Close()

	// The upgrade request and a first (masked) frame in one write.
	c, err := net.Dial("tcp", strings.TrimPrefix(srv.URL, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	c.SetDeadline(time.Now().Add(20 * time.Second))
	key := make([]byte, 16)
	rand.Read(key)
	var req bytes.Buffer
	req.WriteString("GET / HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\n")
	req.WriteString("Sec-WebSocket-Key: " + base64.StdEncoding.EncodeToString(key) + "\r\n\r\n")
	payload := []byte("xhello")
	mask := []byte{1, 2, 3, 4}
	req.Write([]byte{0x81, 0x80 | byte(len(payload))})
	req.Write(mask)
	for i, b := range payload {
		req.WriteByte(b ^ mask[i%4])
	}
	if _, err := c.Write(req.Bytes()); err != nil {
		t.Fatal(err)
	}
	br := bufio.NewReader(c)
	resp, err := http.ReadResponse(br, nil)
	if err != nil || resp.StatusCode != http.StatusSwitchingProtocols {
		t.Fatalf("upgrade: %v %v", resp, err)
	}
	for _, n := range sizes {
		l, err := readServerFrame(br)
		if err != nil {
			t.Fatalf("frame of %d bytes: %v", n, err)
		}
		if len(l) != n || (n > 0 && (l[0] != 'x' || l[n-1] != 'x')) {
			t.Fatalf("frame: got %d bytes, want %d", len(l), n)
		}
	}
	if j := <-joiners; j.lost {
		t.Error("frameJoiner lost track of the frames")
	}
}

type spyHijack struct {
	leanHijack
	got chan *frameJoiner
}

func (s *spyHijack) Hijack() (net.Conn, *bufio.ReadWriter, error) {
	nc, brw, err := s.leanHijack.Hijack()
	if j, ok := nc.(*frameJoiner); ok {
		s.got <- j
	}
	return nc, brw, err
}

// readServerFrame reads one unmasked, unfragmented text frame.
func readServerFrame(r *bufio.Reader) ([]byte, error) {
	var h [2]byte
	if _, err := io.ReadFull(r, h[:]); err != nil {
		return nil, err
	}
	n := uint64(h[1] & 0x7f)
	switch n {
	case 126:
		var b [2]byte
		if _, err := io.ReadFull(r, b[:]); err != nil {
			return nil, err
		}
		n = uint64(b[0])<<8 | uint64(b[1])
	case 127:
		var b [8]byte
		if _, err := io.ReadFull(r, b[:]); err != nil {
			return nil, err
		}
		n = 0
		for _, x := range b {
			n = n<<8 | uint64(x)
		}
	}
	p := make([]byte, n)
	_, err := io.ReadFull(r, p)
	return p, err
}

// TestSlowReaderSocketIsDropped: a real socket of this node (no writer
// goroutine: drain writes its queue) whose peer stops reading. The table's
// sends never block; once the socket's buffers and its queue are full the
// connection is closed as a slow reader, the stuck write is cancelled, and
// the socket detaches from its table and closes.
func TestSlowReaderSocketIsDropped(t *testing.T) {
	ts := startServer(t, "", Config{Queue: 4})
	tb := &table{srv: ts.Server, inbox: make(chan func(), 16), done: make(chan struct{})}
	conns := make(chan *conn, 1)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ws, err := websocket.Accept(leanHijack{w}, r, nil)
		if err != nil {
			t.Errorf("accept: %v", err)
			return
		}
		ctx, cancel := context.WithCancel(context.Background())
		c := &conn{ws: ws, srv: ts.Server, t: tb, ctx: ctx, cancel: cancel, closedCh: make(chan struct{})}
		c.pinger = time.AfterFunc(time.Hour, c.ping)
		conns <- c
	}))
	defer srv.Close()
	// The peer: it never reads.
	peer, _, err := websocket.Dial(context.Background(), "ws"+strings.TrimPrefix(srv.URL, "http"), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer peer.CloseNow()
	c := <-conns
	if !c.local() {
		t.Fatal("a socket of this node is not written by drain")
	}
	big := bytes.Repeat([]byte("x"), 256<<10)
	sent := make(chan struct{})
	go func() {
		defer close(sent)
		for i := 0; i < 400; i++ { // 100 MB: more than the socket buffers hold
			c.send(big)
			select {
			case <-c.closedCh:
				return
			default:
			}
		}
	}()
	select {
	case <-sent:
	case <-time.After(20 * time.Second):
		t.Fatal("send blocked")
	}
	select {
	case <-c.closedCh:
	default:
		t.Fatal("a peer that does not read was not dropped")
	}
	if !c.slow || c.why != wsClose("slowReader") {
		t.Errorf("closed as %q", c.why)
	}
	// drain ends: it detaches the socket from its table.
	select {
	case f := <-tb.inbox:
		_ = f // detach, on the table's goroutine in a server
	case <-time.After(20 * time.Second):
		t.Fatal("the dropped socket did not detach from its table")
	}
}
