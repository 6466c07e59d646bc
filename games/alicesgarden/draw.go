package alicesgarden

import (
	"fmt"
	"github.com/jardin-games/jardin/i18n"
	"strings"

	"github.com/jardin-games/jardin/engine"
)

// ANSI colours per icon; free chessboard squares get a grey background.
var iconColor = [nIcons]string{"\x1b[1;31m", "\x1b[1;34m", "\x1b[1;32m", "\x1b[1;37m", "\x1b[1;33m", "\x1b[32m"}

const (
	ansiReset = "\x1b[0m"
	ansiChess = "\x1b[100m"
)

// Draw draws the table: bags, supply (or solo draw), the tile to place with
// its orientations, then the gardens, at most three side by side (two rows
// of two for four players), so that every line fits 80 columns. Letters
// carry the meaning (R rose, M mushroom, T tree, C chess piece, G gardener,
// g plain grass, '.' free grass, ':' free chessboard square); colours only
// help. Every word is the catalogue's, in style.Lang.
func (s *state) Draw(player int, style engine.Style) string {
	if !engine.IsSeat(s, player) {
		player = engine.Spectator
	}
	lang := style.Lang
	tr := func(id string, args ...i18n.Arg) string { return catalog.T(lang, id, args...) }
	var sb strings.Builder
	fmt.Fprintf(&sb, "%s — %s %c — %s %d", catalog.Title(lang), tr("draw.side"), "AB"[s.side], tr("draw.round"), s.round)
	if s.n > 1 {
		fmt.Fprintf(&sb, " — %s %s", tr("draw.first-player"), seatLabel(int(s.first), lang))
	}
	if s.endTrig && s.phase != phOver {
		sb.WriteString(tr("draw.last-round"))
	}
	sb.WriteString("\n")
	sb.WriteString(tr("draw.bags"))
	for b := 0; b < nShapes; b++ {
		fmt.Fprintf(&sb, "  %c %d", shapeLetters[b], s.bagN[b])
	}
	fmt.Fprintf(&sb, "   %s %d\n", tr("draw.bonus-bag"), s.bonusN)
	if s.n == 1 {
		var left, right []string
		for b := 0; b < nShapes; b++ {
			if s.left&(1<<b) != 0 {
				left = append(left, string(shapeLetters[b]))
			} else {
				right = append(right, string(shapeLetters[b]))
			}
		}
		none := tr("draw.none")
		fmt.Fprintf(&sb, "%s %s   %s %s\n", tr("draw.on-your-left"), joinOr(left, none),
			tr("draw.on-your-right"), joinOr(right, none))
	}
	pics := func(label string, list []uint8) {
		if len(list) == 0 {
			return
		}
		sb.WriteString(label + "\n")
		sb.WriteString(tilePictures(list, style.Color))
	}
	if s.n > 1 {
		pics(tr("draw.supply"), s.supply[:s.supplyN])
	} else {
		pics(tr("draw.drawn"), s.drawn[:s.drawnN])
		if s.lastDiscard >= 0 {
			fmt.Fprintf(&sb, "%s %d (%s %s)\n", tr("draw.out-of-the-game"), s.discardN,
				tr("draw.last"), tiles[s.lastDiscard].id)
		}
	}
	if s.held >= 0 {
		fmt.Fprintf(&sb, "%s %s, %s\n", tr("draw.to-place"), tiles[s.held].id,
			tr("draw.its-distinct-orientations"))
		sb.WriteString(orientPictures(int(s.held), style.Color))
	}
	// gardens, at most three a row
	perRow := int(s.n)
	if perRow == 4 {
		perRow = 2
	}
	for first := 0; first < int(s.n); first += perRow {
		last := min(first+perRow, int(s.n))
		blocks := make([][]string, 0, perRow)
		for p := first; p < last; p++ {
			blocks = append(blocks, s.boardLines(p, player, style))
		}
		for i := range blocks[0] {
			var line strings.Builder
			for j := range blocks {
				if j > 0 {
					line.WriteString("  ")
				}
				line.WriteString(blocks[j][i])
			}
			sb.WriteString(strings.TrimRight(line.String(), " ") + "\n")
		}
	}
	if s.phase == phOver {
		sb.WriteString(tr("draw.game-over") + "\n")
		s.drawPad(&sb, lang)
	} else {
		for i, l := range s.prompt(lang) {
			if i == 0 {
				fmt.Fprintf(&sb, "%s%s %s\n", seatLabel(int(s.toMove), lang), tr("draw.punct"), l)
			} else {
				fmt.Fprintf(&sb, "    %s\n", l)
			}
		}
	}
	sb.WriteString(tr("draw.r-rose-m-mushroom-t"))
	sb.WriteString(tr("draw.free-free-chessboard-square-edge"))
	return sb.String()
}

