package bots

import (
	"strconv"

	"github.com/jardin-games/jardin/i18n"
	"github.com/jardin-games/jardin/shelltext"
)

// A bot's settings come from a person — the command line's --seats, the
// lobby's seats, the API's — so New's refusals are sentences of the shell
// catalogue (err.bot.*), worded in the reader's language where they are
// shown (the server's errorIn, the command line's errText) and carrying
// their id, whose name is the code a program reads (the server's errCode:
// "bot.budget").

// settingErr is the refusal of bot kind: message err.bot.<name>, the kind
// quoted as {bot}, field (a part of the kind, "" for none) as {field}.
func settingErr(name, kind, field string) error {
	args := []i18n.Arg{i18n.S("bot", quote(kind))}
	if field != "" {
		args = append(args, i18n.S("field", quote(field)))
	}
	return shelltext.Errorf("err.bot."+name, args...)
}

// quote is a person's word as a refusal quotes it: in Go's quotes, cut to
// a length a line can show (a kind may come from a request of kilobytes).
func quote(s string) string {
	const max = 60
	if len(s) > max {
		cut := max
		for cut > 0 && s[cut]&0xC0 == 0x80 {
			cut--
		}
		return strconv.Quote(s[:cut]) + "…"
	}
	return strconv.Quote(s)
}
