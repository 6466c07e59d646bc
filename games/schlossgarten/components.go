package schlossgarten

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"math/bits"
	"sort"
	"strconv"
)

// Components: landscape tiles, garden elements, start squares and the 32
// constellation cards, all read from data/components.json. Everything the
// spec marks [reconstructed] lives in that one file so a player can correct it.

//go:embed data/components.json
var componentsJSON []byte

const (
	side     = 7
	nSquares = side * side
	nPawns   = 3 // king, gardener, architect
	nElems   = 6
	maxP     = 4
	winAt    = 21  // SG-E3
	turnCap  = 300 // SG-E4
	budget   = 5   // SG-T4
)

// Pawn kinds.
const (
	king = iota
	gardener
	architect
)

var pawnLetter = [nPawns]byte{'K', 'G', 'A'}
var pawnNameEN = [nPawns]string{"king", "gardener", "architect"}
var pawnNameFR = [nPawns]string{"roi", "jardinier", "architecte"}

// Colours (SG-S2).
var colorNames = [maxP]string{"red", "blue", "white", "yellow"}
var colorNamesFR = [maxP]string{"rouge", "bleu", "blanc", "jaune"}
var colorLetter = [maxP]byte{'r', 'b', 'w', 'y'}

type xy [2]int

type dataFile struct {
	Tiles []struct {
		Points int `json:"points"`
		Count  int `json:"count"`
	} `json:"tiles"`
	Shapes   map[string][]xy `json:"shapes"`
	Elements []struct {
		ID      string `json:"id"`
		EN      string `json:"en"`
		FR      string `json:"fr"`
		Builder string `json:"builder"`
		Shape   string `json:"shape"`
	} `json:"elements"`
	Edges map[string]struct {
		King      xy `json:"king"`
		Gardener  xy `json:"gardener"`
		Architect xy `json:"architect"`
	} `json:"edges"`
	Seats map[string][]string `json:"seats"`
	Cards []struct {
		ID string `json:"id"`
		G  xy     `json:"g"`
		A  xy     `json:"a"`
	} `json:"cards"`
}

// elemInfo describes one of the six garden elements a player owns.
type elemInfo struct {
	id, en, fr string
	builder    int      // gardener or architect
	size       int      // squares
	shapeName  string   // single, domino, L
	orients    [][]xy   // distinct orientations, normalised
	places     []uint64 // every placement on the board, as square masks
}

type cardInfo struct {
	id   string
	g, a xy // offsets from the king as drawn
	// rotated offsets, rotation r = 0..3 quarter turns (dx,dy) -> (-dy,dx)
	rg, ra [4]xy
}

var (
	tileValues []int8 // the 49 tiles before shuffling (SG-S3)
	tileTotal  int
	elems      [nElems]elemInfo
	cards      []cardInfo
	// startSq[players][seat][pawn] is a square index (SG-S4).
	startSq  [maxP + 1][maxP][nPawns]int8
	seatEdge [maxP + 1][maxP]string

	adj8  [nSquares]uint64 // 8-adjacent squares
	king2 [nSquares]uint64 // squares within Chebyshev distance 2 (Evaluate)
	chebT [nSquares][nSquares]int8
	// figSq[card][rotation][king square] = G and A squares, -1 when off the board.
	figSq [maxCards][4][nSquares][2]int8
	// jump tables: over / land square per origin and direction, -1 if off the board.
	jumpOver [nSquares][8]int8
	jumpLand [nSquares][8]int8
)

var dirs = [8]xy{{-1, -1}, {0, -1}, {1, -1}, {-1, 0}, {1, 0}, {-1, 1}, {0, 1}, {1, 1}}

func sqOf(x, y int) int     { return y*side + x }
func onBoard(x, y int) bool { return x >= 0 && x < side && y >= 0 && y < side }
func sqXY(s int) (int, int) { return s % side, s / side }
func bit(s int) uint64      { return 1 << uint(s) }
func rot(o xy) xy           { return xy{-o[1], o[0]} }
func sqName(s int) string   { x, y := sqXY(s); return strconv.Itoa(x) + "," + strconv.Itoa(y) }
func popcount(m uint64) int { return bits.OnesCount64(m) }
func lowSq(m uint64) int    { return bits.TrailingZeros64(m) }
func cheb(a, b int) int     { ax, ay := sqXY(a); bx, by := sqXY(b); return max(abs(ax-bx), abs(ay-by)) }
func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

const boardMask = uint64(1)<<nSquares - 1

func init() {
	if err := loadComponents(componentsJSON); err != nil {
		panic("schlossgarten: data/components.json: " + err.Error())
	}
	for s := 0; s < nSquares; s++ {
		for t := 0; t < nSquares; t++ {
			chebT[s][t] = int8(cheb(s, t))
			if cheb(s, t) <= 2 {
				king2[s] |= bit(t)
			}
		}
	}
	for c := range cards {
		for r := 0; r < 4; r++ {
			for k := 0; k < nSquares; k++ {
				kx, ky := sqXY(k)
				figSq[c][r][k] = [2]int8{-1, -1}
				gx, gy := kx+cards[c].rg[r][0], ky+cards[c].rg[r][1]
				ax, ay := kx+cards[c].ra[r][0], ky+cards[c].ra[r][1]
				if onBoard(gx, gy) && onBoard(ax, ay) {
					figSq[c][r][k] = [2]int8{int8(sqOf(gx, gy)), int8(sqOf(ax, ay))}
				}
			}
		}
	}
	for s := 0; s < nSquares; s++ {
		x, y := sqXY(s)
		for d, dv := range dirs {
			jumpOver[s][d], jumpLand[s][d] = -1, -1
			if onBoard(x+dv[0], y+dv[1]) {
				adj8[s] |= bit(sqOf(x+dv[0], y+dv[1]))
				if onBoard(x+2*dv[0], y+2*dv[1]) {
					jumpOver[s][d] = int8(sqOf(x+dv[0], y+dv[1]))
					jumpLand[s][d] = int8(sqOf(x+2*dv[0], y+2*dv[1]))
				}
			}
		}
	}
}

