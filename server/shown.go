package server

import (
	"errors"
	"net/http"

	"github.com/jardin-games/jardin/engine"
	"github.com/jardin-games/jardin/shelltext"
)

// shownIn is err as a person reads it in lang where it is shown whole (a
// plain form's error line, a socket's refusal): its catalogue's words when
// it has them (the shell's, a game's refusal or option error); a body too
// large as such; any other error — the store's, a dependency's, a bug —
// as statusOf answers it to the API (err.internal, err.unavailable…),
// never its own English text, which names internals and is for the log.
// worded is false then: the caller logs err.
func shownIn(err error, lang string) (msg string, worded bool) {
	var se *shelltext.Error
	var te *engine.TextError
	var re *engine.RuleError
	var mb *http.MaxBytesError
	switch {
	case errors.As(err, &se), errors.As(err, &te), errors.As(err, &re):
		return errorIn(err, lang), true
	case errors.As(err, &mb):
		return say(lang, "err.tooLarge"), true
	}
	_, shown := statusOf(err)
	return errorIn(shown, lang), false
}

// shownIn is err as a refusal on t's sockets reads it (shownIn); a fault
// goes to the log.
func (t *table) shownIn(err error, lang string) string {
	msg, worded := shownIn(err, lang)
	if !worded {
		t.srv.log.Error("table: refused", "table", t.meta.ID, "err", err)
	}
	return msg
}
