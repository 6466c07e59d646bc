package engine

import (
	"errors"
	"fmt"
)

// RuleError is the error of an illegal move: the rule that forbids it and why.
type RuleError struct {
	Rule string // rule identifier from the game's specification, e.g. "EG-T6c"
	Msg  string
}

func (e *RuleError) Error() string { return e.Rule + ": " + e.Msg }

// Illegal returns a *RuleError for rule with a formatted explanation.
func Illegal(rule, format string, args ...any) error {
	return &RuleError{Rule: rule, Msg: fmt.Sprintf(format, args...)}
}

// ErrGameOver is returned (wrapped in a RuleError) when a move is applied to
// a finished game.
var ErrGameOver = errors.New("the game is over")

// RuleOf returns the rule named by err, or "" if err is not a RuleError.
func RuleOf(err error) string {
	var re *RuleError
	if errors.As(err, &re) {
		return re.Rule
	}
	return ""
}
