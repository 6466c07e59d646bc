// Package i18n holds jardin's words as data: message catalogues, one JSON
// file per language and per domain (each game beside its package, and the
// shell: command line, server pages, web page), looked up by message id,
// with named placeholders and CLDR plural forms.
//
// A catalogue file is a flat JSON object of message ids to messages:
//
//	{
//	  "lobby.title": "Open tables",
//	  "event.take": "{actor} takes {card}",
//	  "cards.left": "{n, plural, one {# card left} other {# cards left}}"
//	}
//
// The message syntax is a subset of ICU MessageFormat: {name} is an
// argument; {name, plural, one {…} other {…}} chooses a branch by the CLDR
// plural category of the argument's number in the catalogue's language
// (exact matches such as =0 {…} come first), # in a branch is that number;
// {name, select, a {…} b {…} other {…}} chooses a branch by the argument's
// string. Braces have no escape: a message cannot print one.
//
// Adding a language is adding files: a Bundle loads every <lang>.json it
// finds, and the plural rules come from CLDR (golang.org/x/text) for any
// language tag. The pseudo-language xx is made from English, each message
// wrapped in ⟦…⟧, so that a test can find any visible text that does not
// come from a catalogue.
package i18n

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/text/feature/plural"
	"golang.org/x/text/language"
)

// Source is the language every catalogue is written in first; other
// languages are checked against it and fall back to it per message.
const Source = "en"

// Pseudo is the test language, generated from Source.
const Pseudo = "xx"

// Arg is one named argument of a message: a string or a number.
type Arg struct {
	Name  string
	Str   string
	Num   int
	IsNum bool
}

// S is a string argument.
func S(name, v string) Arg { return Arg{Name: name, Str: v} }

// N is a number argument; plural branches choose by it.
func N(name string, n int) Arg { return Arg{Name: name, Num: n, IsNum: true, Str: strconv.Itoa(n)} }

// Catalog is one language's messages of one domain. It is immutable once
// loaded and safe for concurrent use.
type Catalog struct {
	Lang string
	tag  language.Tag
	src  map[string]string
	msgs map[string]node
}

// Parse reads one catalogue file of language lang.
func Parse(lang string, data []byte) (*Catalog, error) {
	var src map[string]string
	if err := json.Unmarshal(data, &src); err != nil {
		return nil, fmt.Errorf("catalogue %s: %w", lang, err)
	}
	return newCatalog(lang, src)
}

func newCatalog(lang string, src map[string]string) (*Catalog, error) {
	tag := language.English
	if lang != Pseudo {
		t, err := language.Parse(lang)
		if err != nil {
			return nil, fmt.Errorf("catalogue %s: language: %w", lang, err)
		}
		tag = t
	}
	if isFrench(lang) {
		for id, m := range src {
			src[id] = FrenchTypography(m)
		}
	}
	c := &Catalog{Lang: lang, tag: tag, src: src, msgs: make(map[string]node, len(src))}
	var errs []error
	for id, m := range src {
		n, err := compile(m)
		if err != nil {
			errs = append(errs, fmt.Errorf("catalogue %s: message %q: %w", lang, id, err))
			continue
		}
		c.msgs[id] = n
	}
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	return c, nil
}

// Has reports whether the catalogue has message id.
func (c *Catalog) Has(id string) bool { _, ok := c.msgs[id]; return ok }

