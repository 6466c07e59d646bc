package engine

import (
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/jardin-games/jardin/i18n"
)

// Every word a person reads from a game is a message of a catalogue, looked
// up by id in the reader's language (package i18n): one bundle per game,
// texts/<lang>.json beside its package, and the engine's own bundle here
// (seat names, the generic refusals of options and player counts, the
// frame of a refused move, the shared "first" option). The game's ids are
// (docs/i18n.md):
//
//	title                        the game's title
//	event.<key>, event.<key>.you an event, and as its actor reads it
//	component.<id>.name, .help   a component's name and what it does
//	rule.<RULE-ID>               a rule's statement
//	error.<code>                 a refusal's reason (RuleError, TextError)
//	option.<name>, .help, .<v>   an option, what it does, a value's label
//	move.<…>, score.<…>          move descriptions and buttons, score categories
//	cell.<…>                     how a sentence names a place
//	draw.<…>                     labels of the text drawing and of the page

//go:embed texts/*.json
var engineFS embed.FS

// engineTexts is the engine's own bundle, immutable once loaded.
var engineTexts = i18n.MustLoad(mustSub(engineFS, "texts"))

func mustSub(fsys fs.FS, dir string) fs.FS {
	sub, err := fs.Sub(fsys, dir)
	if err != nil {
		panic(err)
	}
	return sub
}

// EngineTexts is the engine's own bundle, for the key check and for the
// page, which words the generic refusals too.
func EngineTexts() *i18n.Bundle { return engineTexts }

// T formats one of the engine's own messages in lang.
func T(lang, id string, args ...i18n.Arg) string { return engineTexts.T(lang, id, args...) }

// Component is one kind of thing on the table. Its words are the
// catalogue's component.<id>.name and component.<id>.help.
type Component struct {
	ID   string `json:"id"`   // the id the view, events and move descriptions use
	Kind string `json:"kind"` // e.g. "card", "trophy", "tile", "element"
}

// Catalog is a game's words (its bundle, one catalogue per language) and
// the components they name. Games load it once from embedded files and
// share it read-only.
type Catalog struct {
	bundle     *i18n.Bundle
	Components []Component
	// Cell, when set, names a place id for a sentence: the message id and
	// its arguments ("cell.square" with row and column); ok is false for an
	// id it does not know, which is then printed as it is.
	Cell func(id string) (msg string, args []i18n.Arg, ok bool)

	byID map[string]int
}

// LoadCatalog reads a game's catalogue files (every <lang>.json at the root
// of fsys) and lists comps as its components; a game calls it once, so an
// error is a bug in the game's data.
func LoadCatalog(fsys fs.FS, comps []Component) (*Catalog, error) {
	b, err := i18n.Load(fsys)
	if err != nil {
		return nil, err
	}
	return NewCatalog(b, comps)
}

// MustLoadCatalog is LoadCatalog for embedded files: dir is the folder of
// fsys holding them.
func MustLoadCatalog(fsys fs.FS, dir string, comps []Component) *Catalog {
	c, err := LoadCatalog(mustSub(fsys, dir), comps)
	if err != nil {
		panic(fmt.Errorf("catalogue %s: %w", dir, err))
	}
	return c
}

// MustLoadGameCatalog is a game's catalogue, as every game loads it once:
// its texts/<lang>.json in fsys, over the components listed in kinds (the
// game's data/kinds.json: each id and its kind), with cell naming its board's
// cells for a sentence. game names the game in the panic that a broken
// embedded file is (a build that cannot run).
func MustLoadGameCatalog(game string, fsys fs.FS, kinds []byte, cell func(id string) (string, []i18n.Arg, bool)) *Catalog {
	var comps []Component
	if err := json.Unmarshal(kinds, &comps); err != nil {
		panic(fmt.Errorf("%s: data/kinds.json: %w", game, err))
	}
	c := MustLoadCatalog(fsys, "texts", comps)
	c.Cell = cell
	return c
}

// NewCatalog indexes comps over bundle b and checks the catalogue (Check).
func NewCatalog(b *i18n.Bundle, comps []Component) (*Catalog, error) {
	c := &Catalog{bundle: b, Components: comps, byID: make(map[string]int, len(comps))}
	for i, k := range comps {
		if _, dup := c.byID[k.ID]; dup {
			return nil, fmt.Errorf("catalogue: component %q listed twice", k.ID)
		}
		c.byID[k.ID] = i
	}
	if err := c.Check(); err != nil {
		return nil, err
	}
	return c, nil
}

// Bundle is the game's own catalogues.
func (c *Catalog) Bundle() *i18n.Bundle { return c.bundle }

// Langs lists the languages the game speaks (the source first, the
// pseudo-language last).
func (c *Catalog) Langs() []string { return c.bundle.Langs() }

