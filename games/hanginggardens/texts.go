package hanginggardens

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/jardin-games/jardin/engine"
)

// The catalogue: event messages, components and a statement of each rule a
// refused move can name, in English and French (engine.Texter). The fixed texts are in data/texts.json; the names and
// help texts of garden cards, enhancements, objectives, irrigation cards and
// automa cards are built from their contents in data/components.json with
// the words of data/texts.json, so that a corrected component file is named
// correctly without a second edit.

//go:embed data/texts.json
var textsJSON []byte

var _ engine.Texter = game{}

// texts is built once at start-up and only read afterwards.
var texts, words = mustTexts(textsJSON)

// Texts returns the game's catalogue.
func (game) Texts() *engine.Catalog { return texts }

type textData struct {
	engine.CatalogFile
	Words map[string]engine.Text `json:"words"`
}

func mustTexts(b []byte) (*engine.Catalog, wordBook) {
	c, w, err := loadTexts(b)
	if err != nil {
		panic("hanginggardens: data/texts.json: " + err.Error())
	}
	return c, w
}

// wordBook looks words up by key; a missing key is a bug in the data, caught
// by loadTexts, which tries every key the game uses.
type wordBook map[string]engine.Text

func (w wordBook) get(key, lang string) string {
	t, ok := w[key]
	if !ok {
		return key
	}
	return t.In(lang)
}

// fill replaces {name} placeholders of a word's template by values.
func (w wordBook) fill(key, lang string, kv ...string) string {
	t := w.get(key, lang)
	for i := 0; i+1 < len(kv); i += 2 {
		t = strings.ReplaceAll(t, kv[i], kv[i+1])
	}
	return t
}

// both builds a Text from a function of the language.
func both(f func(lang string) string) engine.Text { return engine.Text{EN: f("en"), FR: f("fr")} }

func loadTexts(b []byte) (*engine.Catalog, wordBook, error) {
	var d textData
	if err := json.Unmarshal(b, &d); err != nil {
		return nil, nil, err
	}
	w := wordBook(d.Words)
	if err := w.check(); err != nil {
		return nil, nil, err
	}
	comps := append([]engine.Component(nil), d.Components...)
	for i := range comp.Cards {
		c := &comp.Cards[i]
		comps = append(comps, engine.Component{ID: c.ID, Kind: "card",
			Name: both(func(l string) string { return w.contentName(c, l) }),
			Help: both(func(l string) string { return w.contentHelp(c, l) })})
	}
	for i := range comp.Enh {
		e := &comp.Enh[i]
		comps = append(comps, engine.Component{ID: e.ID, Kind: "enhancement",
			Name: both(func(l string) string { return w.contentName(e, l) }),
			Help: both(func(l string) string {
				return w.fill("help.enhancement", l, "{cost}", strconv.Itoa(e.Cost)) + " " + w.contentHelp(e, l)
			})})
	}
	for i := range comp.Objectives {
		o := &comp.Objectives[i]
		comps = append(comps, engine.Component{ID: o.ID, Kind: "objective",
			Name: both(func(l string) string { return o.ID + " (" + w.objectiveText("name.objective", o, l) + ")" }),
			Help: both(func(l string) string { return w.objectiveText("help.objective", o, l) })})
	}
	for i := range comp.Irrigation {
		ic := &comp.Irrigation[i]
		comps = append(comps, engine.Component{ID: ic.Name, Kind: "irrigation",
			Name: both(func(l string) string { return w.irrigationName(ic.Name, l) }),
			Help: both(func(l string) string { return w.irrigationHelp(ic, l) })})
	}
	for i := range comp.Automa {
		a := &comp.Automa[i]
		comps = append(comps, engine.Component{ID: automaID(a.Num), Kind: "automa",
			Name: both(func(l string) string { return w.fill("name.automa", l, "{n}", strconv.Itoa(a.Num)) }),
			Help: both(func(l string) string { return w.automaHelp(a, l) })})
	}
	cat, err := d.Catalog(comps)
	if err != nil {
		return nil, nil, err
	}
	cat.CellName = w.cellName
	return cat, w, nil
}

// wordKeys lists every word the game looks up, so that loading fails on a
// missing one instead of printing its key.
func wordKeys() []string {
	keys := []string{"flower", "flowers", "and", "or", "irrigation", "icon.crown", "icon.gold", "icon.tools", "empty",
		"help.animal", "help.tree", "help.empty", "help.flowers", "help.irrigated", "help.bonus", "help.byfloor", "help.enhancement",
		"name.objective", "help.objective", "name.automa", "help.automa", "automa.discard", "automa.discard.flower",
		"automa.bonus.first", "automa.bonus.objective", "automa.bonus.enhancement", "help.irrigation",
		"cell.market", "cell.pile", "cell.objective"}
	keys = append(keys, animalWords[:]...)
	keys = append(keys, treeWords[:]...)
	for _, c := range colourWords {
		keys = append(keys, c, c+".many")
	}
	for _, it := range itemNames {
		keys = append(keys, "item."+it, "item."+it+".many")
	}
	for _, v := range visitorNames {
		keys = append(keys, "visitor."+v, "visitor."+v+".help")
	}
	for _, d := range discardNames[:discardFlower] {
		keys = append(keys, "automa.discard."+d)
	}
	for _, d := range comp.Difficulties {
		keys = append(keys, "difficulty."+d.Name)
	}
	return keys
}

