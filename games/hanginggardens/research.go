package hanginggardens

import (
	"fmt"

	"github.com/jardin-games/jardin/engine"
)

// The research face of Hanging Gardens (engine.Researcher; docs/research.md
// lists the action index and the observation layout).

// actionIndex lists every move the game can offer, the same at every player
// count: takes (column × row), places (floor × index 0..6), buys (pile),
// puts (floor × index 0..5), objectives (position) and pass.
var actionIndex = func() *engine.ActionIndex {
	var ms []engine.Move
	for c := 0; c < 3; c++ {
		for r := 0; r < 4; r++ {
			ms = append(ms, mk(kindTake, c, r))
		}
	}
	for f := 0; f < 3; f++ {
		for i := 0; i <= 6; i++ {
			ms = append(ms, mk(kindPlace, f, i))
		}
	}
	for k := 0; k < 3; k++ {
		ms = append(ms, mk(kindBuy, k, 0))
	}
	for f := 0; f < 3; f++ {
		for i := 0; i <= 5; i++ {
			ms = append(ms, mk(kindPut, f, i))
		}
	}
	for k := 0; k < 4; k++ {
		ms = append(ms, mk(kindObjective, k, 0))
	}
	ms = append(ms, mk(kindPass, 0, 0))
	return engine.NewActionIndex(ms)
}()

// maxDecisions bounds a game's length with players seats, from the rules
// (docs/research.md): 4 rounds of 3 gardeners per player (HG-T1; solo, the
// automa's turns ask nothing), and a turn is at most 5 decisions: take,
// place, buy (or pass) and put, an objective (or pass) (HG-T3).
func maxDecisions(players int) int { return 4 * 3 * max(players, 1) * 5 }

var (
	cardVocab, enhVocab, objVocab, irrigVocab = func() (c, e, o, i *engine.Vocabulary) {
		var ids []string
		for _, x := range comp.Cards {
			ids = append(ids, x.ID)
		}
		c = engine.NewVocabulary(ids...)
		ids = nil
		for _, x := range comp.Enh {
			ids = append(ids, x.ID)
		}
		e = engine.NewVocabulary(ids...)
		ids = nil
		for _, x := range comp.Objectives {
			ids = append(ids, x.ID)
		}
		o = engine.NewVocabulary(ids...)
		ids = nil
		for _, x := range comp.Irrigation {
			ids = append(ids, x.Name)
		}
		return c, e, o, engine.NewVocabulary(ids...)
	}()
	// a seat: the players from the viewer on, then the automa
	nSeats    = maxPlayers + 1
	obsPlayer = nPos*cardVocab.Len() + nPos*enhVocab.Len() + 2 + irrigVocab.Len() + 2
	obsLen    = len(phaseNames) + 1 + maxPlayers + nSeats + maxPlayers + 12*cardVocab.Len() + 2 + 3*nSeats +
		cardVocab.Len() + 2 + enhVocab.Len() + 3*(1+enhVocab.Len()) + 4*(objVocab.Len()+nSeats) +
		maxPlayers*obsPlayer + 4 + 5
)

func (game) Research(players int) (engine.Facts, *engine.ActionIndex, error) {
	if players < 1 || players > maxPlayers {
		return engine.Facts{}, nil, fmt.Errorf("hanging-gardens: %d players (1 to %d)", players, maxPlayers)
	}
	return engine.Facts{
		Name: "hanging_gardens_v1", ID: Game.ID(), Players: players,
		HiddenInformation: false, Chance: true, GeneralSum: true,
		NumActions: actionIndex.Len(), MaxDecisions: maxDecisions(players), ObservationLength: obsLen,
	}, actionIndex, nil
}

// seatIndex is a seat's place in the observation: rotated players, then
// the automa.
func seatIndex(x, player, players int) int {
	if x == AutomaSeat {
		return maxPlayers
	}
	return engine.Rotate(x, player, players)
}

// Observe encodes a View (layout in docs/research.md).
func (game) Observe(view any, player, players int, buf []float32) []float32 {
	v := engine.ViewAs[View](view)
	start := len(buf)
	buf = engine.OneHotName(buf, phaseNames[:], v.Phase)
	buf = append(buf, float32(v.Round))
	buf = engine.OneHot(buf, maxPlayers, engine.Rotate(v.ToMove, player, players))
	buf = engine.OneHot(buf, nSeats, seatIndex(v.FirstPlayer, player, players))
	buf = engine.OneHot(buf, maxPlayers, engine.Rotate(v.RoundFirst, player, players))
	for c := 0; c < 3; c++ {
		for r := 0; r < 4; r++ {
			buf = cardVocab.OneHot(buf, v.Market[c][r])
		}
	}
	buf = append(buf, float32(v.Spaces), float32(v.DeckSize))
	for c := 0; c < 3; c++ {
		n := len(buf)
		buf = append(buf, make([]float32, nSeats)...)
		for _, x := range v.Gardeners[c] {
			if i := seatIndex(x, player, players); i >= 0 {
				buf[n+i]++
			}
		}
	}
	buf = cardVocab.OneHot(buf, v.Taken)
	if v.TakenFrom != nil {
		buf = append(buf, float32(v.TakenFrom[0]), float32(v.TakenFrom[1]))
	} else {
		buf = append(buf, 0, 0)
	}
	buf = enhVocab.OneHot(buf, v.Bought)
	for _, p := range v.Piles {
		buf = append(buf, float32(p.Size))
		buf = enhVocab.OneHot(buf, p.Top)
	}
	for _, o := range v.Objectives {
		buf = objVocab.OneHot(buf, o.ID)
		n := len(buf)
		buf = append(buf, make([]float32, nSeats)...)
		for _, x := range o.Markers {
			if i := seatIndex(x, player, players); i >= 0 {
				buf[n+i]++
			}
		}
	}
	for k := 0; k < maxPlayers; k++ {
		if k >= players {
			buf = append(buf, make([]float32, obsPlayer)...)
			continue
		}
		pv := &v.Players[(player+k)%players]
		for _, id := range pv.Garden {
			buf = cardVocab.OneHot(buf, id)
		}
		for _, id := range pv.Enh {
			buf = enhVocab.OneHot(buf, id)
		}
		buf = append(buf, float32(pv.Gold), float32(pv.Tools))
		buf = irrigVocab.OneHot(buf, pv.Irrigation)
		buf = append(buf, float32(pv.Gardeners), float32(pv.Score))
	}
	buf = append(buf, float32(v.StockGold), float32(v.StockTools), float32(len(v.Discarded)), float32(len(v.EnhDiscard)))
	if s := v.Solo; s != nil {
		buf = append(buf, 1, float32(s.Gardeners), float32(s.Markers), float32(s.DeckSize), float32(s.LastCard))
	} else {
		buf = append(buf, 0, 0, 0, 0, 0)
	}
	if len(buf)-start != obsLen {
		panic(fmt.Sprintf("hanging-gardens: observation of %d numbers, want %d", len(buf)-start, obsLen))
	}
	return buf
}
