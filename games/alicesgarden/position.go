package alicesgarden

import (
	"fmt"
	"math/bits"
	"slices"
	"strconv"
	"strings"

	"github.com/jardin-games/jardin/engine"
)

// ScorePosition scores one finished garden (docs/alices-garden.md,
// docs/examples/alices-garden.position.txt), written as a text grid:
//
//	# comments and blank lines are ignored
//	game alices-garden  optional: the game, refused if another
//	side A          board side, A or B (optional, default A)
//	unplaced 0      bonus tiles left unplaced (optional, default 0)
//	solo            optional: also give the solo rating
//	R M T C C G T M six lines of 8 squares, row 1 first; spaces between squares optional
//
// or as a JSON object with the same fields, "grid" (required) holding the
// six rows: {"game": "alices-garden", "side": "A", "unplaced": 0,
// "solo": false, "grid": ["RMTCCGTM", …]}.
//
// Squares: R rose, M mushroom, T tree, C chess piece, G gardener, g plain
// grass (bonus tile), '.' or ':' free. A leading UTF-8 byte-order mark is
// ignored.
func (g game) ScorePosition(data []byte) (engine.Score, error) {
	return engine.ScoreTextOrJSON(data, "the file is empty: want 6 lines of 8 squares (R M T C G g, . for free)",
		g.scoreJSON, scoreText)
}

// positionJSON is the JSON position format.
type positionJSON struct {
	Game     string   `json:"game"`
	Side     string   `json:"side"`
	Unplaced int      `json:"unplaced"`
	Solo     bool     `json:"solo"`
	Grid     []string `json:"grid"`
}

func (g game) scoreJSON(data []byte) (engine.Score, error) {
	if err := engine.CheckGameField(data, g.ID()); err != nil {
		return engine.Score{}, err
	}
	var p positionJSON
	if err := engine.DecodeJSON(data, &p, true); err != nil {
		return engine.Score{}, err
	}
	if p.Grid == nil {
		return engine.Score{}, fmt.Errorf("missing field \"grid\": want the %d rows of the garden, row 1 first, each %d squares (R M T C G g, . for free)", rows, cols)
	}
	var pos garden
	switch strings.ToUpper(p.Side) {
	case "", "A":
	case "B":
		pos.side = 1
	default:
		return engine.Score{}, fmt.Errorf("field \"side\": %q, want \"A\" or \"B\"", p.Side)
	}
	if p.Unplaced < 0 || p.Unplaced > nBonus {
		return engine.Score{}, fmt.Errorf("field \"unplaced\": %d, want the number of bonus tiles left unplaced, 0 to %d", p.Unplaced, nBonus)
	}
	pos.unplaced, pos.unplacedAt = p.Unplaced, "field \"unplaced\""
	pos.solo = p.Solo
	for i, line := range p.Grid {
		if err := pos.addRow(line, fmt.Sprintf("grid row %d", i+1), false); err != nil {
			return engine.Score{}, err
		}
	}
	return pos.score()
}

// garden is a position being read.
type garden struct {
	b          board
	side       uint8
	unplaced   int
	unplacedAt string // where unplaced was given, for errors
	solo       bool
	rows       int
}

// addRow reads the next row of the grid; where names it in errors.
func (g *garden) addRow(line, where string, comment bool) error {
	r := g.rows
	if r >= rows {
		return fmt.Errorf("%s: the grid has more than %d rows", where, rows)
	}
	// runes, so that a stray non-ASCII character is named, not miscounted
	sqs := []rune(strings.Join(strings.Fields(line), ""))
	if len(sqs) != cols {
		hint := ""
		if comment {
			// the data file writes chessboard squares as '#'
			hint = "; '#' starts a comment, write a free chessboard square as ':'"
		}
		return fmt.Errorf("%s: row %d has %d squares, want %d (R M T C G g, . for free%s)", where, r+1, len(sqs), cols, hint)
	}
	for c := 0; c < cols; c++ {
		ch := sqs[c]
		sq := r*cols + c
		if ch == '.' || ch == ':' {
			continue
		}
		ic, ok := uint8(0), false
		if ch < 128 {
			ic, ok = iconOf(byte(ch))
		}
		if !ok {
			return fmt.Errorf("%s: row %d column %d: unknown square %q (use R M T C G g, or . for free)", where, r+1, c+1, ch)
		}
		g.b.icon[ic] |= 1 << sq
		g.b.occ |= 1 << sq
	}
	g.rows++
	return nil
}

// score checks the whole garden and scores it.
func (g *garden) score() (engine.Score, error) {
	if g.rows != rows {
		return engine.Score{}, fmt.Errorf("the grid has %d rows, want %d lines of %d squares", g.rows, rows, cols)
	}
	if free := nSquares - bits.OnesCount64(g.b.occ); g.unplaced > 0 && free > 0 {
		// AG-E2: a bonus tile must be placed while a free square exists.
		return engine.Score{}, fmt.Errorf("%s: unplaced %d, but the grid has %d free squares: bonus tiles stay unplaced only once the board is full (AG-E2); put them on the grid", g.unplacedAt, g.unplaced, free)
	}
	pts := breakdown(&g.b, g.side)
	pts[5] = -5 * g.unplaced
	sc := engine.Score{Categories: slices.Clone(categories), Points: pts[:]}
	for _, v := range pts {
		sc.Total += v
	}
	if g.solo {
		rating := soloRating(sc.Total)
		sc.Rating = rating
	}
	return sc, nil
}

func scoreText(data []byte) (engine.Score, error) {
	var g garden
	for i, raw := range strings.Split(string(data), "\n") {
		ln := i + 1
		line := strings.TrimSpace(strings.TrimSuffix(raw, "\r"))
		comment := false
		if j := strings.IndexByte(line, '#'); j >= 0 {
			line, comment = strings.TrimSpace(line[:j]), true
		}
		if line == "" {
			continue
		}
		f := strings.Fields(line)
		switch strings.ToLower(f[0]) {
		case "game":
			if len(f) != 2 || f[1] != Game.ID() {
				return engine.Score{}, fmt.Errorf("line %d: this file does not look like a %s position: its game line says %q", ln, Game.ID(), strings.Join(f[1:], " "))
			}
			continue
		case "side":
			if g.rows > 0 {
				return engine.Score{}, fmt.Errorf("line %d: put side before the grid", ln)
			}
			if len(f) != 2 || (strings.ToUpper(f[1]) != "A" && strings.ToUpper(f[1]) != "B") {
				return engine.Score{}, fmt.Errorf("line %d: want side A or side B", ln)
			}
			if strings.ToUpper(f[1]) == "B" {
				g.side = 1
			}
			continue
		case "unplaced":
			n := -1
			if len(f) == 2 {
				if v, err := strconv.Atoi(f[1]); err == nil && v >= 0 && v <= nBonus {
					n = v
				}
			}
			if n < 0 {
				return engine.Score{}, fmt.Errorf("line %d: want unplaced N, the number of bonus tiles left unplaced (0 to %d)", ln, nBonus)
			}
			g.unplaced, g.unplacedAt = n, "line "+strconv.Itoa(ln)
			continue
		case "solo":
			if len(f) != 1 {
				return engine.Score{}, fmt.Errorf("line %d: solo takes no value", ln)
			}
			g.solo = true
			continue
		}
		if err := g.addRow(line, "line "+strconv.Itoa(ln), comment); err != nil {
			return engine.Score{}, err
		}
	}
	return g.score()
}

var _ engine.PositionScorer = game{}
