package englishgardens

import "github.com/jardin-games/jardin/engine"

// CardView is a landscape card as shown to players. ID is its component id
// in the catalogue (names in every language, help).
type CardView struct {
	ID      string   `json:"id"`
	Type    string   `json:"type"`
	Colour  string   `json:"colour,omitempty"`
	Flower  string   `json:"flower,omitempty"`
	Feature string   `json:"feature,omitempty"`
	Trees   []string `json:"trees,omitempty"`
	Lawn    bool     `json:"lawn,omitempty"`
}

// TrophyView is a trophy card as shown to players: its number and what it
// rewards, as the rule the scoring reads, so that a page can draw the
// condition (its words are the catalogue's, by ID).
type TrophyView struct {
	ID   string     `json:"id"`
	N    int        `json:"n"`
	Rule TrophyRule `json:"rule"`
}

// TrophyRule is what a trophy scores for its line: points per item
// (Per: counter name → points), points by a count (Table: of a counter,
// Points[k] for k of them), per complete set, or for the first matching case.
// Counters are the position format's words: card, empty, lawn, pond,
// structure, tree, oak, birch, willow, red, yellow, blue, rose, petunia,
// lily, colour-flower pairs ("red-lily"), and species, colours, flowers
// (how many kinds are present).
type TrophyRule struct {
	Per   []PerView  `json:"per,omitempty"`
	Table *TableView `json:"table,omitempty"`
	Sets  []SetView  `json:"sets,omitempty"`
	Cases []CaseView `json:"cases,omitempty"`
}

// PerView is Points for each Of in the line.
type PerView struct {
	Of     string `json:"of"`
	Points int    `json:"points"`
}

// TableView is Points[k] when the line holds k of Of.
type TableView struct {
	Of     string `json:"of"`
	Points []int  `json:"points"`
}

// SetView is Points per complete set of Size of Of.
type SetView struct {
	Of     string `json:"of"`
	Size   int    `json:"size"`
	Points int    `json:"points"`
}

// CaseView is Points when the line holds exactly When[i].N of each
// When[i].Of (the first matching case scores).
type CaseView struct {
	When   []PerView `json:"when"`
	Points int       `json:"points"`
}

// DeckView is a face-down deck: its id (a move's "from") and its size.
type DeckView struct {
	ID    string `json:"id"`
	Count int    `json:"count"`
}

// LandSlotView is a position of the landscape display; Card is null when
// it is empty.
type LandSlotView struct {
	ID   string    `json:"id"`
	Card *CardView `json:"card"`
}

// TrophySlotView is a position of the trophy display; Trophy is null when
// it is empty.
type TrophySlotView struct {
	ID     string      `json:"id"`
	Trophy *TrophyView `json:"trophy"`
}

// LandDisplayView is the landscape display: its id (special 1's
// "display") and its three positions.
type LandDisplayView struct {
	ID    string          `json:"id"`
	Slots [3]LandSlotView `json:"slots"`
}

// TrophyDisplayView is the trophy display: its id and its three positions.
type TrophyDisplayView struct {
	ID    string            `json:"id"`
	Slots [3]TrophySlotView `json:"slots"`
}

// HandSlotView is one card of a hand; Card is null when the viewer may not
// know it.
type HandSlotView struct {
	ID   string    `json:"id"`
	Card *CardView `json:"card"`
}

// CellView is a landscape cell of a village: its stack, bottom first; the
// last card is the visible one. Covered cards are public.
type CellView struct {
	ID    string     `json:"id"`
	Stack []CardView `json:"stack"`
}

// TrophyStackView is a trophy slot of a village: its stack, bottom first.
type TrophyStackView struct {
	ID    string       `json:"id"`
	Stack []TrophyView `json:"stack"`
}

// VillageCardView is a village card and its side.
type VillageCardView struct {
	ID     string `json:"id"`
	FaceUp bool   `json:"faceUp"`
}

