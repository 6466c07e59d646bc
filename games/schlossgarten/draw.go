package schlossgarten

import (
	"fmt"
	"github.com/jardin-games/jardin/i18n"
	"strings"
	"unicode/utf8"

	"github.com/jardin-games/jardin/engine"
)

// The letters of the drawn board are the catalogue's, by language: an
// element's code (draw.code.<element>: h hedge (1), H hedge (2), L
// labyrinth, c column, P pool, T terrace in English), then the owner's
// colour letter (draw.letter.<colour>); a pawn's letter
// (draw.pawn.<pawn>: K G A, R J A in French), then the colour letter.

var ansiColor = [maxP]string{"\x1b[31m", "\x1b[34m", "\x1b[37m", "\x1b[33m"}

const ansiReset = "\x1b[0m"

// drawWidth is the widest line a drawing may have: a terminal's 80 columns.
const drawWidth = 80

// Draw draws the table for player: the 7 × 7 garden (each square shows the
// ground — tile points, a pit "#" with its points, or an element code and
// colour — and the pawn on it), a legend, then each seat's score, supply
// and hand (the viewer's cards as figures, the others' as a count), and the
// state of the turn. Every line fits 80 columns at 4 players, in English
// and in French (Style.Lang "fr": French names, letters and labels).
func (s *state) Draw(player int, style engine.Style) string {
	if !engine.IsSeat(s, player) {
		player = engine.Spectator
	}
	lang := style.Lang
	tr := func(id string, args ...i18n.Arg) string { return catalog().T(lang, id, args...) }
	l := letters(lang)
	paint := func(c int8, txt string) string {
		if !style.Color || c < 0 {
			return txt
		}
		return ansiColor[c] + txt + ansiReset
	}
	colour := func(q int) string {
		return tr("draw.colour." + colorNames[s.color[q]])
	}
	var b strings.Builder
	b.WriteString("      ")
	for x := 0; x < side; x++ {
		b.WriteString(" " + tr("draw.x", i18n.N("n", x)) + "  ")
	}
	b.WriteString("\n")
	for y := 0; y < side; y++ {
		b.WriteString(tr("draw.y", i18n.N("n", y)) + "   ")
		for x := 0; x < side; x++ {
			sq := sqOf(x, y)
			ground, gc := fmt.Sprintf("%d ", s.tileAt(sq)), int8(-1)
			if s.pit&bit(sq) != 0 {
				ground = fmt.Sprintf("#%d", s.tileAt(sq))
			}
			if ea := s.elemOn(sq); ea >= 0 {
				q := int(ea) / nElems
				gc = s.color[q]
				ground = l.elem[int(ea)%nElems] + l.colour[s.color[q]]
			}
			pawn, pc := "..", int8(-1)
			if pa := s.pawnOn(sq); pa >= 0 {
				q := int(pa) / nPawns
				pc = s.color[q]
				pawn = l.pawn[int(pa)%nPawns] + l.colour[s.color[q]]
			}
			b.WriteString(paint(gc, ground))
			b.WriteString(paint(pc, pawn))
			if x < side-1 {
				b.WriteString("  ")
			}
		}
		b.WriteString("\n")
	}
	b.WriteString(tr("draw.legend"))
	for p := 0; p < int(s.n); p++ {
		mark := "  "
		if int(s.toMove) == p && s.phase != phOver {
			mark = "> "
		}
		b.WriteString(mark + tr("draw.seat-line", i18n.S("colour", paint(s.color[p], colour(p))), i18n.S("letter", l.colour[s.color[p]]),
			i18n.N("points", int(s.score[p])), i18n.N("tiles", int(s.collected[p])), i18n.N("cards", int(s.handN[p]))) + "\n")
		var sup []string
		for e := 0; e < nElems; e++ {
			if s.elem[p][e] == 0 {
				sup = append(sup, tr("draw.element."+elems[e].id))
			}
		}
		if len(sup) == 0 {
			sup = append(sup, tr("draw.empty"))
		}
		wrapItems(&b, "    "+tr("draw.supply"), "      ", sup)
		if p == player {
			var hs []string
			for i := 0; i < int(s.handN[p]); i++ {
				hs = append(hs, cardFigure(int(s.hand[p][i]), style.Lang))
			}
			wrapItems(&b, "    "+tr("draw.hand"), "      ", hs)
		}
	}
	// s.turn counts finished turns; the one in progress is the next.
	items := []string{
		tr("draw.turn", i18n.N("n", min(int(s.turn)+1, turnCap)), i18n.N("of", turnCap)),
		tr("draw.deck", i18n.N("n", int(s.deckN))),
		tr("draw.discard", i18n.N("n", popcount(s.discard))),
	}
	if s.played >= 0 {
		items = append(items,
			tr("draw.played", i18n.S("card", cardFigure(int(s.played), style.Lang))),
			tr("draw.moves", i18n.N("n", int(s.steps)), i18n.N("of", int(budget))))
	}
	cat := catalog()
	switch {
	case s.phase != phOver:
		step := tr("draw.step", i18n.S("step", tr("draw.phase."+phaseNames[s.phase])))
		// The struck subject stands nowhere until it is put, so the board
		// alone would not say whose pawn is waiting.
		if s.phase == phRelocate {
			step += " (" + cat.Name(s.pawnID(int(s.struck)/nPawns, int(s.struck)%nPawns), style.Lang) + ")"
		}
		items = append(items, step)
		if s.phase == phWork {
			var ws []string
			for _, k := range [2]int{gardener, architect} {
				if s.canWork(k) {
					ws = append(ws, catalog().Name(pawnIDs[k], lang))
				}
			}
			items = append(items, tr("draw.workers", i18n.S("workers", strings.Join(ws, tr("draw.and")))))
		}
	case s.winner >= 0:
		items = append(items, tr("draw.wins", i18n.S("colour", colour(int(s.winner)))))
	default:
		items = append(items, tr("draw.game-over"))
	}
	wrapItems(&b, "", "  ", items)
	return b.String()
}

