package hanginggardens

import (
	"slices"

	"github.com/jardin-games/jardin/engine"
)

const (
	maxDeck   = 96
	maxPile   = 16
	maxAutoma = 24
	// automaSeat marks the automa's gardeners, markers and the first-player
	// tile when the automa holds it.
	automaSeat = maxPlayers
)

// Decisions of a turn (HG-T3).
const (
	phaseTake      = iota // 1a: choose a column and a card
	phasePlace            // 1b: place it (1c resolve and 2 reveal follow at once)
	phaseBuy              // 3: buy an enhancement or pass
	phasePut              // 3: put the bought enhancement on an empty card
	phaseObjective        // 4: complete a royal objective or pass
	phaseOver
)

var phaseNames = [...]string{"take", "place", "buy", "put", "objective", "over"}

type player struct {
	Cards      [nPos]uint8 // card index + 1; 0 = no card
	Enh        [nPos]uint8 // enhancement index + 1; 0 = none
	N1         uint8       // cards on floor 1, always in slots a1..aN1
	NCards     uint8
	Gold       uint8
	Tools      uint8
	Irrigation uint8
	Done       uint8 // bit k: completed the objective in position k+1
	Gardeners  uint8 // gardeners left this round
	Cnt        [3][nItems]uint8
}

// state is one position. It holds only fixed-size arrays, so a copy of the
// value is a deep clone.
type state struct {
	n                     uint8
	solo                  bool
	diff                  uint8
	deck                  [maxDeck]uint8 // card indices; the top is deck[deckLen-1]
	deckLen               uint8
	market                [3][4]uint8 // [column][row], card index + 1, row 0 at the bottom
	cols                  [3][maxPlayers]int8
	colN                  [3]uint8
	piles                 [3][maxPile]uint8 // enhancement indices; the top is the last
	pileLen               [3]uint8
	obj                   [4]uint8
	marks                 [4][4]int8
	markN                 [4]uint8
	pl                    [maxPlayers]player
	stockGold, stockTools uint8
	first                 int8 // holder of the first-player tile (automaSeat for the automa)
	roundFirst            int8
	round                 uint8
	turn                  uint8 // turns taken this round
	phase                 uint8
	cur                   int8
	pendCard              uint8 // card taken, index + 1
	pendCol               int8
	pendRow               int8
	pendPile              int8 // enhancement bought, index; -1 none
	automaFirst           bool
	automa                [maxAutoma]uint8
	automaLen             uint8
	automaGard            uint8
	automaMarks           uint8
	automaLast            int8
	discard               [maxDeck]uint8
	discardN              uint8
	enhDiscard            [3 * maxPile]uint8
	enhDiscardN           uint8
}

func (s *state) Game() engine.Game { return Game }
func (s *state) NumPlayers() int   { return int(s.n) }
func (s *state) Over() bool        { return s.phase == phaseOver }

func (s *state) ToMove() int {
	if s.phase == phaseOver {
		return -1
	}
	return int(s.cur)
}

func (s *state) Clone() engine.State {
	c := *s
	return &c
}

// Determinize re-samples what nobody sees: the garden deck's order, the
// tiles under each pile's top tile and the automa deck's order. Each hidden
// part is sorted before it is shuffled with a generator seeded by seed alone,
// so the copy is a function of the table and of seed: nothing of the real
// order shows through. Every seat sees the same table (H9), so player plays
// no part; the state holds no generator (nothing is random after setup).
func (s *state) Determinize(player int, seed uint64) engine.State {
	c := *s
	rng := engine.NewRNG(seed)
	resample := func(b []uint8) {
		slices.Sort(b)
		engine.Shuffle(&rng, b)
	}
	resample(c.deck[:c.deckLen])
	for k := 0; k < 3; k++ {
		if c.pileLen[k] > 1 {
			resample(c.piles[k][:c.pileLen[k]-1]) // the top tile is public
		}
	}
	resample(c.automa[:c.automaLen])
	return &c
}

func floorOf(slot int) int {
	switch {
	case slot < 5:
		return 0
	case slot < 9:
		return 1
	}
	return 2
}