// IDs lists the catalogue's message ids, sorted.
func (c *Catalog) IDs() []string {
	ids := make([]string, 0, len(c.src))
	for id := range c.src {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	return ids
}

// Source returns message id as written in the file ("" if absent): for a
// client that formats messages itself (the web page).
func (c *Catalog) Source(id string) string { return c.src[id] }

// T formats message id with args. An unknown id is returned as itself, so
// that a missing message shows instead of hiding a sentence.
func (c *Catalog) T(id string, args ...Arg) string {
	n, ok := c.msgs[id]
	if !ok {
		return id
	}
	var b strings.Builder
	n.format(&b, c, args, 0, false)
	return b.String()
}

// form is the CLDR plural category of n in the catalogue's language.
func (c *Catalog) form(n int) string {
	i := n
	if i < 0 {
		i = -i
	}
	switch plural.Cardinal.MatchPlural(c.tag, i, 0, 0, 0, 0) {
	case plural.Zero:
		return "zero"
	case plural.One:
		return "one"
	case plural.Two:
		return "two"
	case plural.Few:
		return "few"
	case plural.Many:
		return "many"
	}
	return "other"
}

// Bundle is one domain's catalogues in every language it has.
type Bundle struct {
	byLang map[string]*Catalog
	langs  []string
}

// Load reads every <lang>.json at the root of fsys into a bundle, adds the
// pseudo-language from the source language's file, and checks that every
// language has exactly the source's ids with the same arguments (Check).
func Load(fsys fs.FS) (*Bundle, error) {
	names, err := fs.Glob(fsys, "*.json")
	if err != nil {
		return nil, err
	}
	b := &Bundle{byLang: map[string]*Catalog{}}
	for _, name := range names {
		lang := strings.TrimSuffix(path.Base(name), ".json")
		data, err := fs.ReadFile(fsys, name)
		if err != nil {
			return nil, err
		}
		c, err := Parse(lang, data)
		if err != nil {
			return nil, err
		}
		b.byLang[lang] = c
	}
	src, ok := b.byLang[Source]
	if !ok {
		return nil, fmt.Errorf("catalogue: no %s.json", Source)
	}
	if _, ok := b.byLang[Pseudo]; !ok {
		p := make(map[string]string, len(src.src))
		for id, m := range src.src {
			p[id] = "⟦" + m + "⟧"
		}
		if b.byLang[Pseudo], err = newCatalog(Pseudo, p); err != nil {
			return nil, err
		}
	}
	for l := range b.byLang {
		b.langs = append(b.langs, l)
	}
	slices.SortFunc(b.langs, func(x, y string) int {
		// The source first, the pseudo-language last, the rest by name.
		rank := func(l string) int {
			switch l {
			case Source:
				return 0
			case Pseudo:
				return 2
			}
			return 1
		}
		if r := rank(x) - rank(y); r != 0 {
			return r
		}
		return strings.Compare(x, y)
	})
	return b, b.Check()
}

// MustLoad is Load for embedded catalogues, whose errors are bugs.
func MustLoad(fsys fs.FS) *Bundle {
	b, err := Load(fsys)
	if err != nil {
		panic(err)
	}
	return b
}

// Langs lists the bundle's languages: the source first, the pseudo-language
// last.
func (b *Bundle) Langs() []string { return b.langs }

// Catalog returns lang's catalogue, or the source language's when the
// bundle lacks lang.
func (b *Bundle) Catalog(lang string) *Catalog {
	if c, ok := b.byLang[lang]; ok {
		return c
	}
	return b.byLang[Source]
}

// T formats message id in lang with args; a message missing in lang reads
// in the source language.
func (b *Bundle) T(lang, id string, args ...Arg) string {
	c := b.Catalog(lang)
	if !c.Has(id) {
		c = b.byLang[Source]
	}
	return c.T(id, args...)
}

// Has reports whether the source language has message id.
func (b *Bundle) Has(id string) bool { return b.byLang[Source].Has(id) }

// Check reports, for every language, each id the source has and it lacks,
// each id it has and the source lacks, and each message whose arguments
// differ from the source's: a translation must say the same things.
func (b *Bundle) Check() error {
	src := b.byLang[Source]
	var errs []error
	for _, l := range b.langs {
		if l == Source {
			continue
		}
		c := b.byLang[l]
		for _, id := range src.IDs() {
			n, ok := c.msgs[id]
			if !ok {
				errs = append(errs, fmt.Errorf("catalogue %s: lacks %q", l, id))
				continue
			}
			if a, b := strings.Join(src.msgs[id].args(nil), " "), strings.Join(n.args(nil), " "); a != b {
				errs = append(errs, fmt.Errorf("catalogue %s: %q has arguments {%s}, %s has {%s}", l, id, b, Source, a))
			}
		}
		for _, id := range c.IDs() {
			if !src.Has(id) {
				errs = append(errs, fmt.Errorf("catalogue %s: %q is not in %s", l, id, Source))
			}
		}
	}
	return errors.Join(errs...)
}

// StripPseudo removes every ⟦…⟧ span of a text in the pseudo-language,
// nested ones included (a message whose argument is a message), leaving
// what no catalogue wrote: the check that no sentence is written in code.
func StripPseudo(s string) string {
	var out strings.Builder
	depth := 0
	for _, r := range s {
		switch {
		case r == '⟦':
			depth++
		case r == '⟧':
			depth = max(depth-1, 0)
		case depth == 0:
			out.WriteRune(r)
		}
	}
	return out.String()
}
