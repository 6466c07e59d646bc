package metrics

import (
	"bytes"
	"os"
	"runtime"
	"runtime/metrics"
	"strconv"
	"strings"
	"syscall"
)

// Runtime exports the Go runtime's figures under the names Prometheus's Go
// client uses for them (go_goroutines, go_memstats_*, go_gc_*), so that
// dashboards made for Go programs read them.
type Runtime struct{}

var runtimeSamples = []struct {
	name, help, key string
	kind            Kind
}{
	{"go_goroutines", "Number of goroutines that currently exist.", "/sched/goroutines:goroutines", GaugeKind},
	{"go_memstats_heap_alloc_bytes", "Bytes of allocated heap objects.", "/memory/classes/heap/objects:bytes", GaugeKind},
	{"go_memstats_sys_bytes", "Bytes of memory obtained from the OS.", "/memory/classes/total:bytes", GaugeKind},
	{"go_memstats_alloc_bytes_total", "Total bytes allocated, even if freed.", "/gc/heap/allocs:bytes", CounterKind},
	{"go_gc_cycles_total", "Completed garbage collection cycles.", "/gc/cycles/total:gc-cycles", CounterKind},
	{"go_gc_heap_goal_bytes", "Heap size target for the end of the GC cycle.", "/gc/heap/goal:bytes", GaugeKind},
	// What the resident memory is made of besides the heap's objects (issue 24).
	{"go_memstats_stack_inuse_bytes", "Bytes of goroutine stacks.", "/memory/classes/heap/stacks:bytes", GaugeKind},
	{"go_memstats_heap_free_bytes", "Heap bytes free and not returned to the OS.", "/memory/classes/heap/free:bytes", GaugeKind},
	{"go_memstats_heap_released_bytes", "Heap bytes returned to the OS.", "/memory/classes/heap/released:bytes", GaugeKind},
	{"go_memstats_heap_unused_bytes", "Heap bytes reserved for objects and not in use.", "/memory/classes/heap/unused:bytes", GaugeKind},
	{"go_gc_heap_live_bytes", "Heap bytes marked live by the last collection.", "/gc/heap/live:bytes", GaugeKind},
	{"go_gc_stack_starting_size_bytes", "The stack a new goroutine starts with.", "/gc/stack/starting-size:bytes", GaugeKind},
	// What collecting costs (issue 24, stop 34): the runtime's estimate, updated at each collection.
	{"go_gc_cpu_seconds_total", "The runtime's estimate of processor time spent collecting garbage (its workers, including those run on idle processors, assists and pauses): an estimate over GOMAXPROCS, not the process's CPU time.", "/cpu/classes/gc/total:cpu-seconds", CounterKind},
}

func (Runtime) Collect(w *Writer) {
	s := make([]metrics.Sample, len(runtimeSamples))
	for i, r := range runtimeSamples {
		s[i].Name = r.key
	}
	metrics.Read(s)
	for i, r := range runtimeSamples {
		var v float64
		switch s[i].Value.Kind() {
		case metrics.KindUint64:
			v = float64(s[i].Value.Uint64())
		case metrics.KindFloat64:
			v = s[i].Value.Float64()
		default:
			continue // not in this Go version: leave the series out
		}
		w.Family(r.name, r.help, r.kind)
		w.Sample(r.name, v)
	}
	w.Family("go_info", "Information about the Go environment.", GaugeKind)
	w.Sample("go_info", 1, "version", runtime.Version())
}

// Process exports the process's CPU time, memory and files from /proc, under
// Prometheus's standard process_* names (jardin loadtest reads
// process_resident_memory_bytes and process_cpu_seconds_total). Where there
// is no /proc the series are left out.
type Process struct{}

// userHZ is the kernel's clock tick for /proc/*/stat times: 100 on every
// Linux port Go supports (sysconf(_SC_CLK_TCK) needs cgo to ask).
const userHZ = 100

func (Process) Collect(w *Writer) {
	stat, err := os.ReadFile("/proc/self/stat")
	if err != nil {
		return
	}
	// The command name, field 2, is in parentheses and may hold spaces.
	i := bytes.LastIndexByte(stat, ')')
	if i < 0 {
		return
	}
	f := strings.Fields(string(stat[i+1:])) // f[0] is field 3 (state)
	if len(f) < 22 {
		return
	}
	field := func(n int) float64 { v, _ := strconv.ParseFloat(f[n-3], 64); return v }
	w.Family("process_cpu_seconds_total", "Total user and system CPU time spent in seconds.", CounterKind)
	w.Sample("process_cpu_seconds_total", (field(14)+field(15))/userHZ)
	w.Family("process_virtual_memory_bytes", "Virtual memory size in bytes.", GaugeKind)
	w.Sample("process_virtual_memory_bytes", field(23))
	w.Family("process_resident_memory_bytes", "Resident memory size in bytes.", GaugeKind)
	w.Sample("process_resident_memory_bytes", field(24)*float64(os.Getpagesize()))
	if boot := bootTime(); boot > 0 {
		w.Family("process_start_time_seconds", "Start time of the process since unix epoch in seconds.", GaugeKind)
		w.Sample("process_start_time_seconds", boot+field(22)/userHZ)
	}
	if fds, err := os.ReadDir("/proc/self/fd"); err == nil {
		w.Family("process_open_fds", "Number of open file descriptors.", GaugeKind)
		w.Sample("process_open_fds", float64(len(fds)))
	}
	var lim syscall.Rlimit
	if syscall.Getrlimit(syscall.RLIMIT_NOFILE, &lim) == nil {
		w.Family("process_max_fds", "Maximum number of open file descriptors.", GaugeKind)
		w.Sample("process_max_fds", float64(lim.Cur))
	}
}

// bootTime is the machine's boot time (btime in /proc/stat), 0 if unknown.
func bootTime() float64 {
	b, err := os.ReadFile("/proc/stat")
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, "btime "); ok {
			t, _ := strconv.ParseFloat(strings.TrimSpace(v), 64)
			return t
		}
	}
	return 0
}
