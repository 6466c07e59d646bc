package alicesgarden

import (
	"math/bits"
	"slices"
	"strconv"
	"strings"

	"github.com/jardin-games/jardin/engine"
	"github.com/jardin-games/jardin/i18n"
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
	return engine.ScoreTextOrJSON(data, catalog.Errorf("error.position.empty", i18n.N("rows", rows), i18n.N("cols", cols)),
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
		return engine.Score{}, catalog.Errorf("error.position.noGrid", i18n.N("rows", rows), i18n.N("cols", cols))
	}
	var pos garden
	switch strings.ToUpper(p.Side) {
	case "", "A":
	case "B":
		pos.side = 1
	default:
		return engine.Score{}, catalog.Errorf("error.position.side", i18n.S("side", p.Side))
	}
	if p.Unplaced < 0 || p.Unplaced > nBonus {
		return engine.Score{}, catalog.Errorf("error.position.unplaced", i18n.N("n", p.Unplaced), i18n.N("max", nBonus))
	}
	pos.unplaced = p.Unplaced
	pos.solo = p.Solo
	for i, line := range p.Grid {
		if err := pos.addRow(line, false); err != nil {
			return engine.Score{}, catalog.Wrapf("error.position.gridRow", err, i18n.N("row", i+1))
		}
	}
	return pos.score()
}

// garden is a position being read.
type garden struct {
	b          board
	side       uint8
	unplaced   int
	unplacedAt int // the line where unplaced was given, for errors; 0: the JSON field
	solo       bool
	rows       int
}

// addRow reads the next row of the grid; the caller says where it is in
// errors.
func (g *garden) addRow(line string, comment bool) error {
	r := g.rows
	if r >= rows {
		return catalog.Errorf("error.position.tooManyRows", i18n.N("rows", rows))
	}
	// runes, so that a stray non-ASCII character is named, not miscounted
	sqs := []rune(strings.Join(strings.Fields(line), ""))
	if len(sqs) != cols {
		id := "error.position.rowLength"
		if comment {
			// the data file writes chessboard squares as '#'
			id = "error.position.rowLength.comment"
		}
		return catalog.Errorf(id, i18n.N("row", r+1), i18n.N("n", len(sqs)), i18n.N("cols", cols))
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
			return catalog.Errorf("error.position.square", i18n.N("row", r+1), i18n.N("column", c+1), i18n.S("square", string(ch)))
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
		return engine.Score{}, catalog.Errorf("error.position.rows", i18n.N("n", g.rows), i18n.N("rows", rows), i18n.N("cols", cols))
	}
	if free := nSquares - bits.OnesCount64(g.b.occ); g.unplaced > 0 && free > 0 {
		// AG-E2: a bonus tile must be placed while a free square exists.
		err := catalog.Errorf("error.position.unplacedFree", i18n.N("n", g.unplaced), i18n.N("free", free))
		if g.unplacedAt > 0 {
			return engine.Score{}, catalog.Wrapf("error.position.line", err, i18n.N("line", g.unplacedAt))
		}
		return engine.Score{}, catalog.Wrapf("error.position.fieldUnplaced", err)
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
	g, err := readText(data)
	if err != nil {
		return engine.Score{}, err
	}
	return g.score()
}

// readText reads a garden in the text format (ScorePosition).
func readText(data []byte) (*garden, error) {
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
				return nil, atLine(ln, catalog.Errorf("error.position.gameLine", i18n.S("game", strings.Join(f[1:], " "))))
			}
			continue
		case "side":
			if g.rows > 0 {
				return nil, atLine(ln, catalog.Errorf("error.position.sideLate"))
			}
			if len(f) != 2 || (strings.ToUpper(f[1]) != "A" && strings.ToUpper(f[1]) != "B") {
				return nil, atLine(ln, catalog.Errorf("error.position.sideValue"))
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
				return nil, atLine(ln, catalog.Errorf("error.position.unplacedLine", i18n.N("max", nBonus)))
			}
			g.unplaced, g.unplacedAt = n, ln
			continue
		case "solo":
			if len(f) != 1 {
				return nil, atLine(ln, catalog.Errorf("error.position.soloValue"))
			}
			g.solo = true
			continue
		}
		if err := g.addRow(line, comment); err != nil {
			return nil, atLine(ln, err)
		}
	}
	return &g, nil
}

// atLine says that err is about line ln of the file.
func atLine(ln int, err error) error {
	return catalog.Wrapf("error.position.line", err, i18n.N("line", ln))
}

var _ engine.PositionScorer = game{}
