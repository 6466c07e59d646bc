package happygarden

import (
	"fmt"
	"sync"

	"github.com/jardin-games/jardin/engine"
)

// The research face of Happy Garden (engine.Researcher; docs/research.md
// lists the action index and the observation layout).

// actionIndex lists every move the game can offer, the same at every player
// count, in the order of the move kinds. Tiles are numbered 1..60; a cell is
// any square of the x, y in [-15, 16] every garden fits in.
var actionIndex = func() *engine.ActionIndex {
	var ms []engine.Move
	for i := 0; i < 6; i++ {
		ms = append(ms, mkMove(mvTake, i, 0, 0))
	}
	for y := minXY; y <= maxXY; y++ {
		for x := minXY; x <= maxXY; x++ {
			ms = append(ms, mkMove(mvPlace, 0, cellOf(x, y), 0))
		}
	}
	ms = append(ms, mkMove(mvRepot, 0, 0, 0))
	for t := 1; t <= numTiles; t++ {
		for c := 0; c < numColours; c++ {
			ms = append(ms, mkMove(mvWater, t, 0, c))
		}
	}
	ms = append(ms, mkMove(mvEnd, 0, 0, 0))
	for _, kind := range []int{mvSteal, mvWorm} {
		for t := 1; t <= numTiles; t++ {
			ms = append(ms, mkMove(kind, t, 0, 0))
		}
	}
	for t := 1; t <= numTiles; t++ {
		for u := 1; u <= numTiles; u++ {
			for tt := ttButterfly; tt <= ttMole; tt++ {
				if u != t {
					ms = append(ms, mkMove(mvGust, t, u, tt))
				}
			}
		}
	}
	for t := 1; t <= numTiles; t++ {
		ms = append(ms, mkMove(mvDrum, t, 0, 0))
	}
	ms = append(ms, mkMove(mvPass, 0, 0, 0))
	for r := 0; r < maxPlayers; r++ {
		ms = append(ms, mkMove(mvGive, r, 0, 0))
	}
	for _, kind := range []int{mvMole, mvLift} {
		for t := 1; t <= numTiles; t++ {
			ms = append(ms, mkMove(kind, t, 0, 0))
		}
	}
	return engine.NewActionIndex(ms)
}()

// maxDecisions bounds a game's length with n seats, from the rules
// (docs/research.md). R rounds (13, 10 with 5 players: HP-S9), one turn
// per player each. Counted per seat:
//   - setup: 2 placements and at most 2 butterflies to steal (HP-S6);
//   - a turn: choose, steal, place, end, at most 4 (HP-T2, HP-T14);
//   - the round's token: at most one worm, gust or drum decision (HP-T1);
//   - waterings: one can each, from the big watering can (HP-T9);
//   - repots, 3 decisions each for 2 wheelbarrows: at most (2R + 2) / 2,
//     a wheelbarrow coming only from the token and the tile's symbol;
//   - moles handed out, 2 decisions each (give, take): each comes from a
//     worm placed (at most 2 per seat and round, and 2 at setup), a mole
//     that reached a tile before it turned happy (each of 60 tiles turns
//     happy once, holding at most one mole handed to it) or one moved
//     there by a gust or a drum's round.
func maxDecisions(n int) int {
	r := 13
	if n == 5 {
		r = 10
	}
	worms := 2*r*n + 2*n
	return 4*n + 4*r*n + r*n + n + 3*(r+1)*n + 2*(worms+numTiles+r*n)
}

// obsLayout holds the vocabularies and lengths of the observation. It is
// built on first use: tiles and colours come from the components' init,
// which runs after package variables are set.
type obsLayout struct {
	tiles, colours, tokens *engine.Vocabulary
	tile, player, length   int
}

