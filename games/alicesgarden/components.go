package alicesgarden

import (
	_ "embed"
	"encoding/json"
	"fmt"
)

// Components (spec "Components"): board sides, the five shapes, the 65 large
// tiles and the 30 bonus tiles, all read from data/components.json, the one
// file a player corrects to match a printed copy (rulings A1, A2).

//go:embed data/components.json
var componentsJSON []byte

const (
	rows     = 6
	cols     = 8
	nSquares = rows * cols
	full     = uint64(1)<<nSquares - 1

	nShapes       = 5  // O I L T S, one bag each
	tilesPerShape = 13 // tiles per bag
	nTiles        = nShapes * tilesPerShape
	nBonus        = 30
)

// Icons of a square. The first four score; gardener and plain grass do not.
const (
	iconRose = iota
	iconMushroom
	iconTree
	iconChess
	iconGardener
	iconGrass // plain grass, bonus tiles only
	nIcons
)

// iconLetter is the letter of each icon in notation, views and positions.
var iconLetter = [nIcons]byte{'R', 'M', 'T', 'C', 'G', 'g'}

// Bonus tiles are one square: rose, mushroom, tree, chess piece or plain grass.
const nBonusKinds = 5

// bonusIcon maps a bonus kind (0..4) to its icon.
var bonusIcon = [nBonusKinds]uint8{iconRose, iconMushroom, iconTree, iconChess, iconGrass}

// shapeLetters in bag order.
const shapeLetters = "OILTS"

// orient is one distinct orientation of a tile: the board offset (row*8+col,
// from the top-left corner of its bounding box) of each of its squares 0..3.
type orient struct {
	k    uint8 // 0..7: flip (k>=4) then k%4 quarter turns clockwise
	off  [4]uint8
	mask uint64 // squares covered with the box at (0,0)
	w, h uint8
}

type tileDef struct {
	id      string // e.g. "O03"
	shape   uint8
	icons   [4]uint8
	orients []orient
	// canon[k] is the orientation offered for k: the first of the
	// orientations that put the same icons on the same squares (AG-T5a).
	canon [8]uint8
}

// The tables below are filled once from the data file when the package
// loads and only read afterwards.
var (
	tiles       [nTiles]tileDef
	chessMask   [2]uint64 // chessboard squares of side A and B
	shapeMasks  [nShapes][]uint64
	bonusSupply [nBonus]uint8 // bonus kinds in the box, in data order
)

type componentsFile struct {
	Boards map[string][]string `json:"boards"`
	Shapes map[string][][2]int `json:"shapes"`
	Tiles  map[string][]string `json:"tiles"`
	Bonus  map[string]int      `json:"bonus"`
}

// componentSet is the data file once checked and expanded.
type componentSet struct {
	tiles       [nTiles]tileDef
	chessMask   [2]uint64
	shapeMasks  [nShapes][]uint64
	bonusSupply [nBonus]uint8
}

func init() {
	c, err := parseComponents(componentsJSON)
	if err != nil {
		panic("alicesgarden: data/components.json: " + err.Error())
	}
	tiles, chessMask, shapeMasks, bonusSupply = c.tiles, c.chessMask, c.shapeMasks, c.bonusSupply
}

func iconOf(b byte) (uint8, bool) {
	for i, l := range iconLetter {
		if l == b {
			return uint8(i), true
		}
	}
	return 0, false
}

// parseComponents reads and checks the data file. Its errors name the part
// of the file to fix, since players edit it to match their copy.
func parseComponents(data []byte) (*componentSet, error) {
	var f componentsFile
	if err := json.Unmarshal(data, &f); err != nil {
		return nil, err
	}
	cs := &componentSet{}
	for side, name := range []string{"A", "B"} {
		b, ok := f.Boards[name]
		if !ok || len(b) != rows {
			return nil, fmt.Errorf("board %s: want %d rows", name, rows)
		}
		for r, line := range b {
			if len(line) != cols {
				return nil, fmt.Errorf("board %s row %d: want %d squares", name, r+1, cols)
			}
			for c := 0; c < cols; c++ {
				switch line[c] {
				case '#':
					cs.chessMask[side] |= 1 << (r*cols + c)
				case 'g':
				default:
					return nil, fmt.Errorf("board %s row %d col %d: %q is not g or #", name, r+1, c+1, line[c])
				}
			}
		}
	}
	for si := 0; si < nShapes; si++ {
		letter := string(shapeLetters[si])
		sq, ok := f.Shapes[letter]
		if !ok || len(sq) != 4 {
			return nil, fmt.Errorf("shape %s: want 4 squares", letter)
		}
		if err := checkShape(sq); err != nil {
			return nil, fmt.Errorf("shape %s: %v", letter, err)
		}
		list, ok := f.Tiles[letter]
		if !ok || len(list) != tilesPerShape {
			return nil, fmt.Errorf("tiles %s: want %d tiles", letter, tilesPerShape)
		}
		// all placements of the shape, for "can this shape fit"
		var ms []uint64
		shapeOrients, _ := orientations(sq, [4]uint8{})
		for _, o := range shapeOrients {
			for r := 0; r+int(o.h) <= rows; r++ {
				for c := 0; c+int(o.w) <= cols; c++ {
					ms = append(ms, o.mask<<(r*cols+c))
				}
			}
		}
		cs.shapeMasks[si] = ms
		for n, ic := range list {
			t := &cs.tiles[si*tilesPerShape+n]
			t.id = fmt.Sprintf("%s%02d", letter, n+1)
			if len(ic) != 4 {
				return nil, fmt.Errorf("tile %s: want 4 icons, got %q", t.id, ic)
			}
			t.shape = uint8(si)
			for i := 0; i < 4; i++ {
				v, ok := iconOf(ic[i])
				if !ok || v == iconGrass {
					return nil, fmt.Errorf("tile %s: icon %q is not one of R M T C G", t.id, ic[i])
				}
				t.icons[i] = v
			}
			t.orients, t.canon = orientations(sq, t.icons)
		}
	}
	for l, cnt := range f.Bonus {
		known := false
		for k := 0; k < nBonusKinds; k++ {
			known = known || l == string(iconLetter[bonusIcon[k]])
		}
		if !known {
			return nil, fmt.Errorf("bonus: unknown kind %q, want R, M, T, C or g", l)
		}
		if cnt < 0 {
			return nil, fmt.Errorf("bonus %s: %d tiles", l, cnt)
		}
	}
	n := 0
	for k := 0; k < nBonusKinds; k++ {
		cnt := f.Bonus[string(iconLetter[bonusIcon[k]])]
		for i := 0; i < cnt; i++ {
			if n >= nBonus {
				return nil, fmt.Errorf("bonus: more than %d tiles", nBonus)
			}
			cs.bonusSupply[n] = uint8(k)
			n++
		}
	}
	if n != nBonus {
		return nil, fmt.Errorf("bonus: %d tiles, want %d", n, nBonus)
	}
	return cs, nil
}

