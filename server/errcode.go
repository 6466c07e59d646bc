package server

import (
	"encoding/json"
	"errors"
	"net/http"
	"strconv"
	"strings"

	"github.com/jardin-games/jardin/i18n"
	"github.com/jardin-games/jardin/shelltext"
)

// errorJSON is an API error's answer: the sentence in the request's
// language, the code a program tells errors apart by (errCode: the
// catalogue message's id without "err.", as a socket's error carries it,
// connwords.go), and the request's id for the log.
type errorJSON struct {
	Error   string `json:"error"`
	Code    string `json:"code,omitempty"`
	Request string `json:"request"`
}

// errorBody answers e with status code.
func (s *Server) errorBody(w http.ResponseWriter, r *http.Request, code int, e errorJSON) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	if code == http.StatusServiceUnavailable && w.Header().Get("Retry-After") == "" {
		// Every 503 is a fault that passes (statusOf): say when to retry.
		w.Header().Set("Retry-After", retryAfter)
	}
	w.WriteHeader(code)
	e.Request = requestID(r)
	json.NewEncoder(w).Encode(e)
}

// seatKindErr is the refusal of kind at seat i (from 0) of a new table,
// err bots.New's (nil for a kind too long): a kind that is no bot as the
// seats' choices, a bot's setting that is wrong in the bot's own words
// (err.seatBot around err.bot.*: its code is the bot's, bot.budget).
func seatKindErr(i int, kind string, err error) error {
	if badSetting(err) {
		return shelltext.Wrap("err.seatBot", err, i18n.N("n", i+1))
	}
	return shelltext.Errorf("err.seatKind", i18n.N("n", i+1), i18n.S("kind", strconv.Quote(kind)))
}

// badSetting reports whether err is a known bot's refusal of its settings
// (ismcts:fast), not an unknown bot's.
func badSetting(err error) bool {
	var se *shelltext.Error
	return errors.As(err, &se) && strings.HasPrefix(se.ID, "err.bot.") && se.ID != "err.bot.unknown"
}
