package i18n

import (
	"slices"

	"golang.org/x/text/language"
)

// Negotiate picks the language to speak from what the reader asked for, in
// order of precedence: each explicit choice (a ?lang= parameter, a cookie,
// a --lang flag), then an Accept-Language header or a LANG-style value
// ("de_DE.UTF-8"). available is the languages there are (Bundle.Langs);
// an explicit choice must name one exactly (the pseudo-language only
// ever by an explicit choice), the header is matched by CLDR's rules
// (fr-CH finds fr). Without a match it is the source language.
func Negotiate(available []string, explicit []string, accept string) string {
	for _, l := range explicit {
		if l != "" && slices.Contains(available, l) {
			return l
		}
	}
	if accept == "" {
		return Source
	}
	var tags []language.Tag
	var names []string
	for _, l := range available {
		if l == Pseudo {
			continue
		}
		t, err := language.Parse(l)
		if err != nil {
			continue
		}
		tags, names = append(tags, t), append(names, l)
	}
	if len(tags) == 0 {
		return Source
	}
	want, _, err := language.ParseAcceptLanguage(accept)
	if err != nil || len(want) == 0 {
		// A POSIX locale ("de_DE.UTF-8") is not an Accept-Language list.
		t, err2 := language.Parse(posixLang(accept))
		if err2 != nil {
			return Source
		}
		want = []language.Tag{t}
	}
	_, i, conf := language.NewMatcher(tags).Match(want...)
	if conf == language.No {
		return Source
	}
	return names[i]
}

// posixLang turns "de_DE.UTF-8@euro" into "de-DE".
func posixLang(s string) string {
	for i := 0; i < len(s); i++ {
		if s[i] == '.' || s[i] == '@' {
			s = s[:i]
			break
		}
	}
	b := []byte(s)
	for i, c := range b {
		if c == '_' {
			b[i] = '-'
		}
	}
	return string(b)
}
