package coach

import "testing"

// BenchmarkAnalyze analyses the example records at the default budget, one
// game an iteration (COACH_RECORD chooses another record): the figure of
// docs/coach.md's "Time", for profiles (go test -bench Analyze -cpuprofile).
func BenchmarkAnalyze(b *testing.B) {
	for _, id := range []string{"happy-garden", "hanging-gardens", "alices-garden", "english-gardens", "schlossgarten"} {
		b.Run(id, func(b *testing.B) {
			rec := load(b, "../docs/examples/"+id+".record.json")
			for b.Loop() {
				analyze(b, rec, budgets[DefaultBudget], 1)
			}
		})
	}
}
