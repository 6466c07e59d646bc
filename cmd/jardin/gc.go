package main

import (
	"bufio"
	"bytes"
	"io"
	"os"
	"runtime/debug"
	"strconv"
	"strings"
)

// gcForServing sets how the server collects garbage, unless GOGC or
// GOMEMLIMIT say otherwise in the environment.
//
// Each move allocates the messages of every seat (tens of kilobytes a move)
// while the live heap is small (about 0.1 MB a table with its sockets): at
// Go's default GOGC=100 the collector ran every second or two under load.
// GOGC=400 spaces the cycles fourfold for memory that a server has (peaks
// near five times the live heap: 1.2 GB for 2,000 tables with 8,000
// sockets). Under `jardin loadtest` on 2,000 tables at 1,220 moves/s, p99
// move→last update is 9–25 ms at GOGC=400 and 5–13 ms at GOGC=1000, which
// doubles the memory (docs/performance.md). The soft memory limit (half the
// machine's or the container's memory) makes the collector run sooner
// rather than let the heap reach the machine's end.
func gcForServing() (percent int, limit int64) {
	percent, limit = -2, -1 // unchanged
	if os.Getenv("GOGC") == "" {
		percent = 400
		debug.SetGCPercent(percent)
	}
	if os.Getenv("GOMEMLIMIT") == "" {
		if total := memoryAvailable(); total > 0 {
			limit = total / 2
			debug.SetMemoryLimit(limit)
		}
	}
	return percent, limit
}

// gcForLoad spaces the load generator's collections: its pauses would be
// counted as the server's latency.
func gcForLoad() {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(1000)
	}
}

// memoryAvailable is the container's memory limit (cgroup v2), else the
// machine's memory, in bytes; 0 when neither can be read.
func memoryAvailable() int64 {
	if b, err := os.ReadFile("/sys/fs/cgroup/memory.max"); err == nil {
		if n, err := strconv.ParseInt(string(bytes.TrimSpace(b)), 10, 64); err == nil && n > 0 {
			return n
		}
	}
	f, err := os.Open("/proc/meminfo")
	if err != nil {
		return 0
	}
	defer f.Close()
	return memTotal(f)
}

// memTotal reads MemTotal from /proc/meminfo's text, in bytes (0: absent).
func memTotal(r io.Reader) int64 {
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) >= 2 && f[0] == "MemTotal:" {
			n, err := strconv.ParseInt(f[1], 10, 64)
			if err != nil || n <= 0 {
				return 0
			}
			if len(f) == 3 && f[2] == "kB" {
				n *= 1024
			}
			return n
		}
	}
	return 0
}
