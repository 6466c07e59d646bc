package hanginggardens

// AutomaSeat is the seat number views use for the automa (solo).
const AutomaSeat = -2

// View is what a player sees. Everything on the table is public (H9); the
// garden deck order, the enhancement tiles under each top tile, the automa
// deck order and the components returned to the box are never shown.
type View struct {
	Round       int          `json:"round"` // 1..4
	Phase       string       `json:"phase"`
	ToMove      int          `json:"toMove"`
	FirstPlayer int          `json:"firstPlayer"` // holder of the first-player tile (-2: automa)
	RoundFirst  int          `json:"roundFirst"`
	Market      [3][4]string `json:"market"` // [column][row], row 1 at the bottom; "" = empty
	RowCosts    [4]int       `json:"rowCosts"`
	Spaces      int          `json:"gardenerSpaces"`
	Gardeners   [3][]int     `json:"gardeners"` // owners per column
	DeckSize    int          `json:"deckSize"`
	Taken       string       `json:"taken,omitempty"`     // card taken and not yet placed
	TakenFrom   *[2]int      `json:"takenFrom,omitempty"` // column, row (1-based) of the taken card
	Bought      string       `json:"bought,omitempty"`    // enhancement bought and not yet put
	Piles       [3]PileView  `json:"piles"`
	Objectives  [4]ObjView   `json:"objectives"`
	Players     []PlayerView `json:"players"`
	StockGold   int          `json:"stockGold"`
	StockTools  int          `json:"stockTools"`
	Discarded   []string     `json:"discarded"`
	EnhDiscard  []string     `json:"enhancementsDiscarded"`
	Solo        *SoloView    `json:"solo,omitempty"`
}

// PileView is one enhancement pile: only its top tile shows.
type PileView struct {
	Cell string `json:"cell"` // "pile:COST", as events and move descriptions name it
	Cost int    `json:"cost"`
	Top  string `json:"top"`
	Size int    `json:"size"`
}

// ObjView is one royal objective position.
type ObjView struct {
	Cell     string `json:"cell"` // "objective:K", the position K (1-4)
	ID       string `json:"id"`   // the objective tile, OB01..OB10
	Item     string `json:"item"`
	Required int    `json:"required"`
	High     int    `json:"high"`
	Low      int    `json:"low"`
	Reward   string `json:"reward,omitempty"`
	Places   int    `json:"places"`
	Markers  []int  `json:"markers"`
}

// PlayerView is one player's garden and purse.
type PlayerView struct {
	Garden     [nPos]string `json:"garden"`       // card id per position a1..c3
	Enh        [nPos]string `json:"enhancements"` // enhancement id per position
	Gold       int          `json:"gold"`
	Tools      int          `json:"tools"`
	Irrigation string       `json:"irrigation"`
	Gardeners  int          `json:"gardeners"`
	Score      int          `json:"score"`
}

// SoloView is the automa's public side.
type SoloView struct {
	Difficulty string `json:"difficulty"`
	Gardeners  int    `json:"automaGardeners"`
	Markers    int    `json:"automaMarkersUsed"`
	DeckSize   int    `json:"automaDeckSize"`
	LastCard   int    `json:"automaLastCard,omitempty"` // number 1..18
	// What the last card says, so that the page draws it rather than its
	// number: the columns in priority order (1-based), what it discards
	// (discardNames), the row discarded when the column holds none (1-based,
	// 0: none) and its bonus (bonusNames).
	LastColumns  []int  `json:"automaLastColumns,omitempty"`
	LastDiscard  string `json:"automaLastDiscard,omitempty"`
	LastFallback int    `json:"automaLastFallback,omitempty"`
	LastBonus    string `json:"automaLastBonus,omitempty"`
}

func seatOut(x int8) int {
	if x == automaSeat {
		return AutomaSeat
	}
	return int(x)
}

func (s *state) View(player int) any { return s.view() }

