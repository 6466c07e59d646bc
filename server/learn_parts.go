package server

// What each line of the rulebook's scoring example counts (issue 25): the
// tutorial's score step and the rules page draw the example with the
// game's renderer and list its pad; each line carries its parts
// (engine.ScoreParter), so that the page, when a line is selected,
// brightens what the line counts on the drawing with the points of each.

import (
	"encoding/json"
	"fmt"

	"github.com/jardin-games/jardin/engine"
)

// rulesExampleJSON is the rulebook's scoring example on the rules page.
type rulesExampleJSON struct {
	View json.RawMessage `json:"view"`
	// Seat is the seat whose garden the example is: the drawing is the
	// view of that seat, drawn for it (the parts' ids are its own).
	Seat  int            `json:"seat"`
	Names []string       `json:"names"`
	Score learnScoreJSON `json:"score"`
}

// exampleLines explains the drawn example's pad line by line, each line
// with what it counts on the drawing.
func (l *lesson) exampleLines(cats []engine.Category, points []int, lang string) []learnLineJSON {
	out := l.lines(cats, points, lang)
	sp, ok := l.example.(engine.ScoreParter)
	if !ok {
		return out
	}
	parts := sp.ScoreParts(l.exampleSeat())
	for i := range out {
		if i < len(parts) {
			out[i].Parts = parts[i]
		}
		if out[i].Parts == nil {
			out[i].Parts = []engine.ScorePart{} // "counts nothing here", not "unknown"
		}
	}
	return out
}

// rulesExample is the rulebook's example as the rules page shows it (nil
// for a game that cannot draw it).
func (l *lesson) rulesExample(lang string) (*rulesExampleJSON, error) {
	if l.example == nil {
		return nil, nil
	}
	seat := l.exampleSeat()
	view, err := json.Marshal(l.example.View(seat))
	if err != nil {
		return nil, fmt.Errorf("%s rules example: %w", l.game.ID(), err)
	}
	pr, cats := l.examplePad()
	return &rulesExampleJSON{View: view, Seat: seat, Names: l.names(lang),
		Score: learnScoreJSON{Lines: l.exampleLines(cats, pr.Points, lang), Total: pr.Total}}, nil
}
