package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"maps"
	"os"
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
	fixed := fs.String("fixed", "", "a file of anchors (this command's output) whose bots keep their ratings: the others are calibrated against them, and the output is that file with them added")
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
	var base Anchors
	if *fixed != "" {
		b, err := os.ReadFile(*fixed)
		if err != nil {
			return err
		}
		if err := json.Unmarshal(b, &base); err != nil {
			return fmt.Errorf("%s: %w", *fixed, err)
		}
	}
	ladders := map[string]*ladder{}
	for _, g := range gs {
		l := ladders[g.Game]
		if l == nil {
			l = newLadder(truth)
			// A fixed anchor plays at its rating and does not move, as at
			// the server's rated tables: the new bot's rating is learnt on
			// the scale the anchors already set.
			l.fixed = map[string]bool{}
			for k, a := range base.Games[g.Game] {
				l.r[k], l.fixed[k] = a.Rating, true
			}
			ladders[g.Game] = l
		}
		if err := l.add(g); err != nil {
			return err
		}
	}
	out := Anchors{Command: *command, Games: map[string]map[string]Anchor{}}
	if *fixed != "" {
		out.Command = base.Command + "; then " + *command
	}
	for id, as := range base.Games {
		out.Games[id] = maps.Clone(as)
	}
	for _, id := range slices.Sorted(maps.Keys(ladders)) {
		l := ladders[id]
		if out.Games[id] == nil {
			out.Games[id] = map[string]Anchor{}
		}
		for _, k := range truth {
			if l.played[k] > 0 && !l.fixed[k] {
				out.Games[id][k] = Anchor{Rating: l.r[k], Played: l.played[k]}
			}
		}
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}
