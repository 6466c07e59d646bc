package server

import (
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
)

// metrics are the server's Prometheus series, on a registry of its own (no
// package-level state: tests run several servers in one process).
type metrics struct {
	reg         *prometheus.Registry
	tables      prometheus.GaugeFunc
	sockets     prometheus.Gauge
	relayed     prometheus.Gauge
	moves       prometheus.Counter
	moveLatency prometheus.Histogram
	commitWait  prometheus.Histogram
	batchSize   prometheus.Histogram
	commitTime  prometheus.Histogram
	botQueue    prometheus.Histogram
	botThink    *prometheus.HistogramVec
	botQueued   prometheus.Gauge
	botTimeouts prometheus.Counter
	slowReaders prometheus.Counter
	badFrames   prometheus.Counter
	panics      prometheus.Counter
	failedWrite prometheus.Counter
	broken      prometheus.Counter
}

func newMetrics(liveTables func() float64) *metrics {
	ms := []float64{.0005, .001, .002, .005, .01, .02, .05, .1, .2, .5, 1, 2, 5}
	m := &metrics{reg: prometheus.NewRegistry()}
	m.tables = prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "jardin_live_tables",
		Help: "Tables loaded in memory (each with its goroutine)."}, liveTables)
	m.sockets = prometheus.NewGauge(prometheus.GaugeOpts{Name: "jardin_sockets", Help: "Open WebSocket connections."})
	m.relayed = prometheus.NewGauge(prometheus.GaugeOpts{Name: "jardin_relayed_sockets",
		Help: "WebSockets this node relays to tables another node owns (cluster; also counted in jardin_sockets on the owner)."})
	m.moves = prometheus.NewCounter(prometheus.CounterOpts{Name: "jardin_moves_total",
		Help: "Moves stored and sent (rate() of it is moves/s)."})
	m.moveLatency = prometheus.NewHistogram(prometheus.HistogramOpts{Name: "jardin_move_seconds", Buckets: ms,
		Help: "From a move message read off the socket to its acknowledgement and every update queued."})
	m.commitWait = prometheus.NewHistogram(prometheus.HistogramOpts{Name: "jardin_commit_wait_seconds", Buckets: ms,
		Help: "A table's wait for its write to be durable (group commit)."})
	m.batchSize = prometheus.NewHistogram(prometheus.HistogramOpts{Name: "jardin_commit_batch_writes",
		Buckets: []float64{1, 2, 4, 8, 16, 32, 64, 128, 256, 512}, Help: "Writes per store transaction."})
	m.commitTime = prometheus.NewHistogram(prometheus.HistogramOpts{Name: "jardin_commit_seconds", Buckets: ms,
		Help: "Duration of one store transaction (a batch of writes)."})
	m.botQueue = prometheus.NewHistogram(prometheus.HistogramOpts{Name: "jardin_bot_queue_seconds", Buckets: ms,
		Help: "Time a bot decision waited for a worker."})
	m.botThink = prometheus.NewHistogramVec(prometheus.HistogramOpts{Name: "jardin_bot_think_seconds", Buckets: ms,
		Help: "Time a bot thought, by kind."}, []string{"kind"})
	m.botQueued = prometheus.NewGauge(prometheus.GaugeOpts{Name: "jardin_bot_queued", Help: "Bot decisions waiting."})
	m.botTimeouts = prometheus.NewCounter(prometheus.CounterOpts{Name: "jardin_bot_timeouts_total",
		Help: "Search bots past their time budget (greedy moved instead)."})
	m.slowReaders = prometheus.NewCounter(prometheus.CounterOpts{Name: "jardin_slow_readers_total",
		Help: "Connections closed because their send queue was full."})
	m.badFrames = prometheus.NewCounter(prometheus.CounterOpts{Name: "jardin_bad_frames_total",
		Help: "Connections closed for a message that is not protocol (garbage, binary, too big, too many)."})
	m.panics = prometheus.NewCounter(prometheus.CounterOpts{Name: "jardin_panics_total",
		Help: "Panics recovered in HTTP handlers (each logged with its request id)."})
	m.failedWrite = prometheus.NewCounter(prometheus.CounterOpts{Name: "jardin_failed_writes_total",
		Help: "Table writes the store refused or failed (the table is read back from the store)."})
	m.broken = prometheus.NewCounter(prometheus.CounterOpts{Name: "jardin_tables_unloaded_broken_total",
		Help: "Tables unloaded because a write failed and the store could not be read back (loaded again on demand)."})
	m.reg.MustRegister(m.tables, m.sockets, m.relayed, m.moves, m.moveLatency, m.commitWait, m.batchSize, m.commitTime, m.botQueue, m.botThink,
		m.botQueued, m.botTimeouts, m.slowReaders, m.badFrames, m.panics, m.failedWrite, m.broken,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	return m
}