// normalise shifts a shape so its smallest x and y are 0 and sorts it.
func normalise(sh []xy) []xy {
	mx, my := 1<<30, 1<<30
	for _, p := range sh {
		mx, my = min(mx, p[0]), min(my, p[1])
	}
	out := make([]xy, len(sh))
	for i, p := range sh {
		out[i] = xy{p[0] - mx, p[1] - my}
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i][1] != out[j][1] {
			return out[i][1] < out[j][1]
		}
		return out[i][0] < out[j][0]
	})
	return out
}

func sameShape(a, b []xy) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// orientations returns the distinct rotations of a shape (elements are
// turned, not flipped; an L-tromino's 4 rotations are all its orientations).
func orientations(base []xy) [][]xy {
	var out [][]xy
	cur := append([]xy(nil), base...)
	for r := 0; r < 4; r++ {
		n := normalise(cur)
		dup := false
		for _, o := range out {
			if sameShape(o, n) {
				dup = true
			}
		}
		if !dup {
			out = append(out, n)
		}
		for i := range cur {
			cur[i] = rot(cur[i])
		}
	}
	return out
}

func parseSq(p xy) (int, error) {
	if !onBoard(p[0], p[1]) {
		return 0, fmt.Errorf("square (%d,%d) is off the board", p[0], p[1])
	}
	return sqOf(p[0], p[1]), nil
}

func loadComponents(raw []byte) error {
	var d dataFile
	if err := json.Unmarshal(raw, &d); err != nil {
		return err
	}
	tileValues = nil
	tileTotal = 0
	for _, t := range d.Tiles {
		if t.Points < 1 || t.Points > 3 {
			return fmt.Errorf("tile points %d out of range", t.Points)
		}
		for i := 0; i < t.Count; i++ {
			tileValues = append(tileValues, int8(t.Points))
			tileTotal += t.Points
		}
	}
	if len(tileValues) != nSquares {
		return fmt.Errorf("%d tiles, want %d", len(tileValues), nSquares)
	}
	if len(d.Elements) != nElems {
		return fmt.Errorf("%d elements, want %d", len(d.Elements), nElems)
	}
	for i, e := range d.Elements {
		sh, ok := d.Shapes[e.Shape]
		if !ok || len(sh) == 0 {
			return fmt.Errorf("element %s: unknown shape %q", e.ID, e.Shape)
		}
		ei := elemInfo{id: e.ID, en: e.EN, fr: e.FR, size: len(sh), shapeName: e.Shape}
		switch e.Builder {
		case "gardener":
			ei.builder = gardener
		case "architect":
			ei.builder = architect
		default:
			return fmt.Errorf("element %s: builder %q", e.ID, e.Builder)
		}
		ei.orients = orientations(sh)
		for _, o := range ei.orients {
			for y := 0; y < side; y++ {
				for x := 0; x < side; x++ {
					var m uint64
					ok := true
					for _, p := range o {
						if !onBoard(x+p[0], y+p[1]) {
							ok = false
							break
						}
						m |= bit(sqOf(x+p[0], y+p[1]))
					}
					if ok {
						ei.places = append(ei.places, m)
					}
				}
			}
		}
		sort.Slice(ei.places, func(a, b int) bool { return ei.places[a] < ei.places[b] })
		elems[i] = ei
	}
	for n := 2; n <= maxP; n++ {
		seats := d.Seats[strconv.Itoa(n)]
		if len(seats) != n {
			return fmt.Errorf("seats for %d players: %d edges", n, len(seats))
		}
		used := uint64(0)
		for i, name := range seats {
			e, ok := d.Edges[name]
			if !ok {
				return fmt.Errorf("seats for %d players: unknown edge %q", n, name)
			}
			seatEdge[n][i] = name
			for k, p := range [3]xy{e.King, e.Gardener, e.Architect} {
				s, err := parseSq(p)
				if err != nil {
					return fmt.Errorf("edge %s: %v", name, err)
				}
				if used&bit(s) != 0 {
					return fmt.Errorf("start square %s used twice", sqName(s))
				}
				used |= bit(s)
				startSq[n][i][k] = int8(s)
			}
		}
	}
	cards = nil
	for _, c := range d.Cards {
		ci := cardInfo{id: c.ID, g: c.G, a: c.A}
		g, a := c.G, c.A
		for r := 0; r < 4; r++ {
			ci.rg[r], ci.ra[r] = g, a
			g, a = rot(g), rot(a)
		}
		if c.G == (xy{}) || c.A == (xy{}) || c.G == c.A {
			return fmt.Errorf("card %s: K, G and A must be on three different squares", c.ID)
		}
		cards = append(cards, ci)
	}
	if len(cards) < 2*maxP+1 || len(cards) > maxCards {
		return fmt.Errorf("%d cards: want %d to %d", len(cards), 2*maxP+1, maxCards)
	}
	return nil
}
