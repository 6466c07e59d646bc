package main

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"strings"
	"syscall"
	"testing"

	"github.com/jardin-games/jardin/games"
)

// BenchmarkRPCSession is the processor time of jardin rpc's hot path per
// applied action: 64 two-player games of Alice's Garden made by one batch
// and played to their ends by step with "legal" (random legal actions,
// fixed seeds), through serve: reading the lines, applying, writing the
// answers. Errors are off this path: it measures that they cost it nothing.
func BenchmarkRPCSession(b *testing.B) {
	const n = 64
	reg := games.Registry()
	rec, err := newRPCServer(reg, 1000, "en")
	if err != nil {
		b.Fatal(err)
	}
	var lines []string
	news := make([]string, n)
	for i := range news {
		news[i] = fmt.Sprintf(`{"op":"new","game":"alices_garden_v1","players":2,"seed":%d}`, i+1)
	}
	lines = append(lines, `{"op":"batch","requests":[`+strings.Join(news, ",")+`]}`)
	rec.handleLine([]byte(lines[0]))
	rng := rand.New(rand.NewPCG(1, 2))
	applied := 0
	for {
		var ids, acts []string
		for id := int64(1); id <= n; id++ {
			st := rec.states[id]
			if st.s.Over() {
				continue
			}
			legal, err := rec.legalActions(st)
			if err != nil {
				b.Fatal(err)
			}
			ids = append(ids, fmt.Sprint(id))
			acts = append(acts, fmt.Sprint(legal[rng.IntN(len(legal))]))
		}
		if len(ids) == 0 {
			break
		}
		line := `{"op":"step","states":[` + strings.Join(ids, ",") + `],"actions":[` + strings.Join(acts, ",") + `],"legal":true}`
		if _, isErr := rec.handleLine([]byte(line)).(*stepAnswer); !isErr {
			b.Fatalf("step refused: %s", line)
		}
		rec.ints = rec.ints[:0]
		lines = append(lines, line)
		applied += len(ids)
	}
	in := []byte(strings.Join(lines, "\n") + "\n")
	srv, err := newRPCServer(reg, 1000, "en")
	if err != nil {
		b.Fatal(err)
	}
	var out bytes.Buffer
	b.ReportAllocs()
	cpu0 := cpuTime(b)
	b.ResetTimer()
	for b.Loop() {
		srv.states, srv.next = map[int64]*rpcState{}, 1
		out.Reset()
		if err := srv.serve(bytes.NewReader(in), &out); err != nil {
			b.Fatal(err)
		}
	}
	b.StopTimer()
	cpu := cpuTime(b) - cpu0
	if bytes.Contains(out.Bytes(), []byte(`"error"`)) {
		b.Fatal("the session erred")
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*applied), "ns/action")
	// the processor time, every thread's (the collector's too): a
	// figure that a loaded machine disturbs less than the wall clock
	b.ReportMetric(float64(cpu)/float64(b.N*applied), "cpu-ns/action")
}

// cpuTime is the process's processor time so far, in nanoseconds.
func cpuTime(b *testing.B) int64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		b.Fatal(err)
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}
