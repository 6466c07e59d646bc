package hanginggardens

import (
	"fmt"
	"github.com/jardin-games/jardin/i18n"
	"strconv"
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
	visitor  string    // the prefix of a visitor's label
	visitors []string  // by visitor kind, after the prefix
	flowers  [3]string // blue, red, yellow
	irrig    string    // the mark of a position the irrigation card marks
	pos      [nPos]string
	id       func(id string) string // a card's or tile's id, as printed
}

// drawWordsFor builds a language's abbreviations from the catalogue
// (messages draw.abbr.*).
func drawWordsFor(lang string) *drawWords {
	t := func(id string) string { return texts.T(lang, "draw.abbr."+id) }
	dw := &drawWords{visitor: t("visitor-prefix")}
	for i := range 3 {
		dw.animals[i] = t("animal." + strconv.Itoa(i))
		dw.trees[i] = t("tree." + strconv.Itoa(i))
	}
	for i := range 14 {
		dw.visitors = append(dw.visitors, t("visitor."+strconv.Itoa(i)))
	}
	for i := range 3 {
		dw.flowers[i] = t("flower." + strconv.Itoa(i))
	}
	dw.irrig = t("irrigated")
	for i, p := range posNames {
		dw.pos[i] = texts.T(lang, "draw.pos", i18n.S("pos", p))
	}
	dw.id = func(id string) string { return texts.T(lang, "draw.id", i18n.S("id", id)) }
	return dw
}

// drawSet is one language's abbreviations and labels.
type drawSet struct {
	words  *drawWords
	labels *labelSet
}

// drawSets holds every language of the catalogue's draw set, built once
// and only read afterwards.
var drawSets = func() map[string]drawSet {
	out := map[string]drawSet{}
	for _, l := range texts.Langs() {
		dw := drawWordsFor(l)
		out[l] = drawSet{dw, buildLabels(dw)}
	}
	return out
}()

func setFor(lang string) drawSet {
	if d, ok := drawSets[lang]; ok {
		return d
	}
	return drawSets["en"]
}

