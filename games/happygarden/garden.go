package happygarden

import "github.com/jardin-games/jardin/engine"

// Placement (HP-T16), validation (HP-T17 to HP-T24) and repotting (HP-T26).

// Reasons a cell is not legal for a tile (HP-T16).
const (
	okCell = iota
	errOutside
	errOccupied
	errNoContact
	errIdentical
	errGnome
	errWindmill
)

// cellMsg is each reason's message id in the catalogue.
var cellMsg = [...]string{"",
	"error.cell.outside",   // the playing area
	"error.cell.occupied",  // HP-T16.1
	"error.cell.contact",   // HP-T16.2
	"error.cell.identical", // HP-T16.3
	"error.cell.gnome",     // HP-T16.4
	"error.cell.windmill"}  // HP-T16.5

func inArea(c int) bool {
	if c < 0 || c >= ncell {
		return false
	}
	x, y := cellX(c), cellY(c)
	return x >= minXY && x <= maxXY && y >= minXY && y <= maxXY
}

// checkCell says whether tile t may go on cell c of garden p, judged as if
// tile lifted (0: none) were not in the garden.
func (s *state) checkCell(p int, t uint8, c int, lifted uint8) int {
	if !inArea(c) {
		return errOutside
	}
	g := s.garden(p)
	if g[c] != 0 {
		return errOccupied
	}
	info := &tiles[t]
	touch := false
	for _, d := range dirs {
		v := g[c+d]
		if v == 0 || v == lifted {
			continue
		}
		touch = true
		if v == house {
			continue
		}
		switch info.kind {
		case kindFlower:
			if tiles[v].kind == kindFlower && tiles[v].shape == info.shape && s.colourOf(v) == s.colourOf(t) {
				return errIdentical
			}
		case kindGnome:
			if tiles[v].kind == kindGnome {
				return errGnome
			}
		}
	}
	if !touch {
		return errNoContact
	}
	if info.kind == kindWindmill {
		x, y := cellX(c), cellY(c)
		for _, u := range s.gtiles[p][:s.gn[p]] {
			if u == t || u == lifted || tiles[u].kind != kindWindmill {
				continue
			}
			uc := int(s.pos[u])
			if cellX(uc) == x || cellY(uc) == y {
				return errWindmill
			}
		}
	}
	return okCell
}

// bbox is the bounding box of garden p's tiles and house.
func (s *state) bbox(p int) (x0, y0, x1, y1 int) {
	x0, y0, x1, y1 = 0, 0, 1, 1
	for _, t := range s.gtiles[p][:s.gn[p]] {
		c := int(s.pos[t])
		x, y := cellX(c), cellY(c)
		x0, x1, y0, y1 = min(x0, x), max(x1, x), min(y0, y), max(y1, y)
	}
	return
}

// anyCell: tile t has at least one legal cell in garden p.
func (s *state) anyCell(p int, t uint8) bool {
	x0, y0, x1, y1 := s.bbox(p)
	for y := y0 - 1; y <= y1+1; y++ {
		for x := x0 - 1; x <= x1+1; x++ {
			if s.checkCell(p, t, cellOf(x, y), 0) == okCell {
				return true
			}
		}
	}
	return false
}

// ---- validation ----

// ready: the condition of tile t in garden p holds (HP-T18 to HP-T20).
func (s *state) ready(p int, t uint8) bool {
	g := s.garden(p)
	c := int(s.pos[t])
	info := &tiles[t]
	switch info.kind {
	case kindFlower:
		col, sh := s.colourOf(t), info.shape
		shapeOK, colOK := false, false
		for _, d := range dirs {
			v := g[c+d]
			switch {
			case v == 0:
			case v == house:
				colOK = colOK || s.mice[p] == col
			case tiles[v].kind == kindFlower:
				shapeOK = shapeOK || tiles[v].shape == sh
				colOK = colOK || s.colourOf(v) == col
			case tiles[v].kind == kindGnome:
				colOK = colOK || tiles[v].cmask&(1<<col) != 0
			}
		}
		return shapeOK && colOK
	case kindGnome:
		var m uint8
		for _, d := range dirs {
			v := g[c+d]
			switch {
			case v == 0:
			case v == house:
				m |= 1 << s.mice[p]
			case tiles[v].kind == kindFlower:
				m |= 1 << s.colourOf(v)
			}
		}
		return m&info.cmask == info.cmask
	case kindWindmill:
		x, y := cellX(c), cellY(c)
		var row, col [numShapes]uint8
		for _, u := range s.gtiles[p][:s.gn[p]] {
			if tiles[u].kind != kindFlower {
				continue
			}
			uc := int(s.pos[u])
			sh := tiles[u].shape
			if cellY(uc) == y {
				row[sh]++
				if row[sh] >= 3 {
					return true
				}
			}
			if cellX(uc) == x {
				col[sh]++
				if col[sh] >= 3 {
					return true
				}
			}
		}
	}
	return false
}

