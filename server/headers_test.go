package server

import (
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// Every page forbids inline scripts and styles, sniffing and cross-site
// referrers (the plain lobby had an inline onclick, which made its CSP
// allow 'unsafe-inline'); no page holds an inline handler or script.
func TestPagesSecurityHeaders(t *testing.T) {
	ts := startServer(t, "", Config{})
	ann, _, tb := twoSeats(t, ts, "happy-garden")
	pages := []string{"/", "/plain", "/t/" + tb.ID, "/join/" + tb.ID, "/replay/" + tb.ID, "/t/nosuchtable", "/continue/nothing", "/settings"}
	for _, p := range pages {
		req, _ := http.NewRequest("GET", ts.URL+p, nil)
		req.AddCookie(&http.Cookie{Name: cookieName, Value: ann.token})
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/html") {
			continue
		}
		csp := resp.Header.Get("Content-Security-Policy")
		if csp == "" || strings.Contains(csp, "unsafe-inline") || !strings.Contains(csp, "script-src 'self'") {
			t.Errorf("%s: CSP %q", p, csp)
		}
		if got := resp.Header.Get("X-Content-Type-Options"); got != "nosniff" {
			t.Errorf("%s: X-Content-Type-Options %q", p, got)
		}
		if got := resp.Header.Get("Referrer-Policy"); got == "" {
			t.Errorf("%s: no Referrer-Policy", p)
		}
		low := strings.ToLower(string(body))
		// the page's words are a JSON data block, never run: only the markup counts
		if i := strings.Index(low, `<script type="application/json"`); i >= 0 {
			j := strings.Index(low[i:], "</script>")
			low = low[:i] + low[i+j:]
		}
		for _, bad := range []string{" onclick=", " onload=", " onsubmit=", "href=\"javascript:", " style="} {
			if strings.Contains(low, bad) {
				t.Errorf("%s: inline %q in the page", p, strings.TrimSpace(bad))
			}
		}
		for _, tag := range strings.Split(low, "<script")[1:] {
			head := tag[:strings.IndexByte(tag, '>')]
			if !strings.Contains(head, "src=") && !strings.Contains(head, `type="application/json"`) {
				t.Errorf("%s: an inline script: <script%s>", p, head)
			}
		}
	}
}

// The plain lobby's "continue on another device" is a form now, and gives
// a working link.
func TestPlainLobbyLinkForm(t *testing.T) {
	ts := startServer(t, "", Config{})
	ann := newClient(t, ts.URL, "Ann")
	req, _ := http.NewRequest("POST", ts.URL+"/lobby/link", strings.NewReader(url.Values{}.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Origin", ts.URL)
	req.AddCookie(&http.Cookie{Name: cookieName, Value: ann.token})
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	i := strings.Index(string(body), "/continue/")
	if resp.StatusCode != 200 || i < 0 {
		t.Fatalf("POST /lobby/link: %d, no link in the page", resp.StatusCode)
	}
	code := string(body[i+len("/continue/"):])
	code = code[:strings.IndexAny(code, "<\" ")]
	// the link moves Ann's identity to a new device (a client without her cookie)
	jar := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	creq, _ := http.NewRequest("POST", ts.URL+"/continue/"+code, nil)
	creq.Header.Set("Origin", ts.URL)
	resp, err = jar.Do(creq)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	var got string
	for _, c := range resp.Cookies() {
		if c.Name == cookieName {
			got = c.Value
		}
	}
	if got == "" {
		t.Fatalf("the link gave no identity (%d)", resp.StatusCode)
	}
	other := &client{t: t, base: ts.URL, token: got}
	var me meJSON
	if other.call("GET", "/api/me", nil, &me); me.ID != ann.id {
		t.Errorf("the link made identity %q, want Ann's %q", me.ID, ann.id)
	}
}
