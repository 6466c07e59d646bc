package alicesgarden

import (
	"fmt"
	"strings"

	"github.com/jardin-games/jardin/engine"
)

// ANSI colours per icon; free chessboard squares get a grey background.
var iconColor = [nIcons]string{"\x1b[1;31m", "\x1b[1;34m", "\x1b[1;32m", "\x1b[1;37m", "\x1b[1;33m", "\x1b[32m"}

const (
	ansiReset = "\x1b[0m"
	ansiChess = "\x1b[100m"
)

// Draw draws the table: bags, supply (or solo draw), then every garden side
// by side. Letters carry the meaning (R rose, M mushroom, T tree, C chess
// piece, G gardener, g plain grass, '.' free grass, ':' free chessboard
// square); colours only help.
func (s *state) Draw(player int, style engine.Style) string {
	if !engine.IsSeat(s, player) {
		player = engine.Spectator
	}
	fr := style.Lang == "fr"
	var sb strings.Builder
	tr := func(en, frs string) string {
		if fr {
			return frs
		}
		return en
	}
	fmt.Fprintf(&sb, "Alice's Garden — %s %c — %s %d", tr("side", "côté"), "AB"[s.side], tr("round", "manche"), s.round)
	if s.n > 1 {
		fmt.Fprintf(&sb, " — %s P%d", tr("first player:", "1er joueur :"), s.first+1)
	}
	if s.endTrig && s.phase != phOver {
		sb.WriteString(tr(" — last round", " — dernière manche"))
	}
	sb.WriteString("\n")
	sb.WriteString(tr("Bags:", "Sacs :"))
	for b := 0; b < nShapes; b++ {
		mark := ""
		if s.n == 1 {
			if s.left&(1<<b) != 0 {
				mark = tr(" (left)", " (gauche)")
			} else {
				mark = tr(" (right)", " (droite)")
			}
		}
		fmt.Fprintf(&sb, "  %c %d%s", shapeLetters[b], s.bagN[b], mark)
	}
	fmt.Fprintf(&sb, "   %s %d\n", tr("Bonus bag:", "Sac bonus :"), s.bonusN)
	pics := func(label string, list []uint8) {
		if len(list) == 0 {
			return
		}
		sb.WriteString(label + "\n")
		sb.WriteString(tilePictures(list, style.Color))
	}
	if s.n > 1 {
		pics(tr("Supply:", "Réserve :"), s.supply[:s.supplyN])
	} else {
		pics(tr("Drawn:", "Tuiles piochées :"), s.drawn[:s.drawnN])
		if s.lastDiscard >= 0 {
			fmt.Fprintf(&sb, "%s %d (%s %s)\n", tr("Out of play:", "Hors jeu :"), s.discardN, tr("last", "dernière"), tiles[s.lastDiscard].id)
		}
	}
	if s.held >= 0 {
		fmt.Fprintf(&sb, "%s %s, %s\n", tr("To place:", "À placer :"), tiles[s.held].id,
			tr("its distinct orientations:", "ses orientations distinctes :"))
		sb.WriteString(orientPictures(int(s.held), style.Color))
	}
	// gardens side by side
	blocks := make([][]string, s.n)
	for p := 0; p < int(s.n); p++ {
		blocks[p] = s.boardLines(p, player, style)
	}
	for i := range blocks[0] {
		for p := range blocks {
			sb.WriteString(blocks[p][i])
			if p < len(blocks)-1 {
				sb.WriteString("    ")
			}
		}
		sb.WriteString("\n")
	}
	switch s.phase {
	case phOver:
		sb.WriteString(tr("Game over.", "Partie terminée."))
		res := s.Result()
		for p, pr := range res.Players {
			fmt.Fprintf(&sb, " P%d: %d (%s %d)", p+1, pr.Total, tr("rank", "rang"), pr.Rank)
		}
		if s.n == 1 {
			sb.WriteString("\n" + res.Players[0].Rating)
		}
		sb.WriteString("\n")
	default:
		fmt.Fprintf(&sb, "P%d: %s\n", s.toMove+1, s.prompt(fr))
	}
	sb.WriteString(tr("R rose  M mushroom  T tree  C chess piece  G gardener  g grass  . free  : free chessboard  | chessboard edge\n",
		"R rose  M champignon  T arbre  C pièce d'échecs  G jardinier  g herbe  . libre  : échiquier libre  | bord d'échiquier\n"))
	return sb.String()
}

// prompt tells the player to move what they decide now, in their language.
func (s *state) prompt(fr bool) string {
	tr := func(en, frs string) string {
		if fr {
			return frs
		}
		return en
	}
	switch s.phase {
	case phBag:
		return tr("choose a bag (bag O)", "choisissez un sac (bag O)")
	case phTake:
		return tr("take a tile (take O03)", "prenez une tuile (take O03)")
	case phPlace:
		return tr("place the tile (place r90f 2,3: orientation, row,col of its top-left corner)",
			"placez la tuile (place r90f 2,3 : orientation, ligne,colonne du coin haut gauche)")
	case phBonus:
		return fmt.Sprintf(tr("draw bonus tiles (bonus 0 to bonus %d)", "piochez des tuiles bonus (bonus 0 à bonus %d)"), s.bonusMax)
	case phStuck:
		return tr("no supply tile fits: bonus 1 draws a bonus tile, bonus 0 declines",
			"aucune tuile ne rentre : bonus 1 pioche une tuile bonus, bonus 0 refuse")
	case phFinal:
		return tr("place your bonus tiles (put R 3,4)", "placez vos tuiles bonus (put R 3,4)")
	}
	return ""
}

// boardLines draws garden p: a title, column numbers, 6 rows. Each line has
// the same visible width (26 characters).
func (s *state) boardLines(p, viewer int, style engine.Style) []string {
	b := &s.b[p]
	const w = 26
	pad := func(txt string, vis int) string {
		if vis < w {
			return txt + strings.Repeat(" ", w-vis)
		}
		return txt
	}
	var lines []string
	title := fmt.Sprintf("P%d %d pts", p+1, s.Score(p))
	if p == int(s.toMove) && s.phase != phOver {
		title = "> " + title
	}
	if p == viewer {
		if style.Lang == "fr" {
			title += " (vous)"
		} else {
			title += " (you)"
		}
	}
	title = trunc(title, w)
	lines = append(lines, pad(title, len([]rune(title))))
	bonus := ""
	for k := 0; k < nBonusKinds; k++ {
		bonus += strings.Repeat(string(iconLetter[bonusIcon[k]]), int(b.held[k]))
	}
	bl := trunc("bonus: "+bonus, w)
	if bonus == "" {
		bl = "bonus: -"
	}
	lines = append(lines, pad(bl, len(bl)))
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
