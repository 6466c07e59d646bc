package schlossgarten

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/jardin-games/jardin/engine"
	"github.com/jardin-games/jardin/i18n"
)

// ScorePosition scores one player's garden from a position file
// (docs/schlossgarten.md, docs/examples/schlossgarten.position.txt), as text:
//
//	game: schlossgarten      (optional; another game is refused)
//	player: red
//	tiles: 3 2 2 1
//	board:
//	.  .  .  .  .  .  .
//	.  Pb Pb #  .  .  .
//	...                      (7 rows of 7 cells)
//
// or as a JSON object with the same fields, "player" and "board" required:
// {"game": "schlossgarten", "player": "red", "tiles": [3, 2, 2, 1],
// "board": [".  .  .  .  .  .  .", ".  Pb Pb #  .  .  .", …]}.
//
// A cell is "." or 1–3 (a landscape tile), "#" or "#2" (a pit), or an
// element code (h H L c P T) followed by a colour letter (r b w y). In text,
// what follows "//" is a comment. A leading UTF-8 byte-order mark is
// ignored. The score is the collected tiles plus the squares of the
// player's elements (SG-E1).
func (g game) ScorePosition(data []byte) (engine.Score, error) {
	return engine.ScoreTextOrJSON(data, catalog().Errorf("error.position.empty", i18n.N("side", side)),
		g.scoreJSON, scoreText)
}

// positionJSON is the JSON position format.
type positionJSON struct {
	Game   string   `json:"game"`
	Player *string  `json:"player"`
	Tiles  []int    `json:"tiles"`
	Board  []string `json:"board"`
}

func (g game) scoreJSON(data []byte) (engine.Score, error) {
	if err := engine.CheckGameField(data, g.ID()); err != nil {
		return engine.Score{}, err
	}
	var p positionJSON
	if err := engine.DecodeJSON(data, &p, true); err != nil {
		return engine.Score{}, err
	}
	if p.Player == nil {
		return engine.Score{}, errors.New("missing field \"player\": want the colour whose garden is scored (red, blue, white or yellow)")
	}
	if p.Board == nil {
		return engine.Score{}, fmt.Errorf("missing field \"board\": want %d rows of %d cells, top row first", side, side)
	}
	pos := position{tilesAt: "field \"tiles\""}
	player, ok := parseColour(*p.Player)
	if !ok {
		return engine.Score{}, fmt.Errorf("field \"player\": %q: want red, blue, white or yellow", *p.Player)
	}
	pos.player = player
	for _, v := range p.Tiles {
		if v < 1 || v > 3 {
			return engine.Score{}, fmt.Errorf("field \"tiles\": %d: each collected tile is worth 1, 2 or 3", v)
		}
	}
	if len(p.Tiles) > nSquares {
		return engine.Score{}, fmt.Errorf("field \"tiles\": %d tiles collected, but there are only %d", len(p.Tiles), nSquares)
	}
	pos.tiles = p.Tiles
	if len(p.Board) > side {
		return engine.Score{}, fmt.Errorf("field \"board\": %d rows, want %d", len(p.Board), side)
	}
	for y, r := range p.Board {
		pos.rows = append(pos.rows, strings.Fields(r))
		pos.rowAt = append(pos.rowAt, fmt.Sprintf("field \"board\", row %d", y+1))
	}
	return pos.score()
}

// elemCode is an element's code on a position file's board: h hedge (1),
// H hedge (2), L labyrinth, c column, P pool, T terrace; the colour letter
// (r b w y) follows it.
var elemCode = [nElems]byte{'h', 'H', 'L', 'c', 'P', 'T'}

// parseColour reads a colour by its id, its French or German word, or its
// letter.
func parseColour(val string) (int, bool) {
	for i, n := range colorNames {
		if strings.EqualFold(val, n) || slices.ContainsFunc(colourWords[i], func(w string) bool { return strings.EqualFold(val, w) }) ||
			(len(val) == 1 && strings.ToLower(val)[0] == colorLetter[i]) {
			return i, true
		}
	}
	return -1, false
}

// position is a garden being read, from text or JSON; the "…At" fields say
// where each part was given, for errors.
type position struct {
	player  int
	tiles   []int
	tilesAt string
	rows    [][]string
	rowAt   []string
}

