package engine

import (
	"errors"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"
)

// OptionSpec describes one game option.
type OptionSpec struct {
	Name    string   `json:"name"`
	Default string   `json:"default"`
	Values  []string `json:"values"` // allowed values
	Help    string   `json:"help"`
}

// Options are option values by name.
type Options map[string]string

// ResolveOptions checks given against specs and fills in defaults. The
// result is a new map; given is not modified.
func ResolveOptions(specs []OptionSpec, given Options) (Options, error) {
	out := make(Options, len(specs))
	for _, s := range specs {
		out[s.Name] = s.Default
	}
	names := make([]string, 0, len(given))
	for k := range given {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, k := range names {
		v := given[k]
		i := slices.IndexFunc(specs, func(s OptionSpec) bool { return s.Name == k })
		if i < 0 {
			known := make([]string, len(specs))
			for j, s := range specs {
				known[j] = s.Name
			}
			if len(known) == 0 {
				return nil, textErrorf("unknown option %q: this game has no options", "option inconnue %q : ce jeu n'a pas d'option", k)
			}
			return nil, textErrorf("unknown option %q (known: %s)", "option inconnue %q (options connues : %s)", k, strings.Join(known, ", "))
		}
		if !slices.Contains(specs[i].Values, v) {
			return nil, textErrorf("option %s=%q not allowed (allowed: %s)", "option %s=%q non permise (valeurs permises : %s)", k, v, strings.Join(specs[i].Values, ", "))
		}
		out[k] = v
	}
	return out, nil
}

// TextError is an error the engine also words in French: the generic
// refusals of options and player counts (not a game's own), which pages
// show to the people who chose them. Error is the English.
type TextError struct {
	Text Text
}

func (e *TextError) Error() string { return e.Text.EN }

// textErrorf is a TextError with both messages formatted with args.
func textErrorf(en, fr string, args ...any) error {
	return &TextError{Text{EN: fmt.Sprintf(en, args...), FR: fmt.Sprintf(fr, args...)}}
}

// ErrorIn is err's message in lang: in French, the English of the
// TextError it wraps (if any) is replaced by its French, and what the
// callers added around it is kept as it is (they translate their part).
func ErrorIn(err error, lang string) string {
	msg := err.Error()
	var te *TextError
	if Lang(lang) == "fr" && errors.As(err, &te) {
		msg = strings.Replace(msg, te.Text.EN, te.Text.FR, 1)
	}
	return msg
}

// ParseOptions reads "name=value,name=value" as typed on a command line.
func ParseOptions(s string) (Options, error) {
	o := Options{}
	if strings.TrimSpace(s) == "" {
		return o, nil
	}
	for _, kv := range strings.Split(s, ",") {
		k, v, ok := strings.Cut(kv, "=")
		k, v = strings.TrimSpace(k), strings.TrimSpace(v)
		if !ok || k == "" {
			return nil, textErrorf("option %q: want name=value", "option %q : écrire nom=valeur", kv)
		}
		if _, dup := o[k]; dup {
			return nil, textErrorf("option %q given twice", "option %q donnée deux fois", k)
		}
		o[k] = v
	}
	return o, nil
}

// CheckPlayers returns an error if n is outside g's player range.
func CheckPlayers(g Game, n int) error {
	lo, hi := g.Players()
	if n < lo || n > hi {
		return textErrorf("%s is for %d to %d players, not %d", "%s se joue de %d à %d joueurs, pas %d", g.ID(), lo, hi, n)
	}
	return nil
}

// FirstPlayerOption is the shared "first" option: which seat starts. The
// rulebooks pick a person ("the last who watered plants"); "random" draws one
// with the game's seeded generator.
func FirstPlayerOption(maxPlayers int) OptionSpec {
	vals := []string{"random"}
	for i := 1; i <= maxPlayers; i++ {
		vals = append(vals, strconv.Itoa(i))
	}
	return OptionSpec{Name: "first", Default: "random", Values: vals,
		Help: "seat that starts (1-based), or random"}
}

// FirstPlayer resolves the "first" option for n players, drawing from rng
// when it is "random".
func FirstPlayer(opts Options, n int, rng *RNG) (int, error) {
	v := opts["first"]
	if v == "" || v == "random" {
		return rng.Intn(n), nil
	}
	k, err := strconv.Atoi(v)
	if err != nil || k < 1 || k > n {
		return 0, textErrorf("option first=%q: want random or a seat from 1 to %d", "option first=%q : random ou une place de 1 à %d", v, n)
	}
	return k - 1, nil
}
