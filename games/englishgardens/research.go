package englishgardens

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/jardin-games/jardin/engine"
)

// The research face of English Gardens (engine.Researcher; docs/research.md
// lists the action index and the observation layout).

// actionIndex lists every move the game can offer, the same at every player
// count, in the order of the move kinds.
var actionIndex = func() *engine.ActionIndex {
	var ms []engine.Move
	add := func(kind, a, b uint8) { ms = append(ms, move{kind, a, b}.pack()) }
	for a := uint8(0); a <= fromDeck; a++ {
		add(mkTakeLand, a, 0)
	}
	for a := uint8(0); a <= fromDeck; a++ {
		add(mkTakeTrophy, a, 0)
	}
	for which := uint8(0); which < 2; which++ {
		for b := 0; b < 64; b++ {
			// an order of distinct display slots, as appendRefresh offers
			slots, k, ok := decodeOrder(uint8(b))
			if !ok || k == 0 || k > 1 && (slots[0] == slots[1] || k > 2 && (slots[2] == slots[0] || slots[2] == slots[1])) {
				continue
			}
			add(mkRefresh, which, uint8(b))
		}
	}
	add(mkSpecial2, 0, 0)
	for h := uint8(0); h < 4; h++ {
		for c := uint8(0); c < 9; c++ {
			add(mkPlace, h, c)
		}
	}
	for h := uint8(0); h < 4; h++ {
		add(mkDiscard, h, 0)
	}
	for h := uint8(0); h < 4; h++ {
		for c := uint8(0); c < 9; c++ {
			add(mkCover, h, c)
		}
	}
	for sl := uint8(0); sl < 6; sl++ {
		add(mkPut, sl, 0)
	}
	add(mkEnd, 0, 0)
	add(mkPass, 0, 0)
	return engine.NewActionIndex(ms)
}()

// maxDecisions bounds a game's length with players seats, from the rules
// (docs/research.md):
//   - a turn is at most 5 decisions: special 1 or 2 (the village card),
//     take, place or cover, and a structure's trophy taken and put;
//   - until the end is triggered every turn takes a card from a deck (a
//     card taken from a display is replaced from its deck; special 1 puts
//     back as many as it reveals; nobody passes while a deck has cards),
//     and the end is triggered once a deck is empty (EG-E1): at most
//     numLand + numTrophy turns, then at most players - 1 to complete the
//     round (EG-E2);
//   - solo: every turn takes a card, at most numLand + numTrophy, and the
//     end can be declared once (EG-SO).
func maxDecisions(players int) int { return 5*(numLand+numTrophy+players) + 1 }

const (
	obsVillage = 1 + 9*(numLand+1) + 6*(numTrophy+1) + 1 + 4*numLand + 3
	obsLen     = len(phaseNames) + maxPlayers + maxPlayers + 2 + 4 + 3*numLand + 3*numTrophy + numTrophy + maxPlayers*obsVillage
)

func (g *game) Research(players int) (engine.Facts, *engine.ActionIndex, error) {
	if players < 1 || players > maxPlayers {
		return engine.Facts{}, nil, fmt.Errorf("english-gardens: %d players (1 to %d)", players, maxPlayers)
	}
	return engine.Facts{
		Name: "english_gardens_v1", ID: g.ID(), Players: players,
		HiddenInformation: true, Chance: true, GeneralSum: true,
		NumActions: actionIndex.Len(), MaxDecisions: maxDecisions(players), ObservationLength: obsLen,
	}, actionIndex, nil
}

// number reads the number of an id "prefix:N" (1-based), or -1.
func number(id, prefix string) int {
	n, err := strconv.Atoi(strings.TrimPrefix(id, prefix))
	if err != nil || !strings.HasPrefix(id, prefix) {
		return -1
	}
	return n - 1
}

func obsCard(buf []float32, c *CardView) []float32 {
	i := -1
	if c != nil {
		i = number(c.ID, "land:")
	}
	return engine.OneHot(buf, numLand, i)
}

func obsTrophy(buf []float32, t *TrophyView) []float32 {
	i := -1
	if t != nil {
		i = t.N - 1
	}
	return engine.OneHot(buf, numTrophy, i)
}

// Observe encodes a View (layout in docs/research.md).
func (g *game) Observe(view any, player, players int, buf []float32) []float32 {
	v := engine.ViewAs[View](view)
	start := len(buf)
	buf = engine.OneHotName(buf, phaseNames[:], v.Phase)
	buf = engine.OneHot(buf, maxPlayers, engine.Rotate(v.ToMove, player, players))
	buf = engine.OneHot(buf, maxPlayers, engine.Rotate(v.First, player, players))
	buf = append(buf, float32(v.Turns))
	buf = engine.Bool(buf, v.EndTriggered)
	buf = append(buf, float32(v.LandDeck.Count), float32(v.TrophyDeck.Count), float32(v.RemovedLand), float32(v.RemovedTrophy))
	for _, sl := range v.LandDisplay.Slots {
		buf = obsCard(buf, sl.Card)
	}
	for _, sl := range v.TrophyDisp.Slots {
		buf = obsTrophy(buf, sl.Trophy)
	}
	buf = obsTrophy(buf, v.Held)
	for k := 0; k < maxPlayers; k++ {
		if k >= players {
			buf = append(buf, make([]float32, obsVillage)...)
			continue
		}
		vv := &v.Villages[(player+k)%players]
		buf = engine.Bool(buf, vv.Village.FaceUp)
		for _, c := range vv.Cells {
			var top *CardView
			if len(c.Stack) > 0 {
				top = &c.Stack[len(c.Stack)-1]
			}
			buf = obsCard(buf, top)
			buf = append(buf, float32(len(c.Stack)))
		}
		for _, st := range vv.Trophies {
			var top *TrophyView
			if len(st.Stack) > 0 {
				top = &st.Stack[len(st.Stack)-1]
			}
			buf = obsTrophy(buf, top)
			buf = append(buf, float32(len(st.Stack)))
		}
		buf = append(buf, float32(vv.HandSize))
		for i := 0; i < 4; i++ {
			var c *CardView
			if i < len(vv.Hand) {
				c = vv.Hand[i].Card
			}
			buf = obsCard(buf, c)
		}
		buf = append(buf, float32(vv.DiscardPile.Count), float32(vv.Visible), float32(vv.Score))
	}
	if len(buf)-start != obsLen {
		panic(fmt.Sprintf("english-gardens: observation of %d numbers, want %d", len(buf)-start, obsLen))
	}
	return buf
}