func (w wordBook) check() error {
	var missing []string
	for _, k := range wordKeys() {
		if t, ok := w[k]; !ok || t.EN == "" || t.FR == "" {
			missing = append(missing, k)
		}
	}
	if len(missing) > 0 {
		return fmt.Errorf("words without both languages: %s", strings.Join(missing, ", "))
	}
	return nil
}

var (
	animalWords = [3]string{"lion", "monkey", "peacock"}
	treeWords   = [3]string{"dragon", "cedar", "palm"}
	colourWords = [3]string{"blue", "red", "yellow"}
)

// contentName names a garden card or an enhancement by its id and what it
// shows: "AN04 (monkey, blue and yellow flowers)".
func (w wordBook) contentName(c *content, lang string) string {
	var parts []string
	switch c.Sight {
	case sightAnimal:
		parts = append(parts, w.get(animalWords[c.Animal], lang))
	case sightTree:
		parts = append(parts, w.get(treeWords[c.Tree], lang))
	case sightVisitor:
		parts = append(parts, w.get("visitor."+visitorNames[c.Visitor], lang))
	default:
		if c.Cost == 0 {
			parts = append(parts, w.get("empty", lang))
		}
	}
	if f := w.flowerPhrase(c, lang); f != "" {
		parts = append(parts, f)
	}
	if c.Irrig {
		parts = append(parts, w.get("irrigation", lang))
	}
	parts = append(parts, w.icons(c, lang)...)
	return c.ID + " (" + strings.Join(parts, ", ") + ")"
}

// flowerPhrase says a content's flowers: "blue flower", "2 blue flowers",
// "blue and red flowers"; "fleur bleue", "2 fleurs bleues", "fleurs bleue
// et rouge".
func (w wordBook) flowerPhrase(c *content, lang string) string {
	total := int(c.Flowers[0]) + int(c.Flowers[1]) + int(c.Flowers[2])
	if total == 0 {
		return ""
	}
	var cols []string
	for col, n := range c.Flowers {
		switch {
		case n == 1:
			cols = append(cols, w.get(colourWords[col], lang))
		case n > 1 && lang == "fr":
			cols = append(cols, strconv.Itoa(int(n))+" "+w.get(colourWords[col]+".many", lang))
		case n > 1:
			cols = append(cols, strconv.Itoa(int(n))+" "+w.get(colourWords[col], lang))
		}
	}
	list := w.join(cols, lang)
	noun := w.get("flowers", lang)
	if total == 1 {
		noun = w.get("flower", lang)
	}
	switch {
	case lang != "fr":
		return list + " " + noun
	case len(cols) == 1 && total > 1: // "2 fleurs bleues"
		n, colour, _ := strings.Cut(list, " ")
		return n + " " + noun + " " + colour
	}
	return noun + " " + list
}

// join lists words as a sentence does: "a, b and c".
func (w wordBook) join(s []string, lang string) string {
	if len(s) < 2 {
		return strings.Join(s, "")
	}
	return strings.Join(s[:len(s)-1], ", ") + " " + w.get("and", lang) + " " + s[len(s)-1]
}

// icons lists a content's bonus icons.
func (w wordBook) icons(c *content, lang string) []string {
	var out []string
	for _, ic := range [...]struct {
		n   uint8
		key string
	}{{c.Crown, "icon.crown"}, {c.Gold, "icon.gold"}, {c.Tools, "icon.tools"}} {
		switch {
		case ic.n == 1:
			out = append(out, w.get(ic.key, lang))
		case ic.n > 1:
			out = append(out, w.get(ic.key, lang)+" ×"+strconv.Itoa(int(ic.n)))
		}
	}
	return out
}

// contentHelp says what a card or an enhancement does and scores.
func (w wordBook) contentHelp(c *content, lang string) string {
	var s []string
	switch c.Sight {
	case sightAnimal:
		s = append(s, capitalize(w.fill("help.animal", lang, "{species}", w.get(animalWords[c.Animal], lang),
			"{p1}", strconv.Itoa(int(c.APoints[0])), "{p2}", strconv.Itoa(int(c.APoints[1])), "{p3}", strconv.Itoa(int(c.APoints[2])))))
	case sightTree:
		pts := comp.TreePoints[c.Tree]
		series := make([]string, len(pts))
		for i, p := range pts {
			series[i] = strconv.Itoa(p)
		}
		s = append(s, capitalize(w.fill("help.tree", lang, "{species}", w.get(treeWords[c.Tree], lang),
			"{series}", strings.Join(series, " / "), "{max}", strconv.Itoa(len(pts)))))
	case sightVisitor:
		s = append(s, w.get("visitor."+visitorNames[c.Visitor]+".help", lang))
	default:
		if c.Cost == 0 {
			s = append(s, w.get("help.empty", lang))
		}
	}
	if c.Flowers != [3]uint8{} {
		var cols []string
		for col, n := range c.Flowers {
			switch {
			case n == 1:
				cols = append(cols, w.get(colourWords[col], lang))
			case n > 1:
				cols = append(cols, strconv.Itoa(int(n))+" "+w.get(colourWords[col]+".many", lang))
			}
		}
		s = append(s, w.fill("help.flowers", lang, "{list}", strings.Join(cols, ", ")))
	}
	if c.Irrig {
		s = append(s, w.get("help.irrigated", lang))
	}
	if ic := w.icons(c, lang); len(ic) > 0 {
		s = append(s, w.fill("help.bonus", lang, "{list}", strings.Join(ic, ", ")))
		if c.Gold > 0 || c.Tools > 0 {
			s = append(s, w.get("help.byfloor", lang))
		}
	}
	return strings.Join(s, " ")
}

