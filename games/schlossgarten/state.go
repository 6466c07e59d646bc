package schlossgarten

import (
	"github.com/jardin-games/jardin/engine"
)

const maxCards = 32 // cards in the game at most (the spec has 32)

// Phases of a turn (SG-T1).
const (
	phPlay     = iota // step 2: play one of the two cards
	phMove            // step 3: up to five steps, or stop
	phRelocate        // SG-T10: put the struck subject on one of its owner's elements
	phWork            // step 5: excavate, build, or done
	phOver
)

var phaseNames = [...]string{"play", "move", "relocate", "work", "over"}

// state is one position. It holds only fixed-size arrays, so a plain copy
// is a deep clone.
type state struct {
	n     int8
	color [maxP]int8 // colour index per seat
	first int8

	// Board state is kept in bitmasks (reflect.DeepEqual and copies stay cheap).
	tileLo, tileHi uint64 // tile points per square, two bit planes (1–3; known under pits too)
	pit            uint64 // squares whose tile is turned face down
	elem           [maxP][nElems]uint64
	pawnSq         [maxP][nPawns]int8

	collected  [maxP]int16   // points of collected tiles
	collectedN [maxP][4]int8 // collected tiles by value 1..3
	score      [maxP]int16   // SG-E1: collected + element squares

	deck    [maxCards / 8]uint64 // card numbers packed one per byte; card deckN-1 is the top card
	deckN   int8
	discard uint64 // the discard pile, as a set of card numbers
	hand    [maxP][2]int8
	handN   [maxP]int8
	played  int8 // card played this turn, or -1

	toMove int8
	phase  int8
	steps  int8
	struck int8  // pawn id waiting for relocation, or -1
	cand   uint8 // SG-T14: bit w set when a placement with worker set w stands (w: 1 gardener, 2 architect)
	dug    bool
	turn   int16 // turns played in all (SG-E4)
	winner int8  // seat that reached 21, or -1

	rng engine.RNG
}

func (s *state) Game() engine.Game { return Game }
func (s *state) NumPlayers() int   { return int(s.n) }
func (s *state) Over() bool        { return s.phase == phOver }
func (s *state) ToMove() int {
	if s.phase == phOver {
		return -1
	}
	return int(s.toMove)
}

func (s *state) Clone() engine.State { c := *s; return &c }

// draw takes the top card into p's hand, reshuffling the discard pile into
// a new deck first when the deck is empty (SG-T2). It returns the card
// drawn, or -1 when there was none to draw.
func (s *state) draw(p int) int8 {
	if s.deckN == 0 {
		var d [maxCards]int8
		n := 0
		for m := s.discard; m != 0; m &= m - 1 {
			d[n] = int8(lowSq(m))
			n++
		}
		s.discard = 0
		engine.Shuffle(&s.rng, d[:n])
		s.setDeck(d[:n])
	}
	if s.deckN == 0 {
		return -1
	}
	s.deckN--
	c := s.deckAt(int(s.deckN))
	s.deck[s.deckN/8] &^= 0xff << (8 * uint(s.deckN%8))
	s.hand[p][s.handN[p]] = c
	s.handN[p]++
	return c
}

func (s *state) startTurn(log *engine.Log) {
	p := int(s.toMove)
	reshuffle := s.deckN == 0
	c := s.draw(p) // SG-T2
	if log.On() {
		if reshuffle {
			log.Say(-1, "reshuffle")
		}
		if c >= 0 {
			// The draw happens inside the previous seat's move. Everyone
			// learns that p took a card (a public reveal naming none); only
			// p learns which, by a private reveal: a plain private event
			// would differ between the worlds p cannot tell apart before
			// the draw, which only a reveal may.
			log.Reveal(p, "draw")
			log.RevealTo(p, "draw.card", engine.Comp(cards[c].id))
		}
	}
	s.phase = phPlay
	s.steps = 0
	s.struck = -1
	s.cand = 0
	s.dug = false
	s.played = -1
	s.winner = -1
}

func (s *state) endTurn(log *engine.Log) {
	if s.played >= 0 { // SG-T19
		s.discard |= bit(int(s.played))
		s.played = -1
	}
	s.turn++
	s.cand = 0
	s.dug = false
	s.steps = 0
	if s.turn >= turnCap { // SG-E4
		s.phase = phOver
		if log.On() {
			log.Say(-1, "cap", engine.Num(turnCap))
		}
		return
	}
	s.toMove = int8((int(s.toMove) + 1) % int(s.n))
	s.startTurn(log)
}

// ---- packed fields ----

