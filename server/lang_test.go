package server

import (
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/jardin-games/jardin/engine"
	"github.com/jardin-games/jardin/i18n"
	"github.com/jardin-games/jardin/shelltext"
)

// TestRequestLang: ?lang=, then the cookie, then Accept-Language by CLDR's
// matching over the shell's languages (German too now), then English; the
// pseudo-language only by name.
func TestRequestLang(t *testing.T) {
	for _, tc := range []struct{ query, cookie, header, want string }{
		{"", "", "", "en"},
		{"", "", "fr", "fr"},
		{"", "", "fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7", "fr"},
		{"", "", "de-DE, fr;q=0.5, en;q=0.9", "de"},
		{"", "", "de-AT", "de"},
		{"", "", "it, fr-FR;q=0.3", "fr"},
		{"", "", "en-GB,en;q=0.9", "en"},
		{"", "", "frisian", "en"},
		{"", "", "it, es", "en"},
		{"", "", "*", "en"},
		{"", "", "FR-be", "fr"},
		{"", "", "xx", "en"},
		{"", "de", "fr", "de"},
		{"", "nope", "fr", "fr"},
		{"xx", "de", "fr", "xx"},
		{"fr", "de", "en", "fr"},
		{"it", "de", "en", "de"},
	} {
		r := httptest.NewRequest("GET", "/plain?lang="+tc.query, nil)
		if tc.cookie != "" {
			r.AddCookie(&http.Cookie{Name: langCookie, Value: tc.cookie})
		}
		if tc.header != "" {
			r.Header.Set("Accept-Language", tc.header)
		}
		if got := requestLang(r); got != tc.want {
			t.Errorf("?lang=%s, cookie %q, Accept-Language %q: %q, want %q", tc.query, tc.cookie, tc.header, got, tc.want)
		}
	}
}

func TestErrorIn(t *testing.T) {
	for _, tc := range []struct {
		lang string
		err  error
		want string
	}{
		{"fr", shelltext.Errorf("err.nameLength", i18n.N("max", 40)), "nom\u00a0: de 1 à 40 caractères"},
		{"de", shelltext.Errorf("err.nameLength", i18n.N("max", 40)), "Name: 1 bis 40 Zeichen"},
		{"fr", shelltext.Errorf("err.tooManyTables", i18n.N("n", 12)), "vous êtes déjà à 12 tables ouvertes ou en cours"},
		{"fr", shelltext.Errorf("err.meTwice"), "places\u00a0: «\u00a0moi\u00a0» deux fois"},
		{"fr", shelltext.Errorf("err.tableIs", i18n.S("status", "over")), "la partie est terminée"},
		{"en", shelltext.Errorf("err.tableIs", i18n.S("status", "over")), "the table is over"},
		{"fr", fmt.Errorf("table t1: %w", shelltext.Errorf("err.noTable")), "table t1: cette table n'existe pas"},
		{"fr", errors.New("something new"), "something new"},
		{"en", shelltext.Errorf("err.nameLength", i18n.N("max", 40)), "name: want 1 to 40 characters"},
	} {
		if got := errorIn(tc.err, tc.lang); got != tc.want {
			t.Errorf("errorIn(%q, %s) = %q, want %q", tc.err, tc.lang, got, tc.want)
		}
	}
}

// TestReasonIn: a refused move reads as its reason in the player's
// language, never with the rule's id in front (the refusal's rule field
// carries the id for programs).
func TestReasonIn(t *testing.T) {
	rule := &engine.RuleError{Rule: "EG-T6c", ID: "error.players", Args: []i18n.Arg{i18n.S("game", "G"), i18n.N("min", 2), i18n.N("max", 4), i18n.N("n", 5)}}
	for _, tc := range []struct {
		lang string
		err  error
		want string
	}{
		{"en", rule, engine.T("en", "error.players", rule.Args...)},
		{"fr", rule, engine.T("fr", "error.players", rule.Args...)},
		{"fr", fmt.Errorf("move 3: %w", rule), engine.T("fr", "error.players", rule.Args...)},
		{"fr", shelltext.Errorf("err.noTable"), "cette table n'existe pas"},
	} {
		got := reasonIn(tc.err, tc.lang)
		if got != tc.want || strings.Contains(got, "EG-T6c") {
			t.Errorf("reasonIn(%q, %s) = %q, want %q", tc.err, tc.lang, got, tc.want)
		}
	}
}

