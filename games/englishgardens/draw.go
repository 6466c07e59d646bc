package englishgardens

import (
	"fmt"
	"strings"

	"github.com/jardin-games/jardin/engine"
)

const cellWidth = 14

var ansiColour = [4]string{"", "\x1b[31m", "\x1b[33m", "\x1b[34m"}

const ansiGreen, ansiBold, ansiReset = "\x1b[32m", "\x1b[1m", "\x1b[0m"

// short names a card in a cell: colour and flower initials, then the
// feature or trees, so that it reads without colour: "Y rose oo",
// "R lily POND", "Y pet STRUCT", "~ lawn ~".
func (s *state) short(c int8) string {
	k := s.card(c)
	if k.Lawn {
		return "~~ lawn ~~"
	}
	txt := strings.ToUpper(colourNames[k.Colour][:1]) + " " + flowerNames[k.Flower][:min(4, len(flowerNames[k.Flower]))]
	switch k.Feature {
	case featPond:
		txt += " POND"
	case featStructure:
		txt += " STRUCT"
	}
	if len(k.Icons) > 0 {
		txt += " "
		for _, t := range k.Icons {
			txt += treeNames[t][:1]
		}
	}
	return txt
}

func (s *state) paint(c int8, txt string, st engine.Style) string {
	pad := cellWidth - len(txt)
	if pad < 0 {
		pad = 0
	}
	txt += strings.Repeat(" ", pad)
	if !st.Color {
		return txt
	}
	k := s.card(c)
	if k.Lawn {
		return ansiGreen + txt + ansiReset
	}
	return ansiColour[k.Colour] + txt + ansiReset
}

func blank(txt string) string { return txt + strings.Repeat(" ", max(0, cellWidth-len(txt))) }

// Draw shows the displays, the decks and every village; the viewer's hand
// in full, other hands as a count.
func (s *state) Draw(viewer int, st engine.Style) string {
	var b strings.Builder
	bold := func(t string) string {
		if st.Color {
			return ansiBold + t + ansiReset
		}
		return t
	}
	fmt.Fprintf(&b, "%s  %s %d  %s %d  %s %d", bold("Jardins Anglais"), tr(st, "turn", "tour"), s.turns+1,
		tr(st, "landscape deck", "pioche Aménagement"), s.land.n, tr(st, "trophy deck", "pioche Trophées"), s.tro.n)
	if s.endTriggered {
		b.WriteString(tr(st, "  [END TRIGGERED: last round]", "  [FIN DÉCLENCHÉE : dernier tour]"))
	}
	b.WriteString(tr(st, "\nLandscape display: ", "\nAménagements visibles : "))
	for i, c := range s.landDisp {
		fmt.Fprintf(&b, " %d:", i+1)
		if c < 0 {
			b.WriteString(blank(tr(st, "(empty)", "(vide)")))
		} else {
			b.WriteString(s.paint(c, s.short(c), st))
		}
	}
	b.WriteString(s.drawUnder(viewer))
	b.WriteString(tr(st, "\nTrophy display:\n", "\nTrophées visibles :\n"))
	for i, t := range s.troDisp {
		if t < 0 {
			fmt.Fprintf(&b, "  %d: %s\n", i+1, tr(st, "(empty)", "(vide)"))
		} else {
			fmt.Fprintf(&b, "  %d: #%d %s\n", i+1, t+1, s.g.c.trophies[t].Name)
		}
	}
	if s.phase == phTrophyPlace {
		fmt.Fprintf(&b, tr(st, "Trophy to place: #%d %s\n", "Trophée à placer : #%d %s\n"), s.held+1, s.g.c.trophies[s.held].Name)
	}
	for q := 0; q < int(s.n); q++ {
		b.WriteString("\n")
		b.WriteString(s.drawVillage(q, viewer, st, bold))
	}
	return b.String()
}

