package alicesgarden

import (
	"fmt"
	"math/bits"
	"slices"
	"strconv"
	"strings"

	"github.com/jardin-games/jardin/engine"
)

// ScorePosition scores one finished garden written as a text grid
// (docs/alices-garden.md, docs/examples/alices-garden.position.txt):
//
//	# comments and blank lines are ignored
//	side A          board side, A or B (optional, default A)
//	unplaced 0      bonus tiles left unplaced (optional, default 0)
//	solo            optional: also give the solo rating
//	R M T C C G T M six lines of 8 squares, row 1 first; spaces between squares optional
//
// Squares: R rose, M mushroom, T tree, C chess piece, G gardener, g plain
// grass (bonus tile), '.' or ':' free.
func (game) ScorePosition(data []byte) (engine.Score, error) {
	var b board
	side := uint8(0)
	unplaced := 0
	solo := false
	unplacedLine := 0
	r := 0
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
		case "side":
			if r > 0 {
				return engine.Score{}, fmt.Errorf("line %d: put side before the grid", ln)
			}
			if len(f) != 2 || (strings.ToUpper(f[1]) != "A" && strings.ToUpper(f[1]) != "B") {
				return engine.Score{}, fmt.Errorf("line %d: want side A or side B", ln)
			}
			if strings.ToUpper(f[1]) == "B" {
				side = 1
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
			unplaced, unplacedLine = n, ln
			continue
		case "solo":
			if len(f) != 1 {
				return engine.Score{}, fmt.Errorf("line %d: solo takes no value", ln)
			}
			solo = true
			continue
		}
		// runes, so that a stray non-ASCII character is named, not miscounted
		sqs := []rune(strings.Join(f, ""))
		if r >= rows {
			return engine.Score{}, fmt.Errorf("line %d: the grid has more than %d rows", ln, rows)
		}
		if len(sqs) != cols {
			hint := ""
			if comment {
				// the data file writes chessboard squares as '#'
				hint = "; '#' starts a comment, write a free chessboard square as ':'"
			}
			return engine.Score{}, fmt.Errorf("line %d: row %d has %d squares, want %d (R M T C G g, . for free%s)", ln, r+1, len(sqs), cols, hint)
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
				return engine.Score{}, fmt.Errorf("line %d: row %d column %d: unknown square %q (use R M T C G g, or . for free)", ln, r+1, c+1, ch)
			}
			b.icon[ic] |= 1 << sq
			b.occ |= 1 << sq
		}
		r++
	}
	if r != rows {
		return engine.Score{}, fmt.Errorf("the grid has %d rows, want %d lines of %d squares", r, rows, cols)
	}
	if free := nSquares - bits.OnesCount64(b.occ); unplaced > 0 && free > 0 {
		// AG-E2: a bonus tile must be placed while a free square exists.
		return engine.Score{}, fmt.Errorf("line %d: unplaced %d, but the grid has %d free squares: bonus tiles stay unplaced only once the board is full (AG-E2); put them on the grid", unplacedLine, unplaced, free)
	}
	pts := breakdown(&b, side)
	pts[5] = -5 * unplaced
	sc := engine.Score{Categories: slices.Clone(categories), Points: pts[:]}
	for _, v := range pts {
		sc.Total += v
	}
	if solo {
		sc.Rating = soloRating(sc.Total)
	}
	return sc, nil
}

var _ engine.PositionScorer = game{}
