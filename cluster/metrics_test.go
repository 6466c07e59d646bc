package cluster_test

import (
	"bytes"
	"testing"
	"time"

	"github.com/jardin-games/jardin/internal/metrics"

	"github.com/jardin-games/jardin/internal/natstest"
)

// The collector reports the node's counters under their documented names.
func TestCollector(t *testing.T) {
	url := natstest.Start(t).ClientURL()
	a := join(t, natstest.Connect(t, url), "a", 2*time.Second, nil)
	b := join(t, natstest.Connect(t, url), "b", 2*time.Second, nil)
	l, err := a.Acquire(t.Context(), "t", echo(""))
	if err != nil {
		t.Fatal(err)
	}
	for range 3 {
		if _, err := b.Request(t.Context(), "t", []byte("x")); err != nil {
			t.Fatal(err)
		}
	}
	l.Publish("s0", nil)
	reg := metrics.NewRegistry()
	reg.Register(a.Collector())
	text, err := reg.Expose()
	if err != nil {
		t.Fatal(err)
	}
	got, err := metrics.Parse(bytes.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string]float64{
		"jardin_cluster_leases": 1, "jardin_cluster_acquired_total": 1, "jardin_cluster_taken_over_total": 0,
		"jardin_cluster_lost_total": 0, "jardin_cluster_sessions_total": 1, "jardin_cluster_forwarded_total": 0,
		"jardin_cluster_served_total": 3, "jardin_cluster_published_total": 1, "jardin_cluster_delivered_total": 0,
		"jardin_cluster_dropped_total": 0,
	} {
		if v, ok := got[name]; !ok || v != want {
			t.Errorf("%s = %v (present %v), want %v", name, v, ok, want)
		}
	}
	if len(got) != 10 {
		t.Errorf("%d series: %v", len(got), got)
	}
}