// slotOf maps floor (0..2) and 1-based index to a slot.
func slotOf(floor, idx int) int { return [3]int{0, 5, 9}[floor] + idx - 1 }

func (s *state) spaces() uint8 { return uint8(comp.Spaces[s.n]) }

// --- turn sequencing (HG-T1, HG-T2, HG-T10, HG-SO2, HG-SO4) ---

// startRound reopens the columns and, in solo, plays the automa's opening
// turns when it holds the tile (HG-SO4); log receives those turns' events.
func (s *state) startRound(log *engine.Log) {
	for c := range s.cols {
		for i := range s.cols[c] {
			s.cols[c][i] = -1
		}
		s.colN[c] = 0
	}
	for p := 0; p < int(s.n); p++ {
		s.pl[p].Gardeners = 3
	}
	s.roundFirst = s.first
	s.turn = 0
	if s.solo {
		s.automaGard = 3
		s.automaFirst = s.first == automaSeat
		s.cur = 0
		s.nextSolo(log)
		return
	}
	s.cur = s.first
	s.phase = phaseTake
}

// nextSolo runs automa turns until the player is to move or the round ends.
func (s *state) nextSolo(log *engine.Log) {
	for {
		if s.turn >= 6 {
			s.endRound(log)
			return
		}
		if (s.turn%2 == 0) == s.automaFirst {
			s.automaTurn(log)
			s.turn++
			continue
		}
		s.phase = phaseTake
		return
	}
}

func (s *state) endTurn(log *engine.Log) {
	s.turn++
	if s.solo {
		s.nextSolo(log)
		return
	}
	if int(s.turn) >= 3*int(s.n) {
		s.endRound(log)
		return
	}
	s.cur = int8((int(s.roundFirst) + int(s.turn)) % int(s.n))
	s.phase = phaseTake
}

func (s *state) endRound(log *engine.Log) {
	s.round++
	if s.round >= 4 {
		s.phase = phaseOver
		s.cur = -1
		if log.On() {
			log.Say(-1, "game_over")
		}
		return
	}
	if log.On() {
		log.Say(-1, "round_begins", engine.Num(int(s.round)+1))
	}
	s.startRound(log)
}

// --- market (HG-T4, HG-T7) ---

// refill slides the column's cards down and fills the top rows from the deck.
// The new cards are face up: the log reveals them, for every reader.
func (s *state) refill(col int, log *engine.Log) {
	k := 0
	for r := 0; r < 4; r++ {
		if s.market[col][r] != 0 {
			s.market[col][k] = s.market[col][r]
			k++
		}
	}
	for ; k < 4; k++ {
		s.market[col][k] = s.draw()
		if log.On() && s.market[col][k] != 0 {
			log.Reveal(-1, "card_revealed", engine.Comp(comp.Cards[s.market[col][k]-1].ID), engine.Cell(marketCell(col, k)))
		}
	}
}

// --- garden helpers (HG-T5, HG-T8, H6) ---

func (p *player) addCounts(slot int, c *content, alreadyIrrigated bool) {
	f := floorOf(slot)
	cnt := &p.Cnt[f]
	switch c.Sight {
	case sightAnimal:
		cnt[itemAnimal]++
	case sightTree:
		cnt[itemTree]++
	case sightVisitor:
		cnt[itemVisitor]++
	}
	if c.Irrig && !alreadyIrrigated {
		cnt[itemIrrigated]++
	}
	cnt[itemGold] += c.Gold
	cnt[itemTools] += c.Tools
	cnt[itemCrown] += c.Crown
	cnt[itemBlue] += c.Flowers[blue]
	cnt[itemRed] += c.Flowers[red]
	cnt[itemYellow] += c.Flowers[yellow]
}

// hasEmptyCard reports whether p has a card that can take an enhancement.
func (p *player) hasEmptyCard() bool {
	for i := 0; i < nPos; i++ {
		if p.Cards[i] != 0 && p.Enh[i] == 0 && comp.Cards[p.Cards[i]-1].empty() {
			return true
		}
	}
	return false
}

