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
// Go's default, GOGC=100: the heap may grow to twice what the last
// collection found live (plus the goroutines' stacks), so resident memory
// is about twice the live heap. It was GOGC=400 to space the collections
// while a collection's mark made the tables' goroutines assist it for
// 0.2–0.3 s; since the live heap and the stacks were cut (issue 24: at
// 2,000 tables about 100 MB live and 50–60 MB of stacks), GOGC=100 holds
// 2,000 live tables in about 310–350 MB instead of 0.75 GB, for about 0.15
// ms more server CPU a move (0.62–0.66 ms against 0.48 at GOGC=400: four
// times as many collections; docs/performance.md, "Memory at 2,000 tables,
// part three"). The soft memory limit (half the machine's or the
// container's memory) makes the collector run sooner rather than let the
// heap reach the machine's end.
func gcForServing() (percent int, limit int64) {
	percent, limit = -2, -1 // unchanged
	if os.Getenv("GOGC") == "" {
		percent = 100
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