// Has reports whether the game's catalogue, or the engine's, has id.
func (c *Catalog) Has(id string) bool { return c.bundle.Has(id) || engineTexts.Has(id) }

// T formats message id in lang: the game's message, else the engine's (a
// game may word a shared message its own way). An unknown language reads
// English; an unknown id is printed as itself.
func (c *Catalog) T(lang, id string, args ...i18n.Arg) string {
	if c.bundle.Has(id) || !engineTexts.Has(id) {
		return c.bundle.T(lang, id, args...)
	}
	return engineTexts.T(lang, id, args...)
}

// Title is the game's title in lang.
func (c *Catalog) Title(lang string) string { return c.T(lang, "title") }

// Component returns the component with id.
func (c *Catalog) Component(id string) (Component, bool) {
	if i, ok := c.byID[id]; ok {
		return c.Components[i], true
	}
	return Component{}, false
}

// Name returns the name of component id in lang, or the id itself when the
// catalogue does not know it.
func (c *Catalog) Name(id, lang string) string {
	if m := "component." + id + ".name"; c.bundle.Has(m) {
		return c.bundle.T(lang, m)
	}
	return id
}

// Help returns what component id does in lang, or "".
func (c *Catalog) Help(id, lang string) string {
	if m := "component." + id + ".help"; c.bundle.Has(m) {
		return c.bundle.T(lang, m)
	}
	return ""
}

// Known reports whether the catalogue names id.
func (c *Catalog) Known(id string) bool { return c.bundle.Has("component." + id + ".name") }

// Sources returns the messages of lang whose ids start with prefix, as
// written (the page formats them itself), falling back to English per
// message.
func (c *Catalog) Sources(lang, prefix string) map[string]string {
	src, cat := c.bundle.Catalog(i18n.Source), c.bundle.Catalog(lang)
	out := map[string]string{}
	for _, id := range src.IDs() {
		if strings.HasPrefix(id, prefix) {
			if m := cat.Source(id); m != "" {
				out[id] = m
			} else {
				out[id] = src.Source(id)
			}
		}
	}
	return out
}

// Check reports every component without a name.
func (c *Catalog) Check() error {
	var errs []error
	for _, k := range c.Components {
		if k.ID == "" || !c.Known(k.ID) {
			errs = append(errs, fmt.Errorf("component %q: no message component.%s.name", k.ID, k.ID))
		}
	}
	return errors.Join(errs...)
}

// SeatName returns the name of seat i for viewer in lang: "you" for the
// viewer's own seat, names[i] when given, else "player N".
func SeatName(i, viewer int, lang string, names []string) string {
	switch {
	case i == viewer && i >= 0:
		return T(lang, "seat.you")
	case i >= 0 && i < len(names) && names[i] != "":
		return names[i]
	default:
		return T(lang, "seat.player", i18n.N("n", i+1))
	}
}

// SeatLabel is seat i's label where it stands alone (a score pad's row, a
// seat list): "Player 1", capitalised as a label is, where SeatName's
// "player 1" sits inside a sentence.
func SeatLabel(i int, lang string) string {
	return T(lang, "seat.label", i18n.N("n", i+1))
}

// ArgNames are the names a message gives an event's arguments, by their
// kind and their order among the arguments of that kind: the first seat
// is {player}, the second {player2}; then {n}, {item} (a component),
// {cell} (a place). The actor is {actor}.
var argNames = [...]string{ArgSeat: "player", ArgNum: "n", ArgComp: "item", ArgCell: "cell"}

// ArgName is the name of argument i of args in a message.
func ArgName(args []Arg, i int) string {
	k := args[i].Kind
	if int(k) >= len(argNames) || argNames[k] == "" {
		return "arg" + strconv.Itoa(i)
	}
	n := 1
	for _, a := range args[:i] {
		if a.Kind == k {
			n++
		}
	}
	if n == 1 {
		return argNames[k]
	}
	return argNames[k] + strconv.Itoa(n)
}

// Render writes e as viewer reads it in lang, naming seats from names
// (names[i] is seat i's; missing names read "player N"): message
// event.<key>, or event.<key>.you when the viewer is the actor. An unknown
// key is rendered as the key and its arguments, never dropped, so that a
// missing message shows up instead of hiding the event.
func (c *Catalog) Render(e Event, viewer int, lang string, names []string) string {
	return c.render("event.", e.Key, e.Args, e.Actor, viewer, lang, names)
}

// Prompt writes the decision p of seat actor as viewer reads it in lang:
// message prompt.<key>.you for the actor, prompt.<key> for everyone else.
// The zero Prompt (the game is over) is "".
func (c *Catalog) Prompt(p Prompt, actor, viewer int, lang string, names []string) string {
	if p.Key == "" {
		return ""
	}
	return c.render("prompt.", p.Key, p.Args, actor, viewer, lang, names)
}

