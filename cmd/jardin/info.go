package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"sort"
	"strings"
	"text/tabwriter"

	"github.com/jardin-games/jardin/engine"
	"github.com/jardin-games/jardin/i18n"
)

func cmdGames(e *env, args []string) error {
	fs := flag.NewFlagSet("games", flag.ContinueOnError)
	asJSON := fs.Bool("json", false, "cli.flag.games.json")
	if _, err := e.parse(fs, args, 0, 0, "cli.wantNothing"); err != nil {
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
	lang, _ := e.lang("") // the environment's: games has no --lang
	fmt.Fprintln(tw, "ID\t"+say(lang, "cli.err.colTitle")+"\t"+say(lang, "cli.err.colPlayers")+"\t"+say(lang, "cli.err.colOptions"))
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
	langFlag := fs.String("lang", "", "cli.flag.rules.lang")
	pos, err := e.parse(fs, args, 1, 1, "cli.wantGame", i18n.S("command", "rules"))
	if err != nil {
		return err
	}
	l, err := e.lang(*langFlag)
	if err != nil {
		return err
	}
	lang := &l
	g, err := e.game(pos[0])
	if err != nil {
		return err
	}
	t := newTexts(g, *lang, nil)
	if *lang != i18n.Source && t.cat != nil && len(t.cat.RuleIDs()) > 0 {
		// The summary (Game.Rules) is English; the catalogue states each
		// rule in every language.
		fmt.Fprintf(e.stdout, "# %s\n\n%s\n\n", g.Title(*lang), say(*lang, "cli.rulesFrom", i18n.S("game", g.ID())))
		ids := t.cat.RuleIDs()
		sort.Slice(ids, func(i, j int) bool { return naturalLess(ids[i], ids[j]) })
		for _, id := range ids {
			fmt.Fprintln(e.stdout, say(*lang, "cli.ruleLine", i18n.S("id", id), i18n.S("rule", t.cat.Rule(id, *lang))))
		}
	} else {
		fmt.Fprint(e.stdout, g.Rules())
	}
	if t.cat == nil || len(t.cat.Components) == 0 {
		return nil
	}
	// Every component with what it does, by kind in the catalogue's order,
	// so that a trophy or a visitor can be looked up before playing.
	fmt.Fprintf(e.stdout, "\n## %s\n", say(*lang, "cli.components"))
	var kinds []string
	byKind := map[string][]engine.Component{}
	for _, c := range t.cat.Components {
		if _, ok := byKind[c.Kind]; !ok {
			kinds = append(kinds, c.Kind)
		}
		byKind[c.Kind] = append(byKind[c.Kind], c)
	}
	for _, k := range kinds {
		fmt.Fprintf(e.stdout, "\n### %s\n\n", k)
		for _, c := range byKind[k] {
			fmt.Fprintf(e.stdout, "- %s\n", t.describe(c))
		}
	}
	return nil
}

// scorePad writes the result as a table, one column per player, in the
// language of t.
func scorePad(w io.Writer, res engine.Result, t *texts) {
	lang, names := t.lang, t.names
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', tabwriter.AlignRight)
	fmt.Fprint(tw, "\t")
	for _, n := range names {
		fmt.Fprintf(tw, "%s\t", n)
	}
	fmt.Fprintln(tw)
	for ci, c := range res.Categories {
		fmt.Fprintf(tw, "%s\t", t.category(c.ID))
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
	row(say(lang, "cli.total"), func(p engine.PlayerResult) string { return fmt.Sprint(p.Total) })
	row(say(lang, "cli.rank"), func(p engine.PlayerResult) string { return fmt.Sprint(p.Rank) })
	tw.Flush()
	for i, p := range res.Players {
		if p.Rating != "" && i < len(names) {
			fmt.Fprintln(w, say(lang, "cli.ratingLine", i18n.S("rating", t.rating(p.Rating))))
		}
	}
	var won []string
	for _, i := range res.Winners() {
		if i < len(names) {
			won = append(won, names[i])
		}
	}
	switch {
	case len(won) > 1:
		fmt.Fprintln(w, say(lang, "cli.shared", i18n.S("names", strings.Join(won, ", "))))
	case len(won) == 1 && len(res.Players) > 1:
		fmt.Fprintln(w, say(lang, "cli.winner", i18n.S("name", won[0])))
	}
}

// naturalLess orders rule ids as a rulebook numbers them: runs of digits
// compare as numbers, so HP-T2 comes before HP-T10.
func naturalLess(a, b string) bool {
	for a != "" && b != "" {
		da, db := digitRun(a), digitRun(b)
		if da > 0 && db > 0 {
			na, nb := strings.TrimLeft(a[:da], "0"), strings.TrimLeft(b[:db], "0")
			if len(na) != len(nb) {
				return len(na) < len(nb)
			}
			if na != nb {
				return na < nb
			}
			a, b = a[da:], b[db:]
			continue
		}
		if a[0] != b[0] {
			return a[0] < b[0]
		}
		a, b = a[1:], b[1:]
	}
	return len(a) < len(b)
}

func digitRun(s string) int {
	n := 0
	for n < len(s) && s[n] >= '0' && s[n] <= '9' {
		n++
	}
	return n
}
