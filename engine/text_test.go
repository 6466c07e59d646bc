package engine

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
)

func testCatalog(t *testing.T) *Catalog {
	t.Helper()
	c, err := NewCatalog(map[string]Message{
		"take": {EN: "{actor} takes {0} from {1}", FR: "{actor} prend {0} dans {1}",
			YouEN: "you take {0} from {1}", YouFR: "vous prenez {0} dans {1}"},
		"gain":  {EN: "{actor} gains {0} {0|tool|tools}", FR: "{actor} gagne {0} {0|outil|outils}", YouEN: "You gain {0} {0|tool|tools}", YouFR: "Vous gagnez {0} {0|outil|outils}"},
		"give":  {EN: "{actor} gives a mole to {0}", FR: "{actor} donne une taupe à {0}", YouEN: "You give a mole to {0}", YouFR: "Vous donnez une taupe à {0}"},
		"round": {EN: "round {0} begins", FR: "la manche {0} commence"},
	}, []Component{
		{ID: "card:rose", Kind: "card", Name: Text{"the rose", "la rose"}, Help: Text{"2 points", "2 points"}},
	})
	if err != nil {
		t.Fatal(err)
	}
	c.CellName = func(id, lang string) string {
		if lang == "fr" {
			return "la case " + id
		}
		return "cell " + id
	}
	return c
}

func TestRender(t *testing.T) {
	c := testCatalog(t)
	names := []string{"Ann", "Bob"}
	take := Event{Actor: 0, Private: -1, Key: "take", Args: []Arg{Comp("card:rose"), Cell("r1c2")}}
	tests := []struct {
		e      Event
		viewer int
		lang   string
		want   string
	}{
		{take, 0, "en", "You take the rose from cell r1c2"},
		{take, 1, "en", "Ann takes the rose from cell r1c2"},
		{take, Spectator, "fr", "Ann prend la rose dans la case r1c2"},
		{take, 0, "fr", "Vous prenez la rose dans la case r1c2"},
		{Event{Actor: 1, Private: -1, Key: "gain", Args: []Arg{Num(1)}}, 0, "en", "Bob gains 1 tool"},
		{Event{Actor: 1, Private: -1, Key: "gain", Args: []Arg{Num(3)}}, 1, "en", "You gain 3 tools"},
		{Event{Actor: 1, Private: -1, Key: "gain", Args: []Arg{Num(0)}}, 0, "fr", "Bob gagne 0 outil"},
		{Event{Actor: 1, Private: -1, Key: "gain", Args: []Arg{Num(0)}}, 0, "en", "Bob gains 0 tools"},
		{Event{Actor: 0, Private: -1, Key: "give", Args: []Arg{Seat(1)}}, 1, "en", "Ann gives a mole to you"},
		{Event{Actor: 0, Private: -1, Key: "give", Args: []Arg{Seat(1)}}, 1, "fr", "Ann donne une taupe à vous"},
		{Event{Actor: 0, Private: -1, Key: "give", Args: []Arg{Seat(1)}}, Spectator, "fr", "Ann donne une taupe à Bob"},
		{Event{Actor: -1, Private: -1, Key: "round", Args: []Arg{Num(2)}}, 0, "fr", "La manche 2 commence"},
		{Event{Actor: 2, Private: -1, Key: "gain", Args: []Arg{Num(2)}}, 0, "fr", "Joueur 3 gagne 2 outils"},
		{Event{Actor: 0, Private: -1, Key: "nope", Args: []Arg{Num(2)}}, 0, "en", `nope [{"n":2}]`},
		{Event{Actor: 0, Private: -1, Key: "take", Args: []Arg{Comp("card:unknown")}}, 1, "en", "Ann takes card:unknown from {1}"},
	}
	for _, tc := range tests {
		if got := c.Render(tc.e, tc.viewer, tc.lang, names); got != tc.want {
			t.Errorf("Render(%s, viewer %d, %s) = %q, want %q", tc.e.Key, tc.viewer, tc.lang, got, tc.want)
		}
	}
}

func TestCatalogCheck(t *testing.T) {
	bad := []struct {
		msgs  map[string]Message
		comps []Component
		want  string
	}{
		{map[string]Message{"a": {EN: "x"}}, nil, "needs both English and French"},
		{map[string]Message{"a": {EN: "{0}", FR: "{1}"}}, nil, "uses {0}"},
		{map[string]Message{"a": {EN: "{actor} x", FR: "x", YouEN: "y", YouFR: "y"}}, nil, "uses {actor}"},
		{map[string]Message{"a": {EN: "x", FR: "x", YouEN: "y"}}, nil, "one language only"},
		{map[string]Message{"a": {EN: "{0", FR: "{0}"}}, nil, "unbalanced"},
		{map[string]Message{"a": {EN: "{who}", FR: "{who}"}}, nil, "unknown placeholder"},
		{nil, []Component{{ID: "c", Name: Text{EN: "c"}}}, "name in both languages"},
		{nil, []Component{{ID: "c", Name: Text{"c", "c"}, Help: Text{EN: "h"}}}, "help in one language"},
		{nil, []Component{{ID: "c", Name: Text{"c", "c"}}, {ID: "c", Name: Text{"c", "c"}}}, "listed twice"},
	}
	for _, tc := range bad {
		_, err := NewCatalog(tc.msgs, tc.comps)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("NewCatalog(%v, %v) error %v, want %q", tc.msgs, tc.comps, err, tc.want)
		}
	}
	// The You forms need no {actor}, but the same arguments.
	if _, err := NewCatalog(map[string]Message{"a": {EN: "{actor} takes {0}", FR: "{actor} prend {0}", YouEN: "You take {0}", YouFR: "Vous prenez {0}"}}, nil); err != nil {
		t.Fatal(err)
	}
}

