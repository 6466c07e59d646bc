package server

import (
	"net/http"
	"net/url"
	"regexp"
	"sort"
	"strconv"
	"strings"
)

// The language of the pages the server renders (the plain lobby, the
// invite and "continue here" pages, the table and replay shells and their
// errors), chosen as the page's script chooses its own (web/src/i18n.ts) so
// that both agree: ?lang=en|fr in the address, saved in the `lang` cookie;
// else the cookie (the switch's choice, from a server page's link or the
// script's button); else the first of Accept-Language's languages, by
// preference, that is English or French (what navigator.languages gives
// the script); else English.

// langCookie is the cookie the page's script writes too: not HttpOnly, the
// script reads it.
const langCookie = "lang"

// pageLang is the language of the page r asks for; a ?lang= is saved in
// the cookie, so the choice follows the player to the next page.
func pageLang(w http.ResponseWriter, r *http.Request) string {
	// The answer depends on these: a shared cache must not mix languages.
	w.Header().Add("Vary", "Accept-Language, Cookie")
	if l := r.URL.Query().Get("lang"); l == "en" || l == "fr" {
		http.SetCookie(w, &http.Cookie{Name: langCookie, Value: l, Path: "/", MaxAge: 365 * 24 * 3600,
			SameSite: http.SameSiteLaxMode})
		return l
	}
	return requestLang(r)
}

// requestLang is the language of the page r comes from, as pageLang finds
// it, without saving anything: for a form's answer.
func requestLang(r *http.Request) string {
	if l := r.URL.Query().Get("lang"); l == "en" || l == "fr" {
		return l
	}
	if c, err := r.Cookie(langCookie); err == nil && (c.Value == "en" || c.Value == "fr") {
		return c.Value
	}
	return acceptLang(r.Header.Get("Accept-Language"))
}

// acceptLang picks English or French from an Accept-Language header
// ("fr-CH, fr;q=0.9, en;q=0.8"): the first by quality, then by order, of
// the languages starting with en or fr; English when none does.
func acceptLang(h string) string {
	type tag struct {
		lang string
		q    float64
	}
	var tags []tag
	for _, part := range strings.Split(h, ",") {
		name, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		q := 1.0
		if v, ok := strings.CutPrefix(strings.TrimSpace(params), "q="); ok {
			f, err := strconv.ParseFloat(v, 64)
			if err != nil {
				continue
			}
			q = f
		}
		name = strings.ToLower(strings.TrimSpace(name))
		for _, l := range []string{"en", "fr"} {
			if q > 0 && (name == l || strings.HasPrefix(name, l+"-")) {
				tags = append(tags, tag{l, q})
			}
		}
	}
	sort.SliceStable(tags, func(i, j int) bool { return tags[i].q > tags[j].q })
	if len(tags) > 0 {
		return tags[0].lang
	}
	return "en"
}

// switchURL is r's address asking for lang instead: its other parameters
// (an invite, ?watch=1) kept.
func switchURL(r *http.Request, lang string) string {
	q := r.URL.Query()
	q.Set("lang", lang)
	return (&url.URL{Path: r.URL.Path, RawQuery: q.Encode()}).String()
}

// pageWords are the words of the server's pages, by language. Templates
// read them as {{.W.key}}; a key missing from one language is an error when
// the page is rendered (missingkey=error), and TestPageWords checks that
// both languages have the same keys.
var pageWords = map[string]map[string]string{
	"en": {
		"switch": "Français", "switchLang": "fr", "youAre": "You are", "name": "Your name", "rename": "Rename",
		"start": "Start", "newTable": "New table", "game": "Game", "seats": "Seats (you first)", "seat": "Seat",
		"me": "me", "open": "open (a person)", "random": "random bot", "greedy": "greedy bot",
		"easy": "ismcts bot, easy", "medium": "ismcts bot, medium", "hard": "ismcts bot, hard", "expert": "ismcts bot, expert",
		"options": "Options", "clock": "Clock", "clock_none": "none", "clock_": "none", "clock_realtime": "realtime",
		"clock_async": "correspondence", "minutes": "minutes", "increment": "increment (s)", "hours": "hours per move",
		"public": "public", "create": "Create", "myTables": "My tables", "noneYet": "none yet", "replay": "replay",
		"continue": "Continue on another device", "openTables": "Open tables", "noOpen": "No open table: create one.",
		"openSeat": "(open)", "join": "join", "watch": "watch", "takeSeat": "Take a seat", "watchIt": "Watch",
		"status_open": "waiting for players", "status_live": "being played", "status_over": "over", "status_aborted": "abandoned",
		"needsScript": "The table is drawn by the page's script: JavaScript is needed to play.",
		"plainLobby":  "The plain lobby", "download": "Download the record",
		"notOver":      "The replay is available once the game is over.",
		"continueHere": "Continue here as the same player", "bot": "bot",
		"errTitle": "Error", "noTable": "There is no such table.", "unavailable": "The table cannot be reached now; try again in a moment.",
		"internal": "Something went wrong on the server.", "lobby": "Lobby",
	},
	"fr": {
		"switch": "English", "switchLang": "en", "youAre": "Vous êtes", "name": "Votre nom", "rename": "Renommer",
		"start": "Commencer", "newTable": "Nouvelle table", "game": "Jeu", "seats": "Places (vous d'abord)", "seat": "Place",
		"me": "moi", "open": "libre (une personne)", "random": "robot random", "greedy": "robot greedy",
		"easy": "robot ismcts, facile", "medium": "robot ismcts, moyen", "hard": "robot ismcts, difficile", "expert": "robot ismcts, expert",
		"options": "Options", "clock": "Pendule", "clock_none": "aucune", "clock_": "aucune", "clock_realtime": "temps réel",
		"clock_async": "par correspondance", "minutes": "minutes", "increment": "incrément (s)", "hours": "heures par coup",
		"public": "publique", "create": "Créer", "myTables": "Mes tables", "noneYet": "aucune pour l'instant", "replay": "revoir",
		"continue": "Continuer sur un autre appareil", "openTables": "Tables ouvertes", "noOpen": "Aucune table ouverte : créez-en une.",
		"openSeat": "(libre)", "join": "rejoindre", "watch": "regarder", "takeSeat": "Prendre une place", "watchIt": "Regarder",
		"status_open": "en attente de joueurs", "status_live": "en cours", "status_over": "terminée", "status_aborted": "abandonnée",
		"needsScript": "La table est dessinée par le script de la page : il faut JavaScript pour jouer.",
		"plainLobby":  "L'accueil simple", "download": "Télécharger l'enregistrement",
		"notOver":      "La partie pourra être revue une fois terminée.",
		"continueHere": "Continuer ici comme le même joueur", "bot": "robot",
		"errTitle": "Erreur", "noTable": "Cette table n'existe pas.", "unavailable": "La table est injoignable pour l'instant ; réessayez dans un moment.",
		"internal": "Le serveur a rencontré une erreur.", "lobby": "Accueil",
	},
}

