package server

import (
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"slices"
	"strings"
	"testing"
)

func TestAcceptLang(t *testing.T) {
	for _, tc := range []struct{ header, want string }{
		{"", "en"},
		{"fr", "fr"},
		{"fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7", "fr"},
		{"de-DE, fr;q=0.5, en;q=0.9", "en"},
		{"de, fr-FR;q=0.3", "fr"},
		{"en-GB,en;q=0.9", "en"},
		{"fr;q=0, en;q=0.1", "en"},
		{"fr;q=oops, en;q=0.1", "en"},
		{"frisian", "en"},
		{"de, it", "en"},
		{"*", "en"},
		{"FR-be", "fr"},
	} {
		if got := acceptLang(tc.header); got != tc.want {
			t.Errorf("acceptLang(%q) = %q, want %q", tc.header, got, tc.want)
		}
	}
}

func TestErrorIn(t *testing.T) {
	for _, tc := range []struct{ lang, msg, want string }{
		{"fr", "name: want 1 to 40 characters", "nom : de 1 à 40 caractères"},
		{"fr", "you already sit at 12 open or live tables", "vous êtes déjà à 12 tables ouvertes ou en cours"},
		{"fr", `seats: "me" twice`, "places : « moi » deux fois"},
		{"fr", "seats: 3 given for 2 players", "places : 3 pour 2 joueurs"},
		{"fr", "the table is over", "la partie est terminée"},
		{"fr", "options: unknown option \"x\"", "options : unknown option \"x\""},
		{"fr", "something new", "something new"},
		{"en", "name: want 1 to 40 characters", "name: want 1 to 40 characters"},
	} {
		if got := errorIn(tc.lang, tc.msg); got != tc.want {
			t.Errorf("errorIn(%s, %q) = %q, want %q", tc.lang, tc.msg, got, tc.want)
		}
	}
}

// TestPageWords: both languages have the same words, none empty.
func TestPageWords(t *testing.T) {
	var keys [2][]string
	for i, l := range []string{"en", "fr"} {
		for k, v := range pageWords[l] {
			keys[i] = append(keys[i], k)
			if v == "" && !strings.HasPrefix(k, "clock_") {
				t.Errorf("%s: %q is empty", l, k)
			}
		}
		slices.Sort(keys[i])
	}
	if !slices.Equal(keys[0], keys[1]) {
		t.Errorf("the languages' words differ:\nen %v\nfr %v", keys[0], keys[1])
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
			french("Nouvelle table", "Mes tables", "Tables ouvertes", "Jardins Anglais", "robot greedy", "(libre)", "par correspondance",
				`href="/plain?lang=en"`, ">English</a>", "Vous êtes <b>Ann &lt;img src=x"), ""},
		{"lobby, no header", "/plain", "", ann, nil, 200,
			english("New table", "My tables", "Open tables", "greedy bot", "(open)", `href="/plain?lang=fr"`, ">Français</a>",
				"You are <b>Ann &lt;img src=x"), ""},
		{"lobby, the cookie wins over the header", "/plain", "fr", ann, []*http.Cookie{en}, 200, english("New table"), ""},
		{"lobby, ?lang= wins over the cookie and is saved", "/plain?lang=fr", "en", ann, []*http.Cookie{en}, 200, french("Nouvelle table"), "fr"},
		{"lobby, a stranger in French", "/plain", "", bob, []*http.Cookie{fr}, 200, french("Commencer", "Votre nom", "Tables ouvertes"), ""},
		{"invite", invite, "fr", bob, nil, 200,
			french("Prendre une place", "Votre nom", "Regarder", "robot greedy", "Ann &lt;img src=x", `href="/join/`+tb.ID+`?invite=`+tb.Invite+`&amp;lang=en"`), ""},
		{"invite in English", invite, "", bob, nil, 200, english("Take a seat", "Your name", "greedy bot"), ""},
		{"table shell", "/t/" + tb.ID + "?watch=1", "fr", bob, nil, 200,
			french("<title>Jardins Anglais", "il faut JavaScript", `<noscript><nav class="top"><a class="lang-switch" href="/t/`+tb.ID+`?lang=en&amp;watch=1"`), ""},
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
	}{{fr, "nom : de 1 à 40 caractères"}, {en, "name: want 1 to 40 characters"}} {
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
				"options : option first=&#34;9&#34; non permise (valeurs permises : random, 1, 2, 3, 4, 5)"},
			{"unknown option", []string{"me", "open"}, "colour=red",
				"options: unknown option &#34;colour&#34; (known: ", "options : option inconnue &#34;colour&#34; (options connues : "},
			{"not name=value", []string{"me", "open"}, "first", "option &#34;first&#34;: want name=value", "option &#34;first&#34; : écrire nom=valeur"},
			{"given twice", []string{"me", "open"}, "first=1,first=2", "option &#34;first&#34; given twice", "option &#34;first&#34; donnée deux fois"},
			{"first seat past the players", []string{"me", "open"}, "first=4",
				"option first=&#34;4&#34;: want random or a seat from 1 to 2", "option first=&#34;4&#34; : random ou une place de 1 à 2"},
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