func (c *Catalog) render(prefix, key string, in []Arg, actor, viewer int, lang string, names []string) string {
	id := prefix + key
	if !c.Has(id) {
		b, _ := json.Marshal(in)
		return key + " " + string(b)
	}
	if actor >= 0 && actor == viewer && c.Has(id+".you") {
		id += ".you"
	}
	args := make([]i18n.Arg, 0, len(in)+1)
	args = append(args, i18n.S("actor", SeatName(actor, viewer, lang, names)))
	for i, a := range in {
		name := ArgName(in, i)
		switch a.Kind {
		case ArgSeat:
			args = append(args, i18n.S(name, SeatName(a.N, viewer, lang, names)))
		case ArgNum:
			args = append(args, i18n.N(name, a.N))
		case ArgComp:
			args = append(args, i18n.S(name, c.Name(a.S, lang)))
		case ArgCell:
			args = append(args, i18n.S(name, c.CellName(a.S, lang)))
		}
	}
	return capitalize(c.T(lang, id, args...))
}

// CellName names place id in lang for a sentence, or returns the id.
func (c *Catalog) CellName(id, lang string) string {
	if c.Cell != nil {
		if m, args, ok := c.Cell(id); ok {
			return c.T(lang, m, args...)
		}
	}
	return id
}

func capitalize(s string) string {
	// The pseudo-language's ⟦ comes first: capitalize what it wraps.
	pre := ""
	if rest, ok := strings.CutPrefix(s, "⟦"); ok {
		pre, s = "⟦", rest
	}
	r, n := utf8.DecodeRuneInString(s)
	if r == utf8.RuneError || !unicode.IsLower(r) {
		return pre + s
	}
	return pre + string(unicode.ToUpper(r)) + s[n:]
}

// Explain writes a refused move's error for a player reading lang: for a
// *RuleError, the rule id and the reason in lang (message refusal); for a
// *TextError, its message in lang inside what callers wrapped around it;
// any other error as it is. The errors carry their catalogue (Explain).
func (c *Catalog) Explain(err error, lang string) string { return Explain(err, lang) }

// Explain is Catalog.Explain: the errors carry their catalogue.
func Explain(err error, lang string) string {
	if err == nil {
		return ""
	}
	var re *RuleError
	if errors.As(err, &re) {
		return T(lang, "refusal", i18n.S("rule", re.Rule), i18n.S("reason", re.Message(lang)))
	}
	return ErrorIn(err, lang)
}

// Texter is implemented by games: their catalogue of words.
type Texter interface {
	Texts() *Catalog
}

// Lang returns lang if the engine's catalogue speaks it (a language jardin
// has, or the pseudo-language), else the source language: for callers that
// keep a language beside a table or a request.
func Lang(lang string) string {
	if slices.Contains(engineTexts.Langs(), lang) {
		return lang
	}
	return i18n.Source
}

// RuleIDs lists the rule ids the catalogue states (messages rule.<id>), in
// the source language's order of ids.
func (c *Catalog) RuleIDs() []string {
	var out []string
	for _, id := range c.bundle.Catalog(i18n.Source).IDs() {
		if r, ok := strings.CutPrefix(id, "rule."); ok {
			out = append(out, r)
		}
	}
	return out
}

// Rule is the statement of rule id in lang, or "" when the catalogue does
// not state it.
func (c *Catalog) Rule(id, lang string) string {
	if m := "rule." + id; c.bundle.Has(m) {
		return c.bundle.T(lang, m)
	}
	return ""
}

// PageText is a text the page shows of a game, in one language: a
// component's name and help, a score-pad label, or a renderer's word.
type PageText struct {
	Name string
	Help string
}

// PageTexts is everything a page drawing the game needs of its catalogue
// in lang, by id: each component's name and help, the score-pad labels
// (score.<category>, rating.<id>: their name is the label), and the
// renderer's own words (page.<…>: their name is the message as written,
// which the renderer formats with its arguments), and the words of choices
// (move.<kind>, part.<role>: the page labels a choice not on the drawing,
// "pass", with them instead of its id).
func (c *Catalog) PageTexts(lang string) map[string]PageText {
	out := make(map[string]PageText, len(c.Components))
	for _, k := range c.Components {
		out[k.ID] = PageText{Name: c.Name(k.ID, lang), Help: c.Help(k.ID, lang)}
	}
	for _, prefix := range []string{"score.", "rating."} {
		for id := range c.Sources(lang, prefix) {
			out[id] = PageText{Name: c.T(lang, id)}
		}
	}
	for _, prefix := range []string{"page.", "move.", "part."} {
		for id, m := range c.Sources(lang, prefix) {
			out[id] = PageText{Name: m}
		}
	}
	return out
}