// VillageView is one player's village and what the viewer may know of the
// hand.
type VillageView struct {
	Seat    int             `json:"seat"`
	Village VillageCardView `json:"village"`
	// Cells r1c1 … r3c3, row by row.
	Cells [9]CellView `json:"cells"`
	// Trophy slots c1 c2 c3 (above the columns) and r1 r2 r3 (left of the
	// rows).
	Trophies [6]TrophyStackView `json:"trophies"`
	HandSize int                `json:"handSize"`
	// Hand is the whole hand for its owner; for others, only the cards
	// known to be public (taken face up since the last face-down discard),
	// null elsewhere. Hand slots are numbered in the order the cards came.
	Hand []HandSlotView `json:"hand"`
	// DiscardPile is where this seat's discards lie face down, with their
	// count: a discard is chosen there first, then the card (so a click on
	// a hand card never discards it).
	DiscardPile DeckView   `json:"discardPile"`
	MyDiscards  []CardView `json:"myDiscards,omitempty"`
	Visible     int        `json:"visible"`
	Score       int        `json:"score"`
}

// View is the table as one player (or a spectator) sees it
// (docs/english-gardens.md documents every field).
type View struct {
	Game         string            `json:"game"`
	Viewer       int               `json:"viewer"`
	Players      int               `json:"players"`
	First        int               `json:"first"`
	ToMove       int               `json:"toMove"`
	Phase        string            `json:"phase"`
	Turns        int               `json:"turns"`
	EndTriggered bool              `json:"endTriggered"`
	LandDeck     DeckView          `json:"landDeck"`
	TrophyDeck   DeckView          `json:"trophyDeck"`
	LandDisplay  LandDisplayView   `json:"landDisplay"`
	TrophyDisp   TrophyDisplayView `json:"trophyDisplay"`
	// LandUnder and TrophyUnder are the cards the viewer put under the
	// decks with special 1, top first: only they know that order.
	LandUnder   []CardView   `json:"landUnder,omitempty"`
	TrophyUnder []TrophyView `json:"trophyUnder,omitempty"`
	// UnderDeck lists, for every other player who used special 1, the cards
	// they put under a deck. They were face up, so the set is public; it is
	// given in card order, as only the recycler knows the real one. A card
	// leaves it when it is seen face up again (display, village, trophy
	// slot); a blind landscape draw does not shrink it, as nobody else can
	// tell which card that draw took.
	UnderDeck     []UnderView   `json:"underDeck,omitempty"`
	RemovedLand   int           `json:"removedLand"`
	RemovedTrophy int           `json:"removedTrophies"`
	Held          *TrophyView   `json:"held,omitempty"`
	Villages      []VillageView `json:"villages"`
}

// UnderView is what one player put under the decks with special 1.
type UnderView struct {
	Seat     int          `json:"seat"`
	Land     []CardView   `json:"land,omitempty"`
	Trophies []TrophyView `json:"trophies,omitempty"`
}

// underDeck builds View.UnderDeck for viewer from the public record of
// special 1, in card order.
func (s *state) underDeck(viewer int) []UnderView {
	var out []UnderView
	for q := 0; q < int(s.n); q++ {
		land, tro := s.recycled[q][0], s.recycled[q][1]
		if q == viewer || land == 0 && tro == 0 {
			continue
		}
		u := UnderView{Seat: q}
		for c := 0; c < numLand; c++ {
			if land&(1<<uint(c)) != 0 {
				u.Land = append(u.Land, s.cardView(int8(c)))
			}
			if tro&(1<<uint(c)) != 0 {
				u.Trophies = append(u.Trophies, s.trophyView(int8(c)))
			}
		}
		out = append(out, u)
	}
	return out
}

func (s *state) cardView(c int8) CardView {
	k := s.card(c)
	v := CardView{ID: landID(c), Type: landTypeID(k), Lawn: k.Lawn}
	if !k.Lawn {
		v.Colour, v.Flower, v.Feature = colourNames[k.Colour], flowerNames[k.Flower], featureNames[k.Feature]
		for _, t := range k.Icons {
			v.Trees = append(v.Trees, treeNames[t])
		}
	}
	return v
}

