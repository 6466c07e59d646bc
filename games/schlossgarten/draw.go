package schlossgarten

import (
	"fmt"
	"strings"

	"github.com/jardin-games/jardin/engine"
)

// Element codes on the drawn board: h hedge (1), H hedge (2), L labyrinth,
// c column, P pool, T terrace; followed by the owner's colour letter.
var elemCode = [nElems]byte{'h', 'H', 'L', 'c', 'P', 'T'}

var ansiColor = [maxP]string{"\x1b[31m", "\x1b[34m", "\x1b[37m", "\x1b[33m"}

const ansiReset = "\x1b[0m"

var phaseNamesFR = [...]string{"jouer une carte", "déplacer", "replacer le sujet frappé", "excaver / construire", "fin"}

// Draw draws the table for player: the 7 × 7 garden (each square shows the
// ground — tile points, a pit "#" with its points, or an element code and
// colour — and the pawn on it), then each seat's score, supply and hand.
func (s *state) Draw(player int, style engine.Style) string {
	if !engine.IsSeat(s, player) {
		player = engine.Spectator
	}
	fr := style.Lang == "fr"
	paint := func(c int8, txt string) string {
		if !style.Color || c < 0 {
			return txt
		}
		return ansiColor[c] + txt + ansiReset
	}
	var b strings.Builder
	b.WriteString("      ")
	for x := 0; x < side; x++ {
		fmt.Fprintf(&b, " x=%d  ", x)
	}
	b.WriteByte('\n')
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
				pawn = string([]byte{pawnLetter[int(pa)%nPawns], colorLetter[s.color[q]]})
			}
			b.WriteString(paint(gc, ground))
			b.WriteString(paint(pc, pawn))
			b.WriteString("  ")
		}
		b.WriteByte('\n')
	}
	if fr {
		b.WriteString("Sol : 1-3 tuile (points), #n excavation, h/H haie 1/2, L labyrinthe, c colonne, P piscine, T terrasse + couleur (r b w y)\n")
		b.WriteString("Pions : K roi, G jardinier, A architecte + couleur\n")
	} else {
		b.WriteString("Ground: 1-3 tile (points), #n pit, h/H hedge 1/2, L labyrinth, c column, P pool, T terrace + colour (r b w y)\n")
		b.WriteString("Pawns: K king, G gardener, A architect + colour\n")
	}
	for p := 0; p < int(s.n); p++ {
		mark := "  "
		if int(s.toMove) == p && s.phase != phOver {
			mark = "> "
		}
		name := colorNames[s.color[p]]
		if fr {
			name = colorNamesFR[s.color[p]]
		}
		var sup []string
		for e := 0; e < nElems; e++ {
			if s.elem[p][e] == 0 {
				if fr {
					sup = append(sup, elems[e].fr)
				} else {
					sup = append(sup, elems[e].en)
				}
			}
		}
		tr := func(en, frs string) string {
			if fr {
				return frs
			}
			return en
		}
		hand := fmt.Sprintf(tr("%d card(s)", "%d carte(s)"), s.handN[p])
		if p == player {
			var hs []string
			for i := 0; i < int(s.handN[p]); i++ {
				hs = append(hs, cardFigure(int(s.hand[p][i])))
			}
			hand = strings.Join(hs, ", ")
		}
		fmt.Fprintf(&b, tr("%s%s (%c): %d pts (tiles %d) | supply: %s | hand: %s\n", "%s%s (%c) : %d pts (tuiles %d) | réserve : %s | main : %s\n"), mark,
			paint(s.color[p], name), colorLetter[s.color[p]], s.score[p], s.collected[p], strings.Join(sup, ", "), hand)
	}
	tr := func(en, frs string) string {
		if fr {
			return frs
		}
		return en
	}
	// s.turn counts finished turns; the one in progress is the next.
	fmt.Fprintf(&b, tr("Turn %d/%d, deck %d, discard %d", "Tour %d/%d, pioche %d, défausse %d"), min(int(s.turn)+1, turnCap), turnCap, s.deckN, popcount(s.discard))
	if s.played >= 0 {
		fmt.Fprintf(&b, tr(", played %s, steps %d/%d", ", jouée %s, pas %d/%d"), cardFigure(int(s.played)), s.steps, budget)
	}
	if s.phase != phOver {
		fmt.Fprintf(&b, tr(", step: %s", ", étape : %s"), tr(phaseNames[s.phase], phaseNamesFR[s.phase]))
		// The struck subject stands nowhere until it is put, so the board
		// alone would not say whose pawn is waiting.
		if s.phase == phRelocate {
			q, k := int(s.struck)/nPawns, int(s.struck)%nPawns
			if fr {
				fmt.Fprintf(&b, " (%s %s)", pawnNameFR[k], colorNamesFR[s.color[q]])
			} else {
				fmt.Fprintf(&b, " (%s's %s)", colorNames[s.color[q]], pawnNameEN[k])
			}
		}
		if s.phase == phWork {
			var ws []string
			for _, k := range [2]int{gardener, architect} {
				if s.canWork(k) {
					ws = append(ws, tr(pawnNameEN[k], pawnNameFR[k]))
				}
			}
			fmt.Fprintf(&b, tr(", workers: %s", ", ouvriers : %s"), strings.Join(ws, ", "))
		}
	} else if s.winner >= 0 {
		if fr {
			fmt.Fprintf(&b, ", %s gagne", colorNamesFR[s.color[s.winner]])
		} else {
			fmt.Fprintf(&b, ", %s wins", colorNames[s.color[s.winner]])
		}
	} else {
		b.WriteString(tr(", game over", ", partie terminée"))
	}
	b.WriteByte('\n')
	return b.String()
}

// cardFigure prints a card with its figure, e.g. "C07 [KG / A.]".
func cardFigure(c int) string {
	if c < 0 || c >= len(cards) {
		return "?"
	}
	ci := cards[c]
	pts := [3]xy{{0, 0}, ci.g, ci.a}
	mx, my, Mx, My := 0, 0, 0, 0
	for _, p := range pts {
		mx, my, Mx, My = min(mx, p[0]), min(my, p[1]), max(Mx, p[0]), max(My, p[1])
	}
	var rows []string
	for y := my; y <= My; y++ {
		row := []byte{}
		for x := mx; x <= Mx; x++ {
			ch := byte('.')
			for i, p := range pts {
				if p == (xy{x, y}) {
					ch = "KGA"[i]
				}
			}
			row = append(row, ch)
		}
		rows = append(rows, string(row))
	}
	return ci.id + " [" + strings.Join(rows, " / ") + "]"
}
