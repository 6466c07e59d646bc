package server

import (
	"context"
	"encoding/json"
	"fmt"
	"runtime"
	"runtime/metrics"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/jardin-games/jardin/games/schlossgarten"
)

// A socket's reader hands its messages to the table undecoded: they are
// still applied in the order they were sent, a message that is not
// protocol closes the socket with an error saying why, and nothing the
// client sent after it is applied (as when the reader decoded and stopped
// there).
func TestReaderPassesInOrderAndStopsAtABadMessage(t *testing.T) {
	ts := startServer(t, "", Config{})
	ann, bob, tb := twoSeats(t, ts, "english-gardens")
	sb := bob.dial(tb.ID, "")
	sb.next(outSync)
	s := ann.dial(tb.ID, "")
	v := num(s.next(outSync), "v")
	ctx := context.Background()
	for i, f := range []string{
		fmt.Sprintf(`{"t":"move","v":%d,"id":"first","i":0}`, v),
		`{"t":"ping","id":"p1"}`,
		`{"t":"move"`, // not protocol
		`{"t":"chat","id":"late","text":"after the bad message"}`,
		`{"t":"ping","id":"p2"}`,
	} {
		if err := s.ws.Write(ctx, websocket.MessageText, []byte(f)); err != nil {
			if i > 2 {
				break // the server may have closed the socket at the bad message already
			}
			t.Fatal(err)
		}
	}
	var got []string
	for {
		m, err := s.tryNext(10*time.Second, outAck, outPong, outError, outChat)
		if err != nil {
			break // closed
		}
		what := str(m, "t")
		if id := str(m, "id"); id != "" {
			what += " " + id
		}
		got = append(got, what)
	}
	if want := []string{"ack first", "pong p1", "error"}; strings.Join(got, ", ") != strings.Join(want, ", ") {
		t.Errorf("messages %q, want %q", got, want)
	}
	if code := websocket.CloseStatus(s.err); code != websocket.StatusUnsupportedData {
		t.Errorf("closed with %v (%v), want %v", code, s.err, websocket.StatusUnsupportedData)
	}
	// Bob saw the move, and the table holds no chat line.
	if m := sb.next(outUpdate); num(m, "v") != v+1 {
		t.Errorf("Bob's update is version %d, want %d", num(m, "v"), v+1)
	}
	sb.send(map[string]any{"t": "sync"})
	var chat []json.RawMessage
	json.Unmarshal(sb.next(outSync)["chat"], &chat)
	if len(chat) != 0 {
		t.Errorf("the chat line sent after the bad message was applied: %s", chat)
	}
}

// stackPerGoroutine runs f on n goroutines that then wait, and returns the
// goroutine stack bytes each holds while waiting.
func stackPerGoroutine(n int, f func()) float64 {
	var a, b runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&a)
	stop, done := make(chan struct{}), make(chan struct{})
	for range n {
		go func() {
			f()
			done <- struct{}{}
			<-stop
		}()
	}
	for range n {
		<-done
	}
	runtime.ReadMemStats(&b)
	close(stop)
	return float64(int64(b.StackInuse)-int64(a.StackInuse)) / float64(n)
}

// Building and encoding a view grows the stack of the goroutine that does
// it to 16 KB and more; handed to deep, the caller's stack (a table's, for
// as long as the table is loaded) stays at its smallest.
func TestDeepKeepsTheCallersStackSmall(t *testing.T) {
	s, err := schlossgarten.Game.New(4, 3, nil)
	if err != nil {
		t.Fatal(err)
	}
	for i := range 50 {
		ms := s.LegalMoves(nil)
		s.Apply(ms[i%len(ms)], nil)
	}
	var enc encoders
	view := func() {
		e := enc.get()
		e.encode(s.View(1))
		enc.pool.Put(e)
	}
	p := newDeepPool(deepWorkers())
	defer p.close()
	// Every worker has grown its stack before anything is measured (a
	// worker growing during the measure counts against the callers).
	stackPerGoroutine(4*deepWorkers(), func() { p.deep(view) })
	here := stackPerGoroutine(2000, view)
	handed := stackPerGoroutine(2000, func() { p.deep(view) })
	// A goroutine starts with the runtime's starting size (adaptive: the
	// average stack in use at the last collection), at least 2 KB.
	start := startingStack()
	t.Logf("stack a goroutine: %.0f bytes building a view itself, %.0f handing it to deep (starting size %d)", here, handed, start)
	if here < float64(2*start) {
		t.Errorf("a view built on the goroutine's own stack: %.0f bytes a goroutine; the test expects at least twice the starting size %d", here, start)
	}
	if handed > 1.25*float64(start) { // a quarter for the test's other goroutines
		t.Errorf("a view built by deep: %.0f bytes a goroutine, want the starting size %d", handed, start)
	}
}