var layout = sync.OnceValue(func() *obsLayout {
	var ids []string
	for t := 1; t <= numTiles; t++ {
		ids = append(ids, tiles[t].id)
	}
	l := &obsLayout{tiles: engine.NewVocabulary(ids...), tokens: engine.NewVocabulary(turnIDs[1:]...)}
	ids = nil
	for c := 0; c < numColours; c++ {
		ids = append(ids, colourID(uint8(c)))
	}
	l.colours = engine.NewVocabulary(ids...)
	l.tile = l.tiles.Len() + l.colours.Len() + 2 + 1 + 3
	l.player = maxOwn*l.tile + l.colours.Len() + 4
	l.length = len(phaseNames) + 3*maxPlayers + 2 + 2*l.tokens.Len() + 4 + 4 + 1 + 9*l.tile + maxPlayers*l.player
	return l
})

func (game) Research(players int) (engine.Facts, *engine.ActionIndex, error) {
	if players < 2 || players > maxPlayers {
		return engine.Facts{}, nil, fmt.Errorf("happy-garden: %d players (2 to %d)", players, maxPlayers)
	}
	return engine.Facts{
		Name: "happy_garden_v1", ID: Game.ID(), Players: players,
		HiddenInformation: false, Chance: true, GeneralSum: true,
		NumActions: actionIndex.Len(), MaxDecisions: maxDecisions(players), ObservationLength: layout().length,
	}, actionIndex, nil
}

// obsTileView: tile id, current colour (flowers), x, y, happy, butterflies,
// worms, moles; all 0 for no tile.
func (l *obsLayout) obsTileView(buf []float32, t *TileView) []float32 {
	if t == nil {
		return append(buf, make([]float32, l.tile)...)
	}
	buf = l.tiles.OneHot(buf, t.ID)
	buf = l.colours.OneHot(buf, t.Colour)
	buf = append(buf, float32(t.X), float32(t.Y))
	buf = engine.Bool(buf, t.Happy)
	return append(buf, float32(t.Butterflies), float32(t.Worms), float32(t.Moles))
}

// Observe encodes a View (layout in docs/research.md).
func (game) Observe(view any, player, players int, buf []float32) []float32 {
	v := engine.ViewAs[View](view)
	start := len(buf)
	l := layout()
	buf = engine.OneHotName(buf, phaseNames[:], v.Step)
	buf = engine.OneHot(buf, maxPlayers, engine.Rotate(v.ToMove, player, players))
	buf = engine.OneHot(buf, maxPlayers, engine.Rotate(v.Turn, player, players))
	buf = engine.OneHot(buf, maxPlayers, engine.Rotate(v.FirstPlayer, player, players))
	buf = append(buf, float32(v.Round), float32(v.Rounds))
	buf = l.tokens.OneHot(buf, v.Token)
	buf = l.tokens.Counts(buf, v.Revealed)
	buf = append(buf, float32(v.PileLeft), float32(v.BagLeft))
	buf = engine.Bool(buf, v.Truck)
	buf = engine.Bool(buf, v.LastRound)
	buf = append(buf, float32(v.Supply.Wheelbarrows), float32(v.Supply.WormMole), float32(v.Supply.Butterflies), float32(v.Supply.WateringCans))
	buf = append(buf, float32(v.PendingMole))
	for _, t := range v.Shop {
		buf = l.obsTileView(buf, t)
	}
	buf = l.obsTileView(buf, v.Held)
	buf = l.obsTileView(buf, v.Lifted)
	buf = l.obsTileView(buf, v.SetupNext)
	for k := 0; k < maxPlayers; k++ {
		if k >= players {
			buf = append(buf, make([]float32, l.player)...)
			continue
		}
		pv := &v.Players[(player+k)%players]
		for i := 0; i < maxOwn; i++ {
			var t *TileView
			if i < len(pv.Garden) {
				t = &pv.Garden[i]
			}
			buf = l.obsTileView(buf, t)
		}
		buf = l.colours.OneHot(buf, pv.MouseColour)
		buf = engine.Bool(buf, pv.Bonus)
		buf = append(buf, float32(pv.Wheelbarrows), float32(pv.WateringCans), float32(pv.Score))
	}
	if len(buf)-start != l.length {
		panic(fmt.Sprintf("happy-garden: observation of %d numbers, want %d", len(buf)-start, l.length))
	}
	return buf
}
