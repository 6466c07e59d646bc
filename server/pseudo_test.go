package server

import (
	"errors"
	"html"
	"io"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/jardin-games/jardin/games"
	"github.com/jardin-games/jardin/i18n"
	"github.com/jardin-games/jardin/shelltext"
)

// The pseudo-locale tests: every page the server renders, in the test
// language xx (each shell message wrapped in ⟦…⟧), must show no visible
// text outside ⟦…⟧ but names, numbers and punctuation. A sentence written
// in Go instead of the catalogue shows up here.

var (
	// a tag, or a script or style element with its contents (not shown)
	tagRE = regexp.MustCompile(`(?s)<script.*?</script>|<style.*?</style>|<(?:[^>"']|"[^"]*"|'[^']*')*>`)
	// the attributes a person reads
	attrRE = regexp.MustCompile(`(?:placeholder|aria-label|title|alt)="([^"]*)"`)
	// what may show unwrapped: numbers, punctuation, symbols, spaces
	neutralRE = regexp.MustCompile(`^[\pN\pP\pS\s]*$`)
)

// pseudoAllowed are the words that may show unwrapped in xx: player names
// (test data), the site's name and each language's name in itself (the
// switch). Game titles come from the games' catalogues, wrapped too.
func pseudoAllowed(extra ...string) []string {
	out := append([]string{"jardin"}, extra...)
	for _, l := range shelltext.Offered() {
		out = append(out, shelltext.T(l, "lang.name")) // the switch names each language in itself
	}
	return out
}

// unwrapped returns the visible texts of an HTML page (text nodes and the
// attributes a person reads) that are not wrapped in ⟦…⟧, once the
// allowed words are removed.
func unwrapped(page string, allowed []string) []string {
	var texts []string
	for _, m := range attrRE.FindAllStringSubmatch(page, -1) {
		texts = append(texts, m[1])
	}
	texts = append(texts, tagRE.Split(page, -1)...)
	// the longest first: a title may hold a language's name
	allowed = slices.Clone(allowed)
	slices.SortFunc(allowed, func(a, b string) int { return len(b) - len(a) })
	var bad []string
	for _, t := range texts {
		t = html.UnescapeString(t)
		t = i18n.StripPseudo(t)
		for _, a := range allowed {
			t = strings.ReplaceAll(t, a, " ")
		}
		if !neutralRE.MatchString(t) {
			bad = append(bad, strings.TrimSpace(t))
		}
	}
	return bad
}

// plainText is unwrapped for a text that is not HTML (an e-mail, an error).
func plainText(s string, allowed []string) []string {
	return unwrapped(html.EscapeString(s), allowed)
}

func TestPseudoLocalePages(t *testing.T) {
	ts := startServer(t, "", Config{})
	ann := newClient(t, ts.URL, "Ann")
	tb := ann.create(createReq{Game: "english-gardens", Seats: []string{"me", "open", "greedy"}, Public: true})
	bob := &client{t: t, base: ts.URL}
	xx := &http.Cookie{Name: langCookie, Value: i18n.Pseudo}
	allowed := pseudoAllowed("Ann", "—", "–")
	for _, tc := range []struct {
		name, path string
		c          *client
		code       int
	}{
		{"plain lobby", "/plain", ann, 200},
		{"plain lobby, a stranger", "/plain", bob, 200},
		{"plain lobby with an error", "/plain?error=" + url.QueryEscape(shelltext.T(i18n.Pseudo, "err.nameControl")), ann, 200},
		{"invite", "/join/" + tb.ID + "?invite=" + tb.Invite, bob, 200},
		{"continue", "/continue/nocode", bob, 200},
		{"table shell", "/t/" + tb.ID + "?watch=1", bob, 200},
		{"replay shell", "/replay/" + tb.ID, bob, 200},
		{"error page", "/t/nope", bob, 404},
		{"home", "/", bob, 200},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, body, _ := getPage(t, tc.c, tc.path, "", xx)
			if code != tc.code {
				t.Fatalf("status %d, want %d", code, tc.code)
			}
			if bad := unwrapped(body, allowed); len(bad) > 0 {
				t.Errorf("text outside the catalogue: %q", bad)
			}
		})
	}
	// The page's words come with the shells, in xx.
	_, body, _ := getPage(t, bob, "/t/"+tb.ID, "", xx)
	if !strings.Contains(body, `"yourTurn":"⟦Your turn⟧"`) {
		t.Errorf("the table shell lacks the page's words in xx")
	}
	// An API error in xx.
	req, _ := http.NewRequest("GET", ts.URL+"/api/tables/nope?lang=xx", nil)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if !strings.Contains(string(b), `"error":"⟦no such table⟧"`) {
		t.Errorf("API error in xx: %s", b)
	}
}