func (p *player) canEnhance(slot int) bool {
	return p.Cards[slot] != 0 && p.Enh[slot] == 0 && comp.Cards[p.Cards[slot]-1].empty()
}

// shiftRight renumbers the garden when floor 1 grows at its left end (HG-T5g).
func (p *player) shiftRight() {
	for _, r := range [3][2]int{{0, 5}, {5, 4}, {9, 3}} {
		base, n := r[0], r[1]
		for i := n - 1; i > 0; i-- {
			p.Cards[base+i] = p.Cards[base+i-1]
			p.Enh[base+i] = p.Enh[base+i-1]
		}
		p.Cards[base], p.Enh[base] = 0, 0
	}
}

// resolveIcons gives the crown, gold and tools of c placed on floor (HG-T6, H5).
func (s *state) resolveIcons(p int, c *content, floor int, log *engine.Log) {
	if c.Crown > 0 && int(s.first) != p {
		s.first = int8(p)
		if log.On() {
			log.Say(p, "take_first")
		}
	}
	if c.Gold > 0 {
		g := s.gain(&s.stockGold, &s.pl[p].Gold, uint8(floor+1)*c.Gold)
		logGain(log, p, resGold, g, uint8(floor+1)*c.Gold)
	}
	if c.Tools > 0 {
		t := s.gain(&s.stockTools, &s.pl[p].Tools, uint8(floor+1)*c.Tools)
		logGain(log, p, resTools, t, uint8(floor+1)*c.Tools)
	}
}

// gain moves up to want from the stock to the player: the stock is finite
// (H5), so a short stock gives what it has.
func (s *state) gain(stock, purse *uint8, want uint8) uint8 {
	g := min(want, *stock)
	*stock -= g
	*purse += g
	return g
}

// Resources a gain event names.
const (
	resGold = iota
	resTools
)

var gainKeys = [2][3]string{
	resGold:  {"gain_gold", "gain_gold_short", "gain_gold_none"},
	resTools: {"gain_tools", "gain_tools_short", "gain_tools_none"},
}

// logGain tells a gain as it is: in full, short of a low stock, or nothing
// from an empty one (H5).
func logGain(log *engine.Log, p, res int, got, want uint8) {
	switch {
	case !log.On():
	case got == 0:
		log.Say(p, gainKeys[res][2])
	case got < want:
		log.Say(p, gainKeys[res][1], engine.Num(int(got)), engine.Num(int(want)))
	default:
		log.Say(p, gainKeys[res][0], engine.Num(int(got)))
	}
}

// need is the count p must reach on one floor for objective position k (HG-T9c).
func (s *state) need(p, k int) int {
	r := int(comp.Objectives[s.obj[k]].Required)
	if int(s.first) == p {
		r--
	}
	return r
}

func (s *state) bestFloor(p int, item uint8) int {
	c := &s.pl[p].Cnt
	return int(max(c[0][item], c[1][item], c[2][item]))
}

func (s *state) canComplete(p, k int) bool {
	return s.pl[p].Done&(1<<k) == 0 && int(s.markN[k]) < comp.Places[s.n] &&
		s.bestFloor(p, comp.Objectives[s.obj[k]].Item) >= s.need(p, k)
}

func (s *state) canBuy(p, k int) bool {
	return s.pileLen[k] > 0 && int(s.pl[p].Gold) >= comp.Enh[s.piles[k][s.pileLen[k]-1]].Cost
}

func (s *state) afterBuild(log *engine.Log) {
	p := int(s.cur)
	if s.pl[p].hasEmptyCard() {
		for k := 0; k < 3; k++ {
			if s.canBuy(p, k) {
				s.phase = phaseBuy
				return
			}
		}
	}
	s.afterBuy(log)
}

func (s *state) afterBuy(log *engine.Log) {
	p := int(s.cur)
	for k := 0; k < 4; k++ {
		if s.canComplete(p, k) {
			s.phase = phaseObjective
			return
		}
	}
	s.endTurn(log)
}
