package happygarden

import (
	"fmt"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/jardin-games/jardin/engine"
	"github.com/jardin-games/jardin/i18n"
)

// View is what a player sees. Happy Garden has no private information: the
// only hidden things are the order of the bag and of the turn-token pile,
// and neither is in the view (only their sizes). Every field is described
// in docs/happy-garden.md; ids are those of the events and of the move
// descriptions.
type View struct {
	Viewer      int          `json:"viewer"` // the seat viewing, -1 for anyone else
	Round       int          `json:"round"`
	Rounds      int          `json:"rounds"`
	FirstPlayer int          `json:"firstPlayer"`
	ToMove      int          `json:"toMove"`
	Turn        int          `json:"turn"`
	Step        string       `json:"step"`
	Token       string       `json:"token"`    // the turn token of this round ("turn:gust"), "" before round 1
	Revealed    []string     `json:"revealed"` // turn tokens revealed so far, in order
	PileLeft    int          `json:"pileLeft"`
	BagLeft     int          `json:"bagLeft"`
	Truck       bool         `json:"truck"`
	LastRound   bool         `json:"lastRound"`
	Shop        [6]*TileView `json:"shop"` // B1 B2 B3 T1 T2 T3
	Held        *TileView    `json:"held,omitempty"`
	Lifted      *TileView    `json:"lifted,omitempty"` // the tile being repotted, while its destination is chosen
	SetupNext   *TileView    `json:"setupNext,omitempty"`
	Supply      SupplyView   `json:"supply"`
	Players     []PlayerView `json:"players"`
	PendingMole int          `json:"pendingMoles,omitempty"`
}

// SupplyView is the central reserve.
type SupplyView struct {
	Wheelbarrows int `json:"wheelbarrows"`
	WormMole     int `json:"wormMole"`
	Butterflies  int `json:"butterflies"`
	WateringCans int `json:"wateringCans"`
}

// PlayerView is one seat.
type PlayerView struct {
	Seat         int        `json:"seat"`
	ID           string     `json:"id"` // "seat:1"
	Mouse        string     `json:"mouse"`
	MouseColour  string     `json:"mouseColour"` // "colour:V"
	Bonus        bool       `json:"bonus"`
	Wheelbarrows int        `json:"wheelbarrows"`
	WateringCans int        `json:"wateringCans"`
	Score        int        `json:"score"`
	Garden       []TileView `json:"garden"` // reading order
}

// TileView is one tile.
type TileView struct {
	ID          string   `json:"id"`
	Kind        string   `json:"kind"`
	Code        string   `json:"code,omitempty"`         // flowers: colour + shape letters as shown
	Colour      string   `json:"colour,omitempty"`       // flowers: colour id as shown ("colour:V")
	Shape       string   `json:"shape,omitempty"`        // flowers: shape id ("shape:S")
	Colours     string   `json:"colours,omitempty"`      // gnomes: colour letters
	GnomeColour []string `json:"gnomeColours,omitempty"` // gnomes: colour ids, hat, shirt, trousers
	Symbol      string   `json:"symbol,omitempty"`
	Cell        string   `json:"cell,omitempty"` // in a garden: the cell id "x,y"
	Slot        string   `json:"slot,omitempty"` // in the shop: "shop:B1" … "shop:T3"
	X           int      `json:"x"`
	Y           int      `json:"y"`
	Happy       bool     `json:"happy,omitempty"`
	Butterflies int      `json:"butterflies,omitempty"`
	Worms       int      `json:"worms,omitempty"`
	Moles       int      `json:"moles,omitempty"`
	Watered     string   `json:"watered,omitempty"`
}

var kindNames = [...]string{"", "flower", "gnome", "windmill"}
var symNames = [...]string{"", "butterfly", "worm", "wheelbarrow"}
var phaseNames = [...]string{"", "setup", "steal", "token", "choose", "place", "after", "give", "receive", "repot-tile", "repot-destination", "over"}

