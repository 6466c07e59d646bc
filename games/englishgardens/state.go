package englishgardens

import (
	"github.com/jardin-games/jardin/engine"
)

// Decision phases: each is one small decision of the player to move.
const (
	phStart        uint8 = iota // turn start: action A or B, or the village card
	phAfterRefresh              // special 1 done: action A or B
	phPlace                     // action A: place a card from hand, or discard
	phS2Take                    // special 2: take a landscape card
	phCover                     // special 2: play a card on top of a visible card
	phStructTake                // a structure was placed: take a trophy (EG-T7)
	phTrophyPlace               // a trophy was taken: put it in a slot (EG-T8)
	phOver
)

var phaseNames = [...]string{"start", "after-refresh", "place", "special2-take", "special2-cover",
	"structure-trophy", "trophy-place", "over"}

// deck is a face-down pile; index 0 is the bottom, n-1 the top.
type deck struct {
	cards [numLand]int8
	// seg marks cards a player put under the deck with special 1: seat+1 of
	// that player, who alone knows their order; 0 for the shuffled part.
	seg [numLand]int8
	n   int8
}

func (d *deck) draw() int8 {
	d.n--
	c := d.cards[d.n]
	d.cards[d.n], d.seg[d.n] = 0, 0
	return c
}

// putUnder slides cards under the deck; cards[0] ends up highest of them,
// the last one at the very bottom.
func (d *deck) putUnder(cards []int8, seat int8) {
	k := int8(len(cards))
	copy(d.cards[k:d.n+k], d.cards[:d.n])
	copy(d.seg[k:d.n+k], d.seg[:d.n])
	for i, c := range cards {
		d.cards[k-1-int8(i)] = c
		d.seg[k-1-int8(i)] = seat + 1
	}
	d.n += k
}

// cell is one landscape cell of a village: a stack of cards, bottom first.
type cell struct {
	stack [8]int8
	h     int8
}

func (c *cell) top() int8 {
	if c.h == 0 {
		return -1
	}
	return c.stack[c.h-1]
}

// player is one seat's village, hand and village card.
type player struct {
	village   int8
	villageUp bool
	land      [9]cell // rows 1–3 × cols 1–3, index (r-1)*3 + (c-1)
	visible   int8    // landscape cells showing a card
	trophy    [6]int8 // top trophy per slot c1 c2 c3 r1 r2 r3, -1 if empty
	tHist     [numTrophy][2]int8
	tN        int8
	hand      [4]int8
	handKnown [4]bool // taken face up from the display, so public (ruling E5)
	handN     int8
	discards  int8
	// semi holds the cards (bit per card) this player took face up and then
	// hid by a face-down discard: the others know each is still in the hand
	// or among this player's discards, not where (ruling E5).
	semi uint64
	// pts is the village's score without its village card (ponds and
	// trophy lines), line each trophy slot's points and ponds the visible
	// ponds, kept up to date by putLand and putTrophy. Search bots ask for
	// a score after nearly every move they try, and recounting every
	// trophy line each time was half of a search's time; a card placed
	// changes two lines, a trophy one.
	pts   int16
	line  [6]int16
	ponds int8
	// tops is, per trophy line, the packed counters of its visible cards
	// and filled how many of its cells show one, kept by putLand: a
	// line's counters are then tops plus its empty cells, not three cells
	// read (a search values two lines after every placement it tries).
	// The zero value is an empty village.
	tops   [6]packedVec
	filled [6]int8
}

func (p *player) addHand(c int8, known bool) {
	p.hand[p.handN] = c
	p.handKnown[p.handN] = known
	p.handN++
}

func (p *player) removeHand(i int) int8 {
	c := p.hand[i]
	copy(p.hand[i:], p.hand[i+1:p.handN])
	copy(p.handKnown[i:], p.handKnown[i+1:p.handN])
	p.handN--
	p.hand[p.handN], p.handKnown[p.handN] = 0, false
	return c
}

func (p *player) putTrophy(cs *components, slot int, t int8) {
	p.trophy[slot] = t
	p.tHist[p.tN] = [2]int8{int8(slot), t}
	p.tN++
	cs.rescore(p, slot)
}

func (p *player) putLand(cs *components, i int, c int8) {
	cl := &p.land[i]
	if t := cl.top(); t < 0 {
		p.visible++
	} else if cs.land[t].Feature == featPond {
		p.ponds--
	}
	for _, sl := range [2]int{i % 3, 3 + i/3} {
		if t := cl.top(); t >= 0 {
			p.tops[sl].sub(&cs.packed[t])
		} else {
			p.filled[sl]++
		}
		p.tops[sl].add(&cs.packed[c])
	}
	cl.stack[cl.h] = c
	cl.h++
	if cs.land[c].Feature == featPond {
		p.ponds++
	}
	cs.rescore(p, i%3)   // the cell's column, slots c1–c3
	cs.rescore(p, 3+i/3) // its row, slots r1–r3
}

// state is one position. It holds no slices or maps, so a copy is a deep
// clone.
type state struct {
	g            *game
	n            int8
	first, cur   int8
	phase        uint8
	rng          engine.RNG
	land, tro    deck
	landDisp     [3]int8 // -1: empty slot (EG-T10)
	troDisp      [3]int8
	removedLand  [15]int8
	nRemovedLand int8
	removedTro   [10]int8
	nRemovedTro  int8
	disc         [numLand]int8 // discarded landscape cards, face down
	discOwner    [numLand]int8
	nDisc        int8
	pl           [maxPlayers]player
	// recycled holds, per seat, the landscape and trophy cards (bit per
	// card) that seat put under the decks with special 1 and that have not
	// been seen face up since. A blind landscape draw does not shrink it:
	// it must not tell the others which of them was drawn.
	recycled [maxPlayers][2]uint64
	// segDrawn holds, per recycling seat, the landscape cards drawn blind
	// from under the deck that are still hidden: the recycler knows where
	// each went, the others only that it is one of the recycled cards.
	segDrawn     [maxPlayers]uint64
	held         int8 // trophy taken and not yet placed
	heldStruct   bool // the held trophy comes from a structure (EG-SO4)
	endTriggered bool
	turns        int16
}

func (s *state) Game() engine.Game { return s.g }
func (s *state) NumPlayers() int   { return int(s.n) }
func (s *state) Over() bool        { return s.phase == phOver }
func (s *state) solo() bool        { return s.n == 1 }

func (s *state) ToMove() int {
	if s.phase == phOver {
		return -1
	}
	return int(s.cur)
}

func (s *state) Clone() engine.State {
	c := *s
	return &c
}

func (s *state) card(c int8) *landCard { return &s.g.c.land[c] }

func (s *state) landAvailable() bool {
	return s.land.n > 0 || s.landDisp != [3]int8{-1, -1, -1}
}

func (s *state) trophyAvailable() bool {
	return s.tro.n > 0 || s.troDisp != [3]int8{-1, -1, -1}
}

// faceUp records that card c (kind 0 landscape, 1 trophy) is face up again
// (in a display, a village or a trophy slot): everyone now knows where it
// is, so it leaves the cards known only to lie somewhere under a deck.
func (s *state) faceUp(kind int, c int8) {
	for q := range s.recycled {
		s.recycled[q][kind] &^= 1 << uint(c)
	}
}
