package engine

import (
	"fmt"
	"sort"
)

// This file is the engine's face to game-AI research (docs/research.md):
// each game declares its facts as OpenSpiel's GameType does, a dense action
// index and an observation encoding, so that programs written for
// reinforcement learning or search can use every game the same way.
//
// It is an optional interface (Researcher) rather than a method set of Game
// because the playing contract does not need it: test games, small games in
// examples and games still being written stay valid Games without it. All
// five registered games implement it; games.TestResearch checks that, and
// `jardin rpc` refuses a game without it with a clear error.

// Facts are what a research program needs to know of a game before playing
// it, for one player count (after OpenSpiel's GameType and Game).
type Facts struct {
	// Name is the versioned name ("english_gardens_v1"): it changes when a
	// ruling changes what a game's positions, moves or scores are, so that
	// published results stay comparable.
	Name string `json:"name"`
	// ID is the game's id on the command line and in records.
	ID      string `json:"id"`
	Players int    `json:"players"`
	// HiddenInformation: some seat's view lacks something another seat's
	// view shows (private hands). Hidden draw orders alone are chance.
	HiddenInformation bool `json:"hiddenInformation"`
	// Chance: the game draws at random. The outcomes are fixed by the seed
	// when the game is set up (OpenSpiel's "sampled stochastic"); no chance
	// node is ever offered, and Determinize re-samples what a seat cannot
	// see.
	Chance bool `json:"chance"`
	// GeneralSum: the returns (final scores) do not sum to a constant.
	GeneralSum bool `json:"generalSum"`
	// NumActions is the size of the dense action index: every legal move
	// has an index in [0, NumActions), the same for the same move in every
	// position of this game and player count.
	NumActions int `json:"numActions"`
	// MaxDecisions bounds the number of moves of a game from its rules.
	MaxDecisions int `json:"maxDecisions"`
	// ObservationLength is the length of every observation.
	ObservationLength int `json:"observationLength"`
}

// Researcher is implemented by games that declare their facts, a dense
// action index and an observation encoding.
type Researcher interface {
	// Research returns the facts and the action index for a player count
	// the game supports, or an error.
	Research(players int) (Facts, *ActionIndex, error)
	// Observe appends to buf the observation encoding of view, the value
	// View(player) of one of this game's states with players seats, and
	// returns the extended slice: exactly ObservationLength numbers. It
	// reads only the view, so an observation can never carry what the seat
	// does not see. Seats are listed from player on (player first), so that
	// a learner sees "me" at the same place whatever its seat.
	Observe(view any, player, players int, buf []float32) []float32
}

// ActionIndex numbers every move a game can ever offer at one player count,
// densely: index ↔ move is a bijection on the listed moves.
//
// Move → index is looked up for every legal move a program is answered, so
// it is a table rather than a map (a third of jardin rpc's time went to map
// lookups, docs/performance.md): indexed by the move itself when every move
// is below denseMoves, else a binary search in the moves sorted.
type ActionIndex struct {
	moves  []Move
	dense  []int32 // dense[m] is m's index + 1 (0: none); nil if a move is too large
	sorted []Move  // the moves sorted, and at, each one's index
	at     []int32
}

// denseMoves bounds the moves of an index looked up in a table indexed by
// the move (4 bytes each: at most 256 KB).
const denseMoves = 1 << 16

// NewActionIndex numbers moves in the order given. Duplicates are a
// programming error and panic.
func NewActionIndex(moves []Move) *ActionIndex {
	x := &ActionIndex{moves: moves}
	order := make([]int32, len(moves))
	for i := range order {
		order[i] = int32(i)
	}
	sort.Slice(order, func(a, b int) bool { return moves[order[a]] < moves[order[b]] })
	x.sorted, x.at = make([]Move, len(moves)), order
	for k, i := range order {
		x.sorted[k] = moves[i]
		if k > 0 && x.sorted[k] == x.sorted[k-1] {
			panic(fmt.Sprintf("engine: move %#x listed twice in an action index", uint64(moves[i])))
		}
	}
	if n := len(x.sorted); n > 0 && x.sorted[n-1] < denseMoves {
		x.dense = make([]int32, x.sorted[n-1]+1)
		for i, m := range moves {
			x.dense[m] = int32(i) + 1
		}
	}
	return x
}

// Len is the number of actions.
func (x *ActionIndex) Len() int { return len(x.moves) }

// Action returns the index of m, or false if m is not in the index.
func (x *ActionIndex) Action(m Move) (int, bool) {
	if x.dense != nil {
		if m >= Move(len(x.dense)) || x.dense[m] == 0 {
			return 0, false
		}
		return int(x.dense[m]) - 1, true
	}
	lo, hi := 0, len(x.sorted)
	for lo < hi {
		k := int(uint(lo+hi) >> 1)
		if x.sorted[k] < m {
			lo = k + 1
		} else {
			hi = k
		}
	}
	if lo < len(x.sorted) && x.sorted[lo] == m {
		return int(x.at[lo]), true
	}
	return 0, false
}

