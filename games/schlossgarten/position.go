package schlossgarten

import (
	"bufio"
	"bytes"
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
		return engine.Score{}, catalog().Errorf("error.position.noPlayer")
	}
	if p.Board == nil {
		return engine.Score{}, catalog().Errorf("error.position.noBoard", i18n.N("side", side))
	}
	var pos position // tilesAt and rowAt 0: the JSON fields
	player, ok := parseColour(*p.Player)
	if !ok {
		return engine.Score{}, atField("player", catalog().Errorf("error.position.playerValue", i18n.S("player", *p.Player)))
	}
	pos.player = player
	for _, v := range p.Tiles {
		if v < 1 || v > 3 {
			return engine.Score{}, atField("tiles", catalog().Errorf("error.position.tileValue", i18n.N("n", v)))
		}
	}
	if len(p.Tiles) > nSquares {
		return engine.Score{}, atField("tiles", catalog().Errorf("error.position.tileCount", i18n.N("n", len(p.Tiles)), i18n.N("max", nSquares)))
	}
	pos.tiles = p.Tiles
	if len(p.Board) > side {
		return engine.Score{}, atField("board", catalog().Errorf("error.position.rows", i18n.N("n", len(p.Board)), i18n.N("side", side)))
	}
	for _, r := range p.Board {
		pos.rows = append(pos.rows, strings.Fields(r))
		pos.rowAt = append(pos.rowAt, 0)
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
// on which line of the text each part was given, for errors (0: its JSON
// field).
type position struct {
	player  int
	tiles   []int
	tilesAt int
	rows    [][]string
	rowAt   []int
}

// atLine says that err is about line ln of the file.
func atLine(ln int, err error) error {
	return catalog().Wrapf("error.position.line", err, i18n.N("line", ln))
}

// atField says that err is about a field of the JSON object.
func atField(field string, err error) error {
	return catalog().Wrapf("error.position.field", err, i18n.S("field", field))
}

// atTiles says that err is about the collected tiles.
func (pos *position) atTiles(err error) error {
	if pos.tilesAt > 0 {
		return atLine(pos.tilesAt, err)
	}
	return atField("tiles", err)
}

// atRow says that err is about row y of the board.
func (pos *position) atRow(y int, err error) error {
	if pos.rowAt[y] > 0 {
		return atLine(pos.rowAt[y], err)
	}
	return catalog().Wrapf("error.position.fieldRow", err, i18n.S("field", "board"), i18n.N("row", y+1))
}

// maxLine is the longest line of a text position file, in bytes.
const maxLine = 1 << 20

// scoreText reads the text format.
func scoreText(data []byte) (engine.Score, error) {
	var (
		pos     = position{player: -1}
		inBoard bool
		seen    = map[string]int{}
	)
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 0, 4096), maxLine)
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
				return engine.Score{}, atLine(ln, catalog().Errorf("error.position.afterBoard", i18n.S("text", line), i18n.S("key", k)))
			}
			if len(pos.rows) == side {
				return engine.Score{}, atLine(ln, catalog().Errorf("error.position.extraRow", i18n.N("side", side)))
			}
			pos.rows = append(pos.rows, strings.Fields(line))
			pos.rowAt = append(pos.rowAt, ln)
			continue
		}
		key, val, ok := strings.Cut(line, ":")
		if !ok {
			return engine.Score{}, atLine(ln, catalog().Errorf("error.position.noKey", i18n.S("text", line)))
		}
		key = strings.ToLower(strings.TrimSpace(key))
		val = strings.TrimSpace(val)
		if _, dup := seen[key]; dup {
			return engine.Score{}, atLine(ln, catalog().Errorf("error.position.twice", i18n.S("key", key), i18n.N("first", seen[key])))
		}
		seen[key] = ln
		switch key {
		case "game":
			if val != Game.ID() {
				return engine.Score{}, atLine(ln, catalog().Errorf("error.position.gameLine", i18n.S("game", val)))
			}
		case "player":
			p, ok := parseColour(val)
			if !ok {
				return engine.Score{}, atLine(ln, catalog().Errorf("error.position.playerLine", i18n.S("player", val)))
			}
			pos.player = p
		case "tiles":
			pos.tilesAt = ln
			for _, f := range strings.Fields(val) {
				v, err := strconv.Atoi(f)
				if err != nil || v < 1 || v > 3 {
					return engine.Score{}, atLine(ln, catalog().Errorf("error.position.tileLine", i18n.S("tile", f)))
				}
				pos.tiles = append(pos.tiles, v)
			}
			if len(pos.tiles) > nSquares {
				return engine.Score{}, atLine(ln, catalog().Errorf("error.position.tileCount", i18n.N("n", len(pos.tiles)), i18n.N("max", nSquares)))
			}
		case "board":
			if val != "" {
				return engine.Score{}, atLine(ln, catalog().Errorf("error.position.boardStart"))
			}
			inBoard = true
		default:
			return engine.Score{}, atLine(ln, catalog().Errorf("error.position.unknownKey", i18n.S("key", key)))
		}
	}
	if err := sc.Err(); err != nil {
		// the only error of a bytes.Reader's scanner: bufio.ErrTooLong
		return engine.Score{}, atLine(ln+1, catalog().Errorf("error.position.longLine", i18n.N("max", maxLine)))
	}
	if pos.player < 0 {
		return engine.Score{}, catalog().Errorf("error.position.noPlayerLine")
	}
	if !inBoard {
		return engine.Score{}, catalog().Errorf("error.position.noBoardLine", i18n.N("side", side))
	}
	return pos.score()
}

