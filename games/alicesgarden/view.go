package alicesgarden

import (
	"slices"
	"strings"

	"github.com/jardin-games/jardin/engine"
)

// View is what every seat sees: Alice's Garden has no private information
// except the order of draws from the bags, which no view holds. Bags show
// their tile counts only. Things a move or an event names carry the ids of
// the catalogue (Texts): "tile:O03", "bag:O", "bonus:R", "orient:r90f",
// "side:A"; a square of a board is "r2c3" (row 2, column 3, 1-based: grid
// line 2, character 3). docs/alices-garden.md describes every field.
type View struct {
	Game        string      `json:"game"`
	Side        string      `json:"side"`
	SideID      string      `json:"sideId"`
	Players     int         `json:"players"`
	Phase       string      `json:"phase"`
	ToMove      int         `json:"toMove"`
	Round       int         `json:"round"`
	First       int         `json:"first"` // first-player token; -1 in solo
	Bags        []BagView   `json:"bags"`
	BonusBag    int         `json:"bonusBag"`
	Supply      []TileView  `json:"supply,omitempty"`
	Drawn       []TileView  `json:"drawn,omitempty"`
	Held        *HeldView   `json:"held,omitempty"`
	BonusMax    int         `json:"bonusMax,omitempty"`
	LastRound   bool        `json:"lastRound"`
	Discarded   int         `json:"discarded,omitempty"`
	LastDiscard string      `json:"lastDiscard,omitempty"`
	Boards      []BoardView `json:"boards"`
	// Squares is the printed board of the side played, the same for every
	// player: 6 rows of 8, 'g' grass, '#' chessboard square, so that a page
	// still shows a chessboard square once a tile covers it (chess pieces
	// score there only).
	Squares []string `json:"squares"`
}

// BagView is one large-tile bag: its shape and how many tiles it holds.
type BagView struct {
	ID    string `json:"id"`
	Shape string `json:"shape"`
	Tiles int    `json:"tiles"`
	Left  bool   `json:"left,omitempty"` // solo: on the player's left (available)
}

// TileView is a large tile: id, shape and the icons of squares 0-3, and
// its picture as it lies in the supply (lying flat), one string per row
// of its box as in OrientView, so that a page draws the shape the player
// will lay, not a row of icons.
type TileView struct {
	ID    string   `json:"id"`
	Shape string   `json:"shape"`
	Icons string   `json:"icons"`
	Rows  []string `json:"rows"`
}

// HeldView is the tile taken and waiting to be placed, with each of its
// distinct orientations (the ones a place move names).
type HeldView struct {
	TileView
	Orientations []OrientView `json:"orientations"`
}

// OrientView is one distinct orientation of the held tile: its id and its
// picture, one string per row of its bounding box (icon letters, '.' where
// the box has no square). The place notation names the box's top-left
// corner; the move description, the first square covered in reading order.
type OrientView struct {
	ID   string   `json:"id"`
	Rows []string `json:"rows"`
}

// BoardView is one garden: 6 rows of 8 characters (icon letter, or '.' free
// grass and ':' free chessboard square), the bonus tiles held, the score pad.
//
// Pieces says which piece covers each square, row by row (48 numbers): 0
// free, 1+index of a large tile (all four squares of a tile share it),
// -(1+square) a bonus tile. A page draws each tile as one piece from it.
type BoardView struct {
	Grid       []string `json:"grid"`
	Pieces     []int    `json:"pieces"`
	Bonus      string   `json:"bonus"`
	BonusTiles []string `json:"bonusTiles"`
	Tiles      int      `json:"tiles"`
	Points     []int    `json:"points"`
	Score      int      `json:"score"`
}

func tileView(t int) TileView {
	d := &tiles[t]
	var ic [4]byte
	for i := range ic {
		ic[i] = iconLetter[d.icons[i]]
	}
	// Lying flat (no taller than wide): every tile then fits a box of
	// 4 × 2 squares, and a supply lines up.
	o := &d.orients[0]
	for i := range d.orients {
		if d.orients[i].w >= d.orients[i].h {
			o = &d.orients[i]
			break
		}
	}
	return TileView{ID: tileID(t), Shape: string(shapeLetters[d.shape]), Icons: string(ic[:]), Rows: orientRows(d, o)}
}

// orientRows is the picture of orientation o of tile d: one string per row
// of its box, icon letters and '.' where the box has no square.
func orientRows(d *tileDef, o *orient) []string {
	out := make([]string, o.h)
	for r := range out {
		line := []byte(strings.Repeat(".", int(o.w)))
		for q := 0; q < 4; q++ {
			if int(o.off[q])/cols == r {
				line[int(o.off[q])%cols] = iconLetter[d.icons[q]]
			}
		}
		out[r] = string(line)
	}
	return out
}