func (s *state) tileView(t uint8) *TileView {
	if t == 0 {
		return nil
	}
	info := &tiles[t]
	v := &TileView{ID: info.id, Kind: kindNames[info.kind], Symbol: symNames[info.symbol],
		Happy: s.happy&(1<<t) != 0, Butterflies: int(s.bfly[t]), Worms: int(s.worms[t]), Moles: int(s.moles[t])}
	if s.pos[t] >= 0 {
		v.X, v.Y = cellX(int(s.pos[t])), cellY(int(s.pos[t]))
		v.Cell = cellID(int(s.pos[t]))
	}
	switch info.kind {
	case kindFlower:
		v.Code = code(s.colourOf(t), info.shape)
		v.Colour, v.Shape = colourID(s.colourOf(t)), shapeID(info.shape)
		if s.recol[t] != 0 {
			v.Watered = spec.Colours[s.recol[t]-1].Name
		}
	case kindGnome:
		for c := 0; c < numColours; c++ {
			if info.cmask&(1<<c) != 0 {
				v.Colours += string(colourLet[c])
			}
		}
		for _, cl := range spec.Tiles[t-1].Colours {
			v.GnomeColour = append(v.GnomeColour, colourID(uint8(spec.colour(cl))))
		}
	}
	return v
}

// readingOrder returns garden p's tiles sorted by y, then x.
func (s *state) readingOrder(p int) []uint8 {
	ts := append([]uint8(nil), s.gtiles[p][:s.gn[p]]...)
	sort.Slice(ts, func(i, j int) bool { return s.pos[ts[i]] < s.pos[ts[j]] })
	return ts
}

// View shows the whole table: nothing is private, so every viewer sees the
// same but for "viewer", which is -1 for anyone who is not a seat.
func (s *state) View(player int) any {
	if !engine.IsSeat(s, player) {
		player = engine.Spectator
	}
	v := View{Viewer: player, Round: int(s.round), Rounds: int(s.rounds), FirstPlayer: int(s.first),
		ToMove: s.ToMove(), Turn: int(s.cur), Step: phaseNames[s.phase], Token: turnIDs[s.curToken()],
		PileLeft: int(s.pileN), BagLeft: int(s.bagN), Truck: s.truck, LastRound: s.last,
		Held:        s.tileView(s.held),
		Supply:      SupplyView{int(s.supWB), int(s.supWorm), int(s.supBfly), int(s.supCan)},
		PendingMole: int(s.pend)}
	if s.phase == phSetupPlace && s.setupIdx == 0 {
		v.SetupNext = s.tileView(s.setupT[1])
	}
	if s.phase == phSteal {
		v.Held = s.tileView(s.stealT)
	}
	if s.phase == phRepotDest {
		v.Lifted = s.tileView(s.repotT)
	}
	v.Revealed = []string{}
	for _, r := range s.revs[:s.revN] {
		v.Revealed = append(v.Revealed, turnIDs[r])
	}
	for i := range s.shop {
		v.Shop[i] = s.tileView(s.shop[i])
		if v.Shop[i] != nil {
			v.Shop[i].Slot = slotID(i)
		}
	}
	for p := 0; p < int(s.n); p++ {
		pv := PlayerView{Seat: p + 1, ID: seatID(p), Mouse: spec.Colours[s.mice[p]].Name, MouseColour: colourID(s.mice[p]), Bonus: s.bonus[p],
			Wheelbarrows: int(s.wb[p]), WateringCans: int(s.cans[p]), Score: s.Score(p), Garden: []TileView{}}
		for _, t := range s.readingOrder(p) {
			pv.Garden = append(pv.Garden, *s.tileView(t))
		}
		v.Players = append(v.Players, pv)
	}
	return v
}

// ---- terminal drawing ----

var ansi = [numColours]string{"\x1b[31m", "\x1b[38;5;208m", "\x1b[33m", "\x1b[34m", "\x1b[35m", "\x1b[38;5;205m"}

const ansiReset = "\x1b[0m"

// cellText is a cell of width w (4 or 5): the code, the happy mark (*
// happy, . unhappy) and one token mark (b butterfly, w worm, m mole, +
// several kinds), right-aligned.
func (s *state) cellText(p int, v uint8, w int, style engine.Style) string {
	if v == 0 {
		return strings.Repeat(" ", w-2) + ". "
	}
	if v == house {
		txt := "[" + string(colourLet[s.mice[p]]) + "]"
		txt = strings.Repeat(" ", w-len(txt)) + txt
		if style.Color {
			return ansi[s.mice[p]] + txt + ansiReset
		}
		return txt
	}
	info := &tiles[v]
	var c string
	switch info.kind {
	case kindFlower:
		c = code(s.colourOf(v), info.shape)
	default:
		c = info.id
	}
	mark := "."
	if s.happy&(1<<v) != 0 {
		mark = "*"
	}
	tok := " "
	kinds := 0
	if s.bfly[v] > 0 {
		tok, kinds = "b", kinds+1
	}
	if s.worms[v] > 0 {
		tok, kinds = "w", kinds+1
	}
	if s.moles[v] > 0 {
		tok, kinds = "m", kinds+1
	}
	if kinds > 1 {
		tok = "+"
	}
	txt := c + mark + tok
	for len(txt) < w {
		txt = " " + txt
	}
	if style.Color {
		switch {
		case info.kind == kindFlower:
			col := ansi[s.colourOf(v)]
			if mark == "*" {
				col = "\x1b[1m" + col
			}
			return col + txt + ansiReset
		case mark == "*":
			return "\x1b[1;32m" + txt + ansiReset
		}
	}
	return txt
}

