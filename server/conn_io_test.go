package server

import (
	"bufio"
	"bytes"
	"encoding/base64"
	"math/rand/v2"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/coder/websocket"
)

// countConn counts the writes that reach a real connection.
type countConn struct {
	net.Conn
	writes atomic.Int32
}

func (c *countConn) Write(p []byte) (int, error) {
	c.writes.Add(1)
	return c.Conn.Write(p)
}

// A batch of messages drain writes (writeBatch) reaches the socket in one
// write, every frame whole and in order, messages of every length
// encoding; a batch of one is one write too.
func TestWriteBatchIsOneWrite(t *testing.T) {
	sizes := []int{0, 5, 14, 15, 16, 17, 125, 126, 1000, 65535, 65536, 200000}
	type result struct{ batch, single int32 }
	done := make(chan result, 1)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var fj *frameJoiner
		ws, err := websocket.Accept(joinerHijack{leanHijack{w}, &fj}, r, nil)
		if err != nil || fj == nil {
			t.Errorf("accept: %v, joiner %v", err, fj)
			return
		}
		cc := &countConn{Conn: fj.Conn}
		fj.Conn = cc
		c := &conn{ws: ws, fj: fj}
		var batch [][]byte
		for i, n := range sizes {
			batch = append(batch, bytes.Repeat([]byte{byte('a' + i)}, n))
		}
		if err := c.writeBatch(batch); err != nil {
			t.Errorf("batch: %v", err)
			return
		}
		var res result
		res.batch = cc.writes.Swap(0)
		if err := c.writeBatch([][]byte{[]byte("one")}); err != nil {
			t.Errorf("single: %v", err)
			return
		}
		res.single = cc.writes.Load()
		done <- res
		ws.CloseNow()
	}))
	defer srv.Close()
	nc, err := net.Dial("tcp", strings.TrimPrefix(srv.URL, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	defer nc.Close()
	nc.SetDeadline(time.Now().Add(20 * time.Second))
	key := make([]byte, 16)
	for i := range key {
		key[i] = byte(rand.IntN(256))
	}
	req := "GET / HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\n" +
		"Sec-WebSocket-Key: " + base64.StdEncoding.EncodeToString(key) + "\r\n\r\n"
	if _, err := nc.Write([]byte(req)); err != nil {
		t.Fatal(err)
	}
	br := bufio.NewReader(nc)
	resp, err := http.ReadResponse(br, nil)
	if err != nil || resp.StatusCode != http.StatusSwitchingProtocols {
		t.Fatalf("upgrade: %v %v", resp, err)
	}
	for i, n := range append(sizes, 3) {
		p, err := readServerFrame(br)
		if err != nil {
			t.Fatalf("frame %d: %v", i, err)
		}
		want := byte('a' + i)
		if i == len(sizes) {
			if string(p) != "one" {
				t.Fatalf("the single message: %q", p)
			}
			continue
		}
		if len(p) != n || (n > 0 && (p[0] != want || p[n-1] != p[0])) {
			t.Fatalf("frame %d: %d bytes starting %q, want %d of %q", i, len(p), p[:min(1, len(p))], n, want)
		}
	}
	if res := <-done; res.batch != 1 || res.single != 1 {
		t.Errorf("a batch of %d messages took %d writes, a single message %d; want 1 and 1", len(sizes), res.batch, res.single)
	}
}
