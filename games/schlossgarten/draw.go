package schlossgarten

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/jardin-games/jardin/engine"
)

// Element codes on the drawn board: h hedge (1), H hedge (2), L labyrinth,
// c column, P pool, T terrace; followed by the owner's colour letter. The
// French names start with the same letters (haie, labyrinthe, colonne,
// piscine, terrasse).
var elemCode = [nElems]byte{'h', 'H', 'L', 'c', 'P', 'T'}

// Pawn letters on the drawn board and on card figures, by language: the
// French rulebook's roi, jardinier, architecte.
var pawnLetterFR = [nPawns]byte{'R', 'J', 'A'}

var ansiColor = [maxP]string{"\x1b[31m", "\x1b[34m", "\x1b[37m", "\x1b[33m"}

const ansiReset = "\x1b[0m"

var phaseNamesFR = [...]string{"jouer une carte", "déplacer", "replacer le sujet frappé", "excaver / construire", "fin"}

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
	fr := style.Lang == "fr"
	tr := style.Tr
	letters := pawnLetter
	if fr {
		letters = pawnLetterFR
	}
	paint := func(c int8, txt string) string {
		if !style.Color || c < 0 {
			return txt
		}
		return ansiColor[c] + txt + ansiReset
	}
	colour := func(q int) string {
		if fr {
			return colorNamesFR[s.color[q]]
		}
		return colorNames[s.color[q]]
	}
	var b strings.Builder
	b.WriteString("      ")
	for x := 0; x < side; x++ {
		fmt.Fprintf(&b, " x=%d  ", x)
	}
	b.WriteString("\n")
	for y := 0; y < side; y++ {
		fmt.Fprintf(&b, "y=%d   ", y)
		for x := 0; x < side; x++ {
			sq := sqOf(x, y)
			ground, gc := fmt.Sprintf("%d ", s.tileAt(sq)), int8(-1)
			if s.pit&bit(sq) != 0 {
				ground = fmt.Sprintf("#%d", s.tileAt(sq))
			}
			if ea := s.elemOn(sq); ea >= 0 {
				q := int(ea) / nElems
				gc = s.color[q]
				ground = string([]byte{elemCode[int(ea)%nElems], colorLetter[s.color[q]]})
			}
			pawn, pc := "..", int8(-1)
			if pa := s.pawnOn(sq); pa >= 0 {
				q := int(pa) / nPawns
				pc = s.color[q]
				pawn = string([]byte{letters[int(pa)%nPawns], colorLetter[s.color[q]]})
			}
			b.WriteString(paint(gc, ground))
			b.WriteString(paint(pc, pawn))
			if x < side-1 {
				b.WriteString("  ")
			}
		}
		b.WriteString("\n")
	}
	b.WriteString(tr(
		"Ground: 1-3 landscape tile (points), #n excavation, h/H hedge (1)/(2),\n"+
			"  L labyrinth, c column, P pool, T terrace, then the owner's colour letter\n"+
			"Pawns: K king, G gardener, A architect, then the colour letter;\n"+
			"  colours: r red, b blue, w white, y yellow\n",
		"Sol : 1-3 tuile paysage (points), #n excavation, h/H haie (1)/(2),\n"+
			"  L labyrinthe, c colonne, P piscine, T terrasse, puis la lettre de couleur\n"+
			"Pions : R roi, J jardinier, A architecte, puis la lettre de couleur ;\n"+
			"  couleurs : r rouge, b bleu, w blanc, y jaune\n"))
	for p := 0; p < int(s.n); p++ {
		mark := "  "
		if int(s.toMove) == p && s.phase != phOver {
			mark = "> "
		}
		fmt.Fprintf(&b, tr("%s%s (%c): %s (tiles %d), %s\n", "%s%s (%c) : %s (tuiles %d), %s\n"), mark,
			paint(s.color[p], colour(p)), colorLetter[s.color[p]], plural(int(s.score[p]), "point", "points", fr),
			s.collected[p], plural(int(s.handN[p]), tr("card", "carte"), tr("cards", "cartes"), fr))
		var sup []string
		for e := 0; e < nElems; e++ {
			if s.elem[p][e] == 0 {
				sup = append(sup, tr(elems[e].en, elems[e].fr))
			}
		}
		if len(sup) == 0 {
			sup = append(sup, tr("(empty)", "(vide)"))
		}
		wrapItems(&b, "    "+tr("supply: ", "réserve : "), "      ", sup)
		if p == player {
			var hs []string
			for i := 0; i < int(s.handN[p]); i++ {
				hs = append(hs, cardFigure(int(s.hand[p][i]), style.Lang))
			}
			wrapItems(&b, "    "+tr("hand: ", "main : "), "      ", hs)
		}
	}
	// s.turn counts finished turns; the one in progress is the next.
	items := []string{
		fmt.Sprintf(tr("Turn %d/%d", "Tour %d/%d"), min(int(s.turn)+1, turnCap), turnCap),
		fmt.Sprintf(tr("deck %d", "pioche %d"), s.deckN),
		fmt.Sprintf(tr("discard %d", "défausse %d"), popcount(s.discard)),
	}
	if s.played >= 0 {
		items = append(items,
			fmt.Sprintf(tr("played %s", "jouée %s"), cardFigure(int(s.played), style.Lang)),
			fmt.Sprintf(tr("moves %d/%d", "mouvements %d/%d"), s.steps, budget))
	}
	cat := catalog()
	switch {
	case s.phase != phOver:
		step := fmt.Sprintf(tr("step: %s", "étape : %s"), tr(phaseNames[s.phase], phaseNamesFR[s.phase]))
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
					ws = append(ws, tr(pawnNameEN[k], pawnNameFR[k]))
				}
			}
			items = append(items, fmt.Sprintf(tr("workers: %s", "ouvriers : %s"), strings.Join(ws, tr(" and ", " et "))))
		}
	case s.winner >= 0:
		items = append(items, fmt.Sprintf(tr("%s wins", "%s gagne"), colour(int(s.winner))))
	default:
		items = append(items, tr("game over", "partie terminée"))
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

// plural writes n and its noun: "1 point", "2 points"; in French 0 and 1
// take the singular ("0 point").
func plural(n int, one, many string, fr bool) string {
	if n == 1 || fr && n == 0 {
		return fmt.Sprintf("%d %s", n, one)
	}
	return fmt.Sprintf("%d %s", n, many)
}

// cardFigure prints a card with its figure, e.g. "C07 [KG / A.]"
// ("C07 [RJ / A.]" in French).
func cardFigure(c int, lang string) string {
	if c < 0 || c >= len(cards) {
		return "?"
	}
	return cards[c].id + " [" + figureRows(c, lang) + "]"
}