// scoreText reads the text format.
func scoreText(data []byte) (engine.Score, error) {
	var (
		pos     = position{player: -1}
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
			if len(pos.rows) == side {
				return engine.Score{}, fmt.Errorf("line %d: an eighth board row; the board has %d rows", ln, side)
			}
			pos.rows = append(pos.rows, strings.Fields(line))
			pos.rowAt = append(pos.rowAt, "line "+strconv.Itoa(ln))
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
		case "game":
			if val != Game.ID() {
				return engine.Score{}, fmt.Errorf("line %d: this file does not look like a %s position: its \"game\" line says %q", ln, Game.ID(), val)
			}
		case "player":
			p, ok := parseColour(val)
			if !ok {
				return engine.Score{}, fmt.Errorf("line %d: player %q: want red, blue, white or yellow", ln, val)
			}
			pos.player = p
		case "tiles":
			pos.tilesAt = "line " + strconv.Itoa(ln)
			for _, f := range strings.Fields(val) {
				v, err := strconv.Atoi(f)
				if err != nil || v < 1 || v > 3 {
					return engine.Score{}, fmt.Errorf("line %d: tile %q: each collected tile is worth 1, 2 or 3", ln, f)
				}
				pos.tiles = append(pos.tiles, v)
			}
			if len(pos.tiles) > nSquares {
				return engine.Score{}, fmt.Errorf("line %d: %d tiles collected, but there are only %d", ln, len(pos.tiles), nSquares)
			}
		case "board":
			if val != "" {
				return engine.Score{}, fmt.Errorf("line %d: the board starts on the line after \"board:\"", ln)
			}
			inBoard = true
		default:
			return engine.Score{}, fmt.Errorf("line %d: unknown field %q (game, player, tiles, board)", ln, key)
		}
	}
	if err := sc.Err(); err != nil {
		return engine.Score{}, fmt.Errorf("reading the position: %v", err)
	}
	if pos.player < 0 {
		return engine.Score{}, fmt.Errorf("missing \"player: COLOUR\" line")
	}
	if !inBoard {
		return engine.Score{}, fmt.Errorf("missing \"board:\" followed by 7 rows of 7 cells")
	}
	return pos.score()
}

// score checks the garden and scores it.
func (pos *position) score() (engine.Score, error) {
	rows, player := pos.rows, pos.player
	if len(rows) != side {
		return engine.Score{}, fmt.Errorf("board: %d rows, want %d", len(rows), side)
	}
	var masks [maxP][nElems]uint64
	var covered uint64
	for y, r := range rows {
		if len(r) != side {
			return engine.Score{}, fmt.Errorf("%s: board row y=%d has %d cells, want %d", pos.rowAt[y], y, len(r), side)
		}
		for x, c := range r {
			switch {
			case c == "." || c == "1" || c == "2" || c == "3" || c == "#" || (len(c) == 2 && c[0] == '#' && c[1] >= '1' && c[1] <= '3'):
			case len(c) == 2:
				e := bytes.IndexByte(elemCode[:], c[0])
				q := bytes.IndexByte(colorLetter[:], c[1])
				if e < 0 || q < 0 {
					return engine.Score{}, fmt.Errorf("%s: cell %q at %d,%d: want ., 1-3, # or an element code (h H L c P T) and a colour (r b w y)", pos.rowAt[y], c, x, y)
				}
				masks[q][e] |= bit(sqOf(x, y))
				covered |= bit(sqOf(x, y))
			default:
				return engine.Score{}, fmt.Errorf("%s: cell %q at %d,%d: want ., 1-3, # or an element code (h H L c P T) and a colour (r b w y)", pos.rowAt[y], c, x, y)
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
					colorNames[q], elems[e].id, elemCode[e], colorLetter[q], maskNames(m), elems[e].shapeName, elems[e].size)
			}
			if q == player {
				elemPts += elems[e].size
			}
		}
	}
	// Every collected tile was a pit that an element now covers (elements
	// leave the board only by being covered), and the game has only so many
	// tiles of each value.
	if n, m := len(pos.tiles), popcount(covered); n > m {
		return engine.Score{}, fmt.Errorf("%s: %d tiles collected, but the board has only %d squares under elements, and every collected tile lies under one", pos.tilesAt, n, m)
	}
	var byValue [4]int
	t := 0
	for _, v := range pos.tiles {
		t += v
		byValue[v]++
	}
	for v := 1; v <= 3; v++ {
		if byValue[v] > tileCount[v] {
			return engine.Score{}, fmt.Errorf("%s: %d tiles worth %d collected, but the game has only %d", pos.tilesAt, byValue[v], v, tileCount[v])
		}
	}
	return engine.Score{Categories: append([]engine.Category(nil), categories...), Points: []int{t, elemPts}, Total: t + elemPts}, nil
}
