package main

import (
	"runtime"
	"strings"
	"testing"
)

func TestMemTotal(t *testing.T) {
	for _, c := range []struct {
		in   string
		want int64
	}{
		{"MemTotal:       24576000 kB\nMemFree: 1 kB\n", 24576000 * 1024},
		{"MemFree: 1 kB\nMemTotal: 2048 kB\n", 2048 * 1024},
		{"MemTotal: 4096\n", 4096},
		{"MemFree: 1 kB\n", 0},
		{"MemTotal: lots kB\n", 0},
		{"MemTotal: -5 kB\n", 0},
		{"", 0},
	} {
		if got := memTotal(strings.NewReader(c.in)); got != c.want {
			t.Errorf("memTotal(%q) = %d, want %d", c.in, got, c.want)
		}
	}
}

func TestMemoryAvailableOnLinux(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("reads /proc and /sys/fs/cgroup")
	}
	if n := memoryAvailable(); n < 64<<20 {
		t.Fatalf("memoryAvailable() = %d bytes: want the container's or machine's memory", n)
	}
}