func joinOr(list []string, none string) string {
	if len(list) == 0 {
		return none
	}
	return strings.Join(list, " ")
}

// seatLabel is a seat's short name on the table: P1… (J1… in French).
func seatLabel(p int, lang string) string {
	return catalog.T(lang, "draw.seat-short", i18n.N("n", p+1))
}

// drawPad writes the final score pad: one line per category, one column
// per player, then totals, ranks and, in solo, the rating.
func (s *state) drawPad(sb *strings.Builder, lang string) {
	res := s.Result()
	const w = 26
	fmt.Fprintf(sb, "%-*s", w, "")
	for p := range res.Players {
		fmt.Fprintf(sb, "%6s", seatLabel(p, lang))
	}
	sb.WriteString("\n")
	row := func(label string, val func(pr engine.PlayerResult) int) {
		fmt.Fprintf(sb, "%s%s", label, strings.Repeat(" ", max(0, w-len([]rune(label)))))
		for _, pr := range res.Players {
			fmt.Fprintf(sb, "%6d", val(pr))
		}
		sb.WriteString("\n")
	}
	for i, c := range res.Categories {
		row(catalog.CategoryLabel(c.ID, lang), func(pr engine.PlayerResult) int { return pr.Points[i] })
	}
	row(catalog.T(lang, "draw.total"), func(pr engine.PlayerResult) int { return pr.Total })
	if s.n > 1 {
		row(catalog.T(lang, "draw.rank"), func(pr engine.PlayerResult) int { return pr.Rank })
		return
	}
	sb.WriteString(catalog.RatingLabel(res.Players[0].Rating, lang) + "\n")
}

// prompt tells the player to move what they decide now, in their language,
// in lines short enough for 80 columns.
func (s *state) prompt(lang string) []string {
	tr := func(id string, args ...i18n.Arg) string { return catalog.T(lang, id, args...) }
	switch s.phase {
	case phBag:
		return []string{tr("draw.choose-a-bag-bag-o")}
	case phTake:
		return []string{tr("draw.take-a-tile-take-o03")}
	case phPlace:
		return []string{tr("draw.place-the-tile-place-r90f"),
			tr("draw.its-orientation-then-row-column")}
	case phBonus:
		return []string{tr("draw.take-bonus-tiles", i18n.N("max", int(s.bonusMax)))}
	case phStuck:
		return []string{tr("draw.no-tile-of-the-supply"),
			tr("draw.bonus-1-draws-a-bonus")}
	case phFinal:
		return []string{tr("draw.place-your-bonus-tiles-put")}
	}
	return nil
}

