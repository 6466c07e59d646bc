package schlossgarten

import (
	"bytes"
	"encoding/json"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/jardin-games/jardin/engine"
)

// grid builds a position for n players from 7 rows of 7 cells (spaces
// between cells). A cell is a ground part then an optional pawn part:
//
//	ground: "." landscape tile worth 1, "1"–"3" landscape tile worth that,
//	        "#2" pit worth 2, "Pr" element code (h H L c P T) + colour (r b w y)
//	pawn:   K/G/A + colour, e.g. "Gb", "3Kr", "PrGr"
//
// Seat i has colour i (red, blue, white, yellow). Every pawn of every
// player must be placed. Scores are recomputed from elements (collected
// tiles are 0; use setCollected).
func grid(t *testing.T, n int, rows ...string) *state {
	t.Helper()
	st, err := Game.New(n, 1, nil)
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*state)
	if len(rows) != side {
		t.Fatalf("grid: %d rows", len(rows))
	}
	s.pit = 0
	s.elem = [maxP][nElems]uint64{}
	for i := 0; i < nSquares; i++ {
		s.setTile(i, 1)
	}
	placed := 0
	for y, r := range rows {
		cells := strings.Fields(r)
		if len(cells) != side {
			t.Fatalf("grid row %d: %d cells", y, len(cells))
		}
		for x, c := range cells {
			sq := sqOf(x, y)
			i := 0
			switch {
			case c[0] == '.':
				i = 1
			case c[0] >= '1' && c[0] <= '3':
				s.setTile(sq, int8(c[0]-'0'))
				i = 1
			case c[0] == '#':
				s.pit |= bit(sq)
				s.setTile(sq, int8(c[1]-'0'))
				i = 2
			case bytes.IndexByte(elemCode[:], c[0]) >= 0 && len(c) >= 2 && bytes.IndexByte(colorLetter[:], c[1]) >= 0:
				e, q := bytes.IndexByte(elemCode[:], c[0]), bytes.IndexByte(colorLetter[:], c[1])
				s.elem[q][e] |= bit(sq)
				i = 2
			}
			if i < len(c) {
				k := bytes.IndexByte([]byte("KGA"), c[i])
				q := bytes.IndexByte(colorLetter[:], c[i+1])
				if k < 0 || q < 0 || q >= n || len(c) != i+2 {
					t.Fatalf("grid cell %q at %d,%d", c, x, y)
				}
				s.pawnSq[q][k] = int8(sq)
				placed++
			}
		}
	}
	if placed != n*nPawns {
		t.Fatalf("grid: %d pawns placed, want %d", placed, n*nPawns)
	}
	for q := 0; q < n; q++ {
		for e := 0; e < nElems; e++ {
			if m := s.elem[q][e]; m != 0 {
				pl := elems[e].places
				i := sort.Search(len(pl), func(i int) bool { return pl[i] >= m })
				if i == len(pl) || pl[i] != m {
					t.Fatalf("grid: %s's %s is not a valid shape", colorNames[q], elems[e].id)
				}
			}
		}
	}
	s.rescore()
	return s
}

func (s *state) rescore() {
	for q := 0; q < int(s.n); q++ {
		s.score[q] = s.collected[q] + int16(s.elemPoints(q))
	}
}

func (s *state) setCollected(p, pts int) {
	s.collected[p] = int16(pts)
	s.rescore()
}

// give puts card (0-based index) in p's hand as its second card, swapping
// it with wherever it was, so the card set stays whole.
func (s *state) give(p, card int) {
	swap := func(a *int8) {
		if int(*a) == card {
			*a = s.hand[p][1]
		}
	}
	var buf [maxCards]int8
	d := s.deckCards(&buf)
	for i := range d {
		swap(&d[i])
	}
	s.setDeck(d)
	if s.discard&bit(card) != 0 {
		s.discard = s.discard&^bit(card) | bit(int(s.hand[p][1]))
	}
	for q := 0; q < int(s.n); q++ {
		for i := 0; i < int(s.handN[q]); i++ {
			if !(q == p && i == 1) {
				swap(&s.hand[q][i])
			}
		}
	}
	s.hand[p][1] = int8(card)
}

