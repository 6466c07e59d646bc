package server

import (
	"testing"

	"github.com/jardin-games/jardin/engine"
	"github.com/jardin-games/jardin/games"
	"github.com/jardin-games/jardin/i18n"
	"github.com/jardin-games/jardin/shelltext"
)

// frenchFaults lists the strings of s (any JSON value) with a plain space
// where French wants a no-break one (i18n.FrenchTypography).
func frenchFaults(v any, out []string) []string {
	switch v := v.(type) {
	case string:
		if i18n.PlainSpaceBeforeMark(v) >= 0 {
			out = append(out, v)
		}
	case []any:
		for _, x := range v {
			out = frenchFaults(x, out)
		}
	case map[string]any:
		for _, x := range v {
			out = frenchFaults(x, out)
		}
	}
	return out
}

// No French sentence of jardin has a plain space before ? ! ; : or inside
// « »: every catalogue's French messages as the page reads them and as the
// server formats them, and what the learning pages' API answers in French.
func TestFrenchTypography(t *testing.T) {
	bundles := map[string]*i18n.Bundle{"shell": shelltext.Bundle(), "engine": engine.EngineTexts()}
	for _, g := range games.Registry().All() {
		bundles[g.ID()] = g.Texts().Bundle()
	}
	for name, b := range bundles {
		c := b.Catalog("fr")
		if c.Lang != "fr" {
			t.Fatalf("%s: no French catalogue", name)
		}
		for _, id := range c.IDs() {
			for _, s := range []string{c.Source(id), c.T(id, i18n.S("name", "Ann"), i18n.N("n", 2))} {
				if i := i18n.PlainSpaceBeforeMark(s); i >= 0 {
					t.Errorf("%s %s: a plain space before a mark at %d: %q", name, id, i, s)
				}
			}
		}
	}
	for k, s := range shelltext.Page("fr") {
		if i18n.PlainSpaceBeforeMark(s) >= 0 {
			t.Errorf("page %s: %q", k, s)
		}
	}
	ts := startServer(t, "", Config{})
	anon := &client{t: t, base: ts.URL}
	for _, g := range games.Registry().All() {
		for _, p := range []string{"/api/learn/", "/api/rules/"} {
			var v any
			if code := anon.call("GET", p+g.ID()+"?lang=fr", nil, &v); code != 200 {
				t.Fatalf("%s%s: %d", p, g.ID(), code)
			}
			for _, s := range frenchFaults(v, nil) {
				t.Errorf("%s%s?lang=fr: a plain space before a mark: %q", p, g.ID(), s)
			}
		}
	}
}