// checkShape accepts four distinct, orthogonally connected squares with
// coordinates 0 to 3, which every tetromino can be written with.
func checkShape(sq [][2]int) error {
	var m uint64
	for i, p := range sq {
		if p[0] < 0 || p[0] > 3 || p[1] < 0 || p[1] > 3 {
			return fmt.Errorf("square %d at [%d, %d]: want x and y from 0 to 3", i, p[0], p[1])
		}
		for j := 0; j < i; j++ {
			if sq[j] == p {
				return fmt.Errorf("squares %d and %d are both at [%d, %d]", j, i, p[0], p[1])
			}
		}
		m |= 1 << (p[1]*cols + p[0])
	}
	if component(m, m&-m) != m {
		return fmt.Errorf("the squares do not touch: a tile is one piece")
	}
	return nil
}

// orientations lists the distinct orientations of a tile whose squares are at
// sq with the given icons. Two orientations are the same when they put the
// same icons on the same squares (AG-T5a: only distinct ones are offered).
// With all icons equal (zero), this dedupes by shape only. canon maps each
// of the 8 orientations to the one offered for it.
func orientations(sq [][2]int, icons [4]uint8) (out []orient, canon [8]uint8) {
	type layout [6][6]int8
	var seen []layout
	for k := 0; k < 8; k++ {
		var xs, ys [4]int
		for i := 0; i < 4; i++ {
			x, y := sq[i][0], sq[i][1]
			if k >= 4 {
				x = -x
			}
			for q := 0; q < k%4; q++ {
				x, y = -y, x
			}
			xs[i], ys[i] = x, y
		}
		minx, miny, maxx, maxy := xs[0], ys[0], xs[0], ys[0]
		for i := 1; i < 4; i++ {
			minx, miny = min(minx, xs[i]), min(miny, ys[i])
			maxx, maxy = max(maxx, xs[i]), max(maxy, ys[i])
		}
		var o orient
		o.k = uint8(k)
		o.w, o.h = uint8(maxx-minx+1), uint8(maxy-miny+1)
		var lay layout
		for i := range lay {
			for j := range lay[i] {
				lay[i][j] = -1
			}
		}
		for i := 0; i < 4; i++ {
			x, y := xs[i]-minx, ys[i]-miny
			o.off[i] = uint8(y*cols + x)
			o.mask |= 1 << o.off[i]
			lay[y][x] = int8(icons[i])
		}
		dup := false
		for i, l := range seen {
			if l == lay {
				canon[k] = out[i].k
				dup = true
				break
			}
		}
		if dup {
			continue
		}
		canon[k] = uint8(k)
		seen = append(seen, lay)
		out = append(out, o)
	}
	return out, canon
}

// orientName is the notation of orientation k: r0, r90, r180, r270, with f
// when the tile is flipped (mirrored left to right) before turning.
func orientName(k uint8) string {
	s := [4]string{"r0", "r90", "r180", "r270"}[k%4]
	if k >= 4 {
		s += "f"
	}
	return s
}

// findOrient returns the tile's orientation with index k, if distinct.
func (t *tileDef) findOrient(k uint8) (*orient, bool) {
	for i := range t.orients {
		if t.orients[i].k == k {
			return &t.orients[i], true
		}
	}
	return nil, false
}

// canFit reports whether tile t fits anywhere on a board with occupied squares occ.
func canFit(t int, occ uint64) bool { return shapeFits(int(tiles[t].shape), occ) }

// shapeFits reports whether shape si (every tile of bag si) fits anywhere
// on a board with occupied squares occ.
func shapeFits(si int, occ uint64) bool {
	for _, m := range shapeMasks[si] {
		if m&occ == 0 {
			return true
		}
	}
	return false
}

func tileByID(s string) (int, bool) {
	if len(s) != 3 {
		return 0, false
	}
	si := -1
	for i := 0; i < nShapes; i++ {
		if shapeLetters[i] == upper(s[0]) {
			si = i
		}
	}
	if si < 0 || s[1] < '0' || s[1] > '9' || s[2] < '0' || s[2] > '9' {
		return 0, false
	}
	n := int(s[1]-'0')*10 + int(s[2]-'0')
	if n < 1 || n > tilesPerShape {
		return 0, false
	}
	return si*tilesPerShape + n - 1, true
}

func upper(b byte) byte {
	if b >= 'a' && b <= 'z' {
		return b - 32
	}
	return b
}