// score checks the garden and scores it.
func (pos *position) score() (engine.Score, error) {
	rows, player := pos.rows, pos.player
	if len(rows) != side {
		return engine.Score{}, atBoard(catalog().Errorf("error.position.rows", i18n.N("n", len(rows)), i18n.N("side", side)))
	}
	var masks [maxP][nElems]uint64
	var covered uint64
	for y, r := range rows {
		if len(r) != side {
			return engine.Score{}, pos.atRow(y, catalog().Errorf("error.position.rowCells", i18n.N("y", y), i18n.N("n", len(r)), i18n.N("side", side)))
		}
		for x, c := range r {
			switch {
			case c == "." || c == "1" || c == "2" || c == "3" || c == "#" || (len(c) == 2 && c[0] == '#' && c[1] >= '1' && c[1] <= '3'):
			case len(c) == 2:
				e := bytes.IndexByte(elemCode[:], c[0])
				q := bytes.IndexByte(colorLetter[:], c[1])
				if e < 0 || q < 0 {
					return engine.Score{}, pos.atRow(y, badCell(c, x, y))
				}
				masks[q][e] |= bit(sqOf(x, y))
				covered |= bit(sqOf(x, y))
			default:
				return engine.Score{}, pos.atRow(y, badCell(c, x, y))
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
				return engine.Score{}, atBoard(catalog().Errorf("error.position.shape", i18n.S("colour", colorNames[q]), i18n.S("element", elems[e].id),
					i18n.S("code", string([]byte{elemCode[e], colorLetter[q]})), i18n.S("squares", maskNames(m)), i18n.S("shape", elems[e].shapeName)))
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
		return engine.Score{}, pos.atTiles(catalog().Errorf("error.position.tilesCovered", i18n.N("n", n), i18n.N("m", m)))
	}
	var byValue [4]int
	t := 0
	for _, v := range pos.tiles {
		t += v
		byValue[v]++
	}
	for v := 1; v <= 3; v++ {
		if byValue[v] > tileCount[v] {
			return engine.Score{}, pos.atTiles(catalog().Errorf("error.position.tilesOfValue", i18n.N("n", byValue[v]), i18n.N("value", v), i18n.N("max", tileCount[v])))
		}
	}
	return engine.Score{Categories: append([]engine.Category(nil), categories...), Points: []int{t, elemPts}, Total: t + elemPts}, nil
}

// atBoard says that err is about the board as a whole.
func atBoard(err error) error { return catalog().Wrapf("error.position.board", err) }

// badCell is the error of cell c at x,y, which is no cell of the board.
func badCell(c string, x, y int) error {
	return catalog().Errorf("error.position.cell", i18n.S("cell", c), i18n.N("x", x), i18n.N("y", y))
}
