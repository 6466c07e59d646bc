package hanginggardens

import (
	"fmt"
	"strings"

	"github.com/jardin-games/jardin/engine"
)

var _ engine.Drawer = (*state)(nil)

var (
	animalShort  = [3]string{"Lion", "Monk", "Peac"}
	treeShort    = [3]string{"Drag", "Cedr", "Palm"}
	visitorShort = []string{"V:B", "V:Y", "V:R", "V:~", "V:^", "V:BRY", "V:V", "V:Obj", "V:Ani", "V:Tre", "V:$", "V:Enh", "V:TVA", "V:&"}
)

// label writes a card or tile in a few letters: sight, flowers (B R Y),
// irrigation ~, crown ^, gold $, tools &.
func label(c *content) string {
	var b strings.Builder
	switch c.Sight {
	case sightAnimal:
		fmt.Fprintf(&b, "%s%d%d%d", animalShort[c.Animal], c.APoints[0], c.APoints[1], c.APoints[2])
	case sightTree:
		b.WriteString(treeShort[c.Tree])
	case sightVisitor:
		b.WriteString(visitorShort[c.Visitor])
	}
	fl := strings.Repeat("B", int(c.Flowers[blue])) + strings.Repeat("R", int(c.Flowers[red])) + strings.Repeat("Y", int(c.Flowers[yellow]))
	if fl != "" {
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(fl)
	}
	if c.Irrig {
		b.WriteByte('~')
	}
	b.WriteString(strings.Repeat("^", int(c.Crown)))
	b.WriteString(strings.Repeat("$", int(c.Gold)))
	b.WriteString(strings.Repeat("&", int(c.Tools)))
	if b.Len() == 0 {
		return "-"
	}
	return b.String()
}

const (
	ansiReset = "\x1b[0m"
)

// paint colours the symbols of a padded plain cell.
func paint(s string, color bool) string {
	if !color {
		return s
	}
	var b strings.Builder
	inV := false
	for i := 0; i < len(s); i++ {
		ch := s[i]
		code := ""
		switch ch {
		case 'B':
			code = "\x1b[1;34m"
		case 'R':
			code = "\x1b[1;31m"
		case 'Y':
			code = "\x1b[1;33m"
		case '~':
			code = "\x1b[36m"
		case '^':
			code = "\x1b[35m"
		case '$':
			code = "\x1b[33m"
		case '&':
			code = "\x1b[37m"
		}
		if ch == 'V' && i+1 < len(s) && s[i+1] == ':' {
			inV = true
		}
		if ch == ' ' {
			inV = false
		}
		if code != "" && !inV {
			b.WriteString(code)
			b.WriteByte(ch)
			b.WriteString(ansiReset)
		} else {
			b.WriteByte(ch)
		}
	}
	return b.String()
}

func cell(txt string, w int, color bool) string {
	if len(txt) > w {
		txt = txt[:w]
	}
	return "[" + paint(txt+strings.Repeat(" ", w-len(txt)), color) + "]"
}

func (s *state) seatName(p int8, lang string) string {
	if p == automaSeat {
		return "automa"
	}
	if lang == "fr" {
		return fmt.Sprintf("J%d", p+1)
	}
	return fmt.Sprintf("P%d", p+1)
}

