package main

import (
	"fmt"
	"slices"
	"strings"

	"github.com/jardin-games/jardin/engine"
)

// Kind is the first position of the harness's seeded random play (the one
// /harness/?game=…&players=…&seed=…&ply=…&seat=… shows) where a decision
// kind of a game is asked, seen by the seat that decides: the browser tests
// check every kind's table for readability, and the screenshot gallery
// shows each one.
type Kind struct {
	Game string `json:"game"`
	// Key names the kind in test titles and file names: the prompt's
	// catalogue key; "end" for the finished game. While a game still
	// answers the engine's placeholder key "turn", the kinds of its legal
	// moves tell its decisions apart ("turn-place-discard"), so that every
	// step is reached before the game names them. Solo games (the automa's
	// table) have their own kinds, "solo-…".
	Key       string `json:"key"`
	PromptKey string `json:"promptKey"`
	Players   int    `json:"players"`
	Seed      int    `json:"seed"`
	Ply       int    `json:"ply"`
	Seat      int    `json:"seat"`
}

// Found is what findKinds reports of one game.
type Found struct {
	Game  string `json:"game"`
	Kinds []Kind `json:"kinds"`
	// Unreached lists the prompt keys of the game's catalogue that no
	// position played reached: a decision the search misses (or a message
	// nothing asks for).
	Unreached []string `json:"unreached"`
}

// maxPlies bounds one random game, in case a game's random play never ends.
const maxPlies = 5000

// findKinds plays seeds 1..seeds of g at every player count (2 players
// first, then more, so that a decision shared by every count is shown at a
// table of two; solo, a table of its own, last) by the harness's random
// moves, and returns the first position of each decision kind, then the
// end of the game at the largest count. The search is deterministic: the same build finds the same
// positions, so test titles are stable.
func findKinds(g engine.Game, seeds int) (*Found, error) {
	lo, hi := g.Players()
	var counts []int
	for n := max(lo, 2); n <= hi; n++ {
		counts = append(counts, n)
	}
	for n := 1; n >= lo; n-- {
		counts = append(counts, n)
	}
	out := &Found{Game: g.ID(), Kinds: []Kind{}, Unreached: []string{}}
	seen := map[string]bool{}
	var end *Kind
	for _, n := range counts {
		for seed := 1; seed <= seeds; seed++ {
			s, random, err := play(g, n, uint64(seed))
			if err != nil {
				return nil, err
			}
			ply := 0
			for ; !s.Over() && ply < maxPlies; ply++ {
				key := s.Prompt().Key
				label := key
				if key == "turn" {
					label = "turn-" + moveKinds(s)
				}
				if n == 1 {
					label = "solo-" + label
				}
				if !seen[label] {
					seen[label] = true
					seen[key] = true
					out.Kinds = append(out.Kinds, Kind{Game: g.ID(), Key: label, PromptKey: key, Players: n, Seed: seed, Ply: ply, Seat: s.ToMove()})
				}
				if err := random(nil); err != nil {
					return nil, fmt.Errorf("%s, %d players, seed %d, ply %d: %w", g.ID(), n, seed, ply, err)
				}
			}
			if s.Over() && (end == nil || n > end.Players) {
				end = &Kind{Game: g.ID(), Key: "end", Players: n, Seed: seed, Ply: ply, Seat: 0}
			}
		}
	}
	// Rare decisions (a turn with no tile that fits, a pass) need more
	// games: later seeds are played for the keys still unreached only.
	for seed := seeds + 1; seed <= seeds+rareSeeds && len(unreached(g, seen)) > 0; seed++ {
		for _, n := range counts {
			s, random, err := play(g, n, uint64(seed))
			if err != nil {
				return nil, err
			}
			for ply := 0; !s.Over() && ply < maxPlies; ply++ {
				if key := s.Prompt().Key; !seen[key] {
					seen[key] = true
					label := key
					if n == 1 {
						label = "solo-" + label
					}
					out.Kinds = append(out.Kinds, Kind{Game: g.ID(), Key: label, PromptKey: key, Players: n, Seed: seed, Ply: ply, Seat: s.ToMove()})
				}
				if err := random(nil); err != nil {
					return nil, fmt.Errorf("%s, %d players, seed %d, ply %d: %w", g.ID(), n, seed, ply, err)
				}
			}
		}
	}
	if end != nil {
		out.Kinds = append(out.Kinds, *end)
	}
	out.Unreached = unreached(g, seen)
	return out, nil
}

// rareSeeds bounds the extra games played for rare decisions.
const rareSeeds = 60

// unreached lists, sorted, the prompt keys of g's catalogue not in seen.
func unreached(g engine.Game, seen map[string]bool) []string {
	out := []string{}
	if t, ok := g.(engine.Texter); ok {
		for id := range t.Texts().Sources("en", "prompt.") {
			key := strings.TrimSuffix(strings.TrimPrefix(id, "prompt."), ".you")
			if !seen[key] && !slices.Contains(out, key) {
				out = append(out, key)
			}
		}
		slices.Sort(out)
	}
	return out
}

// play sets up g as the harness does and returns the state and the function
// that plays one of the harness's seeded random moves on it, appending its
// events to lg when lg is not nil: the page's positions and the search for
// kinds play the same moves.
func play(g engine.Game, players int, seed uint64) (engine.State, func(lg *engine.Log) error, error) {
	s, err := g.New(players, seed, nil)
	if err != nil {
		return nil, nil, fmt.Errorf("%s with %d players, seed %d: %w", g.ID(), players, seed, err)
	}
	rng := engine.NewRNG(seed ^ 0x5eed)
	return s, func(lg *engine.Log) error {
		moves := s.LegalMoves(nil)
		return s.Apply(moves[rng.Intn(len(moves))], lg)
	}, nil
}

// moveKinds is the sorted, distinct kinds of the legal moves' descriptions,
// joined by "-": what tells a placeholder-prompted decision from another.
func moveKinds(s engine.State) string {
	var ks []string
	for _, m := range s.LegalMoves(nil) {
		if k := s.DescribeMove(m).Kind; !slices.Contains(ks, k) {
			ks = append(ks, k)
		}
	}
	slices.Sort(ks)
	return strings.Join(ks, "-")
}
