package i18n

import (
	"regexp"
	"strings"
	"unicode"
)

// French typography puts a no-break space before the high marks ? ! ; : and
// inside « », so that a line never breaks between a word and its mark
// ("Abandonner ?" must not leave "?" alone on a phone's next line). The
// catalogues are written with ordinary spaces, as translators type them;
// they are set once here, when a French catalogue is read, so every
// sentence the CLI, the server and the page show is covered, including
// messages added later. As lichess and the Imprimerie nationale do: a narrow
// no-break space (U+202F) before ? ! ;, a no-break space (U+00A0) before :
// and inside « ».
const (
	nbsp       = "\u00a0"
	narrowNBSP = "\u202f"
)

// isFrench reports whether lang is French (fr, fr-CA, fr-CH…).
func isFrench(lang string) bool {
	return lang == "fr" || strings.HasPrefix(lang, "fr-") || strings.HasPrefix(lang, "fr_")
}

// Marks written without a space before them (HÔTE:PORT, a URL's ?) are
// left alone: they are not prose. A run of spaces becomes one no-break
// space, which leaves no breakable space behind.
var (
	spaceBeforeHigh  = regexp.MustCompile(` +([?!;])`)
	spaceBeforeColon = regexp.MustCompile(` +([:»])`)
	spaceAfterQuote  = regexp.MustCompile(`« +`)
)

// FrenchTypography sets s's French spaces: the catalogues' French messages
// are read through it.
func FrenchTypography(s string) string {
	if !strings.ContainsAny(s, "?!;:«»") {
		return s
	}
	s = spaceBeforeHigh.ReplaceAllString(s, narrowNBSP+"$1")
	s = spaceBeforeColon.ReplaceAllString(s, nbsp+"$1")
	return spaceAfterQuote.ReplaceAllString(s, "«"+nbsp)
}

// PlainSpaceBeforeMark reports where s, French, has an ordinary space where
// French wants a no-break one (-1 if nowhere): the tests' check.
func PlainSpaceBeforeMark(s string) int {
	if loc := plainSpace.FindStringIndex(s); loc != nil {
		return loc[0]
	}
	return -1
}

var plainSpace = regexp.MustCompile(` [?!;:»]|« `)

// Words splits s around its breakable white space, as strings.Fields does,
// but keeps the no-break spaces (U+00A0, U+202F, U+2007) inside words: text
// wrapped by words must not break where the catalogue forbade it.
func Words(s string) []string {
	return strings.FieldsFunc(s, func(r rune) bool {
		return unicode.IsSpace(r) && r != '\u00a0' && r != '\u202f' && r != '\u2007'
	})
}
