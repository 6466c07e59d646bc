package hanginggardens

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/jardin-games/jardin/engine"
)

var _ engine.Drawer = (*state)(nil)

// drawWords are the short labels of the drawing in one language: a card
// reads in a few letters, its sight, flowers and icons (~ irrigation,
// ^ crown, $ gold, & tools).
type drawWords struct {
	animals  [3]string
	trees    [3]string
	visitor  string   // the prefix of a visitor's label
	visitors []string // by visitor kind, after the prefix
	flowers  [3]byte  // blue, red, yellow
}

var (
	drawEN = drawWords{
		animals:  [3]string{"Lion", "Monk", "Peac"},
		trees:    [3]string{"Drag", "Cedr", "Palm"},
		visitor:  "V:",
		visitors: []string{"B", "Y", "R", "~", "^", "BRY", "V", "Obj", "Ani", "Tre", "$", "Enh", "TVA", "&"},
		flowers:  [3]byte{'B', 'R', 'Y'},
	}
	drawFR = drawWords{
		animals:  [3]string{"Lion", "Sing", "Paon"},
		trees:    [3]string{"Drag", "Cèdr", "Datt"},
		visitor:  "P:",
		visitors: []string{"B", "J", "R", "~", "^", "BRJ", "P", "Obj", "Ani", "Arb", "$", "Emb", "APA", "&"},
		flowers:  [3]byte{'B', 'R', 'J'},
	}
)

func wordsFor(lang string) *drawWords {
	if lang == "fr" {
		return &drawFR
	}
	return &drawEN
}

// labelSet holds every card's and tile's label, [floor+1] (0: the market),
// built once: drawing is not a hot path, but the conformance kit draws
// every position for many viewers.
type labelSet struct {
	cards, enh [][4]string
}

var labelsEN, labelsFR = buildLabels(&drawEN), buildLabels(&drawFR)

func buildLabels(dw *drawWords) *labelSet {
	ls := &labelSet{cards: make([][4]string, len(comp.Cards)), enh: make([][4]string, len(comp.Enh))}
	for f := -1; f < 3; f++ {
		for i := range comp.Cards {
			ls.cards[i][f+1] = dw.label(&comp.Cards[i], f)
		}
		for i := range comp.Enh {
			ls.enh[i][f+1] = dw.label(&comp.Enh[i], f)
		}
	}
	return ls
}

func labelsFor(lang string) *labelSet {
	if lang == "fr" {
		return labelsFR
	}
	return labelsEN
}

