package server

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// formError posts form to path in lang and returns the error the redirect
// carries back to the page (its ?error=).
func formError(t *testing.T, ts *testServer, path, lang string, body string) string {
	t.Helper()
	req, _ := http.NewRequest("POST", ts.URL+path, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.AddCookie(&http.Cookie{Name: langCookie, Value: lang})
	c := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, err := c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	loc, err := url.Parse(resp.Header.Get("Location"))
	if resp.StatusCode != http.StatusSeeOther || err != nil {
		t.Fatalf("%s: %s, Location %q", path, resp.Status, resp.Header.Get("Location"))
	}
	return loc.Query().Get("error")
}

// A plain form's error line is a sentence of the catalogue in the page's
// language, whatever failed: a body too large reads as such (it read
// "http: request body too large"), and a fault of the store as the API
// answers it (it read the driver's English, naming the database).
func TestFormErrorsWorded(t *testing.T) {
	ts := startServer(t, "", Config{})
	big := url.Values{"game": {"happy-garden"}, "options": {strings.Repeat("x", maxBody)}}.Encode()
	for _, lang := range []string{"en", "fr", "de"} {
		if got, want := formError(t, ts, "/lobby/create", lang, big), say(lang, "err.tooLarge"); got != want {
			t.Errorf("%s: a form too large reads %q, want %q", lang, got, want)
		}
	}
	ts.db.Close() // the store fails from now on: every write and read
	for _, lang := range []string{"en", "fr", "de"} {
		got := formError(t, ts, "/lobby/name", lang, url.Values{"name": {"Ann"}}.Encode())
		if got != say(lang, "err.internal") && got != say(lang, "err.unavailable") && got != say(lang, "err.storeFailed") {
			t.Errorf("%s: a store fault reads %q, want the catalogue's internal, unavailable or store-failed message", lang, got)
		}
	}
}
