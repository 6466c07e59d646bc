package postgres

import "github.com/prometheus/client_golang/prometheus"

// Collector exports the connection pool's statistics as Prometheus series
// (jardin_db_*): register it on the server's registry.
func (d *DB) Collector() prometheus.Collector {
	return &poolCollector{d: d,
		conns: prometheus.NewDesc("jardin_db_conns", "PostgreSQL connections of this node's pool, by state.",
			[]string{"state"}, nil),
		max:      prometheus.NewDesc("jardin_db_max_conns", "Size limit of this node's pool.", nil, nil),
		acquires: prometheus.NewDesc("jardin_db_acquires_total", "Connections taken from the pool.", nil, nil),
		empty: prometheus.NewDesc("jardin_db_empty_acquires_total",
			"Connections taken after waiting because the pool was empty (raise pool_max_conns if it grows).", nil, nil),
		wait: prometheus.NewDesc("jardin_db_acquire_wait_seconds_total",
			"Time spent waiting for a connection from the pool.", nil, nil),
	}
}

type poolCollector struct {
	d                                 *DB
	conns, max, acquires, empty, wait *prometheus.Desc
}

func (c *poolCollector) Describe(ch chan<- *prometheus.Desc) {
	for _, d := range []*prometheus.Desc{c.conns, c.max, c.acquires, c.empty, c.wait} {
		ch <- d
	}
}

func (c *poolCollector) Collect(ch chan<- prometheus.Metric) {
	s := c.d.pool.Stat()
	ch <- prometheus.MustNewConstMetric(c.conns, prometheus.GaugeValue, float64(s.AcquiredConns()), "acquired")
	ch <- prometheus.MustNewConstMetric(c.conns, prometheus.GaugeValue, float64(s.IdleConns()), "idle")
	ch <- prometheus.MustNewConstMetric(c.conns, prometheus.GaugeValue, float64(s.ConstructingConns()), "constructing")
	ch <- prometheus.MustNewConstMetric(c.max, prometheus.GaugeValue, float64(s.MaxConns()))
	ch <- prometheus.MustNewConstMetric(c.acquires, prometheus.CounterValue, float64(s.AcquireCount()))
	ch <- prometheus.MustNewConstMetric(c.empty, prometheus.CounterValue, float64(s.EmptyAcquireCount()))
	ch <- prometheus.MustNewConstMetric(c.wait, prometheus.CounterValue, s.AcquireDuration().Seconds())
}
