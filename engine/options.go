package engine

import (
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/jardin-games/jardin/i18n"
)

// OptionSpec describes one game option.
type OptionSpec struct {
	Name    string   `json:"name"`
	Default string   `json:"default"`
	Values  []string `json:"values"` // allowed values
	// Players are the player counts the option applies to (none: every
	// count). The lobby's create form shows it only for them.
	Players []int `json:"players,omitempty"`
}

// OptionLabel is option name's label in lang (message option.<name>).
func (c *Catalog) OptionLabel(name, lang string) string { return c.T(lang, "option."+name) }

// OptionHelp is what option name does, in lang (message option.<name>.help).
func (c *Catalog) OptionHelp(name, lang string) string { return c.T(lang, "option."+name+".help") }

// OptionValue is value v of option name as a person reads it in lang:
// message option.<name>.<v>, or for a number without one, option.<name>.seat
// ("seat 2") when the option has it, else the number itself.
func (c *Catalog) OptionValue(name, v, lang string) string {
	if id := "option." + name + "." + v; c.Has(id) {
		return c.T(lang, id)
	}
	if n, err := strconv.Atoi(v); err == nil {
		if id := "option." + name + ".seat"; c.Has(id) {
			return c.T(lang, id, i18n.N("n", n))
		}
	}
	return v
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
				return nil, textError("error.option.unknown.none", i18n.S("option", k))
			}
			return nil, textError("error.option.unknown", i18n.S("option", k), i18n.S("known", strings.Join(known, ", ")))
		}
		if !slices.Contains(specs[i].Values, v) {
			return nil, textError("error.option.value", i18n.S("option", k), i18n.S("value", v), i18n.S("allowed", strings.Join(specs[i].Values, ", ")))
		}
		out[k] = v
	}
	return out, nil
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
			return nil, textError("error.option.format", i18n.S("option", kv))
		}
		if _, dup := o[k]; dup {
			return nil, textError("error.option.twice", i18n.S("option", k))
		}
		o[k] = v
	}
	return o, nil
}

// CheckPlayers returns an error if n is outside g's player range.
func CheckPlayers(g Game, n int) error {
	lo, hi := g.Players()
	if n < lo || n > hi {
		return textError("error.players", i18n.S("game", g.ID()), i18n.N("min", lo), i18n.N("max", hi), i18n.N("n", n))
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
	return OptionSpec{Name: "first", Default: "random", Values: vals}
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
		return 0, textError("error.first.bad", i18n.S("value", v), i18n.N("max", n))
	}
	return k - 1, nil
}
