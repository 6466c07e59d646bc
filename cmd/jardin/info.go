package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"text/tabwriter"

	"github.com/jardin-games/jardin/engine"
)

func cmdGames(e *env, args []string) error {
	fs := flag.NewFlagSet("games", flag.ContinueOnError)
	asJSON := fs.Bool("json", false, "print JSON")
	if _, err := parse(fs, args, 0, 0, "no arguments"); err != nil {
		return err
	}
	type gameInfo struct {
		ID      string              `json:"id"`
		TitleFR string              `json:"titleFr"`
		TitleEN string              `json:"titleEn"`
		Min     int                 `json:"minPlayers"`
		Max     int                 `json:"maxPlayers"`
		Options []engine.OptionSpec `json:"options"`
	}
	var list []gameInfo
	for _, g := range e.reg.All() {
		lo, hi := g.Players()
		list = append(list, gameInfo{g.ID(), g.Title("fr"), g.Title("en"), lo, hi, g.Options()})
	}
	if *asJSON {
		b, _ := json.MarshalIndent(list, "", "  ")
		fmt.Fprintf(e.stdout, "%s\n", b)
		return nil
	}
	tw := tabwriter.NewWriter(e.stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "ID\tTITLE\tPLAYERS\tOPTIONS")
	for _, g := range list {
		var opts []string
		for _, o := range g.Options {
			opts = append(opts, fmt.Sprintf("%s=%s (%s)", o.Name, o.Default, strings.Join(o.Values, "|")))
		}
		title := g.TitleFR
		if g.TitleEN != g.TitleFR {
			title += " / " + g.TitleEN
		}
		fmt.Fprintf(tw, "%s\t%s\t%d–%d\t%s\n", g.ID, title, g.Min, g.Max, strings.Join(opts, ", "))
	}
	return tw.Flush()
}

func cmdRules(e *env, args []string) error {
	fs := flag.NewFlagSet("rules", flag.ContinueOnError)
	pos, err := parse(fs, args, 1, 1, "a game id: jardin rules GAME")
	if err != nil {
		return err
	}
	g, err := e.game(pos[0])
	if err != nil {
		return err
	}
	fmt.Fprint(e.stdout, g.Rules())
	return nil
}

func cmdScore(e *env, args []string) error {
	fs := flag.NewFlagSet("score", flag.ContinueOnError)
	gameID := fs.String("game", "", "game of the position (default: from the file name or its \"game\" field)")
	asJSON := fs.Bool("json", false, "print JSON")
	lang := fs.String("lang", "en", "language of the score pad: en or fr")
	pos, err := parse(fs, args, 1, 1, "a position file: jardin score POSITION")
	if err != nil {
		return err
	}
	if err := checkLang(*lang); err != nil {
		return err
	}
	data, err := os.ReadFile(pos[0])
	if err != nil {
		return err
	}
	id := *gameID
	if id == "" {
		id = e.guessGame(pos[0], data)
	}
	if id == "" {
		return usagef("cannot tell which game %s is for: add --game GAME", pos[0])
	}
	g, err := e.game(id)
	if err != nil {
		return err
	}
	ps, ok := g.(engine.PositionScorer)
	if !ok {
		return fmt.Errorf("%s has no position format yet", g.ID())
	}
	sc, err := ps.ScorePosition(data)
	if err != nil {
		return fmt.Errorf("%s: %w", pos[0], err)
	}
	if *asJSON {
		b, _ := json.MarshalIndent(sc, "", "  ")
		fmt.Fprintf(e.stdout, "%s\n", b)
		return nil
	}
	tw := tabwriter.NewWriter(e.stdout, 0, 4, 2, ' ', tabwriter.AlignRight)
	for i, c := range sc.Categories {
		fmt.Fprintf(tw, "%s\t%d\t\n", c.Label(*lang), sc.Points[i])
	}
	fmt.Fprintf(tw, "Total\t%d\t\n", sc.Total)
	if sc.Rating != "" {
		fmt.Fprintf(tw, "Rating\t%s\t\n", sc.Rating)
	}
	return tw.Flush()
}

// guessGame reads the game from a file name that starts with a game id, or
// from a JSON "game" field.
func (e *env) guessGame(path string, data []byte) string {
	base := filepath.Base(path)
	for _, g := range e.reg.All() {
		if strings.HasPrefix(base, g.ID()+".") || strings.HasPrefix(base, g.ID()+"-") {
			return g.ID()
		}
	}
	var probe struct {
		Game string `json:"game"`
	}
	if json.Unmarshal(data, &probe) == nil {
		return probe.Game
	}
	return ""
}

// scorePad writes the result as a table: one column per player.
func scorePad(e *env, res engine.Result, names []string, lang string) {
	tw := tabwriter.NewWriter(e.stdout, 0, 4, 2, ' ', tabwriter.AlignRight)
	fmt.Fprint(tw, "\t")
	for _, n := range names {
		fmt.Fprintf(tw, "%s\t", n)
	}
	fmt.Fprintln(tw)
	for ci, c := range res.Categories {
		fmt.Fprintf(tw, "%s\t", c.Label(lang))
		for _, p := range res.Players {
			fmt.Fprintf(tw, "%d\t", p.Points[ci])
		}
		fmt.Fprintln(tw)
	}
	row := func(label string, f func(engine.PlayerResult) string) {
		fmt.Fprintf(tw, "%s\t", label)
		for _, p := range res.Players {
			fmt.Fprintf(tw, "%s\t", f(p))
		}
		fmt.Fprintln(tw)
	}
	row("Total", func(p engine.PlayerResult) string { return fmt.Sprint(p.Total) })
	row("Rank", func(p engine.PlayerResult) string { return fmt.Sprint(p.Rank) })
	tw.Flush()
	for i, p := range res.Players {
		if p.Rating != "" {
			fmt.Fprintf(e.stdout, "%s: %s\n", names[i], p.Rating)
		}
	}
	var w []string
	for _, i := range res.Winners() {
		w = append(w, names[i])
	}
	if len(w) > 1 {
		fmt.Fprintf(e.stdout, "Shared victory: %s\n", strings.Join(w, ", "))
	} else if len(w) == 1 && len(res.Players) > 1 {
		fmt.Fprintf(e.stdout, "Winner: %s\n", w[0])
	}
}
