package schlossgarten

import (
	"embed"
	_ "embed"
	"fmt"
	"strconv"
	"strings"
	"sync"

	"github.com/jardin-games/jardin/engine"
	"github.com/jardin-games/jardin/i18n"
)

// The catalogue (engine.Texter): every word of the game in every language,
// texts/<lang>.json (docs/i18n.md), over the components of data/kinds.json
// (each id's kind; the words are the catalogue's). Every pawn and element
// of every colour ("king:red") is a component of its own, named in full
// ("the red king", "le roi rouge"), since its words agree with the colour.

//go:embed texts/*.json
var textsFS embed.FS

//go:embed data/kinds.json
var kindsJSON []byte

// catalog is loaded once, on first use, and only read afterwards.
var catalog = sync.OnceValue(func() *engine.Catalog {
	return engine.MustLoadGameCatalog("schlossgarten", textsFS, kindsJSON, cellName)
})

// cellName names square "x,y" for a sentence as the page's drawing numbers
// its axes, from 1 as people count: "3,4" is "column 4, row 5"
// (cell.square). The id stays the notation a player types in the terminal
// (from 0, as the records), but a sentence never shows it.
func cellName(id string) (string, []i18n.Arg, bool) {
	xs, ys, ok := strings.Cut(id, ",")
	if !ok {
		return "", nil, false
	}
	x, err1 := strconv.Atoi(xs)
	y, err2 := strconv.Atoi(ys)
	if err1 != nil || err2 != nil || !onBoard(x, y) {
		return "", nil, false
	}
	return "cell.square", []i18n.Arg{i18n.N("col", x+1), i18n.N("row", y+1)}, true
}

// Texts implements engine.Texter.
func (game) Texts() *engine.Catalog { return catalog() }

// Ids the view, the events and the move descriptions share.

// cellID is a square's id: "x,y" as in the notation.
func cellID(sq int) string { return sqName(sq) }

// pawnID names one pawn: "king:red".
func (s *state) pawnID(q, k int) string { return pawnIDs[k] + ":" + colorNames[s.color[q]] }

// elemID names one player's element: "pool:blue".
func (s *state) elemID(q, e int) string { return elems[e].id + ":" + colorNames[s.color[q]] }

// tileID is the component id of a landscape tile worth v points.
func tileID(v int) string {
	if v >= 0 && v < len(tileIDs) {
		return tileIDs[v]
	}
	return fmt.Sprintf("tile:%d", v)
}

// tileIDs are the ids of the tiles worth 0 to 3 points, spelt once (every
// view names the tile of each square).
var tileIDs = [...]string{"tile:0", "tile:1", "tile:2", "tile:3"}

// figureRows draws a card's figure in one line, rows from top to bottom:
// "KG / A." (the pawns' letters are messages draw.pawn.<pawn>: R J A in
// French).
func figureRows(c int, lang string) string {
	l := letters(lang)
	ci := cards[c]
	pts := [3]xy{{0, 0}, ci.g, ci.a}
	mx, my, Mx, My := 0, 0, 0, 0
	for _, p := range pts {
		mx, my, Mx, My = min(mx, p[0]), min(my, p[1]), max(Mx, p[0]), max(My, p[1])
	}
	var rows []string
	for y := my; y <= My; y++ {
		var row strings.Builder
		for x := mx; x <= Mx; x++ {
			ch := "."
			for i, p := range pts {
				if p == (xy{x, y}) {
					ch = l.pawn[i]
				}
			}
			row.WriteString(ch)
		}
		rows = append(rows, row.String())
	}
	return strings.Join(rows, " / ")
}

// cardNumber is card c's number as its id writes it ("07" for C07): the
// messages print the card's letter, so that every word is the catalogue's.
func cardNumber(c int) string { return strings.TrimPrefix(cards[c].id, "C") }