func (s *state) trophyView(t int8) TrophyView {
	return TrophyView{ID: trophyID(t), N: int(t) + 1, Rule: s.g.c.rules[t]}
}

// View shows viewer's hand and discards and what everyone sees; a viewer
// that is not a seat sees what the spectator sees.
func (s *state) View(viewer int) any {
	if !engine.IsSeat(s, viewer) {
		viewer = engine.Spectator
	}
	v := View{Game: s.g.ID(), Viewer: viewer, Players: int(s.n), First: int(s.first), ToMove: s.ToMove(),
		Phase: phaseNames[s.phase], Turns: int(s.turns), EndTriggered: s.endTriggered,
		LandDeck:    DeckView{ID: "land-deck", Count: int(s.land.n)},
		LandDisplay: LandDisplayView{ID: "land-display"},
		TrophyDisp:  TrophyDisplayView{ID: "trophy-display"},
		TrophyDeck:  DeckView{ID: "trophy-deck", Count: int(s.tro.n)},
		RemovedLand: int(s.nRemovedLand), RemovedTrophy: int(s.nRemovedTro)}
	for i, c := range s.landDisp {
		v.LandDisplay.Slots[i].ID = landSlotID(i)
		if c >= 0 {
			cv := s.cardView(c)
			v.LandDisplay.Slots[i].Card = &cv
		}
	}
	for i, t := range s.troDisp {
		v.TrophyDisp.Slots[i].ID = troSlotID(i)
		if t >= 0 {
			tv := s.trophyView(t)
			v.TrophyDisp.Slots[i].Trophy = &tv
		}
	}
	if viewer >= 0 {
		for i := int(s.land.n) - 1; i >= 0; i-- {
			if int(s.land.seg[i]) == viewer+1 {
				v.LandUnder = append(v.LandUnder, s.cardView(s.land.cards[i]))
			}
		}
		for i := int(s.tro.n) - 1; i >= 0; i-- {
			if int(s.tro.seg[i]) == viewer+1 {
				v.TrophyUnder = append(v.TrophyUnder, s.trophyView(s.tro.cards[i]))
			}
		}
	}
	v.UnderDeck = s.underDeck(viewer)
	if s.phase == phTrophyPlace {
		tv := s.trophyView(s.held)
		v.Held = &tv
	}
	for q := 0; q < int(s.n); q++ {
		p := &s.pl[q]
		vv := VillageView{Seat: q, Village: VillageCardView{ID: villageID(p.village), FaceUp: p.villageUp},
			HandSize: int(p.handN), DiscardPile: DeckView{ID: discardPileID, Count: int(p.discards)}, Visible: int(p.visible), Score: s.Score(q)}
		for i := range p.land {
			vv.Cells[i] = CellView{ID: cellID(i), Stack: []CardView{}}
			for _, c := range p.land[i].stack[:p.land[i].h] {
				vv.Cells[i].Stack = append(vv.Cells[i].Stack, s.cardView(c))
			}
		}
		for sl := range vv.Trophies {
			vv.Trophies[sl] = TrophyStackView{ID: slotNames[sl], Stack: []TrophyView{}}
		}
		for _, h := range p.tHist[:p.tN] {
			vv.Trophies[h[0]].Stack = append(vv.Trophies[h[0]].Stack, s.trophyView(h[1]))
		}
		vv.Hand = make([]HandSlotView, p.handN)
		for i := 0; i < int(p.handN); i++ {
			vv.Hand[i].ID = handID(i)
			if q == viewer || p.handKnown[i] {
				cv := s.cardView(p.hand[i])
				vv.Hand[i].Card = &cv
			}
		}
		if q == viewer {
			for i := 0; i < int(s.nDisc); i++ {
				if s.discOwner[i] == int8(q) {
					vv.MyDiscards = append(vv.MyDiscards, s.cardView(s.disc[i]))
				}
			}
		}
		v.Villages = append(v.Villages, vv)
	}
	return v
}

var _ engine.Drawer = (*state)(nil)
