// Package alicesgarden plays Alice's Garden (Ikhwan Kwon; Lifestyle
// Boardgames 2019, Happy Meeple Games 2021) for 1 to 4 players, following the
// specification shared/rules/alices-garden.md. Rule ids in errors and tests
// (AG-T5c, A6, …) are the spec's.
package alicesgarden

import (
	_ "embed"

	"github.com/jardin-games/jardin/engine"
)

//go:embed rules.md
var rulesMD string

type game struct{}

// Game is Alice's Garden.
var Game engine.Game = game{}

func (game) ID() string { return "alices-garden" }

func (game) Title(lang string) string { return catalog.Title(lang) }

func (game) Players() (int, int) { return 1, 4 }

func (game) Options() []engine.OptionSpec {
	return []engine.OptionSpec{
		{Name: "side", Default: "A", Values: []string{"A", "B"}},
		engine.FirstPlayerOption(4),
	}
}

func (game) Rules() string { return rulesMD }

// New sets up a game (AG-S1 to AG-S4; solo AG-SO1).
func (g game) New(players int, seed uint64, opts engine.Options) (engine.State, error) {
	if err := engine.CheckPlayers(g, players); err != nil {
		return nil, err
	}
	o, err := engine.ResolveOptions(g.Options(), opts)
	if err != nil {
		return nil, err
	}
	s := &state{n: uint8(players), held: -1, lastDiscard: -1}
	if o["side"] == "B" {
		s.side = 1
	}
	s.rng = engine.NewRNG(seed)
	first, err := engine.FirstPlayer(o, players, &s.rng)
	if err != nil {
		return nil, err
	}
	if players == 1 && first != 0 {
		return nil, catalog.Errorf("error.first.solo")
	}
	s.first = int8(first)
	for b := 0; b < nShapes; b++ {
		for i := 0; i < tilesPerShape; i++ {
			s.bag[b][i] = uint8(b*tilesPerShape + i)
		}
		s.bagN[b] = tilesPerShape
	}
	s.bonus = bonusSupply
	s.bonusN = nBonus
	s.round = 1
	if s.n == 1 {
		s.left = 1<<nShapes - 1
		s.soloTurn(nil)
	} else {
		s.startRound(nil)
	}
	return s, nil
}