// wrapItems writes items separated by commas after prefix, starting a new
// line (after indent) whenever the next item would pass drawWidth.
func wrapItems(b *strings.Builder, prefix, indent string, items []string) {
	line := prefix
	width := utf8.RuneCountInString(prefix)
	for i, it := range items {
		sep := ""
		if i < len(items)-1 {
			sep = ","
		}
		w := utf8.RuneCountInString(it) + len(sep)
		if i > 0 && width+1+w > drawWidth {
			b.WriteString(line + "\n")
			line, width = indent, utf8.RuneCountInString(indent)
		} else if i > 0 {
			line += " "
			width++
		}
		line += it + sep
		width += w
	}
	b.WriteString(line + "\n")
}

// cardFigure prints a card with its figure, e.g. "C07 [KG / A.]"
// ("C07 [RJ / A.]" in French): message draw.card.
func cardFigure(c int, lang string) string {
	if c < 0 || c >= len(cards) {
		return "?"
	}
	return catalog().T(lang, "draw.card", i18n.S("n", cardNumber(c)), i18n.S("figure", figureRows(c, lang)))
}

// boardLetters are the letters of the drawing in one language.
type boardLetters struct {
	pawn   [nPawns]string
	elem   [nElems]string
	colour [maxP]string
}

// letters returns the drawing's letters in lang.
func letters(lang string) *boardLetters {
	t := catalog()
	l := &boardLetters{}
	for k := range l.pawn {
		l.pawn[k] = t.T(lang, "draw.pawn."+pawnIDs[k])
	}
	for e := range l.elem {
		l.elem[e] = t.T(lang, "draw.code."+elems[e].id)
	}
	for c := range l.colour {
		l.colour[c] = t.T(lang, "draw.letter."+colorNames[c])
	}
	return l
}
