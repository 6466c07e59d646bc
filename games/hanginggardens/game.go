// Package hanginggardens plays Les Jardins Suspendus (The Hanging Gardens),
// Grégory Grard and Matthieu Verdier, Gigamic 2025, for 1 to 5 players with
// an automa for solo play. Rule ids (HG-…) and rulings (H…) refer to
// shared/rules/hanging-gardens.md.
package hanginggardens

import (
	_ "embed"
	"fmt"

	"github.com/jardin-games/jardin/engine"
)

//go:embed rules.md
var rulesMD string

type game struct{}

// Game is Les Jardins Suspendus.
var Game engine.Game = game{}

func (game) ID() string { return "hanging-gardens" }

func (game) Title(lang string) string { return texts.Title(lang) }

func (game) Players() (int, int) { return 1, maxPlayers }

func (game) Rules() string { return rulesMD }

func (game) Options() []engine.OptionSpec {
	names := make([]string, len(comp.Difficulties))
	for i, d := range comp.Difficulties {
		names[i] = d.Name
	}
	def := names[0]
	if len(names) > 1 {
		def = names[1]
	}
	return []engine.OptionSpec{
		engine.FirstPlayerOption(maxPlayers),
		{Name: "difficulty", Default: def, Values: names, Players: []int{1}}, // the automa plays solo games only (HG-SO1)
	}
}

// New sets the table up (HG-S1..S10, HG-SO1).
func (g game) New(players int, seed uint64, opts engine.Options) (engine.State, error) {
	if err := engine.CheckPlayers(g, players); err != nil {
		return nil, err
	}
	o, err := engine.ResolveOptions(g.Options(), opts)
	if err != nil {
		return nil, err
	}
	diff := 0
	for i, d := range comp.Difficulties {
		if d.Name == o["difficulty"] {
			diff = i
		}
	}
	s := &state{}
	// The generator serves the setup only: after it nothing is random (the
	// decks are shuffled once), so the state keeps none that could give the
	// seed away.
	rng := engine.NewRNG(seed)
	if err := s.setup(players, diff, o, &rng); err != nil {
		return nil, err
	}
	return s, nil
}

func (s *state) setup(n, diff int, o engine.Options, rng *engine.RNG) error {
	s.n = uint8(n)
	s.solo = n == 1
	s.diff = uint8(diff)
	// HG-S3: garden deck, 12 cards into 3 columns of 4.
	s.deckLen = uint8(copy(s.deck[:], comp.Deck))
	engine.Shuffle(rng, s.deck[:s.deckLen])
	for c := 0; c < 3; c++ {
		for r := 0; r < 4; r++ {
			s.market[c][r] = s.draw()
		}
	}
	// HG-S4: three enhancement piles, shuffled separately.
	for k := 0; k < 3; k++ {
		s.pileLen[k] = uint8(copy(s.piles[k][:], comp.PileOf[k]))
		engine.Shuffle(rng, s.piles[k][:s.pileLen[k]])
	}
	// HG-S5: 4 of the objectives into positions 1-4, in draw order.
	objs := make([]uint8, len(comp.Objectives))
	for i := range objs {
		objs[i] = uint8(i)
	}
	engine.Shuffle(rng, objs)
	copy(s.obj[:], objs[:4])
	for k := range s.marks {
		for i := range s.marks[k] {
			s.marks[k][i] = -1
		}
	}
	// HG-S6: one irrigation card each, public.
	irr := make([]uint8, len(comp.Irrigation))
	for i := range irr {
		irr[i] = uint8(i)
	}
	engine.Shuffle(rng, irr)
	for p := 0; p < n; p++ {
		s.pl[p].Irrigation = irr[p%len(irr)]
	}
	// HG-S8: first player.
	first, err := engine.FirstPlayer(o, n, rng)
	if err != nil {
		return err
	}
	// HG-S9: gold and tools; the stock is what remains.
	s.stockGold, s.stockTools = uint8(comp.StockGold), uint8(comp.StockTools)
	for p := 0; p < n; p++ {
		g, t := comp.StartGold, comp.StartTools
		if s.solo {
			g, t = comp.Difficulties[diff].Gold, comp.Difficulties[diff].Tools // HG-SO1
		} else if p == (first+n-1)%n {
			t += comp.ExtraTools
		}
		g, t = min(g, int(s.stockGold)), min(t, int(s.stockTools))
		s.pl[p].Gold, s.pl[p].Tools = uint8(g), uint8(t)
		s.stockGold -= uint8(g)
		s.stockTools -= uint8(t)
	}
	for c := range s.cols {
		for i := range s.cols[c] {
			s.cols[c][i] = -1
		}
	}
	s.first = int8(first)
	s.automaLast = -1
	s.pendCol, s.pendRow, s.pendPile = -1, -1, -1
	if s.solo {
		// HG-SO1: the automa deck.
		s.automaLen = uint8(len(comp.Automa))
		for i := range comp.Automa {
			s.automa[i] = uint8(i)
		}
		engine.Shuffle(rng, s.automa[:s.automaLen])
	}
	s.startRound(nil) // the player holds the tile at setup (HG-SO1): no automa turn to log
	return nil
}

func (s *state) draw() uint8 {
	if s.deckLen == 0 {
		return 0 // spec "still to confirm" 7: an unfilled space stays empty
	}
	s.deckLen--
	return s.deck[s.deckLen] + 1
}

func (s *state) String() string { return fmt.Sprintf("hanging-gardens round %d", s.round+1) }
