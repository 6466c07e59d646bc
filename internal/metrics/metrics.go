// Package metrics exports a process's figures as Prometheus series in the
// text exposition format (version 0.0.4), with the standard library only.
//
// jardin needs counters, gauges, functions read at scrape time and
// histograms with fixed buckets; Prometheus's own client brings those with
// a protocol-buffer stack that was a tenth of a newcomer's first build
// (docs/performance.md, "First build"). Every Registry is a value of its
// own: tests run several servers in one process.
package metrics

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"math"
	"net/http"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/jardin-games/jardin/internal/httpenc"
)

// Kind is a family's TYPE line.
type Kind string

const (
	CounterKind   Kind = "counter"
	GaugeKind     Kind = "gauge"
	HistogramKind Kind = "histogram"
)

// A Collector writes its families on each scrape.
type Collector interface {
	Collect(w *Writer)
}

// Writer receives a scrape's families. A family is announced once with
// Family, then its samples follow.
type Writer struct {
	buf  bytes.Buffer
	seen map[string]bool
	cur  string
	err  error
}

// Family starts a family: its HELP and TYPE lines. A name announced twice in
// one scrape (two collectors exporting the same series) is an error of the
// whole scrape rather than a silently ambiguous series.
func (w *Writer) Family(name, help string, kind Kind) {
	if w.err != nil {
		return
	}
	if !validName(name) {
		w.err = fmt.Errorf("metrics: invalid name %q", name)
		return
	}
	if w.seen[name] {
		w.err = fmt.Errorf("metrics: %s exported twice", name)
		return
	}
	w.seen[name] = true
	w.cur = name
	fmt.Fprintf(&w.buf, "# HELP %s %s\n# TYPE %s %s\n", name, escapeHelp(help), name, kind)
}

// Sample writes one series of the current family: name is the family's or,
// for a histogram, the family's with _bucket, _sum or _count; labels are
// name, value pairs.
func (w *Writer) Sample(name string, v float64, labels ...string) {
	if w.err != nil {
		return
	}
	if !strings.HasPrefix(name, w.cur) || len(labels)%2 != 0 {
		w.err = fmt.Errorf("metrics: sample %s outside its family %q or with odd labels", name, w.cur)
		return
	}
	w.buf.WriteString(name)
	if len(labels) > 0 {
		w.buf.WriteByte('{')
		for i := 0; i < len(labels); i += 2 {
			if i > 0 {
				w.buf.WriteByte(',')
			}
			w.buf.WriteString(labels[i])
			w.buf.WriteString(`="`)
			w.buf.WriteString(escapeLabel(labels[i+1]))
			w.buf.WriteByte('"')
		}
		w.buf.WriteByte('}')
	}
	w.buf.WriteByte(' ')
	w.buf.WriteString(formatValue(v))
	w.buf.WriteByte('\n')
}

// Registry is a set of collectors, scraped in the order registered.
type Registry struct {
	mu         sync.Mutex
	collectors []Collector
}

func NewRegistry() *Registry { return &Registry{} }

// Register adds collectors.
func (r *Registry) Register(cs ...Collector) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.collectors = append(r.collectors, cs...)
}

// Expose writes every collector's families, or the first inconsistency.
func (r *Registry) Expose() ([]byte, error) {
	r.mu.Lock()
	cs := append([]Collector(nil), r.collectors...)
	r.mu.Unlock()
	w := &Writer{seen: map[string]bool{}}
	for _, c := range cs {
		c.Collect(w)
	}
	if w.err != nil {
		return nil, w.err
	}
	return w.buf.Bytes(), nil
}

// Handler serves the registry as Prometheus scrapes it.
func (r *Registry) Handler() http.Handler {
	return http.HandlerFunc(func(rw http.ResponseWriter, req *http.Request) {
		b, err := r.Expose()
		if err != nil {
			http.Error(rw, err.Error(), http.StatusInternalServerError)
			return
		}
		rw.Header().Set("Content-Type", "text/plain; version=0.0.4; charset=utf-8")
		if !httpenc.AcceptsGzip(req) {
			rw.Write(b)
			return
		}
		rw.Header().Set("Content-Encoding", "gzip")
		zw := gzip.NewWriter(rw)
		zw.Write(b)
		zw.Close()
	})
}

// floatBits is a float64 updated atomically.
type floatBits struct{ bits atomic.Uint64 }

func (f *floatBits) add(v float64) {
	for {
		old := f.bits.Load()
		if f.bits.CompareAndSwap(old, math.Float64bits(math.Float64frombits(old)+v)) {
			return
		}
	}
}
func (f *floatBits) load() float64   { return math.Float64frombits(f.bits.Load()) }
func (f *floatBits) store(v float64) { f.bits.Store(math.Float64bits(v)) }

type desc struct{ name, help string }

// Counter only goes up.
type Counter struct {
	desc
	v floatBits
}

func NewCounter(name, help string) *Counter { return &Counter{desc: desc{name, help}} }
func (c *Counter) Inc()                     { c.v.add(1) }

