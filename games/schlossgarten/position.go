package schlossgarten

import (
	"bufio"
	"bytes"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/jardin-games/jardin/engine"
)

// ScorePosition scores one player's garden from a text position
// (docs/schlossgarten.md, docs/examples/schlossgarten.position.txt):
//
//	player: red
//	tiles: 3 2 2 1
//	board:
//	.  .  .  .  .  .  .
//	.  Pb Pb #  .  .  .
//	...                      (7 rows of 7 cells)
//
// A cell is "." or 1–3 (a landscape tile), "#" or "#2" (a pit), or an
// element code (h H L c P T) followed by a colour letter (r b w y).
// Text after "//" is a comment. The score is the collected tiles plus the squares of the player's
// elements (SG-E1).
func (game) ScorePosition(data []byte) (engine.Score, error) {
	var (
		player  = -1
		tiles   []int
		rows    [][]string
		rowLine []int
		inBoard bool
		seen    = map[string]int{}
	)
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 0, 4096), 1<<20)
	ln := 0
	for sc.Scan() {
		ln++
		line := sc.Text()
		if i := strings.Index(line, "//"); i >= 0 {
			line = line[:i] // comment
		}
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		if inBoard {
			if k, _, ok := strings.Cut(line, ":"); ok && !strings.ContainsAny(k, " \t") {
				return engine.Score{}, fmt.Errorf("line %d: %q after the board: the board comes last, put %q before \"board:\"", ln, line, k+":")
			}
			if len(rows) == side {
				return engine.Score{}, fmt.Errorf("line %d: an eighth board row; the board has %d rows", ln, side)
			}
			rows = append(rows, strings.Fields(line))
			rowLine = append(rowLine, ln)
			continue
		}
		key, val, ok := strings.Cut(line, ":")
		if !ok {
			return engine.Score{}, fmt.Errorf("line %d: want \"player:\", \"tiles:\" or \"board:\", got %q", ln, line)
		}
		key = strings.ToLower(strings.TrimSpace(key))
		val = strings.TrimSpace(val)
		if _, dup := seen[key]; dup {
			return engine.Score{}, fmt.Errorf("line %d: %q given twice (first on line %d)", ln, key, seen[key])
		}
		seen[key] = ln
		switch key {
		case "player":
			for i, n := range colorNames {
				if strings.EqualFold(val, n) || strings.EqualFold(val, colorNamesFR[i]) || (len(val) == 1 && strings.ToLower(val)[0] == colorLetter[i]) {
					player = i
				}
			}
			if player < 0 {
				return engine.Score{}, fmt.Errorf("line %d: player %q: want red, blue, white or yellow", ln, val)
			}
		case "tiles":
			for _, f := range strings.Fields(val) {
				v, err := strconv.Atoi(f)
				if err != nil || v < 1 || v > 3 {
					return engine.Score{}, fmt.Errorf("line %d: tile %q: each collected tile is worth 1, 2 or 3", ln, f)
				}
				tiles = append(tiles, v)
			}
			if len(tiles) > nSquares {
				return engine.Score{}, fmt.Errorf("line %d: %d tiles collected, but there are only %d", ln, len(tiles), nSquares)
			}
		case "board":
			if val != "" {
				return engine.Score{}, fmt.Errorf("line %d: the board starts on the line after \"board:\"", ln)
			}
			inBoard = true
		default:
			return engine.Score{}, fmt.Errorf("line %d: unknown field %q (player, tiles, board)", ln, key)
		}
	}
	if err := sc.Err(); err != nil {
		return engine.Score{}, fmt.Errorf("reading the position: %v", err)
	}
	if player < 0 {
		return engine.Score{}, fmt.Errorf("missing \"player: COLOUR\" line")
	}
	if !inBoard {
		return engine.Score{}, fmt.Errorf("missing \"board:\" followed by 7 rows of 7 cells")
	}
	if len(rows) != side {
		return engine.Score{}, fmt.Errorf("board: %d rows, want %d", len(rows), side)
	}
	var masks [maxP][nElems]uint64
	var covered uint64
	for y, r := range rows {
		if len(r) != side {
			return engine.Score{}, fmt.Errorf("line %d: board row y=%d has %d cells, want %d", rowLine[y], y, len(r), side)
		}
		for x, c := range r {
			switch {
			case c == "." || c == "1" || c == "2" || c == "3" || c == "#" || (len(c) == 2 && c[0] == '#' && c[1] >= '1' && c[1] <= '3'):
			case len(c) == 2:
				e := bytes.IndexByte(elemCode[:], c[0])
				q := bytes.IndexByte(colorLetter[:], c[1])
				if e < 0 || q < 0 {
					return engine.Score{}, fmt.Errorf("line %d: cell %q at %d,%d: want ., 1-3, # or an element code (h H L c P T) and a colour (r b w y)", rowLine[y], c, x, y)
				}
				masks[q][e] |= bit(sqOf(x, y))
				covered |= bit(sqOf(x, y))
			default:
				return engine.Score{}, fmt.Errorf("line %d: cell %q at %d,%d: want ., 1-3, # or an element code (h H L c P T) and a colour (r b w y)", rowLine[y], c, x, y)
			}
		}
	}
	elemPts := 0
	for q := 0; q < maxP; q++ {
		for e := 0; e < nElems; e++ {
			m := masks[q][e]
			if m == 0 {
				continue
			}
			pl := elems[e].places
			i := sort.Search(len(pl), func(i int) bool { return pl[i] >= m })
			if i == len(pl) || pl[i] != m {
				return engine.Score{}, fmt.Errorf("board: %s's %s (%c%c) covers %s, which is not one %s shape of %d square(s) (SG-T17)",
					colorNames[q], elems[e].en, elemCode[e], colorLetter[q], maskNames(m), elems[e].shapeName, elems[e].size)
			}
			if q == player {
				elemPts += elems[e].size
			}
		}
	}
	// Every collected tile was a pit that an element now covers (elements
	// leave the board only by being covered), and the game has only so many
	// tiles of each value.
	if n, m := len(tiles), popcount(covered); n > m {
		return engine.Score{}, fmt.Errorf("line %d: %d tiles collected, but the board has only %d squares under elements, and every collected tile lies under one", seen["tiles"], n, m)
	}
	var byValue [4]int
	t := 0
	for _, v := range tiles {
		t += v
		byValue[v]++
	}
	for v := 1; v <= 3; v++ {
		if byValue[v] > tileCount[v] {
			return engine.Score{}, fmt.Errorf("line %d: %d tiles worth %d collected, but the game has only %d", seen["tiles"], byValue[v], v, tileCount[v])
		}
	}
	return engine.Score{Categories: append([]engine.Category(nil), categories...), Points: []int{t, elemPts}, Total: t + elemPts}, nil
}
