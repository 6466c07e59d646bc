package schlossgarten

import (
	"math/bits"
	"slices"
	"sync"

	"github.com/jardin-games/jardin/engine"
)

// SquareView is one square of the garden as everyone sees it.
type SquareView struct {
	ID      string `json:"id"`                // "x,y": the square's id in events and move descriptions
	Ground  string `json:"ground"`            // component id of what covers it: "tile:1"…"tile:3", "pit" or an element id
	Tile    int    `json:"tile"`              // points of the tile (known under a pit too)
	Pit     bool   `json:"pit,omitempty"`     // the tile is excavated
	Element string `json:"element,omitempty"` // element id when an element covers the square
	Owner   string `json:"owner,omitempty"`   // colour of the element
	Pawn    string `json:"pawn,omitempty"`    // "king", "gardener" or "architect"
	PawnOf  string `json:"pawnOf,omitempty"`  // colour of the pawn
}

// PlayerView is one seat's public part (and the hand for its owner).
type PlayerView struct {
	Color     string   `json:"color"`
	Score     int      `json:"score"`
	Tiles     [3]int   `json:"tiles"`  // collected tiles worth 1, 2 and 3
	Supply    []string `json:"supply"` // elements not on the board
	HandCount int      `json:"handCount"`
	Hand      []string `json:"hand,omitempty"` // only in the owner's view
}

// View is what one player sees (SG "Hidden information").
type View struct {
	Players   int                    `json:"players"`
	Viewer    int                    `json:"viewer"`
	ToMove    int                    `json:"toMove"`
	Phase     string                 `json:"phase"`
	Turn      int                    `json:"turn"`
	StepsUsed int                    `json:"stepsUsed"`
	Played    string                 `json:"played,omitempty"`
	Workers   []string               `json:"workers,omitempty"` // subjects that may still work
	Dug       bool                   `json:"dug,omitempty"`
	Struck    string                 `json:"struck,omitempty"` // the struck subject waiting to be put, e.g. "architect:red"
	Board     [side][side]SquareView `json:"board"`            // [y][x]
	Seats     []PlayerView           `json:"seats"`
	Deck      int                    `json:"deck"`
	Discard   []string               `json:"discard"`
	Over      bool                   `json:"over"`
	Winner    int                    `json:"winner"` // seat that reached 21, or -1
	Elements  []ElementView          `json:"elements"`
	Cards     []CardView             `json:"cards"` // the figure of every card the view names, so that a page draws a card as its figure

	supply []string // the seats' supplies' array, kept by a recycled view
}

// CardView is one constellation card's figure, the same for every player:
// where the gardener and the architect stand as (dx,dy) offsets from the
// king, dx to the right, dy downwards, as the card is printed.
type CardView struct {
	ID        string `json:"id"`
	Gardener  [2]int `json:"gardener"`
	Architect [2]int `json:"architect"`
}

// ElementView describes one kind of garden element, the same for every
// player: which worker builds it and its orientations, so that a page can
// draw a build from its description (element, orientation, first square).
type ElementView struct {
	ID           string            `json:"id"`
	Builder      string            `json:"builder"` // "gardener" or "architect"
	Size         int               `json:"size"`    // squares, and points while on the board
	Orientations []OrientationView `json:"orientations"`
}

// OrientationView is one orientation of an element: its squares as (dx,dy)
// offsets from its first square (top row, leftmost), dx to the right, dy
// downwards.
type OrientationView struct {
	ID      string   `json:"id"` // "r0" … "r3"
	Squares [][2]int `json:"squares"`
}

func (s *state) View(viewer int) any {
	if !engine.IsSeat(s, viewer) {
		viewer = engine.Spectator // anyone outside the seats sees what a spectator sees
	}
	v, _ := views.Get().(*View)
	if v == nil {
		v = new(View)
	}
	s.fillView(v, viewer)
	return v
}