// Add adds v, which must not be negative.
func (c *Counter) Add(v float64) {
	if v < 0 {
		panic("metrics: a counter cannot decrease")
	}
	c.v.add(v)
}
func (c *Counter) Collect(w *Writer) {
	w.Family(c.name, c.help, CounterKind)
	w.Sample(c.name, c.v.load())
}

// Gauge goes up and down.
type Gauge struct {
	desc
	v floatBits
}

func NewGauge(name, help string) *Gauge { return &Gauge{desc: desc{name, help}} }
func (g *Gauge) Set(v float64)          { g.v.store(v) }
func (g *Gauge) Add(v float64)          { g.v.add(v) }
func (g *Gauge) Inc()                   { g.v.add(1) }
func (g *Gauge) Dec()                   { g.v.add(-1) }
func (g *Gauge) Collect(w *Writer) {
	w.Family(g.name, g.help, GaugeKind)
	w.Sample(g.name, g.v.load())
}

// Func is a counter or gauge read at scrape time.
type Func struct {
	desc
	kind Kind
	f    func() float64
}

func NewGaugeFunc(name, help string, f func() float64) *Func {
	return &Func{desc{name, help}, GaugeKind, f}
}
func NewCounterFunc(name, help string, f func() float64) *Func {
	return &Func{desc{name, help}, CounterKind, f}
}
func (f *Func) Collect(w *Writer) {
	w.Family(f.name, f.help, f.kind)
	w.Sample(f.name, f.f())
}

// Histogram counts observations in fixed buckets (upper bounds, ascending).
type Histogram struct {
	desc
	bounds []float64
	counts []atomic.Uint64 // per bucket, not cumulative; the last is +Inf
	sum    floatBits
}

func NewHistogram(name, help string, bounds []float64) *Histogram {
	if !sort.Float64sAreSorted(bounds) {
		panic("metrics: " + name + ": buckets not ascending")
	}
	return &Histogram{desc: desc{name, help}, bounds: bounds, counts: make([]atomic.Uint64, len(bounds)+1)}
}

func (h *Histogram) Observe(v float64) {
	h.counts[sort.SearchFloat64s(h.bounds, v)].Add(1)
	h.sum.add(v)
}

func (h *Histogram) Collect(w *Writer) {
	w.Family(h.name, h.help, HistogramKind)
	h.samples(w)
}

// samples writes the buckets, cumulative, then sum and count; count is the
// +Inf bucket, so the two always agree even while observations arrive.
func (h *Histogram) samples(w *Writer, labels ...string) {
	var n uint64
	for i := range h.counts {
		n += h.counts[i].Load()
		le := "+Inf"
		if i < len(h.bounds) {
			le = formatValue(h.bounds[i])
		}
		w.Sample(h.name+"_bucket", float64(n), append(labels[:len(labels):len(labels)], "le", le)...)
	}
	w.Sample(h.name+"_sum", h.sum.load(), labels...)
	w.Sample(h.name+"_count", float64(n), labels...)
}

// HistogramVec is one histogram per value of a label.
type HistogramVec struct {
	desc
	label  string
	bounds []float64
	mu     sync.RWMutex
	by     map[string]*Histogram
}

func NewHistogramVec(name, help, label string, bounds []float64) *HistogramVec {
	NewHistogram(name, help, bounds) // checks the buckets
	return &HistogramVec{desc: desc{name, help}, label: label, bounds: bounds, by: map[string]*Histogram{}}
}

// With returns the histogram of one label value.
func (v *HistogramVec) With(value string) *Histogram {
	v.mu.RLock()
	h := v.by[value]
	v.mu.RUnlock()
	if h != nil {
		return h
	}
	v.mu.Lock()
	defer v.mu.Unlock()
	if h = v.by[value]; h == nil {
		h = NewHistogram(v.name, v.help, v.bounds)
		v.by[value] = h
	}
	return h
}

func (v *HistogramVec) Collect(w *Writer) {
	w.Family(v.name, v.help, HistogramKind)
	v.mu.RLock()
	values := make([]string, 0, len(v.by))
	for k := range v.by {
		values = append(values, k)
	}
	v.mu.RUnlock()
	sort.Strings(values)
	for _, k := range values {
		v.With(k).samples(w, v.label, k)
	}
}

func validName(s string) bool {
	if s == "" {
		return false
	}
	for i, c := range s {
		if !(c == '_' || c == ':' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || i > 0 && '0' <= c && c <= '9') {
			return false
		}
	}
	return true
}

var (
	helpEscaper  = strings.NewReplacer(`\`, `\\`, "\n", `\n`)
	labelEscaper = strings.NewReplacer(`\`, `\\`, "\n", `\n`, `"`, `\"`)
)

func escapeHelp(s string) string  { return helpEscaper.Replace(s) }
func escapeLabel(s string) string { return labelEscaper.Replace(s) }

func formatValue(v float64) string {
	switch {
	case math.IsInf(v, 1):
		return "+Inf"
	case math.IsInf(v, -1):
		return "-Inf"
	case math.IsNaN(v):
		return "NaN"
	}
	return strconv.FormatFloat(v, 'g', -1, 64)
}
