package server

import (
	"net/http"

	"github.com/jardin-games/jardin/shelltext"
	"github.com/jardin-games/jardin/store"
)

// The whole log of a table. A table keeps the events of its last
// recentItems log entries in memory, which is what a sync carries; the
// page asks here for the earlier ones, to show the whole game numbered as
// its moves. They are made again from the stored log: the game replayed
// from its seed, each entry's events kept, those the asking seat may see
// (engine.Visible, as for the live table's) rendered in ?lang=.

// logJSON is GET /api/tables/{id}/log.
type logJSON struct {
	Events []eventOut `json:"events"`
}

// apiLog answers the events of the versions before ?before= (all when it
// is missing) as the asking seat reads them: the seat its identity holds,
// or a spectator's with ?seat=-1 or when it holds none.
func (s *Server) apiLog(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	lang := requestLang(r)
	before, want, ident, ok := s.seatQuery(w, r, "before", "err.beforeParam")
	if !ok {
		return
	}
	if !s.dailyGuard(w, r, id, ident.ID, false) {
		return // a daily deal is its player's until the day is over
	}
	var meta store.Table
	var fork *store.Fork
	seat := -1
	var seatErr error
	if err := s.withTable(r.Context(), id, func(t *table) {
		meta = t.meta
		if t.fork != nil {
			fork = &t.fork.Fork
		}
		seat, seatErr = t.seatFor(ident.ID, want)
	}); err != nil {
		s.answerErr(w, r, err)
		return
	}
	if seatErr != nil {
		s.apiError(w, r, http.StatusForbidden, seatErr)
		return
	}
	// The replay runs here, on the request's goroutine, not the table's:
	// the stored log up to before is final (entries are only appended).
	entries, err := s.st.Entries(r.Context(), id, 0)
	if err != nil {
		s.answerErr(w, r, err)
		return
	}
	if before >= 0 {
		n := 0
		for n < len(entries) && entries[n].Seq < before {
			n++
		}
		entries = entries[:n]
	}
	h, err := replayEntries(s.reg, meta, fork, entries, true)
	if err != nil {
		s.log.Error("log: replay", "request", requestID(r), "table", id, "err", err)
		s.apiError(w, r, http.StatusInternalServerError, shelltext.Errorf("err.internal"))
		return
	}
	out := logJSON{Events: h.events(seat, lang, 0)}
	if out.Events == nil {
		out.Events = []eventOut{}
	}
	writeJSON(w, http.StatusOK, out)
}
