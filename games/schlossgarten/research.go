package schlossgarten

import (
	"fmt"
	"strings"
	"sync"

	"github.com/jardin-games/jardin/engine"
)

// The research face of Schlossgarten (engine.Researcher; docs/research.md
// lists the action index and the observation layout).

// actionIndex lists every move the game can offer, the same at every player
// count: cards, steps (pawn × square), relocations, stop, digs (worker ×
// square), builds (element × each of its placements on the board), done.
//
// It is built on first use: cards and elements come from the components'
// init, which runs after package variables are set.
var actionIndex = sync.OnceValue(func() *engine.ActionIndex {
	var ms []engine.Move
	for c := range cards {
		ms = append(ms, mvPlay(c))
	}
	for k := 0; k < nPawns; k++ {
		for sq := 0; sq < nSquares; sq++ {
			ms = append(ms, mvStep(k, sq))
		}
	}
	for sq := 0; sq < nSquares; sq++ {
		ms = append(ms, mvRelocate(sq))
	}
	ms = append(ms, moveStop)
	for _, k := range [2]int{gardener, architect} {
		for sq := 0; sq < nSquares; sq++ {
			ms = append(ms, mvDig(k, sq))
		}
	}
	for e := 0; e < nElems; e++ {
		for _, m := range elems[e].places {
			ms = append(ms, mvBuild(e, m))
		}
	}
	ms = append(ms, moveDone)
	return engine.NewActionIndex(ms)
})

// maxDecisions: at most turnCap turns (SG-E4), each a card, at most budget
// steps and a stop, one relocation, one dig, builds of the player's
// elements and done.
const maxDecisions = turnCap * (1 + budget + 1 + 1 + 1 + nElems + 1)

// obsLayout holds the vocabularies and lengths of the observation, built on
// first use like actionIndex.
type obsLayout struct {
	cards, elems, pawns  *engine.Vocabulary
	square, seat, length int
}

var layout = sync.OnceValue(func() *obsLayout {
	var ids []string
	for _, c := range cards {
		ids = append(ids, c.id)
	}
	l := &obsLayout{cards: engine.NewVocabulary(ids...), pawns: engine.NewVocabulary(pawnIDs[:]...)}
	ids = nil
	for _, e := range elems {
		ids = append(ids, e.id)
	}
	l.elems = engine.NewVocabulary(ids...)
	l.square = 4 + 1 + l.elems.Len() + maxP + l.pawns.Len() + maxP
	l.seat = 1 + 3 + l.elems.Len() + 1 + l.cards.Len()
	l.length = len(phaseNames) + maxP + 2 + l.cards.Len() + l.pawns.Len() + 1 + l.pawns.Len() + maxP +
		nSquares*l.square + maxP*l.seat + 1 + l.cards.Len() + 1 + maxP
	return l
})

func (game) Research(players int) (engine.Facts, *engine.ActionIndex, error) {
	if players < 2 || players > maxP {
		return engine.Facts{}, nil, fmt.Errorf("schlossgarten: %d players (2 to %d)", players, maxP)
	}
	return engine.Facts{
		Name: "schlossgarten_v1", ID: Game.ID(), Players: players,
		HiddenInformation: true, Chance: true, GeneralSum: true,
		NumActions: actionIndex().Len(), MaxDecisions: maxDecisions, ObservationLength: layout().length,
	}, actionIndex(), nil
}

// Observe encodes a View (layout in docs/research.md).
func (game) Observe(view any, player, players int, buf []float32) []float32 {
	v := engine.ViewAs[View](view)
	start := len(buf)
	l := layout()
	cardVocab, elemVocab, pawnVocab := l.cards, l.elems, l.pawns
	// seatOf finds the seat of a colour as the view names it, rotated
	seatOf := func(colour string) int {
		for q, pv := range v.Seats {
			if pv.Color == colour {
				return engine.Rotate(q, player, players)
			}
		}
		return -1
	}
	buf = engine.OneHotName(buf, phaseNames[:], v.Phase)
	buf = engine.OneHot(buf, maxP, engine.Rotate(v.ToMove, player, players))
	buf = append(buf, float32(v.Turn), float32(v.StepsUsed))
	buf = cardVocab.OneHot(buf, v.Played)
	buf = pawnVocab.Counts(buf, v.Workers)
	buf = engine.Bool(buf, v.Dug)
	pawn, colour, _ := strings.Cut(v.Struck, ":")
	buf = pawnVocab.OneHot(buf, pawn)
	buf = engine.OneHot(buf, maxP, seatOf(colour))
	for y := 0; y < side; y++ {
		for x := 0; x < side; x++ {
			sq := &v.Board[y][x]
			buf = engine.OneHot(buf, 4, sq.Tile)
			buf = engine.Bool(buf, sq.Pit)
			buf = elemVocab.OneHot(buf, sq.Element)
			buf = engine.OneHot(buf, maxP, seatOf(sq.Owner))
			buf = pawnVocab.OneHot(buf, sq.Pawn)
			buf = engine.OneHot(buf, maxP, seatOf(sq.PawnOf))
		}
	}
	for k := 0; k < maxP; k++ {
		if k >= players {
			buf = append(buf, make([]float32, l.seat)...)
			continue
		}
		pv := &v.Seats[(player+k)%players]
		buf = append(buf, float32(pv.Score), float32(pv.Tiles[0]), float32(pv.Tiles[1]), float32(pv.Tiles[2]))
		buf = elemVocab.Counts(buf, pv.Supply)
		buf = append(buf, float32(pv.HandCount))
		buf = cardVocab.Counts(buf, pv.Hand)
	}
	buf = append(buf, float32(v.Deck))
	buf = cardVocab.Counts(buf, v.Discard)
	buf = engine.Bool(buf, v.Over)
	buf = engine.OneHot(buf, maxP, engine.Rotate(v.Winner, player, players))
	if len(buf)-start != l.length {
		panic(fmt.Sprintf("schlossgarten: observation of %d numbers, want %d", len(buf)-start, l.length))
	}
	return buf
}
