package server

import (
	"bytes"
	"net/http"
)

// pageSettings is the notification settings page (e-mail, webhook,
// browser notifications): the lobby's page, told to draw the settings
// (web/src/settings.ts), which read and save them with GET and POST
// /api/me. Without the script's assets it is the plain lobby.
func (s *Server) pageSettings(w http.ResponseWriter, r *http.Request) {
	f, _ := s.static.file("lobby.html")
	if f == nil {
		s.pageLobby(w, r)
		return
	}
	setPageHeaders(w)
	w.Header().Set("Cache-Control", "no-cache")
	page := &staticFile{ctype: f.ctype, body: bytes.Replace(f.body, []byte(`data-page="lobby"`), []byte(`data-page="settings"`), 1)}
	servePageWithTexts(w, r, page)
}
