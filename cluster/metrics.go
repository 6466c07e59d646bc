package cluster

import "github.com/jardin-games/jardin/internal/metrics"

// Collector exports the node's Stats as Prometheus series (jardin_cluster_*,
// docs/deploy.md lists them): register it on the server's registry.
func (n *Node) Collector() metrics.Collector { return collector{n} }

type collector struct{ n *Node }

var clusterSeries = []struct {
	name, help string
	kind       metrics.Kind
	value      func(Stats) float64
}{
	{"jardin_cluster_leases", "Tables this node owns.", metrics.GaugeKind, func(s Stats) float64 { return float64(s.Leases) }},
	{"jardin_cluster_acquired_total", "Table leases taken (new, or from a dead node).", metrics.CounterKind,
		func(s Stats) float64 { return float64(s.Acquired) }},
	{"jardin_cluster_taken_over_total", "Table leases taken from a dead node.", metrics.CounterKind,
		func(s Stats) float64 { return float64(s.TakenOver) }},
	{"jardin_cluster_lost_total", "Table leases lost without release (session expired, or taken).", metrics.CounterKind,
		func(s Stats) float64 { return float64(s.Lost) }},
	{"jardin_cluster_sessions_total", "Sessions started (above 1: the node was cut off at least once).", metrics.CounterKind,
		func(s Stats) float64 { return float64(s.Sessions) }},
	{"jardin_cluster_forwarded_total", "Requests sent to other tables' owners.", metrics.CounterKind,
		func(s Stats) float64 { return float64(s.Forwarded) }},
	{"jardin_cluster_served_total", "Requests served as a table's owner.", metrics.CounterKind,
		func(s Stats) float64 { return float64(s.Served) }},
	{"jardin_cluster_published_total", "Updates published to other nodes.", metrics.CounterKind,
		func(s Stats) float64 { return float64(s.Published) }},
	{"jardin_cluster_delivered_total", "Updates received from other nodes.", metrics.CounterKind,
		func(s Stats) float64 { return float64(s.Delivered) }},
	{"jardin_cluster_dropped_total", "Updates dropped as coming from an older owner.", metrics.CounterKind,
		func(s Stats) float64 { return float64(s.Dropped) }},
}

func (c collector) Collect(w *metrics.Writer) {
	st := c.n.Stats()
	for _, s := range clusterSeries {
		w.Family(s.name, s.help, s.kind)
		w.Sample(s.name, s.value(st))
	}
}
