package server

import (
	"bytes"
	"html/template"
	"net/http"
	"strconv"

	"github.com/jardin-games/jardin/shelltext"
)

// The web page's own words come with the page, in the language the server
// negotiated (lang.go): a <script type="application/json" id="jardin-texts">
// in the lobby, table and replay pages, which web/src/i18n.ts reads and
// formats (the same message syntax as package i18n). No second request,
// and the page and the server cannot disagree on the language.

// textsTag is the page's words in lang as a script element.
func textsTag(lang string) template.HTML { return template.HTML(shelltext.PageScript(lang)) }

// servePageWithTexts serves a static page (the lobby) with the html
// element's language set and the page's words and a translated <noscript>
// put in: the file is the same for everyone, the page is not (Vary).
func servePageWithTexts(w http.ResponseWriter, r *http.Request, f *staticFile) {
	lang := pageLang(w, r)
	body := f.body
	body = bytes.Replace(body, []byte(`<html lang="en">`), []byte(`<html lang="`+lang+`">`), 1)
	if i, j := bytes.Index(body, []byte("<noscript>")), bytes.Index(body, []byte("</noscript>")); i >= 0 && j > i {
		ns := `<noscript><p>` + template.HTMLEscapeString(say(lang, "page.needsScript")) +
			` <a href="/plain">` + template.HTMLEscapeString(say(lang, "page.plainLobby")) + `</a></p>`
		body = append(append(append([]byte{}, body[:i]...), ns...), body[j:]...)
	}
	if i := bytes.Index(body, []byte("</head>")); i >= 0 {
		body = append(append(append([]byte{}, body[:i]...), textsTag(lang)...), body[i:]...)
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Content-Length", strconv.Itoa(len(body)))
	w.Write(body)
}
