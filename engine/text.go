package engine

import (
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Languages are the languages every catalogue is written in.
var languages = [...]string{"en", "fr"}

// Lang returns lang if it is a language jardin speaks, else "en".
func Lang(lang string) string {
	if lang == "fr" {
		return "fr"
	}
	return "en"
}

// Text is one short text in both languages.
type Text struct {
	EN string `json:"en"`
	FR string `json:"fr"`
}

// In returns the text in lang ("fr" or "en"; anything else reads English).
func (t Text) In(lang string) string {
	if lang == "fr" {
		return t.FR
	}
	return t.EN
}

// Message is one event key's sentence in both languages. Templates hold
// placeholders: {actor} (the event's actor), {0}…{9} (its arguments), and
// {N|one|many} (the word for the count of argument N: "one" when it is 1 in
// English, 0 or 1 in French). The You forms, when given, are used when the
// viewer is the actor ("You take…", "Vous prenez…"); without them the third
// person is used with "you" as the name, which reads badly for most verbs,
// so every message with {actor} should have them.
type Message struct {
	EN    string `json:"en"`
	FR    string `json:"fr"`
	YouEN string `json:"you_en,omitempty"`
	YouFR string `json:"you_fr,omitempty"`
}

// Component is one kind of thing on the table, named in both languages,
// with a short text of what it does or scores.
type Component struct {
	ID   string `json:"id"`   // the id the view, events and move descriptions use
	Kind string `json:"kind"` // e.g. "card", "trophy", "tile", "element"
	Name Text   `json:"name"`
	Help Text   `json:"help,omitzero"`
}

// Catalog is a game's texts: event messages by key and components by id.
// Games build one at start-up (from embedded data) and share it read-only.
type Catalog struct {
	Messages   map[string]Message
	Components []Component
	// Names, when set, names ids not listed in Components (ids built from
	// parts, e.g. "tile:12" named from its plant and colour); ok is false
	// for an unknown id.
	Names func(id, lang string) (name string, ok bool)
	// CellName, when set, names a place id for a sentence ("row 1, column
	// 3"); by default the id itself is printed.
	CellName func(id, lang string) string
	// Rules states each rule of the game's spec in both languages, by rule
	// id ("EG-T6c"), so that a refused move is explained in the player's
	// language (Explain).
	Rules map[string]Text

	byID map[string]int
}

// NewCatalog indexes comps and checks the catalogue (Check); a game calls it
// once, so an error is a bug in the game's data.
func NewCatalog(msgs map[string]Message, comps []Component) (*Catalog, error) {
	c := &Catalog{Messages: msgs, Components: comps, byID: make(map[string]int, len(comps))}
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

// CatalogFile is what every game's texts file (data/texts.json) holds: the
// event messages, the fixed components and the statement of each rule of
// the spec. A game embeds it in the struct it decodes the file into, beside
// its own fields (templates, words), so that the JSON keys are the same in
// every game.
type CatalogFile struct {
	Messages   map[string]Message `json:"messages"`
	Components []Component        `json:"components"`
	// Rules states each rule a refused move can name, so that Explain
	// tells a French player which rule refused it.
	Rules map[string]Text `json:"rules"`
}

// Catalog builds the catalogue of the file's messages and rules with comps
// (the file's components and those the game names from its own data), and
// checks it: an error is a bug in the game's data. A file that states no
// rule is refused, as refusals would then be explained in English only.
func (f *CatalogFile) Catalog(comps []Component) (*Catalog, error) {
	if len(f.Rules) == 0 {
		return nil, errors.New("rules: no rule stated")
	}
	c, err := NewCatalog(f.Messages, comps)
	if err != nil {
		return nil, err
	}
	// NewCatalog checked the messages and components; the rules are
	// checked once set.
	c.Rules = f.Rules
	if err := c.Check(); err != nil {
		return nil, fmt.Errorf("rules: %w", err)
	}
	return c, nil
}

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
	if n, ok := c.lookup(id, lang); ok {
		return n
	}
	return id
}

func (c *Catalog) lookup(id, lang string) (string, bool) {
	if i, ok := c.byID[id]; ok {
		return c.Components[i].Name.In(lang), true
	}
	if c.Names != nil {
		return c.Names(id, lang)
	}
	return "", false
}

// Known reports whether the catalogue names id in both languages.
func (c *Catalog) Known(id string) bool {
	for _, l := range languages {
		if n, ok := c.lookup(id, l); !ok || n == "" {
			return false
		}
	}
	return true
}

// Check reports every message key without both languages, a You form in one
// language only, a placeholder that one language uses and the other does
// not, an unbalanced brace, and every component without a name or help text
// in both languages.
func (c *Catalog) Check() error {
	var errs []error
	keys := make([]string, 0, len(c.Messages))
	for k := range c.Messages {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		m := c.Messages[k]
		if m.EN == "" || m.FR == "" {
			errs = append(errs, fmt.Errorf("message %q: needs both English and French", k))
			continue
		}
		if (m.YouEN == "") != (m.YouFR == "") {
			errs = append(errs, fmt.Errorf("message %q: a You form in one language only", k))
		}
		if err := samePlaceholders(m.EN, m.FR); err != nil {
			errs = append(errs, fmt.Errorf("message %q: %w", k, err))
		}
		if m.YouEN != "" {
			if err := samePlaceholders(m.YouEN, m.YouFR); err != nil {
				errs = append(errs, fmt.Errorf("message %q (You form): %w", k, err))
			}
		}
	}
	for id, r := range c.Rules {
		if r.EN == "" || r.FR == "" {
			errs = append(errs, fmt.Errorf("rule %q: needs both English and French", id))
		}
	}
	for _, k := range c.Components {
		if k.ID == "" || k.Name.EN == "" || k.Name.FR == "" {
			errs = append(errs, fmt.Errorf("component %q: needs an id and a name in both languages", k.ID))
		}
		if (k.Help.EN == "") != (k.Help.FR == "") {
			errs = append(errs, fmt.Errorf("component %q: help in one language only", k.ID))
		}
	}
	return errors.Join(errs...)
}

// samePlaceholders reports an error unless both templates are well formed
// and use the same arguments.
func samePlaceholders(a, b string) error {
	pa, err := placeholders(a)
	if err != nil {
		return err
	}
	pb, err := placeholders(b)
	if err != nil {
		return err
	}
	if pa != pb {
		return fmt.Errorf("%q uses {%s}, %q uses {%s}", a, strings.TrimSpace(pa), b, strings.TrimSpace(pb))
	}
	return nil
}

// placeholders lists the argument placeholders of a template, sorted, as one
// string ("0 1 actor "), so that two languages can be compared.
func placeholders(t string) (string, error) {
	var got []string
	for {
		i := strings.IndexByte(t, '{')
		j := strings.IndexByte(t, '}')
		if i < 0 && j < 0 {
			break
		}
		if i < 0 || j < i {
			return "", fmt.Errorf("unbalanced braces in %q", t)
		}
		name, _, _ := strings.Cut(t[i+1:j], "|")
		if name != "actor" {
			if n, err := strconv.Atoi(name); err != nil || n < 0 || n > 9 {
				return "", fmt.Errorf("unknown placeholder {%s}", t[i+1:j])
			}
		}
		if !strings.Contains(t[i+1:j], "|") {
			got = append(got, name)
		}
		t = t[j+1:]
	}
	sort.Strings(got)
	got = compact(got)
	return strings.Join(got, " ") + " ", nil
}

func compact(s []string) []string {
	out := s[:0]
	for i, v := range s {
		if i == 0 || v != s[i-1] {
			out = append(out, v)
		}
	}
	return out
}

// SeatName returns the name of seat i for viewer: "you"/"vous" for the
// viewer's own seat, names[i] when given, else "player N"/"joueur N".
func SeatName(i, viewer int, lang string, names []string) string {
	fr := lang == "fr"
	switch {
	case i == viewer && i >= 0:
		if fr {
			return "vous"
		}
		return "you"
	case i >= 0 && i < len(names) && names[i] != "":
		return names[i]
	case fr:
		return "joueur " + strconv.Itoa(i+1)
	default:
		return "player " + strconv.Itoa(i+1)
	}
}

// Render writes e as viewer reads it in lang, naming seats from names
// (names[i] is seat i's; missing names read "player N"). An unknown key is
// rendered as the key and its arguments, never dropped, so that a missing
// message shows up instead of hiding the event.
func (c *Catalog) Render(e Event, viewer int, lang string, names []string) string {
	lang = Lang(lang)
	m, ok := c.Messages[e.Key]
	if !ok {
		b, _ := json.Marshal(e.Args)
		return e.Key + " " + string(b)
	}
	tmpl := m.EN
	if lang == "fr" {
		tmpl = m.FR
	}
	if e.Actor >= 0 && e.Actor == viewer {
		if lang == "fr" && m.YouFR != "" {
			tmpl = m.YouFR
		} else if lang == "en" && m.YouEN != "" {
			tmpl = m.YouEN
		}
	}
	var b strings.Builder
	for {
		i := strings.IndexByte(tmpl, '{')
		if i < 0 {
			b.WriteString(tmpl)
			break
		}
		j := strings.IndexByte(tmpl[i:], '}')
		if j < 0 {
			b.WriteString(tmpl)
			break
		}
		b.WriteString(tmpl[:i])
		b.WriteString(c.placeholder(tmpl[i+1:i+j], e, viewer, lang, names))
		tmpl = tmpl[i+j+1:]
	}
	return capitalize(b.String())
}

func (c *Catalog) placeholder(ph string, e Event, viewer int, lang string, names []string) string {
	name, forms, plural := strings.Cut(ph, "|")
	if name == "actor" {
		return SeatName(e.Actor, viewer, lang, names)
	}
	n, err := strconv.Atoi(name)
	if err != nil || n < 0 || n >= len(e.Args) {
		return "{" + ph + "}"
	}
	a := e.Args[n]
	if plural {
		one, many, _ := strings.Cut(forms, "|")
		if a.N == 1 || (lang == "fr" && a.N == 0) {
			return one
		}
		return many
	}
	switch a.Kind {
	case ArgSeat:
		return SeatName(a.N, viewer, lang, names)
	case ArgNum:
		return strconv.Itoa(a.N)
	case ArgComp:
		return c.Name(a.S, lang)
	case ArgCell:
		if c.CellName != nil {
			return c.CellName(a.S, lang)
		}
		return a.S
	}
	return "{" + ph + "}"
}

func capitalize(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if r == utf8.RuneError || !unicode.IsLower(r) {
		return s
	}
	return string(unicode.ToUpper(r)) + s[n:]
}

// Explain writes a refused move's error for a player reading lang. In
// English it is the error itself (rule id and what is wrong); in French,
// where the error is a *RuleError, the rule id and the rule's French
// statement from the catalogue, since the error's details are English.
func (c *Catalog) Explain(err error, lang string) string {
	var re *RuleError
	if err == nil {
		return ""
	}
	if !errors.As(err, &re) || Lang(lang) == "en" {
		return err.Error()
	}
	if r, ok := c.Rules[re.Rule]; ok && r.FR != "" {
		return "coup refusé par la règle " + re.Rule + " : " + r.FR
	}
	return "coup refusé par la règle " + re.Rule + " (" + re.Msg + ")"
}

// Texter is implemented by games: their catalogue of event messages and
// components, in French and English.
type Texter interface {
	Texts() *Catalog
}