// TestPseudoLocaleMessages: the server's sentences built in Go — refusals,
// the table's own events, errors, the e-mail — in xx.
func TestPseudoLocaleMessages(t *testing.T) {
	g, err := games.Registry().Lookup("english-gardens")
	if err != nil {
		t.Fatal(err)
	}
	allowed := pseudoAllowed("Ann", "http://example.org/t/x1")
	subject, _, text := yourTurnText(i18n.Pseudo, g, "http://example.org/t/x1")
	names := []string{"Ann", "Bob"}
	for _, s := range []string{
		subject, text,
		undoText(0, 1, 0, i18n.Pseudo, names), undoText(0, 3, 1, i18n.Pseudo, names),
		zombieText(1, 1, i18n.Pseudo, names, "", 0), zombieText(1, 0, i18n.Pseudo, names, "", 0),
		zombieText(1, 0, i18n.Pseudo, names, whyAway, 300), zombieText(1, 1, i18n.Pseudo, names, whyAway, 3),
		zombieText(1, 0, i18n.Pseudo, names, whyResign, 0), zombieText(1, 0, i18n.Pseudo, names, whyAway, 0),
		errorIn(shelltext.Errorf("err.tableIs", i18n.S("status", "over")), i18n.Pseudo),
		errorIn(shelltext.Wrap("err.options", errors.New("x")), i18n.Pseudo),
	} {
		if bad := plainText(s, allowed); len(bad) > 0 || !strings.Contains(s, "⟦") {
			t.Errorf("%q: text outside the catalogue: %q", s, bad)
		}
	}
}

// TestYourTurnInTheIdentitysLanguage: the notice speaks the identity's
// language; an unknown or empty one is English.
func TestYourTurnInTheIdentitysLanguage(t *testing.T) {
	g, _ := games.Registry().Lookup("english-gardens")
	for lang, want := range map[string]string{"": "Your turn at", "de": "Du bist am Zug bei", "fr": "À vous de jouer à", "zz": "Your turn at"} {
		subject, _, text := yourTurnText(lang, g, "http://h/t/1")
		if !strings.HasPrefix(text, want) || subject == "" || !strings.HasSuffix(text, "(http://h/t/1)") {
			t.Errorf("%q: %q, %q", lang, subject, text)
		}
	}
}

// TestIdentityLanguage: an identity takes the page's language when created
// and when renamed; the "your turn" e-mail is sent in it.
func TestIdentityLanguage(t *testing.T) {
	mail := newSMTP(t)
	ts := startServer(t, "", Config{SMTPAddr: mail.l.Addr().String()})
	ann := newClient(t, ts.URL, "Ann")
	id, err := ts.st.Identity(t.Context(), ann.id)
	if err != nil || id.Lang != "en" {
		t.Fatalf("new identity: %+v, %v", id, err)
	}
	if code := ann.call("POST", "/api/me?lang=de", map[string]string{"name": "Ann", "email": "ann@example.org"}, nil); code != 200 {
		t.Fatalf("rename: %d", code)
	}
	if id, _ = ts.st.Identity(t.Context(), ann.id); id.Lang != "de" {
		t.Fatalf("renamed in German: lang %q", id.Lang)
	}
	bob := newClient(t, ts.URL, "Bob")
	tb := bob.create(createReq{Game: "english-gardens", Seats: []string{"me", "open"}, Options: map[string]string{"first": "1"},
		Clock: clockSpec{Mode: "async", Hours: 24}})
	ann.join(tb.ID, tb.Invite)
	sb := bob.dial(tb.ID, "")
	m := sb.next(outSync)
	for num(m, "toMove") == 0 {
		sb.send(map[string]any{"t": "move", "v": num(m, "v"), "id": "b" + time.Now().String(), "i": 0})
		m = sb.next(outUpdate)
	}
	deadline := time.Now().Add(5 * time.Second)
	for len(mail.all()) == 0 && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	if msgs := mail.all(); len(msgs) != 1 || !strings.Contains(msgs[0], "Du bist am Zug bei") {
		t.Errorf("mails: %q", msgs)
	}
}
