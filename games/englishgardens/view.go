package englishgardens

import "github.com/jardin-games/jardin/engine"

// CardView is a landscape card as shown to players.
type CardView struct {
	ID      int      `json:"id"`
	Name    string   `json:"name"`
	Colour  string   `json:"colour,omitempty"`
	Flower  string   `json:"flower,omitempty"`
	Feature string   `json:"feature,omitempty"`
	Trees   []string `json:"trees,omitempty"`
	Lawn    bool     `json:"lawn,omitempty"`
}

// TrophyView is a trophy card as shown to players.
type TrophyView struct {
	N    int    `json:"n"`
	Name string `json:"name"`
}

// VillageView is one player's village and what others may know of the hand.
type VillageView struct {
	Name   string `json:"name"`
	FaceUp bool   `json:"faceUp"`
	// Cells[r][c] is the stack of row r+1, column c+1, bottom first; the
	// last card is the visible one. Covered cards are public.
	Cells [3][3][]CardView `json:"cells"`
	// Trophies by slot c1 c2 c3 r1 r2 r3, bottom first.
	Trophies [6][]TrophyView `json:"trophies"`
	HandSize int             `json:"handSize"`
	// Hand is the whole hand for its owner; for others, only the cards
	// known to be public (taken face up since the last face-down discard),
	// null elsewhere.
	Hand       []*CardView `json:"hand"`
	Discards   int         `json:"discards"`
	MyDiscards []CardView  `json:"myDiscards,omitempty"`
	Visible    int         `json:"visible"`
	Score      int         `json:"score"`
}

// View is the table as one player (or a spectator) sees it.
type View struct {
	Game         string         `json:"game"`
	Viewer       int            `json:"viewer"`
	Players      int            `json:"players"`
	First        int            `json:"first"`
	ToMove       int            `json:"toMove"`
	Phase        string         `json:"phase"`
	Turns        int            `json:"turns"`
	EndTriggered bool           `json:"endTriggered"`
	LandDeck     int            `json:"landDeck"`
	TrophyDeck   int            `json:"trophyDeck"`
	LandDisplay  [3]*CardView   `json:"landDisplay"`
	TrophyDisp   [3]*TrophyView `json:"trophyDisplay"`
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
	v := CardView{ID: int(c), Name: k.name(), Lawn: k.Lawn}
	if !k.Lawn {
		v.Colour, v.Flower, v.Feature = colourNames[k.Colour], flowerNames[k.Flower], featureNames[k.Feature]
		for _, t := range k.Icons {
			v.Trees = append(v.Trees, treeNames[t])
		}
	}
	return v
}

func (s *state) trophyView(t int8) TrophyView {
	return TrophyView{N: int(t) + 1, Name: s.g.c.trophies[t].Name}
}

func (s *state) View(viewer int) any {
	v := View{Game: s.g.ID(), Viewer: viewer, Players: int(s.n), First: int(s.first), ToMove: s.ToMove(),
		Phase: phaseNames[s.phase], Turns: int(s.turns), EndTriggered: s.endTriggered,
		LandDeck: int(s.land.n), TrophyDeck: int(s.tro.n),
		RemovedLand: int(s.nRemovedLand), RemovedTrophy: int(s.nRemovedTro)}
	for i, c := range s.landDisp {
		if c >= 0 {
			cv := s.cardView(c)
			v.LandDisplay[i] = &cv
		}
	}
	for i, t := range s.troDisp {
		if t >= 0 {
			tv := s.trophyView(t)
			v.TrophyDisp[i] = &tv
		}
	}
	if viewer >= 0 {
		for i := int(s.land.n) - 1; i >= 0; i-- {
			if s.land.seg[i] == int8(viewer+1) {
				v.LandUnder = append(v.LandUnder, s.cardView(s.land.cards[i]))
			}
		}
		for i := int(s.tro.n) - 1; i >= 0; i-- {
			if s.tro.seg[i] == int8(viewer+1) {
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
		vv := VillageView{Name: s.g.c.villages[p.village], FaceUp: p.villageUp, HandSize: int(p.handN),
			Discards: int(p.discards), Visible: int(p.visible), Score: s.Score(q)}
		for i := range p.land {
			for _, c := range p.land[i].stack[:p.land[i].h] {
				vv.Cells[i/3][i%3] = append(vv.Cells[i/3][i%3], s.cardView(c))
			}
		}
		for _, h := range p.tHist[:p.tN] {
			vv.Trophies[h[0]] = append(vv.Trophies[h[0]], s.trophyView(h[1]))
		}
		vv.Hand = make([]*CardView, p.handN)
		for i := 0; i < int(p.handN); i++ {
			if q == viewer || p.handKnown[i] {
				cv := s.cardView(p.hand[i])
				vv.Hand[i] = &cv
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