// seatName is a seat's name on a server page: a bot named after its kind
// reads "greedy bot" or "robot greedy", as on the page and in the events.
func seatName(s seatInfo, lang string) string {
	if s.Kind == "bot" && (s.Name == "" || s.Name == s.Bot+" bot") {
		if lang == "fr" {
			return "robot " + s.Bot
		}
		return s.Bot + " bot"
	}
	return s.Name
}

// frErrors are the French of the server's errors that the plain pages'
// forms send back (?error=): each English message, as a pattern, and its
// French; the parts the pattern captures are kept ($1). A message not
// listed is shown in English.
var frErrors = []struct {
	en *regexp.Regexp
	fr string
}{
	{regexp.MustCompile(`^name: want 1 to (\d+) characters$`), "nom : de 1 à $1 caractères"},
	{regexp.MustCompile(`^name: no control characters$`), "nom : pas de caractères de contrôle"},
	{regexp.MustCompile(`^no identity: set your name first`), "pas encore d'identité : donnez d'abord votre nom"},
	{regexp.MustCompile(`^this link is unknown, used or expired: make a new one on your other device$`),
		"ce lien est inconnu, déjà utilisé ou expiré : créez-en un nouveau sur votre autre appareil"},
	{regexp.MustCompile(`^clock: realtime wants minutes \(0 to 180\] per player and increment \[0, 600\] seconds$`),
		"pendule : le temps réel demande de 0 à 180 minutes par joueur (0 exclu) et un incrément de 0 à 600 secondes"},
	{regexp.MustCompile(`^clock: async wants hours \(0 to 720\] per move$`),
		"pendule : la correspondance demande de 0 à 720 heures par coup (0 exclu)"},
	{regexp.MustCompile(`^you already sit at (\d+) open or live tables$`), "vous êtes déjà à $1 tables ouvertes ou en cours"},
	{regexp.MustCompile(`^at most (\d+) tables an hour$`), "au plus $1 tables par heure"},
	{regexp.MustCompile(`^this table needs its invite link$`), "cette table demande son lien d'invitation"},
	{regexp.MustCompile(`^no such table$`), "cette table n'existe pas"},
	{regexp.MustCompile(`^no open seat$`), "plus aucune place libre"},
	{regexp.MustCompile(`^the table is over$`), "la partie est terminée"},
	{regexp.MustCompile(`^the table is live$`), "la partie a commencé"},
	{regexp.MustCompile(`^the table is aborted$`), "la partie a été abandonnée"},
	{regexp.MustCompile(`^seats: "me" twice$`), "places : « moi » deux fois"},
	{regexp.MustCompile(`^seats: (\d+) given for (\d+) players$`), "places : $1 pour $2 joueurs"},
	{regexp.MustCompile(`^options: (.*)$`), "options : $1"},
}

// errorIn is an error message of the server in lang: French when frErrors
// knows it, else as it is.
func errorIn(lang, msg string) string {
	if lang != "fr" {
		return msg
	}
	for _, e := range frErrors {
		if m := e.en.FindStringSubmatchIndex(msg); m != nil {
			return string(e.en.ExpandString(nil, e.fr, msg, m))
		}
	}
	return msg
}
