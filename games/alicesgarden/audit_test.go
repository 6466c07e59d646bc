package alicesgarden

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/jardin-games/jardin/engine"
)

// TestRule_AG_T5a_A3_DistinctOrientations: the placements offered are
// exactly the distinct results of the 8 orientations (4 turns, each possibly
// mirrored) at every in-grid spot on free squares, each offered once. The
// test builds the 8 orientations itself, as the symmetries of the square, so
// that a mistake in the package's own rotation or de-duplication shows.
func TestRule_AG_T5a_A3_DistinctOrientations(t *testing.T) {
	var raw componentsFile
	if err := json.Unmarshal(componentsJSON, &raw); err != nil {
		t.Fatal(err)
	}
	// the 8 symmetries of the square as (x, y) -> (a*x + b*y, c*x + d*y)
	syms := [8][4]int{{1, 0, 0, 1}, {0, -1, 1, 0}, {-1, 0, 0, -1}, {0, 1, -1, 0},
		{-1, 0, 0, 1}, {0, 1, 1, 0}, {1, 0, 0, -1}, {0, -1, -1, 0}}
	type result [nIcons]uint64
	expected := func(ti int, occ uint64) map[result]bool {
		d := &tiles[ti]
		sqs := raw.Shapes[string(shapeLetters[d.shape])]
		out := map[result]bool{}
		for _, m := range syms {
			var xs, ys [4]int
			minx, miny := 99, 99
			for i, p := range sqs {
				xs[i], ys[i] = m[0]*p[0]+m[1]*p[1], m[2]*p[0]+m[3]*p[1]
				minx, miny = min(minx, xs[i]), min(miny, ys[i])
			}
			for r := 0; r < rows; r++ {
				for c := 0; c < cols; c++ {
					var res result
					ok := true
					for i := 0; i < 4; i++ {
						x, y := c+xs[i]-minx, r+ys[i]-miny
						if x >= cols || y >= rows || occ&(1<<(y*cols+x)) != 0 {
							ok = false
							break
						}
						res[d.icons[i]] |= 1 << (y*cols + x)
					}
					if ok {
						out[res] = true
					}
				}
			}
		}
		return out
	}
	seen := map[int]bool{}
	for _, n := range []int{1, 2, 4} {
		for g := uint64(0); g < 6; g++ {
			st, _ := Game.New(n, g, nil)
			s := st.(*state)
			rng := engine.NewRNG(g + 50)
			for !s.Over() {
				if s.phase == phPlace {
					seen[int(s.held)] = true
					b := s.b[s.toMove]
					want := expected(int(s.held), b.occ)
					got := map[result]bool{}
					legal := s.LegalMoves(nil)
					for _, m := range legal {
						c := *s
						if err := c.Apply(m, nil); err != nil {
							t.Fatal(err)
						}
						var res result
						for ic := range res {
							res[ic] = c.b[s.toMove].icon[ic] &^ b.icon[ic]
						}
						if got[res] {
							t.Fatalf("tile %s: %s gives the same garden as another offered move", tiles[s.held].id, s.FormatMove(m))
						}
						got[res] = true
						if !want[res] {
							t.Fatalf("tile %s: %s is not one of the 8 orientations on free squares", tiles[s.held].id, s.FormatMove(m))
						}
					}
					if len(got) != len(want) {
						t.Fatalf("tile %s: %d placements offered, %d distinct ones exist", tiles[s.held].id, len(got), len(want))
					}
				}
				ms := s.LegalMoves(nil)
				if err := s.Apply(ms[rng.Intn(len(ms))], nil); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	if len(seen) < 30 {
		t.Errorf("only %d tiles placed", len(seen))
	}
	// icon symmetry cuts orientations: T07 = TCTM is its own mirror image, S01 =
	// CMMC the same after a half turn
	for id, want := range map[string]int{"T07": 4, "T01": 8, "O03": 8, "I01": 4, "L01": 8, "S01": 4, "S03": 8} {
		i, _ := tileByID(id)
		if got := len(tiles[i].orients); got != want {
			t.Errorf("%s: %d distinct orientations, want %d", id, got, want)
		}
	}
}

// TestRule_AG_T6_A6_OnlyOtherTilesGardeners: each gardener square of the new
// tile counts the gardeners of earlier tiles next to it; two gardeners on the
// new tile do not count each other (a corrected data file may hold such a
// tile), and one old gardener touching two new ones counts twice.
func TestRule_AG_T6_A6_OnlyOtherTilesGardeners(t *testing.T) {
	bit := func(r, c int) uint64 { return 1 << sq(r, c) }
	for _, tc := range []struct {
		name       string
		newG, oldG uint64
		want       int
	}{
		{"own pair only", bit(2, 4) | bit(2, 5), 0, 0},
		{"own pair plus one above", bit(2, 4) | bit(2, 5), bit(1, 4), 1},
		{"one old touching both new", bit(2, 4) | bit(3, 5), bit(2, 5), 2},
		{"WE-2 with a diagonal", bit(2, 4), bit(2, 3) | bit(1, 4) | bit(3, 5), 2},
		{"three sides", bit(3, 3), bit(2, 3) | bit(4, 3) | bit(3, 2), 3},
		{"no wrap across rows", bit(2, 8), bit(3, 1), 0},
	} {
		if got := gardenerContacts(tc.newG, tc.oldG); got != tc.want {
			t.Errorf("%s: %d, want %d", tc.name, got, tc.want)
		}
	}
}

// TestRule_AG_S2_UniformDraws: each tile of a bag is drawn about equally often
// over many seeds (AG-S2: every draw is uniformly random).
func TestRule_AG_S2_UniformDraws(t *testing.T) {
	var cnt [tilesPerShape]int
	const games = 1300
	for seed := uint64(0); seed < games; seed++ {
		st, _ := Game.New(2, seed, engine.Options{"first": "1"})
		s := st.(*state)
		if err := s.Apply(mvBag(3), nil); err != nil {
			t.Fatal(err)
		}
		for _, x := range s.supply[:s.supplyN] {
			cnt[int(x)-3*tilesPerShape]++
		}
	}
	// 3900 draws, 300 expected per tile, standard deviation about 16
	for i, c := range cnt {
		if c < 220 || c > 380 {
			t.Errorf("T%02d drawn %d times of %d, want about 300", i+1, c, 3*games)
		}
	}
}

// TestRule_AG_SO2a_EmptyLeftBag: a bag on the left with no tile cannot be
// chosen.
func TestRule_AG_SO2a_EmptyLeftBag(t *testing.T) {
	s := newState(t, 1, nil)
	s.bagN[1] = 0
	if hasLegal(s, "bag I") {
		t.Error("empty bag I offered")
	}
	wantIllegal(t, s, "bag I", "AG-SO2a")
	wantIllegal(t, s, "take O01", "AG-SO2a")
}

// TestRule_AG_SO2c_MustPlaceAFittingDrawnTile: of the two drawn tiles only
// the one that fits may be taken; the other leaves the game.
func TestRule_AG_SO2c_MustPlaceAFittingDrawnTile(t *testing.T) {
	s := newState(t, 1, nil)
	mustApply(t, s, "bag O")
	// a 2×2 hole and a 1×3 strip: O fits, I does not
	fillExcept(&s.b[0], sq(1, 1), sq(1, 2), sq(2, 1), sq(2, 2), sq(6, 1), sq(6, 2), sq(6, 3))
	o1, i1 := tid(t, "O01"), tid(t, "I01")
	s.drawn, s.drawnN = [2]uint8{o1, i1}, 2
	if got := strings.Join(legalStrings(s), ";"); got != "take O01" {
		t.Errorf("legal %s", got)
	}
	wantIllegal(t, s, "take I01", "AG-SO2c")
	wantIllegal(t, s, "bag I", "AG-SO2c")
	mustApply(t, s, "take O01")
	mustApply(t, s, "place r0 1,1")
	if s.phase == phBonus {
		mustApply(t, s, "bonus 0")
	}
	if s.discardN != 1 || s.lastDiscard != int8(i1) {
		t.Errorf("I01 did not leave the game: discarded %d, last %d", s.discardN, s.lastDiscard)
	}
}

// TestRule_AG_SO4_A10_NoLeftBagWithTiles: the game ends when no bag on the
// left holds a tile, even though bags on the right still do.
func TestRule_AG_SO4_A10_NoLeftBagWithTiles(t *testing.T) {
	s := newState(t, 1, nil)
	s.left = 1<<0 | 1<<1 // O and I on the left, L T S on the right
	s.bagN[0] = 0
	mustApply(t, s, "bag I")
	playFirstLegal(t, s) // take
	playFirstLegal(t, s) // place
	if s.phase == phBonus {
		mustApply(t, s, "bonus 0")
	}
	if s.phase != phFinal && !s.Over() {
		t.Fatalf("phase %s, want the end (bag O on the left is empty)", phaseNames[s.phase])
	}
	if s.bagN[2] == 0 {
		t.Fatal("setup: bag L should still hold tiles")
	}
}

// TestRule_AG_SO4_EndsOnlyWhenNoLeftBagFits is issue 13's example: only a
// vertical line of 4 squares is free and bags O and I are on the left.
// Every tile of a bag has its shape, so bag O cannot be used and bag I can:
// only bag I is offered, choosing O is refused (it used to end the game at
// once), and the game ends only once no bag on the left can be used
// (« Dès que vous ne pouvez plus utiliser de tuiles des sacs sur votre
// gauche, le jeu se termine »).
func TestRule_AG_SO4_EndsOnlyWhenNoLeftBagFits(t *testing.T) {
	s := newState(t, 1, nil)
	fillExcept(&s.b[0], sq(1, 1), sq(2, 1), sq(3, 1), sq(4, 1))
	s.left = 1<<0 | 1<<1 // O and I on the left, L T S on the right
	if got := strings.Join(legalStrings(s), ";"); got != "bag I" {
		t.Fatalf("legal %q, want only bag I", got)
	}
	wantIllegal(t, s, "bag O", "AG-SO4")
	mustApply(t, s, "bag I")
	if s.phase != phTake || s.drawnN != 2 {
		t.Fatalf("phase %s, %d drawn", phaseNames[s.phase], s.drawnN)
	}
	playFirstLegal(t, s) // take
	mustApply(t, s, "place r0 1,1")
	if s.phase == phBonus {
		mustApply(t, s, "bonus 0")
	}
	// the board is full: bag O, still on the left with 13 tiles, cannot be
	// used, so the game ends (and bags L T S on the right do not come back)
	if s.phase != phFinal && !s.Over() {
		t.Fatalf("phase %s after the board filled, want the end", phaseNames[s.phase])
	}

	// the same with the bags the other way round: O's shape fits a 2×2
	// hole, I's does not
	s = newState(t, 1, nil)
	fillExcept(&s.b[0], sq(1, 1), sq(1, 2), sq(2, 1), sq(2, 2))
	if got := strings.Join(legalStrings(s), ";"); got != "bag O" {
		t.Fatalf("legal %q, want only bag O", got)
	}
	for _, bag := range []string{"bag I", "bag L", "bag T", "bag S"} {
		wantIllegal(t, s, bag, "AG-SO4")
	}
}

// TestRule_AG_T5a_EquivalentOrientationsAreTheSameMove (issue 13): every
// orientation name is accepted for every tile, as the one offered move that
// puts the same icons on the same squares: "place r0f 1,1" for I01, whose
// mirror image is itself, is "place r0 1,1". The squares are worked out
// here from the shape data, apart from the package's orientation tables.
// The raw encoding of an equivalent orientation is still not a legal move
// (each distinct orientation is offered once, under one name).
func TestRule_AG_T5a_EquivalentOrientationsAreTheSameMove(t *testing.T) {
	var raw componentsFile
	if err := json.Unmarshal(componentsJSON, &raw); err != nil {
		t.Fatal(err)
	}
	// icons[r][c] placed by orientation k of tile ti with its box at (0,0)
	layout := func(ti, k int) (g [4][4]int8) {
		for r := range g {
			for c := range g[r] {
				g[r][c] = -1
			}
		}
		d := &tiles[ti]
		pts := raw.Shapes[string(shapeLetters[d.shape])]
		var xs, ys [4]int
		minx, miny := 99, 99
		for i, p := range pts {
			x, y := p[0], p[1]
			if k >= 4 {
				x = -x // mirror left to right first
			}
			for q := 0; q < k%4; q++ {
				x, y = -y, x // a quarter turn clockwise, y down
			}
			xs[i], ys[i] = x, y
			minx, miny = min(minx, x), min(miny, y)
		}
		for i := range xs {
			g[ys[i]-miny][xs[i]-minx] = int8(d.icons[i])
		}
		return g
	}
	sym := 0
	for ti := 0; ti < nTiles; ti++ {
		s := newState(t, 2, nil)
		mustApply(t, s, "bag O")
		s.held, s.phase = int8(ti), phPlace
		offered := map[string]bool{}
		for _, txt := range legalStrings(s) {
			offered[txt] = true
		}
		for k := 0; k < 8; k++ {
			txt := "place " + orientName(uint8(k)) + " 1,1"
			m, err := s.ParseMove(txt)
			if err != nil {
				t.Fatalf("%s %q: %v", tiles[ti].id, txt, err)
			}
			canon := s.FormatMove(m)
			if !offered[canon] {
				t.Fatalf("%s: %q reads as %q, which is not offered", tiles[ti].id, txt, canon)
			}
			if canon != txt {
				sym++
				if raw := mvPlace(k, 0); s.Apply(raw, nil) == nil {
					t.Fatalf("%s: the raw encoding of %q was accepted besides %q", tiles[ti].id, txt, canon)
				}
			}
			k2, _ := parseOrient(strings.Fields(canon)[1])
			if layout(ti, k) != layout(ti, k2) {
				t.Fatalf("%s: %q read as %q, which puts other icons on other squares", tiles[ti].id, txt, canon)
			}
			c := *s
			if err := c.Apply(m, nil); err != nil {
				t.Fatalf("%s %q: %v", tiles[ti].id, txt, err)
			}
		}
	}
	if sym == 0 {
		t.Fatal("no tile has equivalent orientations: the test checks nothing")
	}
	s := newState(t, 2, nil)
	mustApply(t, s, "bag O")
	s.held, s.phase = int8(tid(t, "I01")), phPlace
	a, _ := s.ParseMove("place r0f 2,3")
	b, _ := s.ParseMove("place r0 2,3")
	if a != b {
		t.Errorf("I01: r0f and r0 are different moves")
	}
}

// allocRuns: AllocsPerRun reads the process's malloc count, so one
// allocation by another goroutine (the runtime's or a finished test's) during
// a single run reads as the hot path allocating (seen once in CI on Score).
// Over several runs the integer average drops such a stray allocation, while
// a path that allocates on every call still reads 1 or more.
const allocRuns = 8

// TestHotPathsDoNotAllocate: over whole games for 1 to 4 players, LegalMoves
// (with a buffer), Apply (no log) and Score never allocate, in every phase.
func TestHotPathsDoNotAllocate(t *testing.T) {
	buf := make([]engine.Move, 0, 1024)
	c := new(state)
	for n := 1; n <= 4; n++ {
		st, _ := Game.New(n, uint64(n)+20, nil)
		s := st.(*state)
		rng := engine.NewRNG(uint64(n))
		phases := map[uint8]bool{}
		for !s.Over() {
			phases[s.phase] = true
			if a := testing.AllocsPerRun(allocRuns, func() { buf = s.LegalMoves(buf[:0]) }); a != 0 {
				t.Fatalf("%dp %s: LegalMoves allocates", n, phaseNames[s.phase])
			}
			m := buf[rng.Intn(len(buf))]
			if a := testing.AllocsPerRun(allocRuns, func() { *c = *s; _ = c.Apply(m, nil) }); a != 0 {
				t.Fatalf("%dp %s: Apply(%s) allocates", n, phaseNames[s.phase], s.FormatMove(m))
			}
			if a := testing.AllocsPerRun(allocRuns, func() { _ = s.Score(n - 1) }); a != 0 {
				t.Fatalf("%dp: Score allocates", n)
			}
			if err := s.Apply(m, nil); err != nil {
				t.Fatal(err)
			}
		}
		if !phases[phBag] || !phases[phTake] || !phases[phPlace] {
			t.Errorf("%dp: phases seen %v", n, phases)
		}
	}
}

// FuzzParseComponents: a data file a player edited never panics the loader;
// one it accepts gives every tile at least one orientation and every shape a
// placement.
func FuzzParseComponents(f *testing.F) {
	f.Add(componentsJSON)
	f.Add([]byte(`{}`))
	f.Add([]byte(strings.Replace(string(componentsJSON), `"O": [[0,0],[1,0],[0,1],[1,1]]`, `"O": [[3,3],[2,3],[1,3],[0,3]]`, 1)))
	f.Fuzz(func(t *testing.T, data []byte) {
		cs, err := parseComponents(data)
		if err != nil {
			return
		}
		for i := range cs.tiles {
			if len(cs.tiles[i].orients) == 0 {
				t.Fatalf("tile %s has no orientation", cs.tiles[i].id)
			}
		}
		for si := range cs.shapeMasks {
			if len(cs.shapeMasks[si]) == 0 {
				t.Fatalf("shape %c fits nowhere on an empty board", shapeLetters[si])
			}
		}
	})
}

// TestRule_AG_SO2d_SoloGardenerBonus: in solo the gardener bonus works as in
// the base game; the unchosen tile leaves the game once the bonus is drawn.
func TestRule_AG_SO2d_SoloGardenerBonus(t *testing.T) {
	s := newState(t, 1, nil)
	mustApply(t, s, "bag O")
	setGrid(t, &s.b[0], [rows]string{"...G....", "..G.....", "........", "........", "........", "........"})
	o3, o1 := tid(t, "O03"), tid(t, "O01")
	s.drawn, s.drawnN = [2]uint8{o1, o3}, 2
	mustApply(t, s, "take O03")
	mustApply(t, s, "place r0f 2,4") // gardener on (2,4), next to (2,3) and (1,4)
	if s.phase != phBonus || s.bonusMax != 2 {
		t.Fatalf("phase %s, bonus max %d, want 2", phaseNames[s.phase], s.bonusMax)
	}
	mustApply(t, s, "bonus 2")
	if s.b[0].heldN != 2 || s.bonusN != nBonus-2 {
		t.Errorf("held %d, bonus bag %d", s.b[0].heldN, s.bonusN)
	}
	if s.discardN != 1 || s.lastDiscard != int8(o1) || s.phase != phBag {
		t.Errorf("after the bonus: discarded %d (last %d), phase %s", s.discardN, s.lastDiscard, phaseNames[s.phase])
	}
}

// TestDraw_OrientationPicturesMatchPlacement: for every tile, each
// orientation `jardin play` draws under a name puts exactly the pictured
// icons on the board when placed with that name at 1,1, so a player can
// trust the pictures.
func TestDraw_OrientationPicturesMatchPlacement(t *testing.T) {
	for ti := 0; ti < nTiles; ti++ {
		lines := strings.Split(strings.TrimRight(orientPictures(ti, false), "\n"), "\n")
		head := lines[0]
		names := strings.Fields(head)
		if len(names) != len(tiles[ti].orients) {
			t.Fatalf("%s: %d pictures, %d orientations", tiles[ti].id, len(names), len(tiles[ti].orients))
		}
		from := 0
		for _, name := range names {
			x := from + strings.Index(head[from:], name)
			from = x + len(name)
			k, err := parseOrient(name)
			if err != nil {
				t.Fatal(err)
			}
			var s state
			s.n, s.held, s.phase = 2, int8(ti), phPlace
			if err := s.check(mvPlace(k, 0)); err != nil {
				t.Fatalf("%s %s: %v", tiles[ti].id, name, err)
			}
			s.applyPlace(0, k, 0, nil)
			o, _ := tiles[ti].findOrient(uint8(k))
			for r := 0; r < 4; r++ {
				for c := 0; c < int(o.w); c++ {
					want := byte(' ')
					if r < rows && s.b[0].occ&(1<<(r*cols+c)) != 0 {
						want = squareChar(&s.b[0], 0, r*cols+c)
					}
					got := byte(' ')
					if l := lines[1:]; r < len(l) && x+2*c < len(l[r]) {
						got = l[r][x+2*c]
					}
					if got != want {
						t.Fatalf("%s %s: picture shows %q at row %d col %d, placing puts %q\n%s", tiles[ti].id, name, got, r+1, c+1, want, strings.Join(lines, "\n"))
					}
				}
			}
		}
	}
}

// TestRule_AG_T10_AG_E1_LastLeftoverTile: every bag empty and one tile left
// in the supply: the first player takes and places it, the others find the
// supply empty and take nothing, and the game ends with the round.
func TestRule_AG_T10_AG_E1_LastLeftoverTile(t *testing.T) {
	s := newState(t, 3, nil)
	s.bagN = [5]uint8{}
	s.round = 2
	setSupply(s, tid(t, "L04"))
	s.startRound(nil)
	if s.phase != phTake || s.ToMove() != 0 {
		t.Fatalf("phase %s to move %d: no bag to choose, the first player takes", phaseNames[s.phase], s.ToMove())
	}
	if got := strings.Join(legalStrings(s), ";"); got != "take L04" {
		t.Errorf("legal %s", got)
	}
	mustApply(t, s, "take L04")
	playFirstLegal(t, s)
	if s.phase == phBonus {
		mustApply(t, s, "bonus 0")
	}
	if !s.Over() || s.b[0].tiles != 1 || s.b[1].tiles != 0 || s.b[2].tiles != 0 {
		t.Errorf("phase %s, tiles placed %d %d %d", phaseNames[s.phase], s.b[0].tiles, s.b[1].tiles, s.b[2].tiles)
	}
}
