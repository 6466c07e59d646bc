package englishgardens

import (
	"fmt"
	"github.com/jardin-games/jardin/i18n"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/jardin-games/jardin/engine"
)

// drawWidth is the terminal width the drawing fits, at every player count.
const drawWidth = 80

// cellWidth is the width of a village cell: the longest card label
// ("Y peti STRUCT^1", "J pétu STRUCT^1") fits.
const cellWidth = 15

var ansiColour = [4]string{"", "\x1b[31m", "\x1b[33m", "\x1b[34m"}

const ansiGreen, ansiBold, ansiReset = "\x1b[32m", "\x1b[1m", "\x1b[0m"

// Short card labels, so that a card reads without colour: colour initial,
// flower, then the feature or the trees' initials: "Y rose oo",
// "R lily POND", "Y peti STRUCT", "~~ lawn ~~"; in French "J rose cc",
// "R lys BASSIN", "~ pelouse ~".
// The words are messages draw.short.<colour|flower|feature|tree>.<n> and
// draw.short.lawn.

// short labels a card in a cell or a hand.
func (s *state) short(c int8, st engine.Style) string {
	k := s.card(c)
	word := func(kind string, n int) string { return texts.T(st.Lang, "draw.short."+kind+"."+strconv.Itoa(n)) }
	if k.Lawn {
		return texts.T(st.Lang, "draw.short.lawn")
	}
	txt := word("colour", int(k.Colour)) + " " + word("flower", int(k.Flower))
	if k.Feature != featNone {
		txt += " " + word("feature", int(k.Feature))
	}
	if len(k.Icons) > 0 {
		txt += " "
		for _, t := range k.Icons {
			txt += word("tree", int(t))
		}
	}
	return txt
}

// pad fills txt with spaces to the cell width.
func pad(txt string) string {
	return txt + strings.Repeat(" ", max(0, cellWidth-utf8.RuneCountInString(txt)))
}

// paint colours a card label by the card's colour (lawns green).
func (s *state) paint(c int8, txt string, st engine.Style) string {
	if !st.Color {
		return txt
	}
	k := s.card(c)
	if k.Lawn {
		return ansiGreen + txt + ansiReset
	}
	return ansiColour[k.Colour] + txt + ansiReset
}

// Draw shows the displays, the decks and every village; the viewer's hand
// in full, other hands as a count and the cards known to be in them. A
// viewer that is not a seat sees what the spectator sees. Every line fits
// 80 columns.
func (s *state) Draw(viewer int, st engine.Style) string {
	if !engine.IsSeat(s, viewer) {
		viewer = engine.Spectator
	}
	lang := st.Lang
	tr := func(id string, args ...i18n.Arg) string { return texts.T(lang, id, args...) }
	var b strings.Builder
	bold := func(t string) string {
		if st.Color {
			return ansiBold + t + ansiReset
		}
		return t
	}
	b.WriteString(bold(s.g.Title(lang)))
	b.WriteString(tr("draw.turn", i18n.N("n", int(s.turns)+1)))
	if s.phase != phOver {
		b.WriteString(tr("draw.to-play", i18n.S("seat", s.seatName(int(s.cur), viewer, st))))
	} else {
		b.WriteString(tr("draw.game-over"))
	}
	b.WriteByte('\n')
	b.WriteString(tr("draw.decks", i18n.N("land", int(s.land.n)), i18n.N("trophy", int(s.tro.n))))
	if s.endTriggered {
		b.WriteString(tr("draw.end-triggered-last-round"))
	}
	b.WriteString(tr("draw.landscape-display"))
	for i, c := range s.landDisp {
		fmt.Fprintf(&b, " %d:", i+1)
		if c < 0 {
			b.WriteString(pad(tr("draw.empty")))
		} else {
			b.WriteString(s.paint(c, pad(s.short(c, st)), st))
		}
	}
	b.WriteString(tr("draw.trophy-display"))
	for i, t := range s.troDisp {
		if t < 0 {
			fmt.Fprintf(&b, "  %d: %s\n", i+1, tr("draw.empty"))
		} else {
			fmt.Fprintf(&b, "  %d: #%d %s\n", i+1, t+1, texts.Name(trophyID(t), lang))
		}
	}
	if s.phase == phTrophyPlace {
		b.WriteString(wrap(tr("draw.trophy-card-to-place"),
			[]string{fmt.Sprintf("#%d %s", s.held+1, texts.Name(trophyID(s.held), lang))}, "", "  "))
	}
	b.WriteString(s.drawUnder(viewer, st))
	for q := 0; q < int(s.n); q++ {
		b.WriteString("\n")
		b.WriteString(s.drawVillage(q, viewer, st, bold))
	}
	return b.String()
}

// seatName is "Player 2", or "Player 2 (you)" for the viewer.
func (s *state) seatName(q, viewer int, st engine.Style) string {
	tr := func(id string, args ...i18n.Arg) string { return texts.T(st.Lang, id, args...) }
	name := tr("draw.player", i18n.N("n", q+1))
	if q == viewer {
		name += tr("draw.you")
	}
	return name
}