// startingStack is the stack size a new goroutine starts with.
func startingStack() uint64 {
	s := []metrics.Sample{{Name: "/gc/stack/starting-size:bytes"}}
	metrics.Read(s)
	if s[0].Value.Kind() != metrics.KindUint64 {
		return 2048
	}
	return s[0].Value.Uint64()
}

// A panic in deep work is raised again on the caller's goroutine with the
// worker's stack; a deep call inside a table's deep work runs in place.
func TestDeepPanicsOnTheCaller(t *testing.T) {
	p := newDeepPool(deepWorkers())
	defer p.close()
	func() {
		defer func() {
			r := recover()
			if s, _ := r.(string); !strings.Contains(s, "engine bug") || !strings.Contains(s, "deep_test.go") {
				t.Errorf("recovered %v, want the panic with the worker's stack", r)
			}
		}()
		p.deep(func() { panic("engine bug") })
	}()
	tb := &table{srv: &Server{deepw: p}}
	ran := false
	tb.deep(func() { tb.deep(func() { ran = true }) })
	if !ran || tb.deeping {
		t.Errorf("nested deep: ran %v, deeping left %v", ran, tb.deeping)
	}
	// The workers are still there after the panic.
	n := 0
	for range 2 * deepWorkers() {
		p.deep(func() { n++ })
	}
	if n != 2*deepWorkers() {
		t.Errorf("%d of %d jobs ran", n, 2*deepWorkers())
	}
}

// deepWorkersRunning counts the goroutines running a deep pool's worker.
func deepWorkersRunning() int {
	buf := make([]byte, 1<<20)
	for {
		n := runtime.Stack(buf, true)
		if n < len(buf) {
			return strings.Count(string(buf[:n]), "(*deepPool).worker(")
		}
		buf = make([]byte, 2*len(buf))
	}
}

// A server's deep workers start with it and end with its Close, none left
// behind; deep work asked after Close (a table still ending) runs on the
// caller's goroutine, and its panic still reaches the caller.
func TestDeepWorkersEndWithTheServer(t *testing.T) {
	before := deepWorkersRunning()
	ts := startServer(t, "", Config{})
	if got := deepWorkersRunning() - before; got != deepWorkers() {
		t.Fatalf("%d deep workers running with the server, want %d", got, deepWorkers())
	}
	ann, bob, tb := twoSeats(t, ts, "english-gardens")
	s := ann.dial(tb.ID, "")
	bob.dial(tb.ID, "").next(outSync)
	v := num(s.next(outSync), "v")
	s.send(map[string]any{"t": "move", "v": v, "id": "m1", "i": 0})
	s.next(outAck) // a move's deep work ran on the workers
	ts.stop()
	if got := deepWorkersRunning(); got != before {
		t.Errorf("%d deep workers running after Close, want %d (before the server started)", got, before)
	}
	onCaller := false
	late := &table{srv: ts.Server}
	late.deep(func() {
		buf := make([]byte, 64<<10)
		onCaller = strings.Contains(string(buf[:runtime.Stack(buf, false)]), "TestDeepWorkersEndWithTheServer")
	})
	if !onCaller {
		t.Error("deep work after Close did not run on the caller's goroutine")
	}
	func() {
		defer func() {
			if r, _ := recover().(string); !strings.Contains(r, "late bug") {
				t.Errorf("recovered %q, want the late work's panic", r)
			}
		}()
		late.deep(func() { panic("late bug") })
	}()
	ts.Server.Close() // twice: harmless
}
