package engine

import (
	"slices"
	"strconv"
	"testing"

	"github.com/jardin-games/jardin/i18n"
)

// toy is a two-seat card game small enough to reason about, for testing the
// undo helper: each seat holds a hidden hand; "mark" moves a public marker
// (reveals nothing, keeps the turn), "draw" takes the top of a hidden deck
// (the drawer learns the card, ends the turn), "play i" puts hand card i
// face up (everyone learns it, ends the turn).
type toy struct {
	rng    RNG
	deck   []int
	hand   [2][]int
	played []int
	marker int
	turn   int
	moves  int
}

func newToy(seed uint64) *toy {
	s := &toy{rng: NewRNG(seed), deck: []int{1, 2, 3, 4, 5, 6, 7, 8}}
	Shuffle(&s.rng, s.deck)
	for p := range 2 {
		s.hand[p] = append([]int(nil), s.deck[:2]...)
		s.deck = s.deck[2:]
	}
	return s
}

const (
	toyMark Move = iota
	toyDraw
	toyPlay // + hand index
)

func (s *toy) Game() Game      { return nil }
func (s *toy) NumPlayers() int { return 2 }
func (s *toy) Over() bool      { return s.moves >= 6 }
func (s *toy) ToMove() int {
	if s.Over() {
		return -1
	}
	return s.turn
}
func (s *toy) LegalMoves(buf []Move) []Move {
	if s.Over() {
		return buf
	}
	buf = append(buf, toyMark)
	if len(s.deck) > 0 {
		buf = append(buf, toyDraw)
	}
	for i := range s.hand[s.turn] {
		buf = append(buf, toyPlay+Move(i))
	}
	return buf
}
func (s *toy) Apply(m Move, log *Log) error {
	if !slices.Contains(s.LegalMoves(nil), m) {
		return &RuleError{Rule: "T-1", ID: "error.option.format", Args: []i18n.Arg{i18n.S("option", "move")}} // any engine message: the toy has no catalogue
	}
	p := s.turn
	switch {
	case m == toyMark:
		s.marker++
		log.Say(p, "mark")
		return nil
	case m == toyDraw:
		c := s.deck[0]
		s.deck = s.deck[1:]
		s.hand[p] = append(s.hand[p], c)
		log.Say(p, "draw")
		log.Tell(p, "drew", Num(c))
	default:
		i := int(m - toyPlay)
		c := s.hand[p][i]
		s.hand[p] = slices.Delete(slices.Clone(s.hand[p]), i, i+1)
		s.played = append(slices.Clone(s.played), c)
		log.Reveal(p, "play", Num(c))
	}
	s.turn = 1 - p
	s.moves++
	return nil
}
func (s *toy) Clone() State {
	c := *s
	c.deck = slices.Clone(s.deck)
	c.hand = [2][]int{slices.Clone(s.hand[0]), slices.Clone(s.hand[1])}
	c.played = slices.Clone(s.played)
	return &c
}
func (s *toy) Score(int) int  { return 0 }
func (s *toy) Result() Result { return Result{} }
func (s *toy) View(p int) any {
	v := map[string]any{"deck": len(s.deck), "played": s.played, "marker": s.marker, "turn": s.turn,
		"hands": []int{len(s.hand[0]), len(s.hand[1])}}
	if p == 0 || p == 1 {
		v["hand"] = s.hand[p]
	}
	return v
}
func (s *toy) Determinize(p int, seed uint64) State {
	c := s.Clone().(*toy)
	c.rng = NewRNG(seed)
	var unseen []int
	unseen = append(unseen, c.deck...)
	for q := range 2 {
		if q != p {
			unseen = append(unseen, c.hand[q]...)
		}
	}
	slices.Sort(unseen)
	Shuffle(&c.rng, unseen)
	for q := range 2 {
		if q != p {
			n := len(c.hand[q])
			c.hand[q], unseen = unseen[:n:n], unseen[n:]
		}
	}
	c.deck = unseen
	return c
}
func (s *toy) FormatMove(m Move) string { return strconv.Itoa(int(m)) }
func (s *toy) ParseMove(t string) (Move, error) {
	n, err := strconv.Atoi(t)
	return Move(n), err
}

func TestRevealsNothing(t *testing.T) {
	s := newToy(1)
	if !RevealsNothing(s, toyMark) {
		t.Error("moving the public marker reveals nothing, but was judged revealing")
	}
	if RevealsNothing(s, toyDraw) {
		t.Error("a draw from the hidden deck was judged to reveal nothing")
	}
	if RevealsNothing(s, toyPlay) {
		t.Error("playing a hidden card face up was judged to reveal nothing")
	}
	if RevealsNothing(s, Move(99)) {
		t.Error("an illegal move was judged undoable")
	}
}

func TestUndoable(t *testing.T) {
	start := newToy(7)
	tests := []struct {
		name  string
		moves []Move
		seat  int
		want  int
	}{
		{"nothing played", nil, 0, 0},
		{"own marks", []Move{toyMark, toyMark}, 0, 2},
		{"not the other seat's", []Move{toyMark, toyMark}, 1, 0},
		{"after a draw only the marks after it", []Move{toyDraw, toyMark}, 1, 1},
		{"a draw", []Move{toyMark, toyDraw}, 0, 0},
		{"a reveal", []Move{toyPlay}, 0, 0},
		{"another seat acted since", []Move{toyMark, toyDraw, toyMark}, 0, 0},
		{"a seat outside the game", []Move{toyMark}, 2, 0},
		{"an illegal history", []Move{Move(42)}, 0, 0},
	}
	for _, tc := range tests {
		if got := Undoable(start, tc.moves, tc.seat); got != tc.want {
			t.Errorf("%s: Undoable = %d, want %d", tc.name, got, tc.want)
		}
	}
	if start.marker != 0 || start.moves != 0 {
		t.Fatal("Undoable changed the start state")
	}
}

func (s *toy) Prompt() Prompt { return Prompt{Key: "turn"} }

func (s *toy) DescribeMove(m Move) MoveDesc {
	if m >= toyPlay {
		return MoveDesc{Kind: "play", Parts: []Part{{"card", "hand:" + strconv.Itoa(int(m-toyPlay))}}}
	}
	return MoveDesc{Kind: [...]string{"mark", "draw"}[m]}
}
