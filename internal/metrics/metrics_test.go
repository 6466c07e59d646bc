package metrics

import (
	"compress/gzip"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
)

func TestExposition(t *testing.T) {
	r := NewRegistry()
	c := NewCounter("jardin_moves_total", "Moves stored.")
	g := NewGauge("jardin_sockets", "Open sockets.")
	h := NewHistogram("jardin_move_seconds", "Move latency.", []float64{.001, .01, .1})
	v := NewHistogramVec("jardin_bot_think_seconds", "Bot thinking.", "kind", []float64{1})
	r.Register(c, g, h, v, NewGaugeFunc("jardin_live_tables", "Tables\nloaded \\ here.", func() float64 { return 7 }))
	c.Inc()
	c.Add(2)
	g.Inc()
	g.Inc()
	g.Dec()
	for _, x := range []float64{.0005, .005, .005, .05, 3} {
		h.Observe(x)
	}
	v.With("ismcts").Observe(.5)
	v.With(`we"ird`).Observe(2)
	b, err := r.Expose()
	if err != nil {
		t.Fatal(err)
	}
	want := `# HELP jardin_moves_total Moves stored.
# TYPE jardin_moves_total counter
jardin_moves_total 3
# HELP jardin_sockets Open sockets.
# TYPE jardin_sockets gauge
jardin_sockets 1
# HELP jardin_move_seconds Move latency.
# TYPE jardin_move_seconds histogram
jardin_move_seconds_bucket{le="0.001"} 1
jardin_move_seconds_bucket{le="0.01"} 3
jardin_move_seconds_bucket{le="0.1"} 4
jardin_move_seconds_bucket{le="+Inf"} 5
jardin_move_seconds_sum 3.0605
jardin_move_seconds_count 5
# HELP jardin_bot_think_seconds Bot thinking.
# TYPE jardin_bot_think_seconds histogram
jardin_bot_think_seconds_bucket{kind="ismcts",le="1"} 1
jardin_bot_think_seconds_bucket{kind="ismcts",le="+Inf"} 1
jardin_bot_think_seconds_sum{kind="ismcts"} 0.5
jardin_bot_think_seconds_count{kind="ismcts"} 1
jardin_bot_think_seconds_bucket{kind="we\"ird",le="1"} 0
jardin_bot_think_seconds_bucket{kind="we\"ird",le="+Inf"} 1
jardin_bot_think_seconds_sum{kind="we\"ird"} 2
jardin_bot_think_seconds_count{kind="we\"ird"} 1
# HELP jardin_live_tables Tables\nloaded \\ here.
# TYPE jardin_live_tables gauge
jardin_live_tables 7
`
	if string(b) != want {
		t.Errorf("got\n%s\nwant\n%s", b, want)
	}
	got, err := Parse(strings.NewReader(string(b)))
	if err != nil || got["jardin_moves_total"] != 3 || got[`jardin_bot_think_seconds_count{kind="we\"ird"}`] != 1 {
		t.Errorf("Parse: %v %v", got, err)
	}
}

// An observation exactly on a bound falls in that bucket (le: less or equal).
func TestBucketBoundIsInclusive(t *testing.T) {
	h := NewHistogram("h", "h", []float64{1, 2})
	h.Observe(1)
	h.Observe(2)
	h.Observe(2.0001)
	if a, b, c := h.counts[0].Load(), h.counts[1].Load(), h.counts[2].Load(); a != 1 || b != 1 || c != 1 {
		t.Errorf("buckets %d %d %d, want 1 1 1", a, b, c)
	}
}

// Two collectors exporting one name make the scrape fail, loudly; so do bad
// names and samples outside their family.
func TestInconsistentScrapes(t *testing.T) {
	for name, cs := range map[string][]Collector{
		"twice":    {NewCounter("x_total", ""), NewGauge("x_total", "")},
		"bad name": {NewGauge("2x", "")},
		"outside":  {collectFunc(func(w *Writer) { w.Family("a", "", GaugeKind); w.Sample("b", 1) })},
		"odd":      {collectFunc(func(w *Writer) { w.Family("a", "", GaugeKind); w.Sample("a", 1, "k") })},
	} {
		r := NewRegistry()
		r.Register(cs...)
		if _, err := r.Expose(); err == nil {
			t.Errorf("%s: no error", name)
		}
		rec := httptest.NewRecorder()
		r.Handler().ServeHTTP(rec, httptest.NewRequest("GET", "/metrics", nil))
		if rec.Code != http.StatusInternalServerError {
			t.Errorf("%s: HTTP %d", name, rec.Code)
		}
	}
}

type collectFunc func(*Writer)

func (f collectFunc) Collect(w *Writer) { f(w) }

func TestCounterRefusesToDecrease(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("Add(-1) did not panic")
		}
	}()
	NewCounter("c_total", "").Add(-1)
}

// Concurrent updates are all counted (run with -race).
func TestConcurrentUpdates(t *testing.T) {
	c := NewCounter("c_total", "")
	h := NewHistogramVec("h", "", "k", []float64{1})
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Go(func() {
			for range 1000 {
				c.Inc()
				h.With(string(rune('a' + i%2))).Observe(0.5)
			}
		})
	}
	wg.Wait()
	r := NewRegistry()
	r.Register(c, h)
	b, _ := r.Expose()
	got, _ := Parse(strings.NewReader(string(b)))
	if got["c_total"] != 8000 || got[`h_count{k="a"}`] != 4000 || got[`h_sum{k="b"}`] != 2000 {
		t.Errorf("%v", got)
	}
}

// The standard runtime and process series, as dashboards and `jardin
// loadtest` read them; gzip when the scraper asks for it.
func TestRuntimeAndProcessOverHTTP(t *testing.T) {
	r := NewRegistry()
	r.Register(Runtime{}, Process{})
	srv := httptest.NewServer(r.Handler())
	defer srv.Close()
	req, _ := http.NewRequest("GET", srv.URL, nil)
	req.Header.Set("Accept-Encoding", "gzip")
	resp, err := http.DefaultTransport.RoundTrip(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.Header.Get("Content-Encoding") != "gzip" || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/plain; version=0.0.4") {
		t.Fatalf("headers %v", resp.Header)
	}
	zr, err := gzip.NewReader(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(zr)
	got, err := Parse(strings.NewReader(string(b)))
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := got["process_cpu_seconds_total"]; !ok { // a test may not have used a clock tick yet
		t.Errorf("no process_cpu_seconds_total\n%s", b)
	}
	for _, name := range []string{"go_goroutines", "go_memstats_heap_alloc_bytes", "process_resident_memory_bytes", "process_open_fds", "process_max_fds", "process_start_time_seconds"} {
		if got[name] <= 0 {
			t.Errorf("%s = %v\n%s", name, got[name], b)
		}
	}
}