// drawWidth is the widest line Draw writes: a garden is at most 17 columns
// wide (the house and 15 tiles in a row), which 4-character cells fit.
const drawWidth = 80

// Draw draws the table for a terminal, in English or French. Nothing is
// private, so every viewer gets the same drawing.
func (s *state) Draw(player int, style engine.Style) string {
	var b strings.Builder
	lang := style.Lang
	tr := func(id string, args ...i18n.Arg) string { return texts.T(lang, id, args...) }
	plural := func(n int, id string) string { return tr(id, i18n.N("n", n)) }
	token := tr("draw.none-yet")
	if tok := s.curToken(); tok != tokNone {
		token = texts.Name(turnIDs[tok], lang)
	}
	fmt.Fprintf(&b, "%s %d/%d — %s\n", tr("draw.round"), s.round, s.rounds, token)
	fmt.Fprintf(&b, "%s %d — %s %d\n", tr("draw.turn-tokens-left"), s.pileN,
		tr("draw.tiles-in-the-bag"), s.bagN)
	fmt.Fprintf(&b, "%s %s, %s, %s, %s\n", tr("draw.supply"),
		plural(int(s.supWB), "draw.count.wheelbarrow"),
		plural(int(s.supWorm), "draw.count.worm-mole"),
		plural(int(s.supBfly), "draw.count.butterfly"),
		plural(int(s.supCan), "draw.count.watering-can"))
	b.WriteString(tr("draw.shop"))
	if s.truck {
		b.WriteString(tr("draw.delivery-truck-middle-column-closed"))
	}
	b.WriteString("\n")
	for row := 1; row >= 0; row-- {
		fmt.Fprintf(&b, "  %-6s", tr([]string{"draw.shelf.bottom", "draw.shelf.top"}[row]))
		for col := 0; col < 3; col++ {
			i := row*3 + col
			t := s.shop[i]
			txt := "--"
			if t != 0 {
				txt = tiles[t].id
				if tiles[t].kind == kindFlower {
					txt = code(s.colourOf(t), tiles[t].shape) + " " + txt
				}
				if tiles[t].symbol != symNone {
					txt += " " + string("bwW"[tiles[t].symbol-1])
				}
			}
			fmt.Fprintf(&b, "  %s %-10s", slotNames[i], txt)
		}
		b.WriteString("\n")
	}
	if s.held != 0 && s.phase != phOver {
		fmt.Fprintf(&b, "%s %s\n", tr("draw.to-place"), tileName(s, s.held))
	}
	if s.phase == phRepotDest {
		fmt.Fprintf(&b, "%s %s\n", tr("draw.repotting"), tileName(s, s.repotT))
	}
	if s.pend > 0 {
		b.WriteString(tr("draw.moles-line", i18n.S("player", engine.SeatName(int(s.giver), -1, lang, nil)), i18n.N("n", int(s.pend))) + "\n")
	}
	for p := 0; p < int(s.n); p++ {
		mouse := tr("draw.mouse." + string(colourLet[s.mice[p]]))
		bonus := ""
		if s.bonus[p] {
			bonus = tr("draw.bonus-visible")
		}
		turn := ""
		if p == int(s.toMove) && s.phase != phOver {
			turn = tr("draw.to-play")
		}
		fmt.Fprintf(&b, "\n%s (%s%s)%s %s%s\n  %s %s, %s\n",
			capitalize(engine.SeatName(p, -1, lang, nil)), mouse, bonus, tr("draw.punct"),
			plural(s.Score(p), "draw.count.point"), turn, tr("draw.tokens"),
			plural(int(s.wb[p]), "draw.count.wheelbarrow"),
			plural(int(s.cans[p]), "draw.count.magic-watering-can"))
		x0, y0, x1, y1 := s.bbox(p)
		w := 5
		if 5+(x1-x0+1)*5 > drawWidth {
			w = 4
		}
		b.WriteString("     ")
		for x := x0; x <= x1; x++ {
			fmt.Fprintf(&b, "%*d", w, x)
		}
		b.WriteString("\n")
		for y := y0; y <= y1; y++ {
			fmt.Fprintf(&b, "%4d ", y)
			for x := x0; x <= x1; x++ {
				b.WriteString(s.cellText(p, s.grid[p*ncell+cellOf(x, y)], w, style))
			}
			b.WriteString("\n")
		}
	}
	b.WriteString(tr("draw.legend-a-flower-is-written"))
	b.WriteString(tr("draw.tokens-b-butterfly-w-worm"))
	b.WriteString(tr("draw.g-gnome-w-windmill-shop"))
	var cols, shapes []string
	for i := range numColours {
		cols = append(cols, string(colourLet[i])+" "+colourName(uint8(i), lang))
	}
	for i := range numShapes {
		shapes = append(shapes, string(shapeLet[i])+" "+shapeName(uint8(i), lang))
	}
	fmt.Fprintf(&b, "%s %s\n%s %s\n", tr("draw.colours"), strings.Join(cols, ", "),
		tr("draw.shapes"), strings.Join(shapes, ", "))
	return b.String()
}

