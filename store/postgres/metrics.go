package postgres

import "github.com/jardin-games/jardin/internal/metrics"

// Collector exports the connection pool's statistics as Prometheus series
// (jardin_db_*): register it on the server's registry.
func (d *DB) Collector() metrics.Collector { return poolCollector{d} }

type poolCollector struct{ d *DB }

func (c poolCollector) Collect(w *metrics.Writer) {
	s := c.d.pool.Stat()
	w.Family("jardin_db_conns", "PostgreSQL connections of this node's pool, by state.", metrics.GaugeKind)
	w.Sample("jardin_db_conns", float64(s.AcquiredConns()), "state", "acquired")
	w.Sample("jardin_db_conns", float64(s.IdleConns()), "state", "idle")
	w.Sample("jardin_db_conns", float64(s.ConstructingConns()), "state", "constructing")
	w.Family("jardin_db_max_conns", "Size limit of this node's pool.", metrics.GaugeKind)
	w.Sample("jardin_db_max_conns", float64(s.MaxConns()))
	w.Family("jardin_db_acquires_total", "Connections taken from the pool.", metrics.CounterKind)
	w.Sample("jardin_db_acquires_total", float64(s.AcquireCount()))
	w.Family("jardin_db_empty_acquires_total",
		"Connections taken after waiting because the pool was empty (raise pool_max_conns if it grows).", metrics.CounterKind)
	w.Sample("jardin_db_empty_acquires_total", float64(s.EmptyAcquireCount()))
	w.Family("jardin_db_acquire_wait_seconds_total", "Time spent waiting for a connection from the pool.", metrics.CounterKind)
	w.Sample("jardin_db_acquire_wait_seconds_total", s.AcquireDuration().Seconds())
}