// fillView writes viewer's view into v, a new or a recycled one.
func (s *state) fillView(v *View, viewer int) {
	// A recycled view's own slices are written again (Recycle: nobody
	// reads it any more); the elements are every view's and never are.
	discard, seats, supply, shown := v.Discard[:0], v.Seats[:0], v.supply, v.Cards[:0]
	*v = View{supply: supply, Players: int(s.n), Viewer: viewer, ToMove: s.ToMove(), Phase: phaseNames[s.phase],
		Turn: int(s.turn), StepsUsed: int(s.steps), Dug: s.dug, Deck: int(s.deckN), Over: s.Over(), Winner: int(s.winner)}
	if s.played >= 0 {
		v.Played = cards[s.played].id
	}
	if s.phase == phWork {
		for _, k := range [2]int{gardener, architect} {
			if s.canWork(k) {
				v.Workers = append(v.Workers, pawnIDs[k])
			}
		}
	}
	if s.struck >= 0 {
		v.Struck = s.pawnID(int(s.struck)/nPawns, int(s.struck)%nPawns)
	}
	for sq := 0; sq < nSquares; sq++ {
		x, y := sqXY(sq)
		c := SquareView{ID: cellID(sq), Ground: tileID(int(s.tileAt(sq))), Tile: int(s.tileAt(sq)), Pit: s.pit&bit(sq) != 0}
		if c.Pit {
			c.Ground = "pit"
		}
		if ea := s.elemOn(sq); ea >= 0 {
			c.Element = elems[int(ea)%nElems].id
			c.Ground = c.Element
			c.Owner = colorNames[s.color[int(ea)/nElems]]
			c.Tile = 0 // collected
		}
		if pa := s.pawnOn(sq); pa >= 0 {
			c.Pawn = pawnIDs[int(pa)%nPawns]
			c.PawnOf = colorNames[s.color[int(pa)/nPawns]]
		}
		v.Board[y][x] = c
	}
	v.Discard = discard
	if v.Discard == nil {
		v.Discard = make([]string, 0, bits.OnesCount64(s.discard))
	}
	for m := s.discard; m != 0; m &= m - 1 {
		v.Discard = append(v.Discard, cards[lowSq(m)].id)
	}
	// The seats' supplies share one array, each its own part (never
	// appended past it: a seat has nElems elements at most).
	if len(v.supply) < int(s.n)*nElems {
		v.supply = make([]string, int(s.n)*nElems)
	}
	supply = v.supply
	v.Seats = seats
	if v.Seats == nil {
		v.Seats = make([]PlayerView, 0, int(s.n))
	}
	for p := 0; p < int(s.n); p++ {
		pv := PlayerView{Color: colorNames[s.color[p]], Score: int(s.score[p]), HandCount: int(s.handN[p]),
			Supply: supply[p*nElems : p*nElems : (p+1)*nElems]}
		for k := 1; k <= 3; k++ {
			pv.Tiles[k-1] = int(s.collectedN[p][k])
		}
		for e := 0; e < nElems; e++ {
			if s.elem[p][e] == 0 {
				pv.Supply = append(pv.Supply, elems[e].id)
			}
		}
		if p == viewer {
			for i := 0; i < int(s.handN[p]); i++ {
				pv.Hand = append(pv.Hand, cards[s.hand[p][i]].id)
			}
		}
		v.Seats = append(v.Seats, pv)
	}
	v.Elements = elementViews()
	v.Cards = s.shownCards(viewer, shown)
}

// views are views given back (Recycle) once encoded: a view's board is
// 49 squares of strings, about 5.5 KB, and the server builds one per seat
// per move.
var views sync.Pool

// Recycle gives v back for a later view (engine.ViewRecycler): the caller
// holds it no more. View overwrites every field and writes the view's
// own slices again.
func (v *View) Recycle() { views.Put(v) }

var _ engine.ViewRecycler = (*View)(nil)

// shownCards are the figures of the cards the view names (viewer's hand,
// the played card, the discard pile), in the cards' order: a page draws
// each card as its figure. Only those, not the whole deck's table: a view
// that listed every card would carry the ids of the cards other hands
// hold, which a leak check rightly cannot tell from a leak. Taken from the
// state's card numbers, not the view's ids (a set of ids and a copy of
// the view were a fifth of a view's garbage; the server builds a view per
// seat per move).
func (s *state) shownCards(viewer int, out []CardView) []CardView {
	named := s.discard
	if s.played >= 0 {
		named |= 1 << uint(s.played)
	}
	if engine.IsSeat(s, viewer) {
		for i := 0; i < int(s.handN[viewer]); i++ {
			named |= 1 << uint(s.hand[viewer][i])
		}
	}
	all := cardViews()
	if out == nil {
		out = make([]CardView, 0, bits.OnesCount64(named))
	}
	for m := named; m != 0; m &= m - 1 {
		out = append(out, all[lowSq(m)])
	}
	return out
}

// elementViews is the same in every view: built once, shared, never changed.
var elementViews = sync.OnceValue(func() []ElementView {
	var out []ElementView
	for e := range elems {
		ev := ElementView{ID: elems[e].id, Builder: pawnIDs[elems[e].builder], Size: elems[e].size}
		for o, sh := range elems[e].orients {
			ov := OrientationView{ID: orientID(o)}
			for _, d := range firstOffsets(sh) {
				ov.Squares = append(ov.Squares, [2]int{d[0], d[1]})
			}
			ev.Orientations = append(ev.Orientations, ov)
		}
		out = append(out, ev)
	}
	return out
})

// cardViews is the same in every view: built once, shared, never changed.
var cardViews = sync.OnceValue(func() []CardView {
	out := make([]CardView, len(cards))
	for i, c := range cards {
		out[i] = CardView{ID: c.id, Gardener: c.g, Architect: c.a}
	}
	return out
})

// Determinize re-deals what player cannot see: the deck order and the other
// players' hands (same sizes), and reseeds the generator. The copy is a
// function of what player sees and of seed alone: the generator comes from
// seed only, and the unseen cards are sorted before they are shuffled, so
// neither the real seed nor the real deal can be read back from a copy.
func (s *state) Determinize(player int, seed uint64) engine.State {
	if !engine.IsSeat(s, player) {
		player = engine.Spectator
	}
	c := *s
	c.rng = engine.NewRNG(seed)
	var pool [maxCards]int8
	n := 0
	for i := 0; i < int(c.deckN); i++ {
		pool[n] = c.deckAt(i)
		n++
	}
	for p := 0; p < int(c.n); p++ {
		if p == player {
			continue
		}
		for i := 0; i < int(c.handN[p]); i++ {
			pool[n] = c.hand[p][i]
			n++
		}
	}
	slices.Sort(pool[:n]) // canonical order: the real hidden order must not show through
	engine.Shuffle(&c.rng, pool[:n])
	n = 0
	for p := 0; p < int(c.n); p++ {
		if p == player {
			continue
		}
		for i := 0; i < int(c.handN[p]); i++ {
			c.hand[p][i] = pool[n]
			n++
		}
	}
	c.setDeck(pool[n : n+int(c.deckN)])
	return &c
}