// validate turns happy every unhappy tile of garden p whose condition holds
// (HP-T21), takes the worms and moles off them (HP-T24) and checks the
// gardener bonus (HP-T23). It returns how many tokens leave as moles.
func (s *state) validate(p int, ev *events) int {
	leaving := 0
	for _, t := range s.gtiles[p][:s.gn[p]] {
		if s.happy&(1<<t) != 0 || !s.ready(p, t) {
			continue
		}
		s.happy |= 1 << t
		k := int(s.worms[t]) + int(s.moles[t])
		leaving += k
		s.worms[t], s.moles[t] = 0, 0
		if ev.on() {
			ev.say(p, "happy", tileArg(t))
		}
	}
	if !s.bonus[p] {
		full := true
		for _, c := range ringCells {
			if s.grid[p*ncell+c] == 0 {
				full = false
				break
			}
		}
		if full {
			s.bonus[p] = true
			if ev.on() {
				ev.say(p, "bonus")
			}
		}
	}
	return leaving
}

// ---- placing and moving tiles ----

func (s *state) put(p int, t uint8, c int) {
	s.grid[p*ncell+c] = t
	s.pos[t] = int16(c)
	s.owner[t] = int8(p)
	s.gtiles[p][s.gn[p]] = t
	s.gn[p]++
}

func (s *state) move(p int, t uint8, c int) {
	s.grid[p*ncell+int(s.pos[t])] = 0
	s.grid[p*ncell+c] = t
	s.pos[t] = int16(c)
}

// bitset over the grid cells.
type cellSet [(ncell + 63) / 64]uint64

func (b *cellSet) has(c int) bool { return b[c>>6]&(1<<(c&63)) != 0 }
func (b *cellSet) add(c int)      { b[c>>6] |= 1 << (c & 63) }

// connected: every tile of garden p is joined to the house, with tile t
// moved from its cell to cell to (to < 0: t removed).
func (s *state) connected(p int, t uint8, to int) bool {
	g := s.garden(p)
	from := int(s.pos[t])
	occ := func(c int) bool {
		if c == to {
			return true
		}
		return g[c] != 0 && c != from
	}
	var seen cellSet
	var q [maxOwn + 8]int16
	n := 0
	for _, c := range houseCells {
		seen.add(c)
		q[n] = int16(c)
		n++
	}
	reached := 0
	for i := 0; i < n; i++ {
		c := int(q[i])
		for _, d := range dirs {
			nb := c + d
			if seen.has(nb) || !occ(nb) {
				continue
			}
			seen.add(nb)
			q[n] = int16(nb)
			n++
			reached++
		}
	}
	want := int(s.gn[p])
	if to < 0 {
		want--
	}
	return reached == want
}

// joined marks the cells of garden p joined to the house through adjacent
// tiles (the house cells included).
func (s *state) joined(p int, seen *cellSet) {
	g := s.garden(p)
	var q [len(houseCells) + maxOwn]int16
	n := 0
	for _, c := range houseCells {
		seen.add(c)
		q[n] = int16(c)
		n++
	}
	for i := 0; i < n; i++ {
		for _, d := range dirs {
			nb := int(q[i]) + d
			if seen.has(nb) || g[nb] == 0 {
				continue
			}
			seen.add(nb)
			q[n] = int16(nb)
			n++
		}
	}
}