// labelSet holds every card's and tile's label, [floor+1] (0: the market),
// built once: drawing is not a hot path, but the conformance kit draws
// every position for many viewers.
type labelSet struct {
	cards, enh [][4]string
}

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
	var fl strings.Builder
	for col, n := range c.Flowers {
		for range n {
			fl.WriteString(dw.flowers[col])
		}
	}
	if fl.Len() > 0 {
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(fl.String())
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
		switch {
		case dw.isFlower(s[i:], blue):
			code = "\x1b[1;34m"
		case dw.isFlower(s[i:], red):
			code = "\x1b[1;31m"
		case dw.isFlower(s[i:], yellow):
			code = "\x1b[1;33m"
		}
		switch ch {
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

// isFlower reports whether s starts with the one-letter mark of flower
// colour col (a longer mark, as the pseudo-language's, is not painted).
func (dw *drawWords) isFlower(s string, col int) bool {
	f := dw.flowers[col]
	return len(f) == 1 && s[0] == f[0]
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
		return texts.T(lang, "draw.automa")
	}
	return texts.T(lang, "draw.seat-short", i18n.N("n", int(p)+1))
}

// Draw draws the table in at most 80 columns: market, enhancement piles,
// objectives, every garden as a pyramid and, at the end, the score pad. The
// letters carry the meaning; colour only helps. Everything on the table is
// public, so every viewer sees the same drawing but for the "(you)" mark.
func (s *state) Draw(player int, style engine.Style) string {
	var b strings.Builder
	col := style.Color
	lang := style.Lang
	set := setFor(lang)
	dw, lab := set.words, set.labels
	b.Grow(4096)
	tr := func(id string, args ...i18n.Arg) string { return texts.T(lang, id, args...) }
	colon := tr("draw.punct")
	round := min(int(s.round)+1, 4)
	fmt.Fprintf(&b, "%s — %s %d/4", Game.Title(lang), tr("draw.round"), round)
	if s.Over() {
		fmt.Fprintf(&b, " — %s\n", tr("draw.phase.over"))
	} else {
		fmt.Fprintf(&b, " — %s %s (%s)\n", seatName(s.cur, lang), tr("draw.to-move"), tr("draw.phase."+phaseNames[s.phase]))
	}
	fmt.Fprintf(&b, "%s%s %s   %s%s %d   %s%s %d %s, %d %s\n",
		tr("draw.first-player"), colon, seatName(s.first, lang),
		tr("draw.deck"), colon, s.deckLen, tr("draw.stock"), colon,
		s.stockGold, tr("draw.gold"), s.stockTools, tr("draw.tools"))

	const w = 12 // a market cell; columns are w+4 wide, room for 5 gardeners
	const rowW = 13
	b.WriteString(tr("draw.market") + "\n")
	b.WriteString(strings.Repeat(" ", rowW))
	for c := 0; c < 3; c++ {
		fmt.Fprintf(&b, " %s", pad(fmt.Sprintf("%s %d", tr("draw.column"), c+1), w+3))
	}
	b.WriteByte('\n')
	for r := 3; r >= 0; r-- {
		b.WriteString(pad(fmt.Sprintf("%s %d (%d&)", tr("draw.row"), r+1, comp.RowCosts[r]), rowW))
		for c := 0; c < 3; c++ {
			txt := ""
			if k := s.market[c][r]; k != 0 {
				txt = lab.cards[k-1][0]
			} else if int(s.pendCol) == c && int(s.pendRow) == r {
				txt = tr("draw.taken")
			}
			b.WriteString(" " + dw.cell(txt, w, col) + " ")
		}
		b.WriteByte('\n')
	}
	b.WriteString(pad(tr("draw.gardeners"), rowW))
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
		fmt.Fprintf(&b, "%s%s %s %s\n", tr("draw.taken-2"), colon, dw.id(comp.Cards[s.pendCard-1].ID), dw.cell(lab.cards[s.pendCard-1][0], w, col))
	}
	if s.pendPile >= 0 {
		fmt.Fprintf(&b, "%s%s %s %s\n", tr("draw.bought"), colon, dw.id(comp.Enh[s.pendPile].ID), dw.cell(lab.enh[s.pendPile][0], w, col))
	}

	b.WriteString(tr("draw.enhancements-top-tile-tiles-left") + "\n")
	for k := 0; k < 3; k++ {
		txt := pad(tr("draw.empty"), 16)
		if s.pileLen[k] > 0 {
			t := s.piles[k][s.pileLen[k]-1]
			txt = dw.id(comp.Enh[t].ID) + " " + dw.cell(lab.enh[t][0], 9, col)
		}
		fmt.Fprintf(&b, "  %d$ %s %-2d", k+2, txt, s.pileLen[k])
	}
	b.WriteByte('\n')

	b.WriteString(tr("draw.royal-objectives-on-one-floor") + "\n")
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
		fmt.Fprintf(&b, "  %d. %s %d %s %d/%d %-3s [%s]\n", k+1, dw.id(o.ID), o.Required,
			pad(tr("word.item."+itemNames[o.Item]+".many"), 17),
			comp.ObjPos[k].High, comp.ObjPos[k].Low, rw, strings.Join(m, " "))
	}

	for p := 0; p < int(s.n); p++ {
		pl := &s.pl[p]
		mark := ""
		if int(s.first) == p {
			mark = tr("draw.1st")
		}
		if p == player {
			mark += tr("draw.you")
		}
		fmt.Fprintf(&b, "%s%s%s %d$ %d& · %s\n", seatName(int8(p), lang), mark, colon, pl.Gold, pl.Tools,
			tr("draw.player-line", i18n.S("irrigation", texts.Name(comp.Irrigation[pl.Irrigation].Name, lang)),
				i18n.N("gardeners", int(pl.Gardeners)), i18n.N("score", s.Score(p))))
		s.drawGarden(&b, p, dw, lab, col)
	}
	if s.solo {
		fmt.Fprintf(&b, "%s%s %s · %s %d · %s%s %d\n", tr("draw.automa-title"), colon, tr("option.difficulty."+comp.Difficulties[s.diff].Name),
			tr("draw.gardeners"), s.automaGard, tr("draw.markers-left"), colon, 4-s.automaMarks)
		if s.automaLast >= 0 {
			a := &comp.Automa[s.automaLast]
			fmt.Fprintf(&b, "  %s %d (%s%s %s ; %s%s %s)\n", tr("draw.last-card"), a.Num,
				tr("draw.discard"), colon, tr("draw.automa-discard."+discardNames[a.Discard]), tr("draw.bonus"), colon, tr("draw.automa-bonus."+bonusNames[a.Bonus]))
		}
	}
	if s.Over() {
		s.drawPad(&b, lang)
	}
	b.WriteString(tr("draw.legend-b-r-y-flowers"))
	b.WriteString(tr("draw.lion422-points-by-floor-1"))
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
			txt := dw.pos[i]
			if mask&(1<<i) != 0 {
				txt += dw.irrig
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
	tr := func(id string, args ...i18n.Arg) string { return texts.T(lang, id, args...) }
	r := s.Result()
	const lw = 18
	b.WriteString(pad(tr("draw.score-pad"), lw))
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
		row(texts.CategoryLabel(cat.ID, lang), func(pr engine.PlayerResult) int { return pr.Points[c] })
	}
	row(tr("draw.total"), func(pr engine.PlayerResult) int { return pr.Total })
	row(tr("draw.rank"), func(pr engine.PlayerResult) int { return pr.Rank })
	if s.solo {
		// the rating bands are long sentences: on a line of their own
		fmt.Fprintf(b, "%s\n  %s\n", tr("draw.rating"), texts.RatingLabel(soloRating(s.Score(0)), lang))
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
