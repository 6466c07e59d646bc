package sqlcore

import "testing"

// A numbered dialect's placeholders count from 1 in order; the other
// dialect's queries are sent as written.
func TestQ(t *testing.T) {
	const q = `SELECT x FROM t WHERE a = ? AND b IN (?,?) LIMIT ?`
	pg := &Core{D: &Dialect{Numbered: true}}
	if got, want := pg.Q(q), `SELECT x FROM t WHERE a = $1 AND b IN ($2,$3) LIMIT $4`; got != want {
		t.Errorf("numbered: %s, want %s", got, want)
	}
	lite := &Core{D: &Dialect{}}
	if got := lite.Q(q); got != q {
		t.Errorf("unnumbered: %s, want it unchanged", got)
	}
}