func (s *state) tileAt(sq int) int8 {
	return int8((s.tileLo>>uint(sq))&1 | ((s.tileHi>>uint(sq))&1)<<1)
}

func (s *state) setTile(sq int, v int8) {
	s.tileLo = s.tileLo&^bit(sq) | uint64(v&1)<<uint(sq)
	s.tileHi = s.tileHi&^bit(sq) | uint64(v>>1&1)<<uint(sq)
}

func (s *state) deckAt(i int) int8 { return int8(s.deck[i/8] >> (8 * uint(i%8))) }

// setDeck replaces the deck by d (d[len(d)-1] on top).
func (s *state) setDeck(d []int8) {
	s.deck = [maxCards / 8]uint64{}
	for i, c := range d {
		s.deck[i/8] |= uint64(uint8(c)) << (8 * uint(i%8))
	}
	s.deckN = int8(len(d))
}

// deckCards unpacks the deck into buf.
func (s *state) deckCards(buf *[maxCards]int8) []int8 {
	for i := 0; i < int(s.deckN); i++ {
		buf[i] = s.deckAt(i)
	}
	return buf[:s.deckN]
}

// pawnOn returns owner*nPawns+kind of the pawn on sq, or -1. A struck
// subject waiting for relocation stands nowhere.
func (s *state) pawnOn(sq int) int8 {
	for p := 0; p < int(s.n); p++ {
		for k := 0; k < nPawns; k++ {
			if int(s.pawnSq[p][k]) == sq && int(s.struck) != p*nPawns+k {
				return int8(p*nPawns + k)
			}
		}
	}
	return -1
}

// elemOn returns owner*nElems+element of the element covering sq, or -1.
func (s *state) elemOn(sq int) int8 {
	b := bit(sq)
	for p := 0; p < int(s.n); p++ {
		for e := 0; e < nElems; e++ {
			if s.elem[p][e]&b != 0 {
				return int8(p*nElems + e)
			}
		}
	}
	return -1
}

// ---- masks ----

func (s *state) ownElems(p int) uint64 {
	e := &s.elem[p]
	return e[0] | e[1] | e[2] | e[3] | e[4] | e[5]
}

func (s *state) allElems() uint64 {
	var m uint64
	for p := 0; p < int(s.n); p++ {
		m |= s.ownElems(p)
	}
	return m
}

func (s *state) pawnMask() uint64 {
	var m uint64
	for p := 0; p < int(s.n); p++ {
		for k := 0; k < nPawns; k++ {
			m |= bit(int(s.pawnSq[p][k]))
		}
	}
	return m
}

func (s *state) subjectMask() uint64 {
	var m uint64
	for p := 0; p < int(s.n); p++ {
		m |= bit(int(s.pawnSq[p][gardener])) | bit(int(s.pawnSq[p][architect]))
	}
	return m
}

// strikable reports whether q's subjects can be struck: q has an element
// with a free square (SG-T10).
func (s *state) strikable(q int, pawns uint64) bool {
	return s.ownElems(q)&^pawns != 0
}

// dests returns the squares pawn k of player p can reach with one step or
// one jump (SG-T5 … SG-T12).
func (s *state) dests(p, k int) uint64 {
	from := int(s.pawnSq[p][k])
	pawns := s.pawnMask()
	own := s.ownElems(p)
	all := s.allElems()
	free := boardMask &^ pawns
	landscape := boardMask &^ s.pit &^ all
	open := (landscape | own) & free
	for q := 0; q < int(s.n); q++ {
		if q != p && s.strikable(q, pawns) {
			for _, j := range [2]int{gardener, architect} {
				sq := bit(int(s.pawnSq[q][j]))
				if sq&landscape != 0 {
					open |= sq
				}
			}
		}
	}
	subj := s.subjectMask() &^ bit(from)
	crossable := landscape | own
	origins := bit(from)
	var inside uint64
	if own&origins != 0 { // SG-T6
		for e := 0; e < nElems; e++ {
			if s.elem[p][e]&origins != 0 {
				inside = s.elem[p][e]
			}
		}
		origins = inside
	}
	d := inside
	for o := origins; o != 0; o &= o - 1 {
		sq := lowSq(o)
		d |= adj8[sq]
		for dir := 0; dir < 8; dir++ { // SG-T9
			m := jumpOver[sq][dir]
			if m >= 0 && subj&crossable&bit(int(m)) != 0 {
				d |= bit(int(jumpLand[sq][dir]))
			}
		}
	}
	// SG-T6: an own element counts as one square. Reaching any square of it
	// enters it, and the pawn is put on any of its free squares, even when
	// the square reached holds another own pawn (ruling 5b in
	// docs/schlossgarten.md, issue 13): only own pawns ever stand on own
	// elements, and the element, not the square, is what is entered.
	if reach := d & own; reach != 0 {
		for e := 0; e < nElems; e++ {
			if s.elem[p][e]&reach != 0 {
				d |= s.elem[p][e]
			}
		}
	}
	d &= open
	return d &^ bit(from)
}

