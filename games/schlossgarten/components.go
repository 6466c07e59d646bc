package schlossgarten

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"fmt"
	"math/bits"
	"sort"
	"strconv"
	"strings"
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

// pawnIDs are the pawns' ids in the view, the notation's long forms and
// the catalogue (component.<id>.name).
var pawnIDs = [nPawns]string{"king", "gardener", "architect"}

// Colours (SG-S2).
var colorNames = [maxP]string{"red", "blue", "white", "yellow"}

// colourWords are the other words a position file may give a colour by
// (French and German), read as the ids are.
var colourWords = [maxP][]string{{"rouge", "rot"}, {"bleu", "blau"}, {"blanc", "weiß", "weiss"}, {"jaune", "gelb"}}
var colorLetter = [maxP]byte{'r', 'b', 'w', 'y'}

type xy [2]int

type dataFile struct {
	About string `json:"_about"` // a note for whoever edits the file
	Tiles []struct {
		Points int `json:"points"`
		Count  int `json:"count"`
	} `json:"tiles"`
	Shapes   map[string][]xy `json:"shapes"`
	Elements []struct {
		ID      string `json:"id"`
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
	id        string   // its words are the catalogue's component.<id>.name
	builder   int      // gardener or architect
	size      int      // squares
	shapeName string   // single, domino, L
	orients   [][]xy   // distinct orientations, normalised
	places    []uint64 // every placement on the board, as square masks
}

type cardInfo struct {
	id   string
	g, a xy // offsets from the king as drawn
	// rotated offsets, rotation r = 0..3 quarter turns (dx,dy) -> (-dy,dx)
	rg, ra [4]xy
}

var (
	// The component tables are set once by init from the data file and only
	// read afterwards.
	tileValues []int8 // the 49 tiles before shuffling (SG-S3)
	tileCount  [4]int // tiles by points 1..3 (position files are checked against it)
	elems      [nElems]elemInfo
	cards      []cardInfo
	// startSq[players][seat][pawn] is a square index (SG-S4).
	startSq [maxP + 1][maxP][nPawns]int8

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
func sqName(s int) string   { return sqNames[s] }

// sqNames spells every square once: views name all 49 squares at every
// move, and building the names each time was a hundred allocations a view.
var sqNames = func() (n [nSquares]string) {
	for s := range n {
		x, y := sqXY(s)
		n[s] = strconv.Itoa(x) + "," + strconv.Itoa(y)
	}
	return n
}()

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
	cs, err := parseComponents(componentsJSON)
	if err != nil {
		panic("schlossgarten: data/components.json: " + err.Error())
	}
	tileValues, elems, cards, startSq = cs.tileValues, cs.elems, cs.cards, cs.startSq
	for _, v := range tileValues {
		tileCount[v]++
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

// normaliseSet is normalise without duplicate squares.
func normaliseSet(sh []xy) []xy {
	n := normalise(sh)
	out := n[:0:0]
	for i, p := range n {
		if i == 0 || p != n[i-1] {
			out = append(out, p)
		}
	}
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

// inRange reports whether an offset can fit on the board. It avoids abs,
// which overflows for the most negative int a JSON file can hold.
func inRange(v int) bool { return v > -side && v < side }

// connected reports whether the squares of sh are joined by their sides.
func connected(sh []xy) bool {
	if len(sh) == 0 {
		return true
	}
	reached := map[xy]bool{sh[0]: true}
	for grown := true; grown; {
		grown = false
		for _, p := range sh {
			if reached[p] {
				continue
			}
			for _, d := range [4]xy{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
				if reached[xy{p[0] + d[0], p[1] + d[1]}] {
					reached[p], grown = true, true
					break
				}
			}
		}
	}
	return len(reached) == len(normaliseSet(sh))
}

func parseSq(p xy) (int, error) {
	if !onBoard(p[0], p[1]) {
		return 0, fmt.Errorf("square (%d,%d) is off the board", p[0], p[1])
	}
	return sqOf(p[0], p[1]), nil
}

// componentSet is the parsed data file. parseComponents builds it without
// touching the package tables, so tests can feed it broken files; init then
// installs the one embedded set.
type componentSet struct {
	tileValues []int8
	elems      [nElems]elemInfo
	cards      []cardInfo
	startSq    [maxP + 1][maxP][nPawns]int8
}

func parseComponents(raw []byte) (*componentSet, error) {
	var d dataFile
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields() // a misspelt key must not silently read as zero
	if err := dec.Decode(&d); err != nil {
		return nil, fmt.Errorf("reading the JSON: %v", err)
	}
	cs := &componentSet{}
	for _, t := range d.Tiles {
		if t.Points < 1 || t.Points > 3 {
			return nil, fmt.Errorf("tiles: points %d, want 1 to 3", t.Points)
		}
		if t.Count < 0 {
			return nil, fmt.Errorf("tiles: count %d for %d points, want 0 or more", t.Count, t.Points)
		}
		for i := 0; i < t.Count && len(cs.tileValues) <= nSquares; i++ {
			cs.tileValues = append(cs.tileValues, int8(t.Points))
		}
	}
	if len(cs.tileValues) != nSquares {
		return nil, fmt.Errorf("tiles: the counts add up to %d tiles or more, want %d", len(cs.tileValues), nSquares)
	}
	if len(d.Elements) != nElems {
		return nil, fmt.Errorf("elements: %d, want %d", len(d.Elements), nElems)
	}
	ids := map[string]bool{}
	for i, e := range d.Elements {
		// The notation reads "build ID" lower-cased and split on spaces.
		if e.ID == "" || e.ID != strings.ToLower(e.ID) || strings.ContainsAny(e.ID, " \t") || ids[e.ID] {
			return nil, fmt.Errorf("element %d: id %q must be unique, lower case, without spaces", i+1, e.ID)
		}
		ids[e.ID] = true
		sh, ok := d.Shapes[e.Shape]
		if !ok {
			return nil, fmt.Errorf("element %s: unknown shape %q", e.ID, e.Shape)
		}
		for _, p := range sh {
			// Checked first: huge offsets would overflow when normalised.
			if !inRange(p[0]) || !inRange(p[1]) {
				return nil, fmt.Errorf("element %s: shape %q square (%d,%d) never fits on the 7 × 7 board", e.ID, e.Shape, p[0], p[1])
			}
		}
		if n := len(normaliseSet(sh)); n != len(sh) || n < 1 || n > 3 {
			return nil, fmt.Errorf("element %s: shape %q must have 1 to 3 different squares", e.ID, e.Shape)
		}
		// An element is one wooden piece: its squares share sides.
		if !connected(sh) {
			return nil, fmt.Errorf("element %s: shape %q must be one piece (squares joined by their sides)", e.ID, e.Shape)
		}
		ei := elemInfo{id: e.ID, size: len(sh), shapeName: e.Shape}
		switch e.Builder {
		case "gardener":
			ei.builder = gardener
		case "architect":
			ei.builder = architect
		default:
			return nil, fmt.Errorf("element %s: builder %q, want gardener or architect", e.ID, e.Builder)
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
		cs.elems[i] = ei
	}
	for n := 2; n <= maxP; n++ {
		seats := d.Seats[strconv.Itoa(n)]
		if len(seats) != n {
			return nil, fmt.Errorf("seats for %d players: %d edges, want %d", n, len(seats), n)
		}
		used := uint64(0)
		for i, name := range seats {
			e, ok := d.Edges[name]
			if !ok {
				return nil, fmt.Errorf("seats for %d players: unknown edge %q", n, name)
			}
			for k, p := range [3]xy{e.King, e.Gardener, e.Architect} {
				s, err := parseSq(p)
				if err != nil {
					return nil, fmt.Errorf("edge %s, %s: %v", name, pawnIDs[k], err)
				}
				if used&bit(s) != 0 {
					return nil, fmt.Errorf("seats for %d players: start square %s used twice", n, sqName(s))
				}
				used |= bit(s)
				cs.startSq[n][i][k] = int8(s)
			}
		}
	}
	for i, c := range d.Cards {
		// "play C07" is read by its number, so the ids must be C01, C02, … in order.
		if want := fmt.Sprintf("C%02d", i+1); c.ID != want {
			return nil, fmt.Errorf("card %d: id %q, want %q (cards are numbered in order)", i+1, c.ID, want)
		}
		if c.G == (xy{}) || c.A == (xy{}) || c.G == c.A {
			return nil, fmt.Errorf("card %s: K, G and A must be on three different squares", c.ID)
		}
		for _, o := range [2]xy{c.G, c.A} {
			if !inRange(o[0]) || !inRange(o[1]) {
				return nil, fmt.Errorf("card %s: offset (%d,%d) never fits on the 7 × 7 board", c.ID, o[0], o[1])
			}
		}
		ci := cardInfo{id: c.ID, g: c.G, a: c.A}
		g, a := c.G, c.A
		for r := 0; r < 4; r++ {
			ci.rg[r], ci.ra[r] = g, a
			g, a = rot(g), rot(a)
		}
		cs.cards = append(cs.cards, ci)
	}
	// Every hand of 2 and the played card must come from the deck at once.
	if len(cs.cards) < 2*maxP+1 || len(cs.cards) > maxCards {
		return nil, fmt.Errorf("cards: %d, want %d to %d", len(cs.cards), 2*maxP+1, maxCards)
	}
	return cs, nil
}
