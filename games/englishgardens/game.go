// Package englishgardens implements Jardins Anglais (Village Green, Peer
// Sylvester, Osprey Games / Origames 2020) for 1 to 5 players, solo
// included, as specified in docs/english-gardens.md.
package englishgardens

import (
	_ "embed"

	"github.com/jardin-games/jardin/engine"
)

//go:embed rules.md
var rulesMD string

// Game is Jardins Anglais. It is immutable and safe for concurrent use.
var Game engine.Game = newGame()

type game struct {
	c *components
}

func newGame() *game {
	c, err := loadComponents()
	if err != nil {
		// The data is embedded and checked by tests: failing here is a
		// build defect, not a runtime condition.
		panic("englishgardens: " + err.Error())
	}
	return &game{c: c}
}

func (g *game) ID() string { return "english-gardens" }

func (g *game) Title(lang string) string { return texts.Title(lang) }

func (g *game) Players() (int, int) { return 1, maxPlayers }

func (g *game) Options() []engine.OptionSpec {
	return []engine.OptionSpec{engine.FirstPlayerOption(maxPlayers)}
}

func (g *game) Rules() string { return rulesMD }

// removals is the setup-removals table (EG-S3, ruling E3): landscape and
// trophy cards removed unseen, by player count.
var removals = [maxPlayers + 1][2]int{1: {0, 0}, 2: {15, 10}, 3: {10, 5}, 4: {5, 0}, 5: {0, 0}}

// New sets up a game following EG-S1 to EG-S9.
func (g *game) New(players int, seed uint64, opts engine.Options) (engine.State, error) {
	if err := engine.CheckPlayers(g, players); err != nil {
		return nil, err
	}
	opts, err := engine.ResolveOptions(g.Options(), opts)
	if err != nil {
		return nil, err
	}
	s := &state{g: g, n: int8(players), rng: engine.NewRNG(seed)}
	// EG-S1: village cards dealt at random, face up.
	vill := [numVillage]int8{0, 1, 2, 3, 4}
	engine.Shuffle(&s.rng, vill[:])
	for p := 0; p < players; p++ {
		s.pl[p].village = vill[p]
		s.pl[p].villageUp = true
		for i := range s.pl[p].trophy {
			s.pl[p].trophy[i] = -1
		}
	}
	// EG-S2: shuffle both decks. The deck's top is the end of the array.
	for i := 0; i < numLand; i++ {
		s.land.cards[i] = int8(i)
	}
	s.land.n = numLand
	for i := 0; i < numTrophy; i++ {
		s.tro.cards[i] = int8(i)
	}
	s.tro.n = numTrophy
	engine.Shuffle(&s.rng, s.land.cards[:s.land.n])
	engine.Shuffle(&s.rng, s.tro.cards[:s.tro.n])
	// EG-S3: remove cards from the top, unseen.
	for i := 0; i < removals[players][0]; i++ {
		s.removedLand[s.nRemovedLand] = s.land.draw()
		s.nRemovedLand++
	}
	for i := 0; i < removals[players][1]; i++ {
		s.removedTro[s.nRemovedTro] = s.tro.draw()
		s.nRemovedTro++
	}
	// EG-S4: three landscape cards to each hand.
	for p := 0; p < players; p++ {
		for i := 0; i < 3; i++ {
			s.pl[p].addHand(s.land.draw(), false)
		}
	}
	// EG-S5: the landscape display.
	for i := range s.landDisp {
		s.landDisp[i] = s.land.draw()
	}
	// EG-S6: three trophies to each player, face up in the top row, left to
	// right (ruling E4).
	for p := 0; p < players; p++ {
		for i := 0; i < 3; i++ {
			s.pl[p].putTrophy(g.c, i, s.tro.draw())
		}
	}
	// EG-S7: the trophy display.
	for i := range s.troDisp {
		s.troDisp[i] = s.tro.draw()
	}
	// EG-S8: the first player.
	first, err := engine.FirstPlayer(opts, players, &s.rng)
	if err != nil {
		return nil, err
	}
	s.first = int8(first)
	s.cur = s.first
	s.held = -1
	s.startTurn(nil)
	return s, nil
}
