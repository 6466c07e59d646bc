package server

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/jardin-games/jardin/i18n"
	"github.com/jardin-games/jardin/shelltext"
)

// A bot's wrong setting at a new table's seat (a crafted lobby request, a
// program) is refused in the request's language by the bot's own sentence
// of the catalogue, with its code; an unknown bot as the seats' choices;
// other API errors carry their code too.
func TestBotSettingErrorsInTheirLanguage(t *testing.T) {
	ts := startServer(t, "", Config{})
	ann := newClient(t, ts.URL, "Ann")
	for _, lang := range []string{"en", "fr", "de"} {
		for _, tc := range []struct {
			seat, code string
			want       string
		}{
			{"ismcts:fast", "bot.budget", shelltext.T(lang, "err.seatBot", i18n.N("n", 2),
				i18n.S("err", shelltext.T(lang, "err.bot.budget", i18n.S("bot", `"ismcts:fast"`), i18n.S("field", `"fast"`))))},
			{"ismcts:j999", "bot.jobs", shelltext.T(lang, "err.seatBot", i18n.N("n", 2),
				i18n.S("err", shelltext.T(lang, "err.bot.jobs", i18n.S("bot", `"ismcts:j999"`), i18n.S("field", `"j999"`))))},
			{"wizard", "seatKind", shelltext.T(lang, "err.seatKind", i18n.N("n", 2), i18n.S("kind", `"wizard"`))},
		} {
			var raw string
			code := ann.call("POST", "/api/tables?lang="+lang, createReq{Game: "english-gardens", Seats: []string{"me", tc.seat}}, &raw)
			var body errorJSON
			json.Unmarshal([]byte(raw), &body)
			if code != http.StatusBadRequest || body.Error != tc.want || body.Code != tc.code || body.Request == "" {
				t.Errorf("%s, seat %s: %d %s, want 400 %q with code %s", lang, tc.seat, code, raw, tc.want, tc.code)
			}
			if lang != "en" && strings.Contains(body.Error, "want") {
				t.Errorf("%s, seat %s: %q is in English", lang, tc.seat, body.Error)
			}
		}
	}
	// Another API error: its code beside the sentence.
	var raw string
	var body errorJSON
	ann.call("GET", "/api/tables/nosuchtable?lang=de", nil, &raw)
	json.Unmarshal([]byte(raw), &body)
	if body.Code != "noTable" || body.Error != shelltext.T("de", "err.noTable") {
		t.Errorf("no such table: %s", raw)
	}
}
