package store

import "context"

// Analyses keeps the coach's analyses of finished tables (docs/coach.md,
// server/analysis.go): each costs seconds of processor time and never
// changes once made, so it is made once and kept rather than made again
// after a restart. What an analysis holds is the server's business: the
// store keeps its bytes.
type Analyses interface {
	// PutAnalysis stores table's analysis, replacing any stored before.
	// The table must exist.
	PutAnalysis(ctx context.Context, table string, data []byte) error
	// Analysis returns table's analysis as stored; ErrNotFound if none is.
	Analysis(ctx context.Context, table string) ([]byte, error)
}