func TestArgJSON(t *testing.T) {
	args := []Arg{Seat(2), Num(-3), Comp(`card:"q"`), Cell("r1c1")}
	b, err := json.Marshal(args)
	if err != nil {
		t.Fatal(err)
	}
	if want := `[{"seat":2},{"n":-3},{"comp":"card:\"q\""},{"cell":"r1c1"}]`; string(b) != want {
		t.Fatalf("got %s, want %s", b, want)
	}
	var back []Arg
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	for i := range args {
		if back[i] != args[i] {
			t.Fatalf("arg %d: %+v, want %+v", i, back[i], args[i])
		}
	}
	var a Arg
	if err := json.Unmarshal([]byte(`{"x":1}`), &a); err == nil {
		t.Fatal("an argument of no known kind was accepted")
	}
	if _, err := json.Marshal(Arg{}); err == nil {
		t.Fatal("an argument of no kind marshalled")
	}
}

func TestMoveDescJSON(t *testing.T) {
	d := MoveDesc{Kind: "place", Parts: []Part{{"tile", "bag:2"}, {"orientation", "r1f"}, {"cell", "r3c4"}}}
	b, err := json.Marshal(d)
	if err != nil {
		t.Fatal(err)
	}
	if want := `{"kind":"place","tile":"bag:2","orientation":"r1f","cell":"r3c4"}`; string(b) != want {
		t.Fatalf("got %s, want %s", b, want)
	}
	var back MoveDesc
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	if back.Kind != d.Kind || len(back.Parts) != 3 || back.Parts[1] != d.Parts[1] || back.Get("cell") != "r3c4" {
		t.Fatalf("round trip: %+v", back)
	}
	for _, in := range []string{`[]`, `{"tile":"x"}`, `{"kind":1}`, `{"kind":"a","b":2}`, `{"kind":"a"`} {
		if err := json.Unmarshal([]byte(in), &back); err == nil {
			t.Errorf("%s accepted", in)
		}
	}
	if _, err := json.Marshal(MoveDesc{Kind: "a", Parts: []Part{{"kind", "x"}}}); err == nil {
		t.Error("a part called kind marshalled")
	}
}

func TestExplain(t *testing.T) {
	c := testCatalog(t)
	c.Rules = map[string]Text{"X-1": {"a card goes on an empty cell", "une carte se pose sur une case vide"}}
	err := Illegal("X-1", "r1c1 holds a card")
	if got := c.Explain(err, "en"); got != "X-1: r1c1 holds a card" {
		t.Errorf("en: %q", got)
	}
	if got := c.Explain(err, "fr"); got != "coup refusé par la règle X-1 : une carte se pose sur une case vide" {
		t.Errorf("fr: %q", got)
	}
	if got := c.Explain(Illegal("X-2", "no"), "fr"); got != "coup refusé par la règle X-2 (no)" {
		t.Errorf("fr, unknown rule: %q", got)
	}
	if got := c.Explain(errors.New("plain"), "fr"); got != "plain" {
		t.Errorf("not a rule error: %q", got)
	}
}

// A game's texts file decodes into CatalogFile beside the game's own
// fields, and Catalog refuses it without rule statements or with one in a
// language only.
func TestCatalogFile(t *testing.T) {
	rose := `{"id": "card:rose", "kind": "card", "name": {"en": "the rose", "fr": "la rose"}}`
	for _, tc := range []struct {
		name, file, want string
	}{
		{"ok", `{"messages": {"a": {"en": "x", "fr": "y"}}, "components": [` + rose + `],
			"rules": {"X-1": {"en": "A rule.", "fr": "Une règle."}}, "words": {"w": {"en": "w", "fr": "m"}}}`, ""},
		{"no rules", `{"messages": {"a": {"en": "x", "fr": "y"}}}`, "no rule stated"},
		{"rule in English only", `{"rules": {"X-1": {"en": "A rule."}}}`, `rules: rule "X-1": needs both English and French`},
		{"bad message", `{"messages": {"a": {"en": "x"}}, "rules": {"X-1": {"en": "A rule.", "fr": "Une règle."}}}`, "needs both English and French"},
	} {
		var f struct {
			CatalogFile
			Words map[string]Text `json:"words"`
		}
		dec := json.NewDecoder(strings.NewReader(tc.file))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&f); err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		c, err := f.Catalog(f.Components)
		if tc.want != "" {
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("%s: error %v, want one mentioning %q", tc.name, err, tc.want)
			}
			continue
		}
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if c.Name("card:rose", "fr") != "la rose" || c.Rules["X-1"].FR != "Une règle." || f.Words["w"].FR != "m" {
			t.Errorf("%s: decoded %+v", tc.name, f)
		}
	}
}
