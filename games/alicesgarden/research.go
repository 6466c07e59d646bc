package alicesgarden

import (
	"fmt"

	"github.com/jardin-games/jardin/engine"
)

// The research face of Alice's Garden (engine.Researcher; docs/research.md
// lists the action index and the observation layout).

// actionIndex lists every move the game can offer, the same at every player
// count: bags, takes, places (orientation k × top-left square), bonus
// draws 0..15 and final puts (bonus kind × square).
var actionIndex = func() *engine.ActionIndex {
	var ms []engine.Move
	for b := 0; b < nShapes; b++ {
		ms = append(ms, mvBag(b))
	}
	for t := 0; t < nTiles; t++ {
		ms = append(ms, mvTake(t))
	}
	for k := 0; k < 8; k++ {
		for sq := 0; sq < nSquares; sq++ {
			ms = append(ms, mvPlace(k, sq))
		}
	}
	for n := 0; n <= maxBonusDraw; n++ {
		ms = append(ms, mvBonus(n))
	}
	for k := 0; k < nBonusKinds; k++ {
		for sq := 0; sq < nSquares; sq++ {
			ms = append(ms, mvPut(k, sq))
		}
	}
	return engine.NewActionIndex(ms)
}()

// maxDecisions bounds a game's length: every large tile is taken and placed
// at most once, each placement is followed by at most one bonus decision,
// each round (at most one per large tile taken, plus solo discards) starts
// with a bag choice and a stuck player's draw ends its turn; every bonus
// tile is put at most once. Doubled for the solo rounds that only discard.
const maxDecisions = 2 * (4*nTiles + 2*nBonus)

const (
	obsTile  = nShapes + 4*nIcons // one tile: shape, then the icon of each of its 4 squares
	obsBoard = nSquares*(nIcons+2) + nBonusKinds + 2
	obsLen   = len(phaseNames) + 4 + 1 + 4 + 2*nShapes + 1 + 8*obsTile + 2*obsTile + obsTile + 4 + 4*obsBoard
)

func (game) Research(players int) (engine.Facts, *engine.ActionIndex, error) {
	if players < 1 || players > 4 {
		return engine.Facts{}, nil, fmt.Errorf("alices-garden: %d players (1 to 4)", players)
	}
	return engine.Facts{
		Name: "alices_garden_v1", ID: Game.ID(), Players: players,
		HiddenInformation: false, Chance: true, GeneralSum: true,
		NumActions: actionIndex.Len(), MaxDecisions: maxDecisions, ObservationLength: obsLen,
	}, actionIndex, nil
}

func obsTileView(buf []float32, t *TileView) []float32 {
	if t == nil {
		return append(buf, make([]float32, obsTile)...)
	}
	buf = engine.Chars(buf, t.Shape, 1, shapeLetters)
	return engine.Chars(buf, t.Icons, 4, string(iconLetter[:]))
}

// Observe encodes a View (layout in docs/research.md).
func (game) Observe(view any, player, players int, buf []float32) []float32 {
	v := engine.ViewAs[View](view)
	start := len(buf)
	buf = engine.OneHotName(buf, phaseNames[:], v.Phase)
	buf = engine.OneHot(buf, 4, engine.Rotate(v.ToMove, player, players))
	buf = append(buf, float32(v.Round))
	buf = engine.OneHot(buf, 4, engine.Rotate(v.First, player, players))
	for b := 0; b < nShapes; b++ {
		buf = append(buf, float32(v.Bags[b].Tiles))
		buf = engine.Bool(buf, v.Bags[b].Left)
	}
	buf = append(buf, float32(v.BonusBag))
	for i := 0; i < 8; i++ {
		var t *TileView
		if i < len(v.Supply) {
			t = &v.Supply[i]
		}
		buf = obsTileView(buf, t)
	}
	for i := 0; i < 2; i++ {
		var t *TileView
		if i < len(v.Drawn) {
			t = &v.Drawn[i]
		}
		buf = obsTileView(buf, t)
	}
	if v.Held != nil {
		buf = obsTileView(buf, &v.Held.TileView)
	} else {
		buf = obsTileView(buf, nil)
	}
	buf = append(buf, float32(v.BonusMax), float32(v.Discarded))
	buf = engine.Bool(buf, v.LastRound)
	buf = append(buf, float32(players))
	for k := 0; k < 4; k++ {
		seat := (player + k) % players
		if k >= players {
			buf = append(buf, make([]float32, obsBoard)...)
			continue
		}
		bv := &v.Boards[seat]
		for r := 0; r < rows; r++ {
			// icon letters, then free grass '.' and free chessboard square ':'
			buf = engine.Chars(buf, bv.Grid[r], cols, string(iconLetter[:])+".:")
		}
		var held [nBonusKinds]int
		for _, c := range []byte(bv.Bonus) {
			for kind := 0; kind < nBonusKinds; kind++ {
				if iconLetter[bonusIcon[kind]] == c {
					held[kind]++
				}
			}
		}
		for _, n := range held {
			buf = append(buf, float32(n))
		}
		buf = append(buf, float32(bv.Tiles), float32(bv.Score))
	}
	if len(buf)-start != obsLen {
		panic(fmt.Sprintf("alices-garden: observation of %d numbers, want %d", len(buf)-start, obsLen))
	}
	return buf
}