func (w wordBook) objectiveText(key string, o *objective, lang string) string {
	n := int(o.Required)
	items := w.get("item."+itemNames[o.Item]+".many", lang)
	if n == 1 {
		items = w.get("item."+itemNames[o.Item], lang)
	}
	return w.fill(key, lang, "{n}", strconv.Itoa(n), "{items}", items, "{n1}", strconv.Itoa(n-1))
}

func (w wordBook) irrigationName(name, lang string) string {
	if _, ok := w["irrigation."+name]; ok {
		return w.get("irrigation."+name, lang)
	}
	return name // a card added to the data file without a translation keeps its name
}

func (w wordBook) irrigationHelp(ic *irrigationCard, lang string) string {
	var pos []string
	for _, floor := range [3][2]int{{9, 12}, {5, 9}, {0, 5}} { // top floor first, as the card shows it
		for i := floor[0]; i < floor[1]; i++ {
			if ic.Mask&(1<<i) != 0 {
				pos = append(pos, posNames[i])
			}
		}
	}
	pts := make([]string, len(comp.IrrigPoints))
	for i, p := range comp.IrrigPoints {
		pts[i] = strconv.Itoa(p)
	}
	scale := strings.Join(pts[:len(pts)-1], ", ") + " " + w.get("or", lang) + " " + pts[len(pts)-1]
	return w.fill("help.irrigation", lang, "{positions}", w.join(pos, lang), "{points}", scale,
		"{max}", strconv.Itoa(len(pts)-1))
}

func automaID(num int) string { return "automa:" + strconv.Itoa(num) }

func (w wordBook) automaHelp(a *automaCard, lang string) string {
	cols := make([]string, 3)
	for i, c := range a.Columns {
		cols[i] = strconv.Itoa(int(c) + 1)
	}
	discard := w.get("automa.discard.flower", lang)
	if a.Discard != discardFlower {
		discard = w.fill("automa.discard", lang, "{what}", w.get("automa.discard."+discardNames[a.Discard], lang),
			"{row}", strconv.Itoa(int(a.Fallback)+1))
	}
	var bonus string
	switch a.Bonus {
	case bonusFirst:
		bonus = w.get("automa.bonus.first", lang)
	case bonusObjective:
		bonus = w.get("automa.bonus.objective", lang)
	default:
		bonus = w.fill("automa.bonus.enhancement", lang, "{k}", strconv.Itoa(int(a.Bonus-bonusEnh2)+2))
	}
	return w.fill("help.automa", lang, "{cols}", strings.Join(cols, ", "), "{discard}", discard, "{bonus}", bonus)
}

// Cell ids, as in the view and the move descriptions:
//
//	market:C:R   the market space of column C (1-3), row R (1 bottom .. 4 top)
//	pile:K       the enhancement pile of cost K (2, 3, 4)
//	objective:K  the royal objective position K (1-4)
//	a1 .. c3     a position of the garden of the player concerned; a0 is the
//	             new left end of floor 1 (the floor then renumbers)
func marketCell(col, row int) string {
	return "market:" + strconv.Itoa(col+1) + ":" + strconv.Itoa(row+1)
}

func pileCell(k int) string { return "pile:" + strconv.Itoa(k+2) }

func objectiveCell(k int) string { return "objective:" + strconv.Itoa(k+1) }

// cellName names a cell id for a sentence ("column 2, row 1").
func (w wordBook) cellName(id, lang string) string {
	lang = engine.Lang(lang)
	kind, rest, _ := strings.Cut(id, ":")
	switch kind {
	case "market":
		c, r, _ := strings.Cut(rest, ":")
		return w.fill("cell.market", lang, "{c}", c, "{r}", r)
	case "pile":
		return w.fill("cell.pile", lang, "{k}", rest)
	case "objective":
		return w.fill("cell.objective", lang, "{k}", rest)
	}
	return id
}

func capitalize(s string) string {
	if s == "" {
		return s
	}
	r := []rune(s)
	r[0] = []rune(strings.ToUpper(string(r[0])))[0]
	return string(r)
}