func (s *state) drawVillage(q, viewer int, st engine.Style, bold func(string) string) string {
	var b strings.Builder
	p := &s.pl[q]
	up := tr(st, "face down", "face cachée")
	if p.villageUp {
		up = tr(st, "face up", "face visible")
	}
	marker := ""
	if q == int(s.cur) && s.phase != phOver {
		marker = tr(st, "  <- to play", "  <- à jouer")
	}
	fmt.Fprintf(&b, "%s  village %s (%s)  score %d  %s %d%s\n", bold(fmt.Sprintf(tr(st, "Player %d", "Joueur %d"), q+1)),
		s.g.c.villages[p.village], up, s.Score(q), tr(st, "cards", "cartes"), p.visible, marker)
	trophyCell := func(sl int) string {
		if t := p.trophy[sl]; t >= 0 {
			return blank(fmt.Sprintf("%s #%d", slotNames[sl], t+1))
		}
		return blank(slotNames[sl] + " --")
	}
	fmt.Fprintf(&b, "  %s|%s|%s|%s\n", blank("VILLAGE"), trophyCell(0), trophyCell(1), trophyCell(2))
	for r := 0; r < 3; r++ {
		fmt.Fprintf(&b, "  %s", trophyCell(3+r))
		for c := 0; c < 3; c++ {
			b.WriteByte('|')
			i := r*3 + c
			if t := p.land[i].top(); t >= 0 {
				txt := s.short(t)
				if p.land[i].h > 1 {
					txt += fmt.Sprintf("^%d", p.land[i].h-1)
				}
				b.WriteString(s.paint(t, txt, st))
			} else {
				b.WriteString(blank(fmt.Sprintf(". r%dc%d", r+1, c+1)))
			}
		}
		b.WriteByte('\n')
	}
	if q == viewer {
		b.WriteString(tr(st, "  Hand:", "  Main :"))
		for i := 0; i < int(p.handN); i++ {
			fmt.Fprintf(&b, " h%d:%s", i+1, s.paint(p.hand[i], s.short(p.hand[i]), st))
		}
		b.WriteByte('\n')
	} else {
		fmt.Fprintf(&b, tr(st, "  Hand: %d cards", "  Main : %d cartes"), p.handN)
		// Cards taken face up are public until a face-down discard hides
		// them (see the view); show them so a player need not remember.
		var known []string
		for i := 0; i < int(p.handN); i++ {
			if p.handKnown[i] {
				known = append(known, fmt.Sprintf("h%d:%s", i+1, s.card(p.hand[i]).name()))
			}
		}
		if len(known) > 0 {
			b.WriteString(" (seen: " + strings.Join(known, ", ") + ")")
		}
		b.WriteByte('\n')
	}
	var used []string
	for sl, t := range p.trophy {
		if t >= 0 {
			used = append(used, fmt.Sprintf("%s=#%d %s", slotNames[sl], t+1, s.g.c.trophies[t].Name))
		}
	}
	if len(used) > 0 {
		b.WriteString(tr(st, "  Trophies: ", "  Trophées : ") + strings.Join(used, "; ") + "\n")
	}
	return b.String()
}

// drawUnder lists the cards put under the decks with special 1: the
// viewer's own in deck order, top first, the others' as a set (view.go).
func (s *state) drawUnder(viewer int) string {
	var b strings.Builder
	for _, d := range []struct {
		deck *deck
		name func(int8) string
		what string
	}{
		{&s.land, func(c int8) string { return s.card(c).name() }, "landscape"},
		{&s.tro, func(t int8) string { return fmt.Sprintf("#%d", t+1) }, "trophy"},
	} {
		var mine []string
		for i := int(d.deck.n) - 1; i >= 0; i-- {
			if viewer >= 0 && int(d.deck.seg[i]) == viewer+1 {
				mine = append(mine, d.name(d.deck.cards[i]))
			}
		}
		if len(mine) > 0 {
			fmt.Fprintf(&b, "\nUnder the %s deck, yours, drawn in this order: %s", d.what, strings.Join(mine, ", "))
		}
	}
	for _, u := range s.underDeck(viewer) {
		var names []string
		for _, c := range u.Land {
			names = append(names, c.Name)
		}
		for _, t := range u.Trophies {
			names = append(names, fmt.Sprintf("#%d", t.N))
		}
		fmt.Fprintf(&b, "\nPut under the decks by player %d (order unknown; some may have been drawn since): %s", u.Seat+1, strings.Join(names, ", "))
	}
	return b.String()
}

// tr picks the English or French label for the drawing's language.
func tr(st engine.Style, en, fr string) string {
	if st.Lang == "fr" {
		return fr
	}
	return en
}
