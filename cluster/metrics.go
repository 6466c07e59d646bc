package cluster

import "github.com/prometheus/client_golang/prometheus"

// Collector exports the node's Stats as Prometheus series (jardin_cluster_*,
// docs/deploy.md lists them): register it on the server's registry.
func (n *Node) Collector() prometheus.Collector {
	c := &collector{n: n}
	counter := func(name, help string, v func(Stats) uint64) {
		c.series = append(c.series, series{prometheus.NewDesc(name, help, nil, nil), prometheus.CounterValue,
			func(s Stats) float64 { return float64(v(s)) }})
	}
	c.series = append(c.series, series{prometheus.NewDesc("jardin_cluster_leases", "Tables this node owns.", nil, nil),
		prometheus.GaugeValue, func(s Stats) float64 { return float64(s.Leases) }})
	counter("jardin_cluster_acquired_total", "Table leases taken (new, or from a dead node).",
		func(s Stats) uint64 { return s.Acquired })
	counter("jardin_cluster_taken_over_total", "Table leases taken from a dead node.",
		func(s Stats) uint64 { return s.TakenOver })
	counter("jardin_cluster_lost_total", "Table leases lost without release (session expired, or taken).",
		func(s Stats) uint64 { return s.Lost })
	counter("jardin_cluster_sessions_total", "Sessions started (above 1: the node was cut off at least once).",
		func(s Stats) uint64 { return s.Sessions })
	counter("jardin_cluster_forwarded_total", "Requests sent to other tables' owners.",
		func(s Stats) uint64 { return s.Forwarded })
	counter("jardin_cluster_served_total", "Requests served as a table's owner.",
		func(s Stats) uint64 { return s.Served })
	counter("jardin_cluster_published_total", "Updates published to other nodes.",
		func(s Stats) uint64 { return s.Published })
	counter("jardin_cluster_delivered_total", "Updates received from other nodes.",
		func(s Stats) uint64 { return s.Delivered })
	counter("jardin_cluster_dropped_total", "Updates dropped as coming from an older owner.",
		func(s Stats) uint64 { return s.Dropped })
	return c
}

type series struct {
	desc  *prometheus.Desc
	kind  prometheus.ValueType
	value func(Stats) float64
}

type collector struct {
	n      *Node
	series []series
}

func (c *collector) Describe(ch chan<- *prometheus.Desc) {
	for _, s := range c.series {
		ch <- s.desc
	}
}

func (c *collector) Collect(ch chan<- prometheus.Metric) {
	st := c.n.Stats()
	for _, s := range c.series {
		ch <- prometheus.MustNewConstMetric(s.desc, s.kind, s.value(st))
	}
}
