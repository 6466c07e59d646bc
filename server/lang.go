package server

import (
	"net/http"
	"net/url"
	"strings"

	"github.com/jardin-games/jardin/engine"
	"github.com/jardin-games/jardin/i18n"
	"github.com/jardin-games/jardin/shelltext"
	"github.com/jardin-games/jardin/store"
)

// The language of what the server words (the plain lobby, the invite and
// "continue here" pages, the table and replay shells and the web page's
// words in them, errors and refusals), chosen by i18n.Negotiate over the
// shell catalogue's languages (package shelltext): ?lang= in the address,
// saved in the `lang` cookie; else the cookie (the switch's choice); else
// Accept-Language, matched by CLDR's rules; else English. The page's script
// gets the language and its words from the page (texts.go), so both agree.
// E-mails and webhooks speak the identity's language (store.Identity.Lang).

// langCookie is the cookie the page's script writes too: not HttpOnly, the
// script reads it.
const langCookie = "lang"

// pageLang is the language of the page r asks for; a ?lang= is saved in
// the cookie, so the choice follows the player to the next page.
func pageLang(w http.ResponseWriter, r *http.Request) string {
	// The answer depends on these: a shared cache must not mix languages.
	w.Header().Add("Vary", "Accept-Language, Cookie")
	if l := r.URL.Query().Get("lang"); shelltext.Known(l) {
		http.SetCookie(w, &http.Cookie{Name: langCookie, Value: l, Path: "/", MaxAge: 365 * 24 * 3600,
			SameSite: http.SameSiteLaxMode})
		return l
	}
	return requestLang(r)
}

// requestLang is the language of the page r comes from, as pageLang finds
// it, without saving anything: for a form's answer, an API error, a socket.
func requestLang(r *http.Request) string {
	cookie := ""
	if c, err := r.Cookie(langCookie); err == nil {
		cookie = c.Value
	}
	return shelltext.Negotiate([]string{r.URL.Query().Get("lang"), cookie}, r.Header.Get("Accept-Language"))
}

// langLink is one entry of the language switch.
type langLink struct {
	Lang, Name, URL string
}

// switchLinks are r's address in every other language the shell has, each
// named in itself; its other parameters (an invite, ?watch=1) are kept.
func switchLinks(r *http.Request, lang string) []langLink {
	var out []langLink
	for _, l := range shelltext.Offered() {
		if l == lang {
			continue
		}
		q := r.URL.Query()
		q.Set("lang", l)
		out = append(out, langLink{Lang: l, Name: shelltext.T(l, "lang.name"),
			URL: (&url.URL{Path: r.URL.Path, RawQuery: q.Encode()}).String()})
	}
	return out
}

// plainWords are the plain pages' words in lang (plain.* in the
// catalogue, without the prefix): templates read them as {{.W.key}}.
func plainWords(lang string) map[string]string {
	out := map[string]string{}
	for _, id := range shelltext.Bundle().Catalog(i18n.Source).IDs() {
		if k, ok := strings.CutPrefix(id, "plain."); ok {
			out[k] = shelltext.T(lang, id)
		}
	}
	return out
}

// seatName is a seat's name on a server page: a bot named after its kind
// goes by its strength ("Quick bot", "Robot rapide"), as on the page and in
// the events.
func seatName(seat any, lang string) string {
	var name, bot string
	var kind store.SeatKind
	switch s := seat.(type) {
	case seatInfo:
		name, kind, bot = s.Name, s.Kind, s.Bot
		if s.Program || s.Invited {
			return programName(lang, s.Name, s.Invited) // a bot identity's (botapi.go)
		}
	case lobbySeat:
		name, kind, bot = s.Name, s.Kind, s.Bot
		if s.Program || s.Invited {
			return programName(lang, s.Name, s.Invited)
		}
	}
	if kind == store.SeatBot && (name == "" || name == bot+" bot") {
		return botSeatName(lang, bot)
	}
	return name
}

// botSeatName names a bot seat still named by default after its kind: by
// its strength, as the page's lobby does ("Quick bot", "Robot rapide"), and
// a kind that is no level (a search budget, "ismcts:500ms") as "{kind} bot".
func botSeatName(lang, bot string) string {
	if lvl, ok := botLevels[bot]; ok {
		return shelltext.T(lang, "page.lobby.bot."+lvl)
	}
	return shelltext.T(lang, "plain.botSeat", i18n.S("kind", bot))
}

// botLevels names the bot kinds' strengths (page.lobby.bot.*).
var botLevels = map[string]string{"random": "random", "greedy": "greedy", "ismcts": "medium", "ismcts:easy": "easy",
	"ismcts:medium": "medium", "ismcts:hard": "hard", "ismcts:expert": "expert"}

// errorIn is err's message in lang: the server's own errors from the
// shell catalogue, the games' from the engine.
func errorIn(err error, lang string) string {
	return shelltext.Text(err, lang, engine.ErrorIn)
}

// say is message id in lang, for the server's sentences.
func say(lang, id string, args ...i18n.Arg) string { return shelltext.T(lang, id, args...) }

// titles is a game's title in every language the shell offers.
func titles(g engine.Game) map[string]string {
	out := map[string]string{}
	for _, l := range shelltext.Offered() {
		out[l] = g.Title(l)
	}
	return out
}

// placeIn is a rank as an ordinal place in lang ("2nd place", "2e place",
// "2. Platz"): the catalogue's plural branches, never a bare number.
func placeIn(rank int, lang string) string {
	return shelltext.T(lang, "plain.playerPlace", i18n.N("n", rank))
}
