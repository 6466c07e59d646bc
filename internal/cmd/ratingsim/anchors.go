package main

import (
	"encoding/json"
	"errors"
	"flag"
	"io"
	"maps"
	"slices"
	"strings"

	"github.com/jardin-games/jardin/rating"
)

// Anchors is the bots' calibrated ratings as the server reads them
// (server/ratinganchors.json): per game, per bot kind, the rating its
// ladder ended with after the calibration games, and how many it played.
type Anchors struct {
	// Command is how the file was made, to make it again.
	Command string                       `json:"command"`
	Games   map[string]map[string]Anchor `json:"games"`
}

// Anchor is one bot's calibrated rating at one game.
type Anchor struct {
	rating.Rating
	Played int `json:"played"`
}

// anchors rates the games of files game after game, one ladder per game,
// and writes each bot's final rating as JSON.
func anchors(args []string, w io.Writer) error {
	fs := flag.NewFlagSet("anchors", flag.ExitOnError)
	pool := fs.String("bots", defaultBots, "bot kinds, weakest first")
	command := fs.String("command", "", "the commands that made the games, kept in the output")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() == 0 {
		return errors.New("anchors: no file of games")
	}
	gs, err := readGames(fs.Args())
	if err != nil {
		return err
	}
	truth := strings.Split(*pool, ",")
	ladders := map[string]*ladder{}
	for _, g := range gs {
		l := ladders[g.Game]
		if l == nil {
			l = newLadder(truth)
			ladders[g.Game] = l
		}
		if err := l.add(g); err != nil {
			return err
		}
	}
	out := Anchors{Command: *command, Games: map[string]map[string]Anchor{}}
	for _, id := range slices.Sorted(maps.Keys(ladders)) {
		l := ladders[id]
		out.Games[id] = map[string]Anchor{}
		for _, k := range truth {
			if l.played[k] > 0 {
				out.Games[id][k] = Anchor{Rating: l.r[k], Played: l.played[k]}
			}
		}
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}
