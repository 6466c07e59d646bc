package main

import (
	"encoding/json"
	"fmt"
	"github.com/jardin-games/jardin/i18n"
	"slices"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/jardin-games/jardin/engine"
	"github.com/jardin-games/jardin/record"
)

// printable makes s safe to print on a terminal: invalid UTF-8, control
// characters and bidirectional overrides are escaped (an escape sequence in
// a name could clear the screen or retitle the window), and at most max
// characters are kept, the cut marked with "…".
func printable(s string, max int) string {
	var b strings.Builder
	n := 0
	for i := 0; i < len(s); {
		if n >= max {
			b.WriteString("…")
			break
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size <= 1:
			fmt.Fprintf(&b, `\x%02x`, s[i])
		case unicode.IsControl(r) || unicode.Is(unicode.Bidi_Control, r):
			if r < 0x100 {
				fmt.Fprintf(&b, `\x%02x`, r)
			} else {
				fmt.Fprintf(&b, `\u%04x`, r)
			}
		default:
			b.WriteRune(r)
		}
		i += size
		n++
	}
	return b.String()
}

// safeName is a player's name as printed: names come from records, which
// come from anywhere (record.Parse refuses bad ones; this is the second
// guard, for names from elsewhere).
func safeName(s string) string { return printable(s, record.MaxName) }

// texts renders a game's words for one language: events, components,
// ratings. Games with a catalogue (engine.Texter) are rendered through it;
// games not yet moved to keyed events fall back to their English sentences.
type texts struct {
	cat   *engine.Catalog // nil: the game has no catalogue
	lang  string
	names []string // seat names, in lang
}

func newTexts(g engine.Game, lang string, names []string) *texts {
	t := &texts{lang: lang, names: names}
	if tx, ok := g.(engine.Texter); ok {
		t.cat = tx.Texts()
	}
	return t
}

// event is e as viewer reads it.
func (t *texts) event(e engine.Event, viewer int) string {
	return t.cat.Render(e, viewer, t.lang, t.names)
}

// prompt is the decision of s as viewer reads it ("Take a card or a trophy").
func (t *texts) prompt(s engine.State, viewer int) string {
	return t.cat.Prompt(s.Prompt(), s.ToMove(), viewer, t.lang, t.names)
}

// name is the name of an id a move or a view uses: a component's name, a
// place's name, else the id itself.
func (t *texts) name(id string) string {
	if t.cat == nil {
		return id
	}
	if n := t.cat.Name(id, t.lang); n != id {
		return n
	}
	return t.cat.CellName(id, t.lang)
}

// rating is a solo rating's id in lang (the catalogue's rating.<id>).
func (t *texts) rating(id string) string {
	if t.cat == nil {
		return id
	}
	return t.cat.RatingLabel(id, t.lang)
}

// category is score category id's name in lang.
func (t *texts) category(id string) string {
	if t.cat == nil {
		return id
	}
	return t.cat.CategoryLabel(id, t.lang)
}

// explain is a refused move's error for the player: through the catalogue
// (the rule's statement in French), else the error itself.
func (t *texts) explain(err error) string {
	if t.cat != nil {
		return t.cat.Explain(err, t.lang)
	}
	return err.Error()
}

// maxMatches is how many components `info` lists for a loose query.
const maxMatches = 12

// findComponents returns the catalogue's components that query names: the
// one whose id or name (either language) is the query, ignoring case and
// accents' absence; else those whose id or names contain it.
func (t *texts) findComponents(query string) []engine.Component {
	if t.cat == nil {
		return nil
	}
	q := fold(query)
	var exact, loose []engine.Component
	for _, c := range t.cat.Components {
		names := []string{fold(c.ID)}
		for _, l := range t.cat.Langs() {
			if l != i18n.Pseudo {
				names = append(names, fold(t.cat.Name(c.ID, l)))
			}
		}
		switch {
		case slices.Contains(names, q):
			exact = append(exact, c)
		case slices.ContainsFunc(names, func(n string) bool { return strings.Contains(n, q) }):
			loose = append(loose, c)
		}
	}
	if len(exact) > 0 {
		return exact
	}
	return loose
}

// fold lowers s and drops the accents of the common French letters, so that
// "rosier" finds "Rosier" and "tresor" finds "trésor".
func fold(s string) string {
	return strings.Map(func(r rune) rune {
		switch r {
		case 'à', 'â', 'ä', 'À', 'Â', 'Ä':
			return 'a'
		case 'é', 'è', 'ê', 'ë', 'É', 'È', 'Ê', 'Ë':
			return 'e'
		case 'î', 'ï', 'Î', 'Ï':
			return 'i'
		case 'ô', 'ö', 'Ô', 'Ö':
			return 'o'
		case 'ù', 'û', 'ü', 'Ù', 'Û', 'Ü':
			return 'u'
		case 'ç', 'Ç':
			return 'c'
		}
		return unicode.ToLower(r)
	}, strings.TrimSpace(s))
}

// describe writes one component: its name, kind and help.
func (t *texts) describe(c engine.Component) string {
	s := fmt.Sprintf("%s [%s]", t.cat.Name(c.ID, t.lang), c.ID)
	if h := t.cat.Help(c.ID, t.lang); h != "" {
		s += ": " + h
	}
	return s
}

// onTable lists the catalogue's components that appear in a view: every
// string of the view's JSON that is a component id, in first-seen order.
func (t *texts) onTable(view any) []engine.Component {
	if t.cat == nil {
		return nil
	}
	b, err := json.Marshal(view)
	if err != nil {
		return nil
	}
	var v any
	if json.Unmarshal(b, &v) != nil {
		return nil
	}
	seen := map[string]bool{}
	var out []engine.Component
	var walk func(any)
	walk = func(v any) {
		switch v := v.(type) {
		case string:
			if c, ok := t.cat.Component(v); ok && !seen[v] {
				seen[v] = true
				out = append(out, c)
			}
		case []any:
			for _, x := range v {
				walk(x)
			}
		case map[string]any:
			keys := make([]string, 0, len(v))
			for k := range v {
				keys = append(keys, k)
			}
			sort.Strings(keys)
			for _, k := range keys {
				walk(v[k])
			}
		}
	}
	walk(v)
	return out
}
