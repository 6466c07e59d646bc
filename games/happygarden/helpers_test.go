package happygarden

import (
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/jardin-games/jardin/engine"
)

func tid(id string) uint8 {
	t, ok := tileByID[strings.ToUpper(id)]
	if !ok {
		panic("unknown tile " + id)
	}
	return t
}

// bare is a state of n players after HP-S1 to HP-S5 and HP-S9, without
// starting tiles: empty gardens, empty shop, every tile in the bag, round 1
// with a blank token, seat 1 (index 0) to choose. Every player holds a magic
// watering can so that turns never end by themselves (tests end them with
// "end"); scoring ignores watering cans.
func bare(n int, mice ...string) *state {
	var m [maxPlayers]uint8
	for i := 0; i < n; i++ {
		name := defaultMice[i]
		if i < len(mice) {
			name = mice[i]
		}
		m[i] = uint8(colourIndex(name))
	}
	s := &state{}
	s.rng = engine.NewRNG(1)
	s.init(n, 0, m)
	for p := 0; p < n; p++ {
		s.cans[p] = 1
		s.supCan--
	}
	s.round = 1
	// Round 1's token is a blank taken from the pile, so that the pile and
	// the revealed tokens add up as in a real game.
	i := slices.Index(s.pile[:s.pileN], tokBlank)
	s.pileN--
	s.pile[i], s.pile[s.pileN] = s.pile[s.pileN], 0
	s.revs[0], s.revN = tokBlank, 1
	s.phase, s.cur, s.toMove = phTurn, 0, 0
	return s
}

// unbag removes tile t from the bag and the shop.
func unbag(s *state, t uint8) {
	for i := 0; i < int(s.bagN); i++ {
		if s.bag[i] == t {
			s.bagN--
			s.bag[i] = s.bag[s.bagN]
			s.bag[s.bagN] = 0
			break
		}
	}
	for i := range s.shop {
		if s.shop[i] == t {
			s.shop[i] = 0
		}
	}
}

// lay puts a tile straight into garden p at (x, y), without any rule.
func lay(s *state, p int, id string, x, y int) uint8 {
	t := tid(id)
	unbag(s, t)
	s.put(p, t, cellOf(x, y))
	return t
}

// hold makes p the active player about to place tile id (step 3 of HP-T2).
func hold(s *state, p int, id string) uint8 {
	t := tid(id)
	unbag(s, t)
	s.cur, s.toMove, s.phase, s.held = int8(p), int8(p), phPlace, t
	return t
}

// stock puts tiles into the shop slots B1 B2 B3 T1 T2 T3 ("" = empty).
func stock(s *state, ids ...string) {
	for i := range s.shop {
		s.shop[i] = 0
	}
	for i, id := range ids {
		if id != "" {
			t := tid(id)
			unbag(s, t)
			s.shop[i] = t
		}
	}
}

func play(t *testing.T, s *state, moves ...string) {
	t.Helper()
	for _, mv := range moves {
		m, err := s.ParseMove(mv)
		if err != nil {
			t.Fatalf("%q: %v", mv, err)
		}
		if !slices.Contains(s.LegalMoves(nil), m) {
			t.Fatalf("%q is not in the legal moves %v", mv, names(s))
		}
		if err := s.Apply(m, nil); err != nil {
			t.Fatalf("%q rejected: %v", mv, err)
		}
	}
}

// reject checks that mv is refused with rule, is not listed, and changes nothing.
func reject(t *testing.T, s *state, mv, rule string) {
	t.Helper()
	m, err := s.ParseMove(mv)
	if err != nil {
		t.Fatalf("%q: %v", mv, err)
	}
	if slices.Contains(s.LegalMoves(nil), m) {
		t.Fatalf("%q is listed as legal", mv)
	}
	before := s.Clone()
	err = s.Apply(m, nil)
	if err == nil {
		t.Fatalf("%q accepted, want rejection by %s", mv, rule)
	}
	if got := engine.RuleOf(err); got != rule {
		t.Fatalf("%q rejected by %q (%v), want %s", mv, got, err, rule)
	}
	if !reflect.DeepEqual(before, engine.State(s)) {
		t.Fatalf("rejected %q changed the state", mv)
	}
}

func names(s *state) []string {
	var out []string
	for _, m := range s.LegalMoves(nil) {
		out = append(out, s.FormatMove(m))
	}
	return out
}

func isHappy(s *state, id string) bool { return s.happy&(1<<tid(id)) != 0 }

func wantHappy(t *testing.T, s *state, happy bool, ids ...string) {
	t.Helper()
	for _, id := range ids {
		if isHappy(s, id) != happy {
			t.Errorf("%s happy = %v, want %v", id, !happy, happy)
		}
	}
}

func newGame(t testing.TB, n int, seed uint64, opts engine.Options) *state {
	s, err := Game.New(n, seed, opts)
	if err != nil {
		t.Fatal(err)
	}
	return s.(*state)
}

// randomGame plays a random game, calling check after every move.
func randomGame(t testing.TB, n int, seed uint64, check func(s *state, mv string)) *state {
	s := newGame(t, n, seed, nil)
	rng := engine.NewRNG(seed + 99)
	var buf []engine.Move
	for !s.Over() {
		buf = s.LegalMoves(buf[:0])
		m := buf[rng.Intn(len(buf))]
		if err := s.Apply(m, nil); err != nil {
			t.Fatal(err)
		}
		if check != nil {
			check(s, s.FormatMove(m))
		}
	}
	return s
}