// boardLines draws garden p: a title, its bonus tiles, column numbers and 6
// rows. Each line has the same visible width, boardWidth.
func (s *state) boardLines(p, viewer int, style engine.Style) []string {
	b := &s.b[p]
	lang := style.Lang
	const w = boardWidth
	pad := func(txt string, vis int) string {
		if vis < w {
			return txt + strings.Repeat(" ", w-vis)
		}
		return txt
	}
	var lines []string
	title := catalog.T(lang, "draw.board-title", i18n.S("seat", seatLabel(p, lang)), i18n.N("n", s.Score(p)))
	if p == int(s.toMove) && s.phase != phOver {
		title = "> " + title
	}
	if p == viewer {
		title += catalog.T(lang, "draw.you-suffix")
	}
	title = trunc(title, w)
	lines = append(lines, pad(title, len([]rune(title))))
	label := catalog.T(lang, "draw.bonus-label")
	bonus := ""
	for k := 0; k < nBonusKinds; k++ {
		bonus += strings.Repeat(string(iconLetter[bonusIcon[k]]), int(b.held[k]))
	}
	if len(label)+len(bonus) > w {
		// too many to list: counts per kind
		bonus = ""
		for k := 0; k < nBonusKinds; k++ {
			if b.held[k] > 0 {
				bonus += fmt.Sprintf("%d%c ", b.held[k], iconLetter[bonusIcon[k]])
			}
		}
		bonus = strings.TrimSpace(bonus)
	}
	if bonus == "" {
		bonus = "-"
	}
	bl := trunc(label+bonus, w)
	lines = append(lines, pad(bl, len([]rune(bl))))
	lines = append(lines, pad("    1 2 3 4 5 6 7 8", 19))
	for r := 0; r < rows; r++ {
		var l strings.Builder
		fmt.Fprintf(&l, "  %d", r+1)
		chess := func(c int) bool { return c >= 0 && c < cols && chessMask[s.side]&(1<<(r*cols+c)) != 0 }
		for c := 0; c <= cols; c++ {
			// '|' marks the edge of a chessboard zone, so chess pieces on
			// the chessboard read without colour
			if chess(c) != chess(c-1) {
				l.WriteByte('|')
			} else {
				l.WriteByte(' ')
			}
			if c == cols {
				break
			}
			sq := r*cols + c
			ch := squareChar(b, s.side, sq)
			bg, fg := "", ""
			if style.Color {
				if chess(c) {
					bg = ansiChess
				}
				if ic, ok := iconOf(ch); ok {
					fg = iconColor[ic]
				}
			}
			if bg+fg != "" {
				l.WriteString(bg + fg + string(ch) + ansiReset)
			} else {
				l.WriteByte(ch)
			}
		}
		lines = append(lines, pad(l.String(), 20))
	}
	return lines
}

// boardWidth is the visible width of a garden's block: three side by side
// with two spaces between them fit 80 columns.
const boardWidth = 24

func trunc(s string, n int) string {
	r := []rune(s)
	if len(r) > n {
		return string(r[:n])
	}
	return s
}

// pic is one tile picture: a label over tile t in orientation o.
type pic struct {
	label string
	t     int
	o     *orient
}

// tilePictures draws tiles side by side in their base orientation (r0).
func tilePictures(list []uint8, color bool) string {
	ps := make([]pic, len(list))
	for i, t := range list {
		ps[i] = pic{tiles[t].id, int(t), &tiles[t].orients[0]}
	}
	return drawPics(ps, color)
}

// orientPictures draws every distinct orientation of tile t with its name.
func orientPictures(t int, color bool) string {
	d := &tiles[t]
	ps := make([]pic, len(d.orients))
	for i := range d.orients {
		ps[i] = pic{orientName(d.orients[i].k), t, &d.orients[i]}
	}
	return drawPics(ps, color)
}

func drawPics(ps []pic, color bool) string {
	var out [5]strings.Builder // label line + up to 4 rows
	for i, p := range ps {
		d := &tiles[p.t]
		o := p.o
		if i > 0 {
			for j := range out {
				out[j].WriteString("   ")
			}
		}
		width := max(len(p.label), int(o.w)*2-1)
		out[0].WriteString(p.label + strings.Repeat(" ", width-len(p.label)))
		for r := 0; r < 4; r++ {
			var line strings.Builder
			vis := 0
			for c := 0; c < int(o.w); c++ {
				if c > 0 {
					line.WriteByte(' ')
					vis++
				}
				ch := byte(' ')
				ic := -1
				for q := 0; q < 4; q++ {
					if int(o.off[q]) == r*cols+c && r < int(o.h) {
						ch = iconLetter[d.icons[q]]
						ic = int(d.icons[q])
					}
				}
				if color && ic >= 0 {
					line.WriteString(iconColor[ic] + string(ch) + ansiReset)
				} else {
					line.WriteByte(ch)
				}
				vis++
			}
			out[r+1].WriteString(line.String() + strings.Repeat(" ", width-vis))
		}
	}
	var sb strings.Builder
	for j := range out {
		l := strings.TrimRight(out[j].String(), " ")
		if j > 0 && l == "" {
			continue
		}
		sb.WriteString("  " + l + "\n")
	}
	return sb.String()
}
