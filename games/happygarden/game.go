// Package happygarden plays Happy Garden (Deedee, Funforge 2024) for 2 to 5
// players, following the specification happy-garden.md (rule ids HP-…).
package happygarden

import (
	_ "embed"
	"strconv"

	"github.com/jardin-games/jardin/engine"
	"github.com/jardin-games/jardin/i18n"
)

//go:embed rules.md
var rulesMD string

// Game is Happy Garden.
var Game engine.Game = game{}

type game struct{}

func (game) ID() string { return "happy-garden" }

func (game) Title(lang string) string { return texts.Title(lang) }

func (game) Players() (int, int) { return 2, maxPlayers }

var defaultMice = [maxPlayers]string{"red", "orange", "yellow", "blue", "violet"}

func (game) Options() []engine.OptionSpec {
	first := engine.FirstPlayerOption(maxPlayers)
	first.Default = "1" // HP-S3: default seat 1
	opts := []engine.OptionSpec{first}
	vals := []string{"red", "orange", "yellow", "blue", "violet", "pink"}
	for i := 0; i < maxPlayers; i++ {
		opts = append(opts, engine.OptionSpec{
			Name: "mouse" + strconv.Itoa(i+1), Default: defaultMice[i], Values: vals,
		})
	}
	return opts
}

func (game) Rules() string { return rulesMD }

func (g game) New(players int, seed uint64, opts engine.Options) (engine.State, error) {
	if lo, hi := g.Players(); players < lo || players > hi {
		return nil, texts.Illegal("HP-S1", "error.players", i18n.N("min", lo), i18n.N("max", hi), i18n.N("n", players))
	}
	o, err := engine.ResolveOptions(g.Options(), opts)
	if err != nil {
		return nil, err
	}
	s := &state{}
	s.rng = engine.NewRNG(seed)
	first, err := engine.FirstPlayer(o, players, &s.rng)
	if err != nil {
		return nil, err
	}
	mice, err := chooseMice(players, o, opts)
	if err != nil {
		return nil, err
	}
	s.setup(players, first, mice)
	return s, nil
}

// chooseMice gives each seat its mouse colour (HP-S2). Colours chosen
// explicitly must differ. A seat left to its default keeps it unless an
// explicit choice took it; it then gets the first colour no seat uses, so
// that "mouse2=red" alone just works instead of clashing with seat 1's
// default.
func chooseMice(players int, resolved, given engine.Options) ([maxPlayers]uint8, error) {
	var mice [maxPlayers]uint8
	var explicit [maxPlayers]bool
	used := 0 // colours of the explicit choices
	for i := 0; i < players; i++ {
		name := "mouse" + strconv.Itoa(i+1)
		c := colourIndex(resolved[name])
		if c < 0 {
			return mice, texts.Errorf("error.mouse.colour", i18n.N("seat", i+1), i18n.S("colour", resolved[name]))
		}
		mice[i] = uint8(c)
		if _, ok := given[name]; !ok {
			continue
		}
		if used&(1<<c) != 0 {
			return mice, texts.Illegal("HP-S2", "error.mouse.taken", i18n.N("seat", i+1), i18n.S("colour", resolved[name]))
		}
		used |= 1 << c
		explicit[i] = true
	}
	for i := 0; i < players; i++ {
		if explicit[i] || used&(1<<mice[i]) == 0 {
			continue
		}
		taken := used
		for j := 0; j < players; j++ {
			taken |= 1 << mice[j]
		}
		for c := 0; c < numColours; c++ {
			if taken&(1<<c) == 0 {
				mice[i] = uint8(c)
				break
			}
		}
	}
	return mice, nil
}