func heldView(t int) *HeldView {
	d := &tiles[t]
	h := &HeldView{TileView: tileView(t)}
	for i := range d.orients {
		o := &d.orients[i]
		h.Orientations = append(h.Orientations, OrientView{ID: orientID(o.k), Rows: orientRows(d, o)})
	}
	return h
}

// View is the same for every viewer, seat or not: nothing is private.
func (s *state) View(player int) any {
	v := View{
		Game: "alices-garden", Side: string("AB"[s.side]), SideID: sideID(s.side), Players: int(s.n),
		Phase: phaseNames[s.phase], ToMove: s.ToMove(), Round: int(s.round), First: int(s.first),
		BonusBag: int(s.bonusN), LastRound: s.endTrig, BonusMax: int(s.bonusMax),
	}
	if s.phase != phBonus {
		v.BonusMax = 0
	}
	if s.n == 1 {
		v.First = -1
		v.Discarded = int(s.discardN)
		if s.lastDiscard >= 0 {
			v.LastDiscard = tileID(int(s.lastDiscard))
		}
	}
	for r := 0; r < rows; r++ {
		var line [cols]byte
		for c := 0; c < cols; c++ {
			line[c] = 'g'
			if chessMask[s.side]&(1<<(r*cols+c)) != 0 {
				line[c] = '#'
			}
		}
		v.Squares = append(v.Squares, string(line[:]))
	}
	for b := 0; b < nShapes; b++ {
		v.Bags = append(v.Bags, BagView{ID: bagID(b), Shape: string(shapeLetters[b]), Tiles: int(s.bagN[b]),
			Left: s.n == 1 && s.left&(1<<b) != 0})
	}
	for _, t := range s.supply[:s.supplyN] {
		v.Supply = append(v.Supply, tileView(int(t)))
	}
	for _, t := range s.drawn[:s.drawnN] {
		v.Drawn = append(v.Drawn, tileView(int(t)))
	}
	if s.held >= 0 {
		v.Held = heldView(int(s.held))
	}
	for p := 0; p < int(s.n); p++ {
		b := &s.b[p]
		pts := breakdown(b, s.side)
		bv := BoardView{Grid: gridOf(b, s.side), Pieces: piecesOf(b), Tiles: int(b.tiles), Points: pts[:], Score: s.Score(p),
			BonusTiles: []string{}}
		var sb strings.Builder
		for k := 0; k < nBonusKinds; k++ {
			for i := 0; i < int(b.held[k]); i++ {
				sb.WriteByte(iconLetter[bonusIcon[k]])
				bv.BonusTiles = append(bv.BonusTiles, bonusID(k))
			}
		}
		bv.Bonus = sb.String()
		v.Boards = append(v.Boards, bv)
	}
	return v
}

// piecesOf numbers the piece on each square (BoardView.Pieces).
func piecesOf(b *board) []int {
	out := make([]int, nSquares)
	for sq, c := range b.cell {
		switch {
		case c == 0:
		case c >= cellBonus:
			out[sq] = -(1 + sq)
		default:
			out[sq] = int(c)
		}
	}
	return out
}

// gridOf writes a board as 6 strings of 8 characters.
func gridOf(b *board, side uint8) []string {
	out := make([]string, rows)
	for r := 0; r < rows; r++ {
		var line [cols]byte
		for c := 0; c < cols; c++ {
			line[c] = squareChar(b, side, r*cols+c)
		}
		out[r] = string(line[:])
	}
	return out
}

func squareChar(b *board, side uint8, sq int) byte {
	bit := uint64(1) << sq
	if b.occ&bit == 0 {
		if chessMask[side]&bit != 0 {
			return ':'
		}
		return '.'
	}
	for ic := 0; ic < nIcons; ic++ {
		if b.icon[ic]&bit != 0 {
			return iconLetter[ic]
		}
	}
	return '?'
}

// Determinize re-samples what nobody can see: the order of the tiles in each
// bag and in the bonus bag, and the generator for the draws to come. Every
// seat sees the same, so player does not matter. The copy is a function of
// the public state and seed alone: the generator is seeded from seed, and
// each bag is put in a canonical (sorted) order before it is shuffled, so
// neither the real seed nor the real order of a bag shows through.
func (s *state) Determinize(player int, seed uint64) engine.State {
	c := *s
	c.rng = engine.NewRNG(seed)
	for b := 0; b < nShapes; b++ {
		bag := c.bag[b][:c.bagN[b]]
		slices.Sort(bag)
		engine.Shuffle(&c.rng, bag)
	}
	bonus := c.bonus[:c.bonusN]
	slices.Sort(bonus)
	engine.Shuffle(&c.rng, bonus)
	return &c
}