// capitalize upper-cases the first letter of s, a seat's name in any
// language (the pseudo-language's ⟦ comes first: it is kept).
func capitalize(s string) string {
	pre, rest := "", s
	if r, ok := strings.CutPrefix(s, "⟦"); ok {
		pre, rest = "⟦", r
	}
	r, n := utf8.DecodeRuneInString(rest)
	if r == utf8.RuneError {
		return s
	}
	return pre + string(unicode.ToUpper(r)) + rest[n:]
}

// Evaluate is a heuristic for greedy tie-breaks: the running score plus the
// potential of unhappy tiles, tokens in hand and the gardener bonus.
//
// Search play-outs call it for every move they value (EvaluateMove), so it
// reads each tile's neighbours once and sums the score pad without building
// it; the terms are added in the same order as ever, so the value is the
// same to the last bit (TestISMCTSSameMoves).
func (s *state) Evaluate(p int) float64 {
	if p < 0 || p >= int(s.n) {
		return 0
	}
	// Score's pad, its counts kept for the gardener bonus below.
	k := s.count(p)
	maxOther := 0
	for q := 0; q < int(s.n); q++ {
		if q != p {
			maxOther = max(maxOther, s.bflyCount(q))
		}
	}
	score := k.flowers + 3*k.gnomes + 3*k.windmills - k.moles
	if k.bfly > 0 {
		if k.bfly >= maxOther {
			score += 2 * k.bfly
		} else {
			score += k.bfly
		}
	}
	if s.bonus[p] {
		score += 2 * k.mouseFlowers
	}
	v := float64(score)
	g := s.garden(p)
	mouse := s.mice[p]
	for _, t := range s.gtiles[p][:s.gn[p]] {
		if s.happy&(1<<t) != 0 {
			continue
		}
		c := int(s.pos[t])
		info := &tiles[t]
		col, sh := s.colourOf(t), info.shape
		free := 0
		shapeOK, colOK := false, false
		var m uint8 // colours next to a gnome
		for _, d := range dirs {
			u := g[c+d]
			switch {
			case u == 0:
				free++
			case u == house:
				colOK = colOK || mouse == col
				m |= 1 << mouse
			case tiles[u].kind == kindFlower:
				uc := s.colourOf(u)
				shapeOK = shapeOK || tiles[u].shape == sh
				colOK = colOK || uc == col
				m |= 1 << uc
			case tiles[u].kind == kindGnome:
				colOK = colOK || tiles[u].cmask&(1<<col) != 0
			}
		}
		if free == 0 && info.kind != kindWindmill {
			v -= 0.3 // boxed in: can only turn happy through a repot
		}
		switch info.kind {
		case kindFlower:
			if shapeOK || colOK {
				v += 0.3
			}
		case kindGnome:
			m &= info.cmask
			for ; m != 0; m &= m - 1 {
				v += 0.5
			}
		}
		v -= 0.1 * float64(s.moles[t])
	}
	v += 0.4 * float64(s.wb[p])
	if !s.bonus[p] {
		filled := 0
		for _, c := range ringCells {
			if g[c] != 0 {
				filled++
			}
		}
		v += 0.15*float64(filled) + 0.3*float64(k.mouseFlowers)*float64(filled)/8
	}
	return v
}