// slideSet returns the empty cells tile t can slide to (HP-T26.1), within the
// garden's bounding box grown by one (the cells around it are all empty, so
// no path needs to leave it).
func (s *state) slideSet(p int, t uint8, seen *cellSet) {
	g := s.garden(p)
	x0, y0, x1, y1 := s.bbox(p)
	x0, y0, x1, y1 = x0-1, y0-1, x1+1, y1+1
	var q [ncell]int16
	start := int(s.pos[t])
	seen.add(start)
	q[0] = int16(start)
	n := 1
	for i := 0; i < n; i++ {
		c := int(q[i])
		for _, d := range dirs {
			nb := c + d
			if seen.has(nb) || g[nb] != 0 {
				continue
			}
			x, y := cellX(nb), cellY(nb)
			if x < x0 || x > x1 || y < y0 || y > y1 {
				continue
			}
			seen.add(nb)
			q[n] = int16(nb)
			n++
		}
	}
}

// repotRule returns "" if tile t of garden p may be repotted to cell c, else
// the rule and the reason's message id (HP-T26). Wheelbarrows and phase are checked by the caller.
func (s *state) repotRule(p int, t uint8, c int) (string, string) {
	if t == 0 || t > numTiles || int(s.owner[t]) != p {
		return "HP-T26", "error.repot.own"
	}
	if !inArea(c) {
		return "HP-T16", cellMsg[errOutside]
	}
	if int(s.pos[t]) == c {
		return "HP-T26", "error.repot.same" // HP-T26.2
	}
	if r := s.checkCell(p, t, c, t); r != okCell {
		return "HP-T16", cellMsg[r]
	}
	var seen cellSet
	s.slideSet(p, t, &seen)
	if !seen.has(c) {
		return "HP-T26", "error.repot.slide" // HP-T26.1
	}
	if !s.connected(p, t, c) {
		return "HP-T26", "error.repot.detached" // HP-T26.3
	}
	return "", ""
}

// repotDests appends the legal destinations of tile t of garden p as place
// moves; with one set it stops at the first and only reports whether any
// exists. While a chosen tile waits to be placed, a destination must leave
// it a legal cell.
func (s *state) repotDests(p int, t uint8, buf []engine.Move, one bool) ([]engine.Move, bool) {
	free := s.connected(p, t, -1)
	start := int(s.pos[t])
	if one {
		// An empty neighbour is reached in one slide: most tiles that can
		// move at all have a legal destination there, found without
		// exploring every cell the tile could slide to.
		for _, d := range dirs {
			if c := start + d; s.repotDestOK(p, t, start, c, free) {
				return buf, true
			}
		}
	}
	x0, y0, x1, y1 := s.bbox(p)
	var seen cellSet
	s.slideSet(p, t, &seen)
	found := false
	for y := y0 - 1; y <= y1+1; y++ {
		for x := x0 - 1; x <= x1+1; x++ {
			c := cellOf(x, y)
			if c == start || !seen.has(c) || !s.repotDestOK(p, t, start, c, free) {
				continue
			}
			found = true
			if one {
				return buf, true
			}
			buf = append(buf, mkMove(mvPlace, 0, c, 0))
		}
	}
	return buf, found
}

// repotDestOK: empty cell c, reachable by sliding, is a legal destination
// for tile t of garden p from start (HP-T26.2, HP-T26.3; free: the garden
// stays joined without t anyway), leaving the chosen tile, if one waits, a
// legal cell (HP-T15).
func (s *state) repotDestOK(p int, t uint8, start, c int, free bool) bool {
	if s.checkCell(p, t, c, t) != okCell {
		return false
	}
	if !free && !s.connected(p, t, c) {
		return false
	}
	return s.held == 0 || s.heldFits(p, change{moved: t, from: start, to: c})
}

// anyRepot: player p has a tile with a legal repot destination.
func (s *state) anyRepot(p int) bool {
	for _, t := range s.gtiles[p][:s.gn[p]] {
		if _, ok := s.repotDests(p, t, nil, true); ok {
			return true
		}
	}
	return false
}

// ---- optional actions while a tile is held ----