// label writes a card or tile in a few letters. In the market (floor < 0) an
// animal shows its points on floors 1/2/3; in a garden, the points of the
// floor it stands on.
func (dw *drawWords) label(c *content, floor int) string {
	var b strings.Builder
	switch c.Sight {
	case sightAnimal:
		b.WriteString(dw.animals[c.Animal])
		if floor < 0 {
			fmt.Fprintf(&b, "%d%d%d", c.APoints[0], c.APoints[1], c.APoints[2])
		} else {
			fmt.Fprintf(&b, "%d", c.APoints[floor])
		}
	case sightTree:
		b.WriteString(dw.trees[c.Tree])
	case sightVisitor:
		b.WriteString(dw.visitor + dw.visitors[c.Visitor])
	}
	var fl []byte
	for col, n := range c.Flowers {
		for range n {
			fl = append(fl, dw.flowers[col])
		}
	}
	if len(fl) > 0 {
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		b.Write(fl)
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

const ansiReset = "\x1b[0m"

// paint colours the symbols of a padded plain cell; the letters after a
// visitor's prefix name what it loves and stay plain.
func (dw *drawWords) paint(s string, color bool) string {
	if !color {
		return s
	}
	var b strings.Builder
	inV := false
	for i := 0; i < len(s); i++ {
		ch := s[i]
		code := ""
		switch ch {
		case dw.flowers[blue]:
			code = "\x1b[1;34m"
		case dw.flowers[red]:
			code = "\x1b[1;31m"
		case dw.flowers[yellow]:
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
		if strings.HasPrefix(s[i:], dw.visitor) {
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

// cell writes txt in brackets, padded or cut to w characters.
func (dw *drawWords) cell(txt string, w int, color bool) string {
	if n := utf8.RuneCountInString(txt); n > w {
		txt = string([]rune(txt)[:w])
	} else {
		txt += strings.Repeat(" ", w-n)
	}
	return "[" + dw.paint(txt, color) + "]"
}

// pad pads s with spaces to w characters (runes, not bytes: French has
// accents).
func pad(s string, w int) string {
	if n := utf8.RuneCountInString(s); n < w {
		return s + strings.Repeat(" ", w-n)
	}
	return s
}

func seatName(p int8, lang string) string {
	if p == automaSeat {
		return "automa"
	}
	if lang == "fr" {
		return fmt.Sprintf("J%d", p+1)
	}
	return fmt.Sprintf("P%d", p+1)
}

var phaseWords = [...]engine.Text{
	phaseTake:      {EN: "take a card", FR: "choisir une carte"},
	phasePlace:     {EN: "place the card", FR: "placer la carte"},
	phaseBuy:       {EN: "buy an enhancement", FR: "acheter un embellissement"},
	phasePut:       {EN: "put the enhancement", FR: "poser l'embellissement"},
	phaseObjective: {EN: "royal objective", FR: "objectif royal"},
	phaseOver:      {EN: "game over", FR: "partie terminée"},
}

var (
	discardWords = [...]engine.Text{
		discardAnimal: {EN: "animal", FR: "animal"}, discardTree: {EN: "tree", FR: "arbre"},
		discardVisitor: {EN: "visitor", FR: "personnage"}, discardIrrigation: {EN: "irrigation", FR: "irrigation"},
		discardFlower: {EN: "every flower", FR: "toute fleur"},
	}
	bonusWords = [...]engine.Text{
		bonusFirst: {EN: "first player", FR: "1er joueur"}, bonusObjective: {EN: "objective", FR: "objectif"},
		bonusEnh2: {EN: "2$ tile", FR: "tuile 2$"}, bonusEnh3: {EN: "3$ tile", FR: "tuile 3$"}, bonusEnh4: {EN: "4$ tile", FR: "tuile 4$"},
	}
)

// Draw draws the table in at most 80 columns: market, enhancement piles,
// objectives, every garden as a pyramid and, at the end, the score pad. The
// letters carry the meaning; colour only helps. Everything on the table is
// public, so every viewer sees the same drawing but for the "(you)" mark.
func (s *state) Draw(player int, style engine.Style) string {
	var b strings.Builder
	col := style.Color
	lang := engine.Lang(style.Lang)
	dw, lab := wordsFor(lang), labelsFor(lang)
	b.Grow(4096)
	tr := style.Tr
	colon := tr(":", " :")
	round := min(int(s.round)+1, 4)
	fmt.Fprintf(&b, "%s — %s %d/4", Game.Title(lang), tr("round", "manche"), round)
	if s.Over() {
		fmt.Fprintf(&b, " — %s\n", phaseWords[phaseOver].In(lang))
	} else {
		fmt.Fprintf(&b, " — %s %s (%s)\n", seatName(s.cur, lang), tr("to move", "joue"), phaseWords[s.phase].In(lang))
	}
	fmt.Fprintf(&b, "%s%s %s   %s%s %d   %s%s %d %s, %d %s\n",
		tr("First player", "1er joueur"), colon, seatName(s.first, lang),
		tr("Deck", "Pioche"), colon, s.deckLen, tr("Stock", "Réserve"), colon,
		s.stockGold, tr("gold", "pièces d'or"), s.stockTools, tr("tools", "outils"))

	const w = 12 // a market cell; columns are w+4 wide, room for 5 gardeners
	const rowW = 13
	b.WriteString(tr("Market", "Marché") + "\n")
	b.WriteString(strings.Repeat(" ", rowW))
	for c := 0; c < 3; c++ {
		fmt.Fprintf(&b, " %s", pad(fmt.Sprintf("%s %d", tr("column", "colonne"), c+1), w+3))
	}
	b.WriteByte('\n')
	for r := 3; r >= 0; r-- {
		b.WriteString(pad(fmt.Sprintf("%s %d (%d&)", tr("row", "rangée"), r+1, comp.RowCosts[r]), rowW))
		for c := 0; c < 3; c++ {
			txt := ""
			if k := s.market[c][r]; k != 0 {
				txt = lab.cards[k-1][0]
			} else if int(s.pendCol) == c && int(s.pendRow) == r {
				txt = tr("(taken)", "(prise)")
			}
			b.WriteString(" " + dw.cell(txt, w, col) + " ")
		}
		b.WriteByte('\n')
	}
	b.WriteString(pad(tr("gardeners", "jardiniers"), rowW))
	for c := 0; c < 3; c++ {
		var g []string
		for i := 0; i < int(s.spaces()); i++ {
			if i < int(s.colN[c]) {
				g = append(g, seatName(s.cols[c][i], lang))
			} else {
				g = append(g, ".")
			}
		}
		fmt.Fprintf(&b, " %s", pad(strings.Join(g, " "), w+3))
	}
	b.WriteByte('\n')
	if s.pendCard != 0 {
		fmt.Fprintf(&b, "%s%s %s %s\n", tr("Taken", "Carte prise"), colon, comp.Cards[s.pendCard-1].ID, dw.cell(lab.cards[s.pendCard-1][0], w, col))
	}
	if s.pendPile >= 0 {
		fmt.Fprintf(&b, "%s%s %s %s\n", tr("Bought", "Tuile achetée"), colon, comp.Enh[s.pendPile].ID, dw.cell(lab.enh[s.pendPile][0], w, col))
	}

	b.WriteString(tr("Enhancements (top tile, tiles left):", "Embellissements (tuile du dessus, tuiles restantes) :") + "\n")
	for k := 0; k < 3; k++ {
		txt := pad(tr("empty", "vide"), 16)
		if s.pileLen[k] > 0 {
			t := s.piles[k][s.pileLen[k]-1]
			txt = comp.Enh[t].ID + " " + dw.cell(lab.enh[t][0], 9, col)
		}
		fmt.Fprintf(&b, "  %d$ %s %-2d", k+2, txt, s.pileLen[k])
	}
	b.WriteByte('\n')

	b.WriteString(tr("Royal objectives (on one floor; the first player needs 1 fewer):",
		"Objectifs royaux (au même étage ; le 1er joueur a 1 élément de moins) :") + "\n")
	for k := 0; k < 4; k++ {
		o := &comp.Objectives[s.obj[k]]
		var m []string
		for i := 0; i < comp.Places[s.n]; i++ {
			if i < int(s.markN[k]) {
				m = append(m, seatName(s.marks[k][i], lang))
			} else {
				m = append(m, "..")
			}
		}
		rw := ""
		switch comp.ObjPos[k].Reward {
		case "tools":
			rw = "+1&"
		case "gold":
			rw = "+1$"
		}
		fmt.Fprintf(&b, "  %d. %s %d %s %d/%d %-3s [%s]\n", k+1, o.ID, o.Required,
			pad(words.get("item."+itemNames[o.Item]+".many", lang), 17),
			comp.ObjPos[k].High, comp.ObjPos[k].Low, rw, strings.Join(m, " "))
	}

	for p := 0; p < int(s.n); p++ {
		pl := &s.pl[p]
		mark := ""
		if int(s.first) == p {
			mark = tr(" *1st*", " *1er*")
		}
		if p == player {
			mark += tr(" (you)", " (vous)")
		}
		fmt.Fprintf(&b, "%s%s%s %d$ %d& · irrigation %s · %s %d · %s\n", seatName(int8(p), lang), mark, colon,
			pl.Gold, pl.Tools, texts.Name(comp.Irrigation[pl.Irrigation].Name, lang),
			tr("gardeners", "jardiniers"), pl.Gardeners, fmt.Sprintf(tr("score %d", "%d points"), s.Score(p)))
		s.drawGarden(&b, p, dw, lab, col)
	}
	if s.solo {
		fmt.Fprintf(&b, "Automa%s %s · %s %d · %s%s %d\n", colon, words.get("difficulty."+comp.Difficulties[s.diff].Name, lang),
			tr("gardeners", "jardiniers"), s.automaGard, tr("markers left", "marqueurs restants"), colon, 4-s.automaMarks)
		if s.automaLast >= 0 {
			a := &comp.Automa[s.automaLast]
			fmt.Fprintf(&b, "  %s %d (%s%s %s ; bonus%s %s)\n", tr("last card", "dernière carte"), a.Num,
				tr("discard", "défausse"), colon, discardWords[a.Discard].In(lang), colon, bonusWords[a.Bonus].In(lang))
		}
	}
	if s.Over() {
		s.drawPad(&b, lang)
	}
	b.WriteString(tr("Legend: B R Y flowers, ~ irrigation, ^ crown, $ gold, & tools, V: visitor,\n",
		"Légende : B R J fleurs, ~ irrigation, ^ couronne, $ or, & outils,\n"))
	b.WriteString(tr("Lion422: points by floor (1/2/3), x: marked on the irrigation card\n",
		"P: personnage, Lion422 : points par étage, x : case de la carte Irrigation\n"))
	return trimLines(b.String())
}

// drawGarden draws a pyramid in three lines, floor 3 on top, each position
// a bracketed cell: its name, x when the irrigation card marks it, then the
// card (an animal with its points on that floor) and + its enhancement.
// Five cells of 15 characters and a space fit 80 columns.
func (s *state) drawGarden(b *strings.Builder, p int, dw *drawWords, lab *labelSet, color bool) {
	pl := &s.pl[p]
	const w = 13
	mask := comp.Irrigation[pl.Irrigation].Mask
	rows := [3][2]int{{9, 3}, {5, 4}, {0, 5}}
	for fi, r := range rows {
		floor := 2 - fi
		b.WriteString(strings.Repeat(" ", floor*(w+3)/2))
		for i := r[0]; i < r[0]+r[1]; i++ {
			txt := posNames[i]
			if mask&(1<<i) != 0 {
				txt += "x"
			} else {
				txt += " "
			}
			if k := pl.Cards[i]; k != 0 {
				txt += lab.cards[k-1][floor+1]
				if e := pl.Enh[i]; e != 0 {
					txt += "+" + lab.enh[e-1][floor+1]
				}
			}
			if i > r[0] {
				b.WriteByte(' ')
			}
			b.WriteString(dw.cell(txt, w, color))
		}
		b.WriteByte('\n')
	}
}

// drawPad prints the final score pad, a column per player, and the solo
// rating.
func (s *state) drawPad(b *strings.Builder, lang string) {
	tr := func(en, fr string) string { return engine.Text{EN: en, FR: fr}.In(lang) }
	r := s.Result()
	const lw = 18
	b.WriteString(pad(tr("Score pad", "Carnet de score"), lw))
	for p := 0; p < int(s.n); p++ {
		fmt.Fprintf(b, " %5s", seatName(int8(p), lang))
	}
	b.WriteByte('\n')
	row := func(name string, v func(pr engine.PlayerResult) int) {
		b.WriteString(pad(name, lw))
		for _, pr := range r.Players {
			fmt.Fprintf(b, " %5d", v(pr))
		}
		b.WriteByte('\n')
	}
	for c, cat := range r.Categories {
		row(tr(cat.EN, cat.FR), func(pr engine.PlayerResult) int { return pr.Points[c] })
	}
	row("Total", func(pr engine.PlayerResult) int { return pr.Total })
	row(tr("Rank", "Rang"), func(pr engine.PlayerResult) int { return pr.Rank })
	if s.solo {
		// the rating bands are long sentences: on a line of their own
		fmt.Fprintf(b, "%s\n  %s\n", tr("Rating:", "Appréciation :"), soloRating(s.Score(0)).In(lang))
	}
}

// trimLines drops the spaces that padding leaves at the end of lines.
func trimLines(s string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " ")
	}
	return strings.Join(lines, "\n")
}