// Draw draws the table: market, enhancement piles, objectives, stock and
// every garden. The letters carry the meaning; colour only helps.
func (s *state) Draw(player int, style engine.Style) string {
	var b strings.Builder
	col := style.Color
	fr := style.Lang == "fr"
	tr := func(en, f string) string {
		if fr {
			return f
		}
		return en
	}
	round := min(int(s.round)+1, 4)
	fmt.Fprintf(&b, "%s — %s %d/4", Game.Title(style.Lang), tr("round", "manche"), round)
	if s.Over() {
		b.WriteString(tr(" — game over\n", " — partie terminée\n"))
		if s.solo {
			fmt.Fprintf(&b, "%s: %s\n", tr("Rating", "Appréciation"), rating(s.Score(0), style.Lang))
		}
	} else {
		fmt.Fprintf(&b, " — %s %s (%s)\n", s.seatName(s.cur, style.Lang), tr("to move", "joue"), phaseNames[s.phase])
	}
	fmt.Fprintf(&b, "%s: %s   %s: %d   %s: %d %s, %d %s\n",
		tr("First player", "1er joueur"), s.seatName(s.first, style.Lang),
		tr("Deck", "Pioche"), s.deckLen, tr("Stock", "Réserve"), s.stockGold, tr("gold", "or"), s.stockTools, tr("tools", "outils"))
	const w = 12
	b.WriteString(tr("Market", "Marché") + "\n")
	fmt.Fprintf(&b, "%-10s", "")
	for c := 0; c < 3; c++ {
		fmt.Fprintf(&b, " %-*s", w+2, fmt.Sprintf("%s %d", tr("column", "colonne"), c+1))
	}
	b.WriteByte('\n')
	for r := 3; r >= 0; r-- {
		fmt.Fprintf(&b, "%-10s", fmt.Sprintf("%s %d (%d&)", tr("row", "rang"), r+1, comp.RowCosts[r]))
		for c := 0; c < 3; c++ {
			txt := ""
			if k := s.market[c][r]; k != 0 {
				txt = label(&comp.Cards[k-1])
			} else if int(s.pendCol) == c && int(s.pendRow) == r {
				txt = tr("(taken)", "(prise)")
			}
			b.WriteString(" " + cell(txt, w, col))
		}
		b.WriteByte('\n')
	}
	fmt.Fprintf(&b, "%-10s", tr("gardeners", "jardiniers"))
	for c := 0; c < 3; c++ {
		var g []string
		for i := 0; i < int(s.spaces()); i++ {
			if i < int(s.colN[c]) {
				g = append(g, s.seatName(s.cols[c][i], style.Lang))
			} else {
				g = append(g, ".")
			}
		}
		fmt.Fprintf(&b, " %-*s", w+2, strings.Join(g, " "))
	}
	b.WriteByte('\n')
	if s.pendCard != 0 {
		fmt.Fprintf(&b, "%s: %s %s\n", tr("Taken", "Carte prise"), comp.Cards[s.pendCard-1].ID, cell(label(&comp.Cards[s.pendCard-1]), w, col))
	}
	if s.pendPile >= 0 {
		fmt.Fprintf(&b, "%s: %s %s\n", tr("Bought", "Acheté"), comp.Enh[s.pendPile].ID, cell(label(&comp.Enh[s.pendPile]), w, col))
	}
	b.WriteString(tr("Enhancements", "Embellissements") + ":")
	for k := 0; k < 3; k++ {
		txt := tr("empty", "vide")
		if s.pileLen[k] > 0 {
			e := &comp.Enh[s.piles[k][s.pileLen[k]-1]]
			txt = e.ID + " " + cell(label(e), 10, col)
		}
		fmt.Fprintf(&b, "  %d$: %s (%d)", k+2, txt, s.pileLen[k])
	}
	b.WriteByte('\n')
	b.WriteString(tr("Royal objectives", "Objectifs royaux") + " (" + tr("one floor; first player needs 1 fewer", "un seul étage ; le 1er joueur a -1") + "):\n")
	for k := 0; k < 4; k++ {
		o := &comp.Objectives[s.obj[k]]
		var m []string
		for i := 0; i < comp.Places[s.n]; i++ {
			if i < int(s.markN[k]) {
				m = append(m, s.seatName(s.marks[k][i], style.Lang))
			} else {
				m = append(m, "..")
			}
		}
		rw := ""
		switch comp.ObjPos[k].Reward {
		case "tools":
			rw = " +1&"
		case "gold":
			rw = " +1$"
		}
		fmt.Fprintf(&b, "  %d. %s %d %-9s %d/%d%-4s [%s]\n", k+1, o.ID, o.Required, itemNames[o.Item],
			comp.ObjPos[k].High, comp.ObjPos[k].Low, rw, strings.Join(m, " "))
	}
	for p := 0; p < int(s.n); p++ {
		pl := &s.pl[p]
		mark := ""
		if int(s.first) == p {
			mark = " *1st*"
		}
		if p == player {
			mark += tr(" (you)", " (vous)")
		}
		fmt.Fprintf(&b, "%s%s: %d$ %d& · %s %s · %s %d · %s %d\n", s.seatName(int8(p), style.Lang), mark,
			pl.Gold, pl.Tools, tr("irrigation", "irrigation"), comp.Irrigation[pl.Irrigation].Name,
			tr("gardeners", "jardiniers"), pl.Gardeners, tr("score", "score"), s.Score(p))
		b.WriteString(s.drawGarden(p, col))
	}
	if s.solo {
		fmt.Fprintf(&b, "Automa: %s · %d %s · %d %s", comp.Difficulties[s.diff].Name,
			s.automaGard, tr("gardeners", "jardiniers"), 4-s.automaMarks, tr("markers left", "marqueurs restants"))
		if s.automaLast >= 0 {
			a := &comp.Automa[s.automaLast]
			fmt.Fprintf(&b, " · %s %d (%s, %s)", tr("last card", "dernière carte"), a.Num, discardNames[a.Discard], bonusNames[a.Bonus])
		}
		b.WriteByte('\n')
	}
	b.WriteString(tr("Legend: B R Y flowers, ~ irrigation, ^ crown, $ gold, & tools, V: visitor, x = position on the irrigation card\n",
		"Légende : B R Y fleurs, ~ irrigation, ^ couronne, $ or, & outils, V: personnage, x = case de la carte Irrigation\n"))
	return b.String()
}

func (s *state) drawGarden(p int, color bool) string {
	pl := &s.pl[p]
	const w = 16
	var b strings.Builder
	mask := comp.Irrigation[pl.Irrigation].Mask
	rows := [3][2]int{{9, 3}, {5, 4}, {0, 5}}
	for fi, r := range rows {
		b.WriteString(strings.Repeat(" ", 2+(2-fi)*(w+3)/2))
		for i := r[0]; i < r[0]+r[1]; i++ {
			txt := posNames[i]
			if mask&(1<<i) != 0 {
				txt += "x"
			} else {
				txt += " "
			}
			if k := pl.Cards[i]; k != 0 {
				txt += label(&comp.Cards[k-1])
				if e := pl.Enh[i]; e != 0 {
					txt += "+" + label(&comp.Enh[e-1])
				}
			}
			b.WriteString(cell(txt, w, color) + " ")
		}
		b.WriteByte('\n')
	}
	return b.String()
}
