package engine

import (
	"errors"
	"strings"

	"github.com/jardin-games/jardin/i18n"
)

// RuleError is the error of an illegal move: the rule that forbids it and
// why, as a message of the game's catalogue and its arguments, so that the
// reader gets it in their language (Explain). Error is English, for logs.
type RuleError struct {
	Rule string // rule identifier from the game's specification, e.g. "EG-T6c"
	ID   string // message id of the reason, "error.<code>"
	Args []i18n.Arg

	cat *Catalog // where ID is; nil: the engine's own messages
}

func (e *RuleError) Error() string { return e.Rule + ": " + e.Message(i18n.Source) }

// Message is the reason in lang, without the rule.
func (e *RuleError) Message(lang string) string {
	if e.cat == nil {
		return T(lang, e.ID, e.Args...)
	}
	return e.cat.T(lang, e.ID, e.Args...)
}

// Illegal returns a *RuleError for rule, whose reason is message id of the
// game's catalogue with args.
func (c *Catalog) Illegal(rule, id string, args ...i18n.Arg) error {
	return &RuleError{Rule: rule, ID: id, Args: args, cat: c}
}

// TextError is an error worded by a catalogue (a move that does not parse,
// an option not allowed) without a rule of the game: Error is English, and
// ErrorIn words it in the reader's language.
type TextError struct {
	ID   string
	Args []i18n.Arg
	Err  error // the cause, when set: the message's {err}, in the same language

	cat *Catalog // nil: the engine's own messages
}

func (e *TextError) Error() string { return e.Message(i18n.Source) }

// Unwrap is the cause, for errors.Is and errors.As.
func (e *TextError) Unwrap() error { return e.Err }

// Message is the error in lang.
func (e *TextError) Message(lang string) string {
	args := e.Args
	if e.Err != nil {
		args = append(args[:len(args):len(args)], i18n.S("err", ErrorIn(e.Err, lang)))
	}
	if e.cat == nil {
		return T(lang, e.ID, args...)
	}
	return e.cat.T(lang, e.ID, args...)
}

// Errorf returns a *TextError worded by message id of the game's
// catalogue with args.
func (c *Catalog) Errorf(id string, args ...i18n.Arg) error {
	return &TextError{ID: id, Args: args, cat: c}
}

// Wrapf is Errorf with a cause: the message's {err} is cause's text in the
// reader's language, and errors.Is and errors.As see cause.
func (c *Catalog) Wrapf(id string, cause error, args ...i18n.Arg) error {
	return &TextError{ID: id, Args: args, Err: cause, cat: c}
}

// textError is a *TextError of the engine's own messages.
func textError(id string, args ...i18n.Arg) error { return &TextError{ID: id, Args: args} }

// ErrorIn is err's message in lang: the English of the *TextError or
// *RuleError it wraps (if any) is replaced by lang's, and what the callers
// added around it is kept as it is (they word their part).
func ErrorIn(err error, lang string) string {
	msg := err.Error()
	var te *TextError
	if errors.As(err, &te) {
		return strings.Replace(msg, te.Error(), te.Message(lang), 1)
	}
	var re *RuleError
	if errors.As(err, &re) {
		return strings.Replace(msg, re.Error(), Explain(re, lang), 1)
	}
	return msg
}

// RuleOf returns the rule named by err, or "" if err is not a RuleError.
func RuleOf(err error) string {
	var re *RuleError
	if errors.As(err, &re) {
		return re.Rule
	}
	return ""
}