// Move returns the move of action a, or false if a is out of range.
func (x *ActionIndex) Move(a int) (Move, bool) {
	if a < 0 || a >= len(x.moves) {
		return 0, false
	}
	return x.moves[a], true
}

// LegalActions appends the indices of s's legal moves to buf, sorted, and
// returns it. A legal move outside the index is an error of the game.
func (x *ActionIndex) LegalActions(s State, moves []Move, buf []int) ([]int, []Move, error) {
	moves = s.LegalMoves(moves[:0])
	start := len(buf)
	for _, m := range moves {
		a, ok := x.Action(m)
		if !ok {
			return buf, moves, fmt.Errorf("%s: legal move %q has no action index", s.Game().ID(), s.FormatMove(m))
		}
		buf = append(buf, a)
	}
	sort.Ints(buf[start:])
	return buf, moves, nil
}

// Observation is the observation of s by player, through its game's
// Researcher: the encoding of View(player).
func Observation(r Researcher, s State, player int, buf []float32) []float32 {
	return r.Observe(s.View(player), player, s.NumPlayers(), buf)
}

// OneHot appends n numbers, 1 at index i and 0 elsewhere (all 0 when i is
// out of range: "none").
func OneHot(buf []float32, n, i int) []float32 {
	for k := 0; k < n; k++ {
		if k == i {
			buf = append(buf, 1)
		} else {
			buf = append(buf, 0)
		}
	}
	return buf
}

// Bool appends 1 for true, 0 for false.
func Bool(buf []float32, b bool) []float32 {
	if b {
		return append(buf, 1)
	}
	return append(buf, 0)
}

// Chars appends, for each of the first n characters of s, a one-hot over
// alphabet (all 0 for a character outside it or past the end of s).
func Chars(buf []float32, s string, n int, alphabet string) []float32 {
	for i := 0; i < n; i++ {
		k := -1
		if i < len(s) {
			for j := 0; j < len(alphabet); j++ {
				if alphabet[j] == s[i] {
					k = j
					break
				}
			}
		}
		buf = OneHot(buf, len(alphabet), k)
	}
	return buf
}

// Rotate maps seat to its place in an observation by viewer: viewer is 0,
// the next seat 1, and so on; a seat outside [0, players) stays -1.
func Rotate(seat, viewer, players int) int {
	if seat < 0 || seat >= players || players == 0 {
		return -1
	}
	if viewer < 0 || viewer >= players {
		return seat
	}
	return (seat - viewer + players) % players
}

// Vocabulary numbers the ids of a game's components, for one-hot encodings
// of the ids a view shows.
type Vocabulary struct {
	ids   []string
	index map[string]int
}

// NewVocabulary numbers ids in order. An empty or repeated id is a
// programming error (typically components read before their init ran) and
// panics.
func NewVocabulary(ids ...string) *Vocabulary {
	v := &Vocabulary{index: make(map[string]int, len(ids))}
	for _, id := range ids {
		if _, dup := v.index[id]; dup || id == "" {
			panic(fmt.Sprintf("engine: vocabulary id %q empty or repeated", id))
		}
		v.index[id] = len(v.ids)
		v.ids = append(v.ids, id)
	}
	return v
}

// Len is the number of ids.
func (v *Vocabulary) Len() int { return len(v.ids) }

// OneHot appends a one-hot of id (all 0 for "": none). An id outside the
// vocabulary is a programming error (a view and its encoder disagree) and
// panics, rather than encode silently as none.
func (v *Vocabulary) OneHot(buf []float32, id string) []float32 {
	if id == "" {
		return OneHot(buf, len(v.ids), -1)
	}
	return OneHot(buf, len(v.ids), v.mustIndex(id))
}

// Counts appends how many times each id occurs in ids (an unknown id
// panics, as in OneHot).
func (v *Vocabulary) Counts(buf []float32, ids []string) []float32 {
	start := len(buf)
	buf = append(buf, make([]float32, len(v.ids))...)
	for _, id := range ids {
		buf[start+v.mustIndex(id)]++
	}
	return buf
}

func (v *Vocabulary) mustIndex(id string) int {
	i, ok := v.index[id]
	if !ok {
		panic(fmt.Sprintf("engine: id %q is not in the observation's vocabulary", id))
	}
	return i
}

// OneHotName appends a one-hot of name among names (a game's phase names,
// say). A name not among them panics, as an unknown vocabulary id does.
func OneHotName(buf []float32, names []string, name string) []float32 {
	for i, n := range names {
		if n == name {
			return OneHot(buf, len(names), i)
		}
	}
	panic(fmt.Sprintf("engine: %q is not among %q", name, names))
}

// ViewAs is the view an Observe was given, as its game's view type V (a V or
// a *V, as State.View returns it). Any other value is a caller's mistake:
// it panics, naming the type.
func ViewAs[V any](view any) V {
	switch x := view.(type) {
	case V:
		return x
	case *V:
		return *x
	}
	panic(fmt.Sprintf("%T is not a view of this game", view))
}
