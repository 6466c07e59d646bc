package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"path/filepath"
	"strings"
	"text/tabwriter"

	"github.com/jardin-games/jardin/engine"
	"github.com/jardin-games/jardin/i18n"
	"github.com/jardin-games/jardin/record"
	"github.com/jardin-games/jardin/shelltext"
)

func cmdScore(e *env, args []string) error {
	fs := flag.NewFlagSet("score", flag.ContinueOnError)
	gameID := fs.String("game", "", "cli.flag.score.game")
	asJSON := fs.Bool("json", false, "cli.flag.score.json")
	langFlag := fs.String("lang", "", "cli.flag.score.lang")
	pos, err := e.parse(fs, args, 1, 1, "cli.wantPosition")
	if err != nil {
		return err
	}
	l, err := e.lang(*langFlag)
	if err != nil {
		return err
	}
	lang := &l
	if *gameID != "" {
		if _, err := e.game(*gameID); err != nil {
			return err
		}
	}
	data, err := e.read(pos[0])
	if err != nil {
		return err
	}
	g, sc, err := e.scorePosition(pos[0], data, *gameID)
	if err != nil {
		return err
	}
	if *asJSON {
		b, _ := json.MarshalIndent(sc, "", "  ")
		fmt.Fprintf(e.stdout, "%s\n", b)
		return nil
	}
	t := newTexts(g, *lang, nil)
	tw := tabwriter.NewWriter(e.stdout, 0, 4, 2, ' ', tabwriter.AlignRight)
	for i, c := range sc.Categories {
		fmt.Fprintf(tw, "%s\t%d\t\n", t.category(c.ID), sc.Points[i])
	}
	fmt.Fprintf(tw, "%s\t%d\t\n", say(*lang, "cli.total"), sc.Total)
	if sc.Rating != "" {
		fmt.Fprintf(tw, "%s\t%s\t\n", say(*lang, "cli.rating"), t.rating(sc.Rating))
	}
	return tw.Flush()
}

// scorePosition finds the game of a position file and scores it. The game
// is forced (--game), else the file's "game" field when the file is a JSON
// object, else the start of the file's name. Every way a file can be wrong
// gets a message about the file: what is wrong with its JSON (line and
// column), that it does not look like the game it names, or the game's own
// complaint about the position.
func (e *env) scorePosition(path string, data []byte, forced string) (engine.Game, engine.Score, error) {
	name := printable(filepath.Base(path), 80)
	data = engine.TrimBOM(data) // editors add one; no position format wants it
	field, hasField := engine.GameField(data)
	if hasField {
		field = strings.TrimSpace(field)
	}
	id, from := forced, "flag"
	switch {
	case forced != "":
	case hasField:
		id, from = field, "field"
	default:
		id, from = e.gameFromName(path), "name"
	}
	if problem := jsonProblem(data); problem != nil {
		// Wrong whatever its game: say what is wrong with the file rather
		// than only that its game is unknown.
		return nil, engine.Score{}, shelltext.Wrap("cli.inFile", problem, i18n.S("file", name))
	}
	if id == "" {
		return nil, engine.Score{}, usageErr("cli.whichGame", i18n.S("file", name))
	}
	g, err := e.reg.Lookup(id)
	if err != nil {
		return nil, engine.Score{}, shelltext.Errorf("cli.notAGame", i18n.S("file", name), i18n.S("game", record.Clip(id, 40)))
	}
	if hasField && field != g.ID() {
		return nil, engine.Score{}, shelltext.Errorf("cli.otherGame", i18n.S("file", name), i18n.S("game", g.ID()),
			i18n.S("field", record.Clip(field, 40)))
	}
	ps, ok := g.(engine.PositionScorer)
	if !ok {
		return nil, engine.Score{}, shelltext.Errorf("cli.noPositions", i18n.S("game", g.ID()))
	}
	sc, err := ps.ScorePosition(data)
	if err != nil {
		err = plainJSON(data, err)
		if from == "field" {
			if other := e.lookalike(g, data); other != "" {
				return nil, engine.Score{}, shelltext.Wrap("cli.looksLike", err, i18n.S("file", name), i18n.S("game", g.ID()),
					i18n.S("other", other))
			}
			return nil, engine.Score{}, shelltext.Wrap("cli.notAsSays", err, i18n.S("file", name), i18n.S("game", g.ID()))
		}
		return nil, engine.Score{}, shelltext.Wrap("cli.notPosition", err, i18n.S("file", name), i18n.S("game", g.ID()))
	}
	return g, sc, nil
}

// gameFromName reads the game from a file name that starts with a game id.
func (e *env) gameFromName(path string) string {
	base := filepath.Base(path)
	for _, g := range e.reg.All() {
		if strings.HasPrefix(base, g.ID()+".") || strings.HasPrefix(base, g.ID()+"-") || strings.HasPrefix(base, g.ID()+"_") {
			return g.ID()
		}
	}
	return ""
}

// looksJSON reports whether data starts as JSON does (an object or a list),
// which no text position format does.
func looksJSON(data []byte) bool {
	t := bytes.TrimSpace(data)
	return len(t) > 0 && (t[0] == '{' || t[0] == '[')
}

// jsonProblem says what keeps data from being a JSON object: empty, a syntax
// error (line and column), null or another value. nil for an object, and
// for text that is not JSON at all (positions may be text).
func jsonProblem(data []byte) error {
	t := bytes.TrimSpace(data)
	if len(t) == 0 {
		return shelltext.Errorf("cli.emptyFile")
	}
	if !looksJSON(data) && !json.Valid(t) {
		return nil // text: the game's parser judges it
	}
	var v map[string]json.RawMessage
	return engine.DecodeJSON(data, &v, false)
}

// plainJSON rewrites an encoding/json error a game's parser passed on (with
// %w) in plain words, with line and column and no Go types, and drops the
// "json:" prefix of the errors it passed on as text.
func plainJSON(data []byte, err error) error {
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	if errors.As(err, &se) || errors.As(err, &te) {
		return engine.JSONError(data, err)
	}
	if msg := err.Error(); strings.Contains(msg, ": json: ") {
		return errors.New(strings.ReplaceAll(msg, ": json: ", ": "))
	}
	return err
}

// lookalike returns the one other game whose parser accepts data (its
// "game" field dropped), when exactly one does: the game the file was
// probably written for.
func (e *env) lookalike(named engine.Game, data []byte) string {
	var obj map[string]json.RawMessage
	if json.Unmarshal(data, &obj) != nil {
		return ""
	}
	delete(obj, "game")
	stripped, err := json.Marshal(obj)
	if err != nil {
		return ""
	}
	found := ""
	for _, g := range e.reg.All() {
		ps, ok := g.(engine.PositionScorer)
		if !ok || g.ID() == named.ID() {
			continue
		}
		if _, err := ps.ScorePosition(stripped); err == nil {
			if found != "" {
				return ""
			}
			found = g.ID()
		}
	}
	return found
}
