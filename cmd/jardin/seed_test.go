package main

import (
	"regexp"
	"strconv"
	"testing"
	"time"
)

// A game nobody chose a seed for gets a random one, not the clock's
// nanoseconds: those were found again by scanning the instants around one
// glance at a watch, and with them the bots' hands.
func TestDefaultSeedIsNotTheClock(t *testing.T) {
	seedLine := regexp.MustCompile(`Seed (\d+)`)
	seen := map[uint64]bool{}
	for range 3 {
		t0 := uint64(time.Now().UnixNano())
		_, out, _ := jardin(t, "quit\ny\n", "play", "happy-garden", "--seats", "you,greedy")
		t1 := uint64(time.Now().UnixNano())
		m := seedLine.FindStringSubmatch(out)
		if m == nil {
			t.Fatalf("no seed shown:\n%s", out)
		}
		s, _ := strconv.ParseUint(m[1], 10, 64)
		// a minute either side of the run: what an attacker would scan
		if s >= t0-uint64(time.Minute) && s <= t1+uint64(time.Minute) {
			t.Errorf("seed %d is the clock's reading (%d…%d)", s, t0, t1)
		}
		if seen[s] {
			t.Errorf("seed %d drawn twice", s)
		}
		seen[s] = true
	}
}