// figure computes the worker sets of the placements of the played card's
// figure that stand (SG-T13, SG-T14): bit w set for worker set w.
func (s *state) figure(p int, card int) uint8 {
	c := &cards[card]
	kx, ky := sqXY(int(s.pawnSq[p][king]))
	var cand uint8
	for r := 0; r < 4; r++ {
		gx, gy := kx+c.rg[r][0], ky+c.rg[r][1]
		ax, ay := kx+c.ra[r][0], ky+c.ra[r][1]
		if !onBoard(gx, gy) || !onBoard(ax, ay) {
			continue
		}
		pg, pa := s.pawnOn(sqOf(gx, gy)), s.pawnOn(sqOf(ax, ay))
		if pg < 0 || pa < 0 || int(pg)%nPawns != gardener || int(pa)%nPawns != architect {
			continue
		}
		w := 0
		if int(pg)/nPawns == p {
			w |= 1
		}
		if int(pa)/nPawns == p {
			w |= 2
		}
		cand |= 1 << w
	}
	return cand
}

// canWork reports whether subject kind k (gardener or architect) is a
// worker of some still possible placement.
func (s *state) canWork(k int) bool {
	w := workerBit(k)
	for set := 1; set < 4; set++ {
		if set&w != 0 && s.cand&(1<<set) != 0 {
			return true
		}
	}
	return false
}

func workerBit(k int) int {
	if k == gardener {
		return 1
	}
	return 2
}

// restrict keeps only the placements in which subject k works.
func (s *state) restrict(k int) {
	w := workerBit(k)
	var c uint8
	for set := 1; set < 4; set++ {
		if set&w != 0 {
			c |= s.cand & (1 << set)
		}
	}
	s.cand = c
}

// digTargets: landscape tiles 8-adjacent to worker k with no pawn (SG-T15).
func (s *state) digTargets(p, k int) uint64 {
	return adj8[s.pawnSq[p][k]] &^ s.pit &^ s.allElems() &^ s.pawnMask()
}

// buildCheck returns "" if element e of p may be built on mask, or the
// rule and the message id of the refusal (an SG-T17 item). It assumes mask
// is a placement of e's shape.
func (s *state) buildCheck(p, e int, mask uint64, pawns uint64) (string, string) {
	if mask&pawns != 0 {
		return "SG-T17", "error.build.pawn"
	}
	if mask&s.pit == 0 {
		return "SG-T17", "error.build.pit"
	}
	size := elems[e].size
	rest := mask &^ s.pit
	for q := 0; q < int(s.n) && rest != 0; q++ {
		for f := 0; f < nElems; f++ {
			em := s.elem[q][f]
			if em&rest == 0 {
				continue
			}
			if elems[f].size >= size {
				return "SG-T17", "error.build.bigger"
			}
			if em&^mask != 0 {
				return "SG-T17", "error.build.partial"
			}
			rest &^= em
		}
	}
	if rest != 0 {
		return "SG-T17", "error.build.ground"
	}
	if mask&adj8[s.pawnSq[p][elems[e].builder]] == 0 {
		return "SG-T17", "error.build.adjacent"
	}
	return "", ""
}

// builds calls yield with each legal build of p now (element e on the
// squares of mask m), in the order LegalMoves lists them, until yield
// returns false: LegalMoves lists them and anyBuild looks for one by the
// same checks, so that the two cannot disagree.
func (s *state) builds(p int, yield func(e int, m uint64) bool) {
	pawns := s.pawnMask()
	for e := 0; e < nElems; e++ {
		if s.elem[p][e] != 0 || !s.canWork(elems[e].builder) {
			continue
		}
		adj := adj8[s.pawnSq[p][elems[e].builder]]
		for _, m := range elems[e].places {
			if m&adj == 0 || m&s.pit == 0 {
				continue
			}
			if r, _ := s.buildCheck(p, e, m, pawns); r == "" && !yield(e, m) {
				return
			}
		}
	}
}

// anyBuild reports whether p has a legal build now.
func (s *state) anyBuild(p int) bool {
	found := false
	s.builds(p, func(int, uint64) bool { found = true; return false })
	return found
}
