// Package shelltext is the shell's message catalogue: every sentence of
// jardin that is not a game's own words — the command line, the server's
// pages, errors and e-mails, and the web page's words — one JSON file per
// language in texts/ (texts/en.json is the source; docs/i18n.md tells how
// to add a language). The games' words are in their own catalogues.
//
// Message ids are grouped by prefix: cli.* for the command line, plain.*
// for the server's plain pages, err.* for the server's errors, refuse.* for
// a table's refusals, event.* for the table's own events, notify.* for
// e-mails and webhooks, page.* for the web page (sent to it whole, see
// Page), lang.* for the language switch.
package shelltext

import (
	"embed"
	"encoding/json"
	"io/fs"
	"strings"

	"github.com/jardin-games/jardin/i18n"
)

//go:embed texts/*.json
var files embed.FS

// bundle is loaded once and never changed: safe to share.
var bundle = func() *i18n.Bundle {
	sub, err := fs.Sub(files, "texts")
	if err != nil {
		panic(err)
	}
	return i18n.MustLoad(sub)
}()

// Bundle is the shell's catalogues in every language.
func Bundle() *i18n.Bundle { return bundle }

// Langs lists the languages a reader may ask for, the pseudo-language
// (which is only ever asked for by name) included, source first.
func Langs() []string { return bundle.Langs() }

// Offered lists the languages a switch offers: Langs without the
// pseudo-language.
func Offered() []string {
	var out []string
	for _, l := range bundle.Langs() {
		if l != i18n.Pseudo {
			out = append(out, l)
		}
	}
	return out
}

// Negotiate picks the language among the shell's: i18n.Negotiate.
func Negotiate(explicit []string, accept string) string {
	return i18n.Negotiate(bundle.Langs(), explicit, accept)
}

// Known reports whether lang is one of the shell's languages.
func Known(lang string) bool {
	for _, l := range bundle.Langs() {
		if l == lang {
			return true
		}
	}
	return false
}

// T formats message id in lang.
func T(lang, id string, args ...i18n.Arg) string { return bundle.T(lang, id, args...) }

// Page is the web page's messages (page.* and lang.*) in lang as written
// in the catalogue, the prefix page. removed: the page formats them itself
// (web/src/i18n.ts) with the same syntax.
func Page(lang string) map[string]string {
	c := bundle.Catalog(lang)
	src := bundle.Catalog(i18n.Source)
	out := map[string]string{}
	for _, id := range src.IDs() {
		k, ok := strings.CutPrefix(id, "page.")
		if !ok {
			if !strings.HasPrefix(id, "lang.") {
				continue
			}
			k = id
		}
		if m := c.Source(id); m != "" {
			out[k] = m
		} else {
			out[k] = src.Source(id)
		}
	}
	return out
}

// Error is an error whose message is in the catalogue: its text in
// English (Error), and in any language at the edge (In). Err, when set, is
// the cause, shown as the message's {err} by whoever renders it.
type Error struct {
	ID   string
	Args []i18n.Arg
	Err  error
}

// Errorf is an error of message id.
func Errorf(id string, args ...i18n.Arg) *Error { return &Error{ID: id, Args: args} }

// Wrap is an error of message id whose {err} is cause's text.
func Wrap(id string, cause error, args ...i18n.Arg) *Error {
	return &Error{ID: id, Args: args, Err: cause}
}

func (e *Error) Error() string { return e.In(i18n.Source, nil) }

func (e *Error) Unwrap() error { return e.Err }

// In is the message in lang; cause renders the cause in lang (nil: its
// Error text, or its own In when it is an *Error too).
func (e *Error) In(lang string, cause func(error, string) string) string {
	args := e.Args
	if e.Err != nil {
		args = append(args[:len(args):len(args)], i18n.S("err", Text(e.Err, lang, cause)))
	}
	return bundle.T(lang, e.ID, args...)
}

// Text is err's message in lang: each *Error in err's tree is rendered in
// lang in place of its English text (the prefixes wrapped around it are
// kept); other errors go to other (nil: their Error text), for a domain
// that words its own errors (the games').
func Text(err error, lang string, other func(error, string) string) string {
	found := outermost(err, nil)
	if len(found) == 0 {
		if other != nil {
			return other(err, lang)
		}
		return err.Error()
	}
	msg := err.Error()
	for _, e := range found {
		msg = strings.Replace(msg, e.Error(), e.In(lang, other), 1)
	}
	return msg
}

// outermost lists the *Errors of err's tree not inside another (whose In
// renders its own cause).
func outermost(err error, dst []*Error) []*Error {
	if e, ok := err.(*Error); ok {
		return append(dst, e)
	}
	switch u := err.(type) {
	case interface{ Unwrap() error }:
		if c := u.Unwrap(); c != nil {
			return outermost(c, dst)
		}
	case interface{ Unwrap() []error }:
		for _, c := range u.Unwrap() {
			dst = outermost(c, dst)
		}
	}
	return dst
}

// pageTexts is what the web page's script reads (web/src/i18n.ts).
type pageTexts struct {
	Lang     string            `json:"lang"`
	Langs    []langName        `json:"langs"` // the languages the switch offers
	Messages map[string]string `json:"messages"`
}

type langName struct {
	Lang string `json:"lang"`
	Name string `json:"name"` // in itself: "Deutsch"
}

// PageScript is the web page's words in lang as the script element a page
// carries: <script type="application/json" id="jardin-texts">. json.Marshal
// escapes <, > and &, so no message can end the element.
func PageScript(lang string) string {
	t := pageTexts{Lang: lang, Messages: Page(lang)}
	for _, l := range Offered() {
		t.Langs = append(t.Langs, langName{l, T(l, "lang.name")})
	}
	b, err := json.Marshal(t)
	if err != nil {
		panic(err) // strings only
	}
	return `<script type="application/json" id="jardin-texts">` + string(b) + `</script>`
}
