// Package happygarden plays Happy Garden (Deedee, Funforge 2024) for 2 to 5
// players, following the specification happy-garden.md (rule ids HP-…).
package happygarden

import (
	_ "embed"
	"fmt"
	"strconv"

	"github.com/jardin-games/jardin/engine"
)

//go:embed rules.md
var rulesMD string

// Game is Happy Garden.
var Game engine.Game = game{}

type game struct{}

func (game) ID() string { return "happy-garden" }

func (game) Title(lang string) string {
	return "Happy Garden" // the French and English editions share the title
}

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
			Help: fmt.Sprintf("mouse (house) colour of seat %d; colours must differ (HP-S2)", i+1),
		})
	}
	return opts
}

func (game) Rules() string { return rulesMD }

func (g game) New(players int, seed uint64, opts engine.Options) (engine.State, error) {
	if err := engine.CheckPlayers(g, players); err != nil {
		return nil, engine.Illegal("HP-S1", "%v", err)
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
	var mice [maxPlayers]uint8
	used := 0
	for i := 0; i < players; i++ {
		c := colourIndex(o["mouse"+strconv.Itoa(i+1)])
		if c < 0 {
			return nil, fmt.Errorf("option mouse%d: unknown colour", i+1)
		}
		if used&(1<<c) != 0 {
			return nil, engine.Illegal("HP-S2", "option mouse%d: colour %s already taken by another seat", i+1, o["mouse"+strconv.Itoa(i+1)])
		}
		used |= 1 << c
		mice[i] = uint8(c)
	}
	s.setup(players, first, mice)
	return s, nil
}