func (s *state) drawVillage(q, viewer int, st engine.Style, bold func(string) string) string {
	var b strings.Builder
	p := &s.pl[q]
	lang := st.Lang
	tr := func(id string, args ...i18n.Arg) string { return texts.T(lang, id, args...) }
	up := tr("draw.face-down")
	if p.villageUp {
		up = tr("draw.face-up")
	}
	fmt.Fprintf(&b, "%s  %s\n", bold(s.seatName(q, viewer, st)), tr("draw.village-line",
		i18n.S("village", texts.Name(villageID(p.village), lang)), i18n.S("side", up), i18n.N("score", s.Score(q)), i18n.N("n", int(p.visible))))
	trophyCell := func(sl int) string {
		if t := p.trophy[sl]; t >= 0 {
			return pad(fmt.Sprintf("%s #%d", slotNames[sl], t+1))
		}
		return pad(slotNames[sl] + " --")
	}
	fmt.Fprintf(&b, "  %s|%s|%s|%s\n", pad(tr("draw.village")), trophyCell(0), trophyCell(1), trophyCell(2))
	for r := 0; r < 3; r++ {
		fmt.Fprintf(&b, "  %s", trophyCell(3+r))
		for c := 0; c < 3; c++ {
			b.WriteByte('|')
			i := r*3 + c
			if t := p.land[i].top(); t >= 0 {
				txt := s.short(t, st)
				if p.land[i].h > 1 {
					txt += fmt.Sprintf("^%d", p.land[i].h-1)
				}
				b.WriteString(s.paint(t, pad(txt), st))
			} else {
				b.WriteString(pad(". " + cellID(i)))
			}
		}
		b.WriteByte('\n')
	}
	if q == viewer {
		var cards []string
		for i := 0; i < int(p.handN); i++ {
			cards = append(cards, fmt.Sprintf("h%d:%s", i+1, s.paint(p.hand[i], s.short(p.hand[i], st), st)))
		}
		b.WriteString(wrap(tr("draw.hand", i18n.N("n", int(p.handN))), cards, " ", "    "))
	} else {
		// Cards taken face up are public until a face-down discard hides
		// them (see the view); show them so a player need not remember.
		var known []string
		for i := 0; i < int(p.handN); i++ {
			if p.handKnown[i] {
				known = append(known, fmt.Sprintf("h%d:%s", i+1, texts.Name(landID(p.hand[i]), lang)))
			}
		}
		head := tr("draw.hand", i18n.N("n", int(p.handN)))
		if len(known) > 0 {
			head += tr("draw.seen")
		}
		b.WriteString(wrap(head, known, ", ", "    "))
	}
	var used []string
	for sl, t := range p.trophy {
		if t >= 0 {
			used = append(used, fmt.Sprintf("%s #%d %s", slotNames[sl], t+1, texts.Name(trophyID(t), lang)))
		}
	}
	if len(used) > 0 {
		b.WriteString(wrap(tr("draw.trophies"), used, ", ", "    "))
	}
	return b.String()
}

// drawUnder lists the cards put under the decks with special 1: the
// viewer's own in deck order, top first, the others' as a set (view.go).
func (s *state) drawUnder(viewer int, st engine.Style) string {
	var b strings.Builder
	lang := st.Lang
	tr := func(id string, args ...i18n.Arg) string { return texts.T(lang, id, args...) }
	for kind, d := range []*deck{&s.land, &s.tro} {
		var mine []string
		for i := int(d.n) - 1; i >= 0; i-- {
			if viewer >= 0 && int(d.seg[i]) == viewer+1 {
				id := landID(d.cards[i])
				if kind == 1 {
					id = trophyID(d.cards[i])
				}
				mine = append(mine, texts.Name(id, lang))
			}
		}
		if len(mine) > 0 {
			head := tr("draw.yours-under-the-landscape-deck")
			if kind == 1 {
				head = tr("draw.yours-under-the-trophy-deck")
			}
			b.WriteString(wrap(head, mine, ", ", "  "))
		}
	}
	for _, u := range s.underDeck(viewer) {
		var names []string
		for _, c := range u.Land {
			names = append(names, texts.Name(c.ID, lang))
		}
		for _, t := range u.Trophies {
			names = append(names, texts.Name(t.ID, lang))
		}
		head := tr("draw.put-under-decks", i18n.N("n", u.Seat+1))
		b.WriteString(wrap(head, names, ", ", "  "))
	}
	return b.String()
}

// wrap writes head and items, separated by sep, as lines of at most
// drawWidth columns (ANSI codes excluded), breaking between words of head
// and between items; continuation lines start with indent. Every line,
// the first included, is indented by two spaces less than indent's width.
func wrap(head string, items []string, sep, indent string) string {
	atoms := i18n.Words(head)
	for i, it := range items {
		if i < len(items)-1 {
			it += strings.TrimRight(sep, " ")
		}
		atoms = append(atoms, it)
	}
	var b strings.Builder
	first := strings.Repeat(" ", max(0, len(indent)-2))
	b.WriteString(first)
	start := len(first)
	width := start
	for _, a := range atoms {
		w := visibleWidth(a)
		if width > start && width+1+w > drawWidth {
			b.WriteByte('\n')
			b.WriteString(indent)
			width, start = len(indent), len(indent)
		}
		if width > start {
			b.WriteByte(' ')
			width++
		}
		b.WriteString(a)
		width += w
	}
	b.WriteByte('\n')
	return b.String()
}

// visibleWidth is the number of columns s takes on a terminal: its runes,
// ANSI escape sequences excluded.
func visibleWidth(s string) int {
	n := 0
	for i := 0; i < len(s); {
		if s[i] == 0x1b {
			j := strings.IndexByte(s[i:], 'm')
			if j < 0 {
				break
			}
			i += j + 1
			continue
		}
		_, size := utf8.DecodeRuneInString(s[i:])
		i += size
		n++
	}
	return n
}