// turnOf starts p's turn (hand of 2) with card in hand, at the play step.
func (s *state) turnOf(t *testing.T, p int, cardID string) {
	t.Helper()
	if s.handN[int(s.toMove)] == 2 && int(s.toMove) != p {
		// move the extra drawn card back to the deck
		q := int(s.toMove)
		s.handN[q]--
		var buf [maxCards]int8
		d := append(s.deckCards(&buf), s.hand[q][1])
		s.setDeck(d)
		s.hand[q][1] = -1
	}
	s.toMove = int8(p)
	if s.handN[p] < 2 {
		s.draw(p)
	}
	s.phase = phPlay
	s.give(p, cardIdx(t, cardID))
}

// moving starts p's turn with card played, at the movement step.
func (s *state) moving(t *testing.T, p int, cardID string) {
	t.Helper()
	s.turnOf(t, p, cardID)
	mustApply(t, s, "play "+cardID)
}

// working sets p at the work step with the given worker sets standing.
func (s *state) working(t *testing.T, p int, cardID string, cand uint8) {
	t.Helper()
	s.moving(t, p, cardID)
	s.phase = phWork
	s.cand = cand
}

func cardIdx(t *testing.T, id string) int {
	for i, c := range cards {
		if c.id == id {
			return i
		}
	}
	t.Fatalf("no card %s", id)
	return -1
}

func sq(x, y int) int { return sqOf(x, y) }

func mustApply(t *testing.T, s engine.State, moves ...string) {
	t.Helper()
	for _, txt := range moves {
		m, err := s.ParseMove(txt)
		if err != nil {
			t.Fatalf("parse %q: %v", txt, err)
		}
		if !slices.Contains(s.LegalMoves(nil), m) {
			t.Fatalf("%q is not in the legal list %v", txt, formatAll(s, s.LegalMoves(nil)))
		}
		if err := s.Apply(m, nil); err != nil {
			t.Fatalf("apply %q: %v", txt, err)
		}
	}
}

// mustReject checks the move is not legal, is rejected with rule, and
// leaves the state unchanged.
func mustReject(t *testing.T, s engine.State, txt, rule string) {
	t.Helper()
	m, err := s.ParseMove(txt)
	if err != nil {
		t.Fatalf("parse %q: %v", txt, err)
	}
	mustRejectMove(t, s, m, rule)
}

// mustRejectMove is mustReject for a raw move, including moves the notation
// cannot write (squares off the board, unknown elements).
func mustRejectMove(t *testing.T, s engine.State, m engine.Move, rule string) {
	t.Helper()
	txt := s.FormatMove(m)
	if slices.Contains(s.LegalMoves(nil), m) {
		t.Fatalf("%q is in the legal list", txt)
	}
	before, _ := json.Marshal(s.View(engine.Spectator))
	snap := s.Clone()
	err := s.Apply(m, nil)
	if err == nil {
		t.Fatalf("%q accepted, want rejection by %s", txt, rule)
	}
	if got := engine.RuleOf(err); got != rule {
		t.Fatalf("%q rejected by %s (%v), want %s", txt, got, err, rule)
	}
	after, _ := json.Marshal(s.View(engine.Spectator))
	if !bytes.Equal(before, after) || !equalStates(snap, s) {
		t.Fatalf("rejected %q changed the state", txt)
	}
}

func equalStates(a, b engine.State) bool { return *a.(*state) == *b.(*state) }

func formatAll(s engine.State, ms []engine.Move) []string {
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = s.FormatMove(m)
	}
	return out
}

// legalText lists the legal moves whose notation starts with prefix.
func legalText(s engine.State, prefix string) []string {
	var out []string
	for _, m := range s.LegalMoves(nil) {
		if txt := s.FormatMove(m); strings.HasPrefix(txt, prefix) {
			out = append(out, txt)
		}
	}
	sort.Strings(out)
	return out
}

func sqList(sqs ...[2]int) uint64 {
	var m uint64
	for _, p := range sqs {
		m |= bit(sqOf(p[0], p[1]))
	}
	return m
}

func names(m uint64) string { return maskNames(m) }
