package main

import (
	"strings"
	"testing"

	"github.com/jardin-games/jardin/i18n"
	"github.com/jardin-games/jardin/shelltext"
)

// A bot's wrong setting in --seats is refused in --lang by the bot's own
// sentence of the catalogue (err.bot.*, whose id is its code), not by the
// bots package's English nor by a list of every kind.
func TestBotSettingsInTheirLanguage(t *testing.T) {
	for _, tc := range []struct {
		kind, id, field string
	}{
		{"ismcts:fast", "err.bot.budget", "fast"},
		{"ismcts:j999", "err.bot.jobs", "j999"},
		{"ismcts:p0", "err.bot.sample", "p0"},
		{"ismcts::3", "err.bot.emptyField", ""},
	} {
		for _, lang := range []string{"en", "fr", "de"} {
			code, _, errs := jardin(t, "", "sim", "alices-garden", "--games", "1", "--seats", tc.kind+",greedy", "--lang", lang)
			args := []i18n.Arg{i18n.S("bot", `"`+tc.kind+`"`)}
			if tc.field != "" {
				args = append(args, i18n.S("field", `"`+tc.field+`"`))
			}
			want := shelltext.T(lang, tc.id, args...)
			if code != 2 || !strings.Contains(errs, want) {
				t.Errorf("--seats %s (%s): exit %d, %q; want 2 and %q", tc.kind, lang, code, errs, want)
			}
			if lang != "en" && strings.Contains(errs, "want") {
				t.Errorf("--seats %s (%s): %q is in English", tc.kind, lang, errs)
			}
		}
	}
}