// get fetches a page as a browser would, with an Accept-Language and the
// cookies given, and returns its status, body and the lang cookie it sets.
func getPage(t *testing.T, c *client, path, acceptLanguage string, cookies ...*http.Cookie) (int, string, string) {
	t.Helper()
	req, _ := http.NewRequest("GET", c.base+path, nil)
	if acceptLanguage != "" {
		req.Header.Set("Accept-Language", acceptLanguage)
	}
	if c.token != "" {
		req.AddCookie(&http.Cookie{Name: cookieName, Value: c.token})
	}
	for _, k := range cookies {
		req.AddCookie(k)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatalf("GET %s: %v", path, err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	set := ""
	for _, k := range resp.Cookies() {
		if k.Name == langCookie {
			set = k.Value
		}
	}
	return resp.StatusCode, string(b), set
}

// TestPlainPagesInBothLanguages: the server's pages speak the language of
// ?lang=, else of the lang cookie (the page's script writes the same), else
// of Accept-Language; each has a link to itself in the other language;
// names are escaped in both.
func TestPlainPagesInBothLanguages(t *testing.T) {
	ts := startServer(t, "", Config{})
	ann := newClient(t, ts.URL, `Ann <img src=x onerror=alert(1)>`)
	tb := ann.create(createReq{Game: "english-gardens", Seats: []string{"me", "open", "greedy"}, Public: true})
	bob := &client{t: t, base: ts.URL} // nobody yet: the join page asks for a name
	fr := &http.Cookie{Name: langCookie, Value: "fr"}
	en := &http.Cookie{Name: langCookie, Value: "en"}
	invite := "/join/" + tb.ID + "?invite=" + tb.Invite

	type want struct {
		lang string
		has  []string
	}
	french := func(has ...string) want { return want{"fr", has} }
	english := func(has ...string) want { return want{"en", has} }
	for _, tc := range []struct {
		name, path, accept string
		c                  *client
		cookies            []*http.Cookie
		code               int
		want               want
		setCookie          string
	}{
		{"lobby, Accept-Language fr", "/plain", "fr-CH, fr;q=0.9, en;q=0.8", ann, nil, 200,
			french("Nouvelle table", "Mes tables", "Tables ouvertes", "Jardins Anglais", "Robot rapide", "(libre)", "par correspondance",
				`href="/plain?lang=en"`, ">English</a>", "Vous êtes <b>Ann &lt;img src=x"), ""},
		{"lobby, Accept-Language de", "/plain", "de-DE,de;q=0.9,en;q=0.5", ann, nil, 200,
			want{"de", []string{"Neuer Tisch", "Meine Tische", "Offene Tische", "Schneller Bot", "(frei)", "Fernpartie",
				`href="/plain?lang=en"`, `href="/plain?lang=fr"`, ">Français</a>", "Du bist <b>Ann &lt;img src=x"}}, ""},
		{"invite in German", invite, "de", bob, nil, 200, want{"de", []string{"Platz nehmen", "Dein Name", "Zuschauen", "Schneller Bot"}}, ""},
		{"no such table in German", "/t/nope", "de", bob, nil, 404, want{"de", []string{"Diesen Tisch gibt es nicht.", "<title>Fehler — jardin"}}, ""},
		{"lobby, no header", "/plain", "", ann, nil, 200,
			english("New table", "My tables", "Open tables", "Quick bot", "(open)", `href="/plain?lang=fr"`, ">Français</a>",
				"You are <b>Ann &lt;img src=x"), ""},
		{"lobby, the cookie wins over the header", "/plain", "fr", ann, []*http.Cookie{en}, 200, english("New table"), ""},
		{"lobby, ?lang= wins over the cookie and is saved", "/plain?lang=fr", "en", ann, []*http.Cookie{en}, 200, french("Nouvelle table"), "fr"},
		{"lobby, a stranger in French", "/plain", "", bob, []*http.Cookie{fr}, 200, french("Commencer", "Votre nom", "Tables ouvertes"), ""},
		{"invite", invite, "fr", bob, nil, 200,
			french("Prendre une place", "Votre nom", "Regarder", "Robot rapide", "Ann &lt;img src=x", `href="/join/`+tb.ID+`?invite=`+tb.Invite+`&amp;lang=en"`), ""},
		{"invite in English", invite, "", bob, nil, 200, english("Take a seat", "Your name", "Quick bot"), ""},
		{"table shell", "/t/" + tb.ID + "?watch=1", "fr", bob, nil, 200,
			french("<title>Jardins Anglais", "il faut JavaScript", `<noscript><nav class="top" aria-label="Langue"><a class="lang-switch" href="/t/`+tb.ID+`?lang=en&amp;watch=1"`), ""},
		{"replay shell", "/replay/" + tb.ID, "", bob, []*http.Cookie{fr}, 200, french("La partie pourra être revue une fois terminée."), ""},
		{"continue", "/continue/nocode", "", bob, []*http.Cookie{fr}, 200, french("Continuer ici comme le même joueur"), ""},
		{"no such table", "/t/nope", "fr", bob, nil, 404, french("Cette table n&#39;existe pas.", "<title>Erreur — jardin", `href="/t/nope?lang=en"`), ""},
		{"no such table in English", "/join/nope", "", bob, nil, 404, english("There is no such table.", `href="/join/nope?lang=fr"`), ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, body, set := getPage(t, tc.c, tc.path, tc.accept, tc.cookies...)
			if code != tc.code {
				t.Fatalf("status %d, want %d: %s", code, tc.code, body)
			}
			if !strings.Contains(body, `<html lang="`+tc.want.lang+`">`) {
				t.Errorf("not in %s: %s", tc.want.lang, body)
			}
			for _, s := range tc.want.has {
				if !strings.Contains(body, s) {
					t.Errorf("no %q in %s", s, body)
				}
			}
			if strings.Contains(body, "<img src=x") {
				t.Errorf("a name is not escaped: %s", body)
			}
			if set != tc.setCookie {
				t.Errorf("lang cookie set to %q, want %q", set, tc.setCookie)
			}
		})
	}

	// A form's error comes back in the page's language.
	long := strings.Repeat("n", 41)
	for _, tc := range []struct {
		cookie *http.Cookie
		want   string
	}{{fr, "nom\u00a0: de 1 à 40 caractères"}, {en, "name: want 1 to 40 characters"}} {
		req, _ := http.NewRequest("POST", ts.URL+"/lobby/name", strings.NewReader(url.Values{"name": {long}}.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		req.AddCookie(tc.cookie)
		resp, err := http.DefaultClient.Do(req) // follows the redirection back to /plain, cookies kept
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if !strings.Contains(string(b), `<p class="err">`+tc.want+`</p>`) {
			t.Errorf("a name too long, lang %s: no %q in %s", tc.cookie.Value, tc.want, b)
		}
	}

	// The switch link leads to the same page in the other language, and
	// the choice stays for the next page (the cookie).
	cj, err := cookiejar.New(nil)
	if err != nil {
		t.Fatal(err)
	}
	jar := &http.Client{Jar: cj}
	u, _ := url.Parse(ts.URL)
	jar.Jar.SetCookies(u, []*http.Cookie{{Name: cookieName, Value: ann.token}})
	for _, step := range []struct{ path, want string }{{"/plain?lang=fr", "Nouvelle table"}, {"/plain", "Nouvelle table"}, {"/plain?lang=en", "New table"}, {"/plain", "New table"}} {
		resp, err := jar.Get(ts.URL + step.path)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if !strings.Contains(string(b), step.want) {
			t.Errorf("%s after the switch: no %q", step.path, step.want)
		}
	}
}

// The plain lobby's create form shows the engine's refusals of the options
// and of the player count in the page's language: French from the engine
// (engine.TextError), the server's words around them from errorIn.
func TestPlainFormOptionErrorsInFrench(t *testing.T) {
	ts := startServer(t, "", Config{})
	u, _ := url.Parse(ts.URL)
	for _, lang := range []string{"fr", "en"} {
		jar, _ := cookiejar.New(nil)
		jar.SetCookies(u, []*http.Cookie{{Name: langCookie, Value: lang}})
		c := &http.Client{Jar: jar}
		if resp, err := c.PostForm(ts.URL+"/lobby/name", url.Values{"name": {"Ann"}}); err != nil || resp.StatusCode != 200 {
			t.Fatalf("name form: %v %v", resp, err)
		}
		for _, tc := range []struct {
			name    string
			seats   []string
			options string
			en, fr  string
		}{
			{"value not allowed", []string{"me", "open"}, "first=9",
				"options: option first=&#34;9&#34; not allowed (allowed: random, 1, 2, 3, 4, 5)",
				"options\u00a0: option first=&#34;9&#34; non permise (valeurs permises\u00a0: random, 1, 2, 3, 4, 5)"},
			{"unknown option", []string{"me", "open"}, "colour=red",
				"options: unknown option &#34;colour&#34; (known: ", "options\u00a0: option inconnue &#34;colour&#34; (options connues\u00a0: "},
			{"not name=value", []string{"me", "open"}, "first", "option &#34;first&#34;: want name=value", "option &#34;first&#34;\u00a0: écrire nom=valeur"},
			{"given twice", []string{"me", "open"}, "first=1,first=2", "option &#34;first&#34; given twice", "option &#34;first&#34; donnée deux fois"},
			{"first seat past the players", []string{"me", "open"}, "first=4",
				"option first=&#34;4&#34;: want random or a seat from 1 to 2", "option first=&#34;4&#34;\u00a0: random ou une place de 1 à 2"},
			{"player count", []string{"me"}, "", "happy-garden is for 2 to 5 players, not 1", "happy-garden se joue de 2 à 5 joueurs, pas 1"},
		} {
			t.Run(lang+"/"+tc.name, func(t *testing.T) {
				resp, err := c.PostForm(ts.URL+"/lobby/create", url.Values{"game": {"happy-garden"}, "seat": tc.seats, "options": {tc.options}})
				if err != nil {
					t.Fatal(err)
				}
				b, _ := io.ReadAll(resp.Body)
				resp.Body.Close()
				if resp.Request.URL.Path != "/plain" {
					t.Fatalf("the form ended at %s, want /plain with the error", resp.Request.URL)
				}
				want := map[string]string{"en": tc.en, "fr": tc.fr}[lang]
				if !strings.Contains(string(b), want) {
					i := strings.Index(string(b), `role="alert"`)
					t.Errorf("no %q in the page; its error: %.300s", want, string(b)[max(i, 0):])
				}
			})
		}
	}
}