func (s *state) view() *View {
	v := &View{
		Round: int(s.round) + 1, Phase: phaseNames[s.phase], ToMove: s.ToMove(),
		FirstPlayer: seatOut(s.first), RoundFirst: seatOut(s.roundFirst),
		Spaces: int(s.spaces()), DeckSize: int(s.deckLen),
		StockGold: int(s.stockGold), StockTools: int(s.stockTools),
		Discarded: []string{}, EnhDiscard: []string{},
	}
	if s.round >= 4 {
		v.Round = 4
	}
	copy(v.RowCosts[:], comp.RowCosts[:])
	for c := 0; c < 3; c++ {
		for r := 0; r < 4; r++ {
			if k := s.market[c][r]; k != 0 {
				v.Market[c][r] = comp.Cards[k-1].ID
			}
		}
		v.Gardeners[c] = []int{}
		for i := 0; i < int(s.colN[c]); i++ {
			v.Gardeners[c] = append(v.Gardeners[c], seatOut(s.cols[c][i]))
		}
	}
	if s.pendCard != 0 {
		v.Taken = comp.Cards[s.pendCard-1].ID
		v.TakenFrom = &[2]int{int(s.pendCol) + 1, int(s.pendRow) + 1}
	}
	if s.pendPile >= 0 {
		v.Bought = comp.Enh[s.pendPile].ID
	}
	for k := 0; k < 3; k++ {
		v.Piles[k] = PileView{Cell: pileCell(k), Cost: k + 2, Size: int(s.pileLen[k])}
		if s.pileLen[k] > 0 {
			v.Piles[k].Top = comp.Enh[s.piles[k][s.pileLen[k]-1]].ID
		}
	}
	for k := 0; k < 4; k++ {
		o := &comp.Objectives[s.obj[k]]
		ov := ObjView{Cell: objectiveCell(k), ID: o.ID, Item: itemNames[o.Item], Required: int(o.Required),
			High: comp.ObjPos[k].High, Low: comp.ObjPos[k].Low, Reward: comp.ObjPos[k].Reward,
			Places: comp.Places[s.n], Markers: []int{}}
		for i := 0; i < int(s.markN[k]); i++ {
			ov.Markers = append(ov.Markers, seatOut(s.marks[k][i]))
		}
		v.Objectives[k] = ov
	}
	for p := 0; p < int(s.n); p++ {
		pl := &s.pl[p]
		pv := PlayerView{Gold: int(pl.Gold), Tools: int(pl.Tools),
			Irrigation: comp.Irrigation[pl.Irrigation].Name, Gardeners: int(pl.Gardeners), Score: s.Score(p)}
		for i := 0; i < nPos; i++ {
			if pl.Cards[i] != 0 {
				pv.Garden[i] = comp.Cards[pl.Cards[i]-1].ID
			}
			if pl.Enh[i] != 0 {
				pv.Enh[i] = comp.Enh[pl.Enh[i]-1].ID
			}
		}
		v.Players = append(v.Players, pv)
	}
	for i := 0; i < int(s.discardN); i++ {
		v.Discarded = append(v.Discarded, comp.Cards[s.discard[i]].ID)
	}
	for i := 0; i < int(s.enhDiscardN); i++ {
		v.EnhDiscard = append(v.EnhDiscard, comp.Enh[s.enhDiscard[i]].ID)
	}
	if s.solo {
		sv := &SoloView{Difficulty: comp.Difficulties[s.diff].Name, Gardeners: int(s.automaGard),
			Markers: int(s.automaMarks), DeckSize: int(s.automaLen)}
		if s.automaLast >= 0 {
			a := &comp.Automa[s.automaLast]
			sv.LastCard = a.Num
			for _, c := range a.Columns {
				sv.LastColumns = append(sv.LastColumns, int(c)+1)
			}
			sv.LastDiscard, sv.LastBonus = discardNames[a.Discard], bonusNames[a.Bonus]
			sv.LastFallback = int(a.Fallback) + 1
		}
		v.Solo = sv
	}
	return v
}
