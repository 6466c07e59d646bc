package server

import (
	"bytes"
	"context"
	"encoding/binary"
	"testing"
	"time"

	"github.com/coder/websocket"
)

// TestReaderWaitsShallowAfterAPong: the server pings its sockets (here
// every 100 ms); after each pong a socket's reader goes back to waiting in
// the poller (wsInput.await) instead of staying in coder/websocket's Read
// until the client next speaks, and the socket is intact: its pings are
// still answered (a lost pong closes it), and a message, even one
// fragmented around a ping, is read whole and in order afterwards.
func TestReaderWaitsShallowAfterAPong(t *testing.T) {
	ts := startServer(t, "", Config{Ping: 100 * time.Millisecond})
	ann, bob, tb := twoSeats(t, ts, "english-gardens")
	sb := bob.dial(tb.ID, "")
	sb.next(outSync)
	s := ann.dial(tb.ID, "")
	v := num(s.next(outSync), "v")

	// Pings answered for a while; then no reader is in Read.
	inRead := func() (n, conns int) {
		if err := ts.withTable(context.Background(), tb.ID, func(tt *table) {
			for c := range tt.conns {
				conns++
				if c.in.reading.Load() {
					n++
				}
			}
		}); err != nil {
			t.Fatal(err)
		}
		return n, conns
	}
	deadline := time.Now().Add(10 * time.Second)
	for {
		time.Sleep(350 * time.Millisecond) // three pings each
		n, conns := inRead()
		if conns != 2 {
			t.Fatalf("%d sockets at the table, want 2", conns)
		}
		if n == 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d of the 2 readers still in Read after their pings were answered", n)
		}
	}

	// A message fragmented around a ping of the client's: read whole.
	ctx := context.Background()
	w, err := s.ws.Writer(ctx, websocket.MessageText)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := w.Write([]byte(`{"t":"ping",`)); err != nil {
		t.Fatal(err)
	}
	pctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	err = s.ws.Ping(pctx) // the server answers it between the fragments
	cancel()
	if err != nil {
		t.Fatalf("the client's ping between two fragments: %v", err)
	}
	if _, err := w.Write([]byte(`"id":"frag"}`)); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	if m := s.next(outPong); str(m, "id") != "frag" {
		t.Errorf("pong %q, want frag", str(m, "id"))
	}
	s.send(map[string]any{"t": "move", "v": v, "id": "after", "i": 0})
	if m := s.next(outAck); str(m, "id") != "after" {
		t.Errorf("ack %q, want after", str(m, "id"))
	}
	if m := sb.next(outUpdate); num(m, "v") != v+1 {
		t.Errorf("Bob's update is version %d, want %d", num(m, "v"), v+1)
	}
	time.Sleep(350 * time.Millisecond) // more pings: still answered
	s.send(map[string]any{"t": "ping", "id": "last"})
	if m := s.next(outPong); str(m, "id") != "last" {
		t.Errorf("pong %q, want last", str(m, "id"))
	}
}

// clientFrame is a masked frame as a client sends it.
func clientFrame(fin bool, op byte, payload []byte) []byte {
	var b bytes.Buffer
	h := op
	if fin {
		h |= 0x80
	}
	b.WriteByte(h)
	switch n := len(payload); {
	case n < 126:
		b.WriteByte(0x80 | byte(n))
	case n < 1<<16:
		b.WriteByte(0x80 | 126)
		b.Write(binary.BigEndian.AppendUint16(nil, uint16(n)))
	default:
		b.WriteByte(0x80 | 127)
		b.Write(binary.BigEndian.AppendUint64(nil, uint64(n)))
	}
	b.Write([]byte{1, 2, 3, 4}) // the masking key: inFrames does not unmask
	b.Write(payload)
	return b.Bytes()
}

// TestInFramesFollowsTheFrames: fed a client's stream in pieces of every
// size, inFrames finds each frame's end where it is, whatever its length's
// encoding, and says after each whether a control frame ended outside a
// fragmented message.
func TestInFramesFollowsTheFrames(t *testing.T) {
	type frame struct {
		fin  bool
		op   byte
		size int
	}
	frames := []frame{
		{true, 1, 40}, {true, 0xA, 0}, {true, 0xA, 8}, {false, 1, 125}, {true, 9, 3},
		{false, 0, 126}, {true, 0xA, 125}, {true, 0, 300}, {true, 0xA, 4}, {true, 2, 65535},
		{true, 1, 65536}, {true, 9, 0}, {true, 1, 0},
	}
	var stream []byte
	var ends []int
	for i, f := range frames {
		stream = append(stream, clientFrame(f.fin, f.op, bytes.Repeat([]byte{byte(i)}, f.size))...)
		ends = append(ends, len(stream))
	}
	for _, piece := range []int{1, 2, 3, 5, 7, 13, 14, 127, 1000, len(stream)} {
		f := &inFrames{}
		fi := 0
		frag := false
		for at := 0; at < len(stream); {
			k := min(piece, len(stream)-at)
			// feed up to the next frame end at most, to observe each boundary
			if fi < len(ends) && at+k > ends[fi] {
				k = ends[fi] - at
			}
			f.follow(stream[at : at+k])
			at += k
			atEnd := f.hn == 0 && f.left == 0
			if fi < len(ends) && at == ends[fi] {
				fr := frames[fi]
				if !atEnd {
					t.Fatalf("pieces of %d: frame %d ends at %d, inFrames still in it (hn %d, left %d)", piece, fi, at, f.hn, f.left)
				}
				ctl := fr.op >= 8
				if !ctl {
					frag = !fr.fin
				}
				if f.ctl != ctl || f.frag != frag {
					t.Fatalf("pieces of %d: after frame %d: ctl %v frag %v, want %v %v", piece, fi, f.ctl, f.frag, ctl, frag)
				}
				fi++
			} else if atEnd {
				t.Fatalf("pieces of %d: a frame end found at %d, inside frame %d", piece, at, fi)
			}
		}
		if fi != len(frames) {
			t.Fatalf("pieces of %d: %d frames ended, want %d", piece, fi, len(frames))
		}
	}
}
