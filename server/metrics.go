package server

import "github.com/jardin-games/jardin/internal/metrics"

// serverMetrics are the server's Prometheus series, on a registry of its own (no
// package-level state: tests run several servers in one process).
type serverMetrics struct {
	reg         *metrics.Registry
	tables      *metrics.Func
	sockets     *metrics.Gauge
	relayed     *metrics.Gauge
	moves       *metrics.Counter
	moveLatency *metrics.Histogram
	commitWait  *metrics.Histogram
	batchSize   *metrics.Histogram
	commitTime  *metrics.Histogram
	botQueue    *metrics.Histogram
	botThink    *metrics.HistogramVec
	botQueued   *metrics.Gauge
	botTimeouts *metrics.Counter
	slowReaders *metrics.Counter
	badFrames   *metrics.Counter
	panics      *metrics.Counter
	failedWrite *metrics.Counter
	broken      *metrics.Counter
}

func newMetrics(liveTables func() float64) *serverMetrics {
	ms := []float64{.0005, .001, .002, .005, .01, .02, .05, .1, .2, .5, 1, 2, 5}
	m := &serverMetrics{reg: metrics.NewRegistry()}
	m.tables = metrics.NewGaugeFunc("jardin_live_tables", "Tables loaded in memory (each with its goroutine).", liveTables)
	m.sockets = metrics.NewGauge("jardin_sockets", "Open WebSocket connections.")
	m.relayed = metrics.NewGauge("jardin_relayed_sockets", "WebSockets this node relays to tables another node owns (cluster; also counted in jardin_sockets on the owner).")
	m.moves = metrics.NewCounter("jardin_moves_total", "Moves stored and sent (rate() of it is moves/s).")
	m.moveLatency = metrics.NewHistogram("jardin_move_seconds", "From a move message read off the socket to its acknowledgement and every update queued.", ms)
	m.commitWait = metrics.NewHistogram("jardin_commit_wait_seconds", "A table's wait for its write to be durable (group commit).", ms)
	m.batchSize = metrics.NewHistogram("jardin_commit_batch_writes", "Writes per store transaction.", []float64{1, 2, 4, 8, 16, 32, 64, 128, 256, 512})
	m.commitTime = metrics.NewHistogram("jardin_commit_seconds", "Duration of one store transaction (a batch of writes).", ms)
	m.botQueue = metrics.NewHistogram("jardin_bot_queue_seconds", "Time a bot decision waited for a worker.", ms)
	m.botThink = metrics.NewHistogramVec("jardin_bot_think_seconds", "Time a bot thought, by kind.", "kind", ms)
	m.botQueued = metrics.NewGauge("jardin_bot_queued", "Bot decisions waiting.")
	m.botTimeouts = metrics.NewCounter("jardin_bot_timeouts_total", "Search bots past their time budget (greedy moved instead).")
	m.slowReaders = metrics.NewCounter("jardin_slow_readers_total", "Connections closed because their send queue was full.")
	m.badFrames = metrics.NewCounter("jardin_bad_frames_total", "Connections closed for a message that is not protocol (garbage, binary, too big, too many).")
	m.panics = metrics.NewCounter("jardin_panics_total", "Panics recovered in HTTP handlers (each logged with its request id).")
	m.failedWrite = metrics.NewCounter("jardin_failed_writes_total", "Table writes the store refused or failed (the table is read back from the store).")
	m.broken = metrics.NewCounter("jardin_tables_unloaded_broken_total", "Tables unloaded because a write failed and the store could not be read back (loaded again on demand).")
	m.reg.Register(m.tables, m.sockets, m.relayed, m.moves, m.moveLatency, m.commitWait, m.batchSize, m.commitTime, m.botQueue, m.botThink,
		m.botQueued, m.botTimeouts, m.slowReaders, m.badFrames, m.panics, m.failedWrite, m.broken,
		metrics.Runtime{}, metrics.Process{})
	return m
}
