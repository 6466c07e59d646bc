// Package schlossgarten plays Der Prestel Schlossgarten (Ulf Siebert,
// Prestel Verlag 2004) for 2 to 4 players, by the specification in
// shared/rules/schlossgarten.md (rule ids SG-…).
package schlossgarten

import (
	_ "embed"
	"strconv"

	"github.com/jardin-games/jardin/engine"
	"github.com/jardin-games/jardin/i18n"
)

//go:embed rules.md
var rulesMD string

type game struct{}

// Game is Der Prestel Schlossgarten.
var Game engine.Game = game{}

func (game) ID() string { return "schlossgarten" }

func (game) Title(lang string) string { return catalog().Title(lang) }

func (game) Players() (int, int) { return 2, 4 }

func (game) Rules() string { return rulesMD }

func colorOption(seat int) engine.OptionSpec {
	return engine.OptionSpec{
		Name:    "color" + strconv.Itoa(seat+1),
		Default: colorNames[seat],
		Values:  colorNames[:],
	}
}

func (game) Options() []engine.OptionSpec {
	first := engine.FirstPlayerOption(maxP)
	first.Default = "1" // SG-S7: default seat 1
	return []engine.OptionSpec{first, colorOption(0), colorOption(1), colorOption(2), colorOption(3)}
}

// New sets up a game (SG-S1 … SG-S8).
func (g game) New(players int, seed uint64, opts engine.Options) (engine.State, error) {
	if err := engine.CheckPlayers(g, players); err != nil { // SG-S1
		return nil, err
	}
	o, err := engine.ResolveOptions(g.Options(), opts)
	if err != nil {
		return nil, err
	}
	var cols [maxP]int8
	used := 0
	for i := 0; i < players; i++ {
		v := o["color"+strconv.Itoa(i+1)]
		c := -1
		for k, n := range colorNames {
			if n == v {
				c = k
			}
		}
		if c < 0 {
			return nil, catalog().Errorf("error.option.colour", i18n.N("seat", i+1), i18n.S("value", v))
		}
		if used&(1<<c) != 0 {
			return nil, catalog().Errorf("error.option.colour.taken", i18n.N("seat", i+1), i18n.S("colour", v))
		}
		used |= 1 << c
		cols[i] = int8(c)
	}
	rng := engine.NewRNG(seed)
	first, err := engine.FirstPlayer(o, players, &rng)
	if err != nil {
		return nil, err
	}
	s := newState(players, cols, first, rng)
	return s, nil
}

func newState(players int, cols [maxP]int8, first int, rng engine.RNG) *state {
	s := &state{n: int8(players), color: cols, first: int8(first), rng: rng}
	// SG-S3: tiles shuffled and laid face up.
	var tv [nSquares]int8
	copy(tv[:], tileValues)
	engine.Shuffle(&s.rng, tv[:])
	for sq, v := range tv {
		s.setTile(sq, v)
	}
	for p := range s.hand {
		s.hand[p] = [2]int8{-1, -1}
	}
	s.struck = -1
	// SG-S4: pawns on their start squares.
	for p := 0; p < players; p++ {
		for k := 0; k < nPawns; k++ {
			sq := startSq[players][p][k]
			s.pawnSq[p][k] = sq
		}
	}
	// SG-S5: deck shuffled.
	var d [maxCards]int8
	for i := range cards {
		d[i] = int8(i)
	}
	engine.Shuffle(&s.rng, d[:len(cards)])
	s.setDeck(d[:len(cards)])
	// SG-S6: each player draws one card, in seat order.
	for p := 0; p < players; p++ {
		s.draw(p)
	}
	// SG-S7: the first player starts; SG-S8: scores are 0.
	s.toMove = int8(first)
	s.startTurn(nil)
	return s
}