// change is a change of a garden that a player may make while holding the
// tile they chose, before placing it (HP-T26, HP-T27 at any moment of the
// turn): a tile repotted or a flower recoloured.
type change struct {
	moved    uint8 // the tile repotted, 0 for none
	from, to int   // its old and new cells
	recol    uint8 // the flower watered, 0 for none
	colour   uint8 // its new colour
}

// heldFits reports whether the held tile still has a legal cell in garden
// p after ch: the chosen tile must be placed (HP-T15), so no repot or
// watering may leave it nowhere to go. It does not change the state, since
// LegalMoves calls it (states may be read by several goroutines).
//
// A change can only spoil cells near it: a repot empties one cell and fills
// another, so the cells it can make illegal are the destination, the
// neighbours of both cells and, for two windmills, the destination's row
// and column; a watering changes a flower's neighbours only. A legal cell
// elsewhere stays legal, which settles almost every case without judging
// the whole garden anew.
func (s *state) heldFits(p int, ch change) bool {
	t := s.held
	near := func(c int) bool {
		if ch.recol != 0 {
			return adjacent(c, int(s.pos[ch.recol]))
		}
		if c == ch.to || adjacent(c, ch.to) || adjacent(c, ch.from) {
			return true
		}
		if tiles[t].kind == kindWindmill && tiles[ch.moved].kind == kindWindmill {
			return cellX(c) == cellX(ch.to) || cellY(c) == cellY(ch.to)
		}
		return false
	}
	x0, y0, x1, y1 := s.bbox(p)
	for y := y0 - 1; y <= y1+1; y++ {
		for x := x0 - 1; x <= x1+1; x++ {
			if c := cellOf(x, y); !near(c) && s.checkCell(p, t, c, 0) == okCell {
				return true
			}
		}
	}
	// Every legal cell is near the change: judge the garden after it.
	x0, y0, x1, y1 = 0, 0, 1, 1
	for _, u := range s.gtiles[p][:s.gn[p]] {
		c := int(s.pos[u])
		if u == ch.moved {
			c = ch.to
		}
		x, y := cellX(c), cellY(c)
		x0, x1, y0, y1 = min(x0, x), max(x1, x), min(y0, y), max(y1, y)
	}
	for y := y0 - 1; y <= y1+1; y++ {
		for x := x0 - 1; x <= x1+1; x++ {
			if s.checkCellAfter(p, t, cellOf(x, y), ch) == okCell {
				return true
			}
		}
	}
	return false
}

func adjacent(a, b int) bool {
	d := a - b
	return d == 1 || d == -1 || d == gw || d == -gw
}

// checkCellAfter is checkCell (HP-T16) for tile t on cell c of garden p as
// the garden would be after ch.
func (s *state) checkCellAfter(p int, t uint8, c int, ch change) int {
	if !inArea(c) {
		return errOutside
	}
	g := s.garden(p)
	at := func(c int) uint8 {
		switch {
		case ch.moved != 0 && c == ch.to:
			return ch.moved
		case ch.moved != 0 && c == ch.from:
			return 0
		}
		return g[c]
	}
	colour := func(u uint8) uint8 {
		if u == ch.recol && u != 0 {
			return ch.colour
		}
		return s.colourOf(u)
	}
	if at(c) != 0 {
		return errOccupied
	}
	info := &tiles[t]
	touch := false
	for _, d := range dirs {
		v := at(c + d)
		if v == 0 {
			continue
		}
		touch = true
		if v == house {
			continue
		}
		switch info.kind {
		case kindFlower:
			if tiles[v].kind == kindFlower && tiles[v].shape == info.shape && colour(v) == colour(t) {
				return errIdentical
			}
		case kindGnome:
			if tiles[v].kind == kindGnome {
				return errGnome
			}
		}
	}
	if !touch {
		return errNoContact
	}
	if info.kind == kindWindmill {
		x, y := cellX(c), cellY(c)
		for _, u := range s.gtiles[p][:s.gn[p]] {
			if u == t || tiles[u].kind != kindWindmill {
				continue
			}
			uc := int(s.pos[u])
			if u == ch.moved {
				uc = ch.to
			}
			if cellX(uc) == x || cellY(uc) == y {
				return errWindmill
			}
		}
	}
	return okCell
}
