package engine

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/jardin-games/jardin/i18n"
)

func testCatalog(t *testing.T) *Catalog {
	t.Helper()
	c, err := LoadCatalog(fstest.MapFS{
		"en.json": {Data: []byte(`{
			"event.take": "{actor} takes {item} from {cell}", "event.take.you": "you take {item} from {cell}",
			"event.gain": "{actor} gains {n} {n, plural, one {tool} other {tools}}", "event.gain.you": "You gain {n} {n, plural, one {tool} other {tools}}",
			"event.give": "{actor} gives a mole to {player}", "event.give.you": "You give a mole to {player}",
			"event.round": "round {n} begins",
			"component.card:rose.name": "the rose", "component.card:rose.help": "2 points",
			"cell.square": "cell {id}",
			"error.full": "{cell} holds a card"}`)},
		"fr.json": {Data: []byte(`{
			"event.take": "{actor} prend {item} dans {cell}", "event.take.you": "vous prenez {item} dans {cell}",
			"event.gain": "{actor} gagne {n} {n, plural, one {outil} other {outils}}", "event.gain.you": "Vous gagnez {n} {n, plural, one {outil} other {outils}}",
			"event.give": "{actor} donne une taupe à {player}", "event.give.you": "Vous donnez une taupe à {player}",
			"event.round": "la manche {n} commence",
			"component.card:rose.name": "la rose", "component.card:rose.help": "2 points",
			"cell.square": "la case {id}",
			"error.full": "{cell} porte déjà une carte"}`)},
	}, []Component{{ID: "card:rose", Kind: "card"}})
	if err != nil {
		t.Fatal(err)
	}
	c.Cell = func(id string) (string, []i18n.Arg, bool) { return "cell.square", []i18n.Arg{i18n.S("id", id)}, true }
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
		{take, 0, "de", "You take the rose from cell r1c2"},
		{take, 1, "xx", "⟦Ann takes ⟦the rose⟧ from ⟦cell r1c2⟧⟧"},
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
		{Event{Actor: 0, Private: -1, Key: "take", Args: []Arg{Comp("card:unknown")}}, 1, "en", "Ann takes card:unknown from {cell}"},
	}
	for _, tc := range tests {
		if got := c.Render(tc.e, tc.viewer, tc.lang, names); got != tc.want {
			t.Errorf("Render(%s, viewer %d, %s) = %q, want %q", tc.e.Key, tc.viewer, tc.lang, got, tc.want)
		}
	}
}

func TestArgName(t *testing.T) {
	args := []Arg{Comp("a"), Num(1), Comp("b"), Seat(0), Num(2), Cell("c")}
	var got []string
	for i := range args {
		got = append(got, ArgName(args, i))
	}
	if s := strings.Join(got, " "); s != "item n item2 player n2 cell" {
		t.Errorf("names %s", s)
	}
}

func TestCatalogCheck(t *testing.T) {
	fs := fstest.MapFS{"en.json": {Data: []byte(`{"component.c.name": "c"}`)}}
	if _, err := LoadCatalog(fs, []Component{{ID: "d"}}); err == nil || !strings.Contains(err.Error(), "component.d.name") {
		t.Errorf("a component without a name: %v", err)
	}
	if _, err := LoadCatalog(fs, []Component{{ID: "c"}, {ID: "c"}}); err == nil || !strings.Contains(err.Error(), "listed twice") {
		t.Errorf("a component listed twice: %v", err)
	}
	fs["fr.json"] = &fstest.MapFile{Data: []byte(`{}`)}
	if _, err := LoadCatalog(fs, nil); err == nil || !strings.Contains(err.Error(), "lacks") {
		t.Errorf("a language lacking a message: %v", err)
	}
}

// The engine's own catalogue has the same ids in every language.
func TestEngineTexts(t *testing.T) {
	if err := EngineTexts().Check(); err != nil {
		t.Fatal(err)
	}
	if got := SeatName(1, 0, "fr", nil); got != "joueur 2" {
		t.Errorf("SeatName: %q", got)
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
	err := c.Illegal("X-1", "error.full", i18n.S("cell", "r1c1"))
	if got := err.Error(); got != "X-1: r1c1 holds a card" {
		t.Errorf("Error: %q", got)
	}
	for lang, want := range map[string]string{
		"en": "X-1: r1c1 holds a card",
		"fr": "coup refusé par la règle X-1\u00a0: r1c1 porte déjà une carte",
		"de": "Spielzug nach Regel X-1 abgelehnt: r1c1 holds a card", // the game speaks no German: its reason reads English
		"xx": "⟦X-1: ⟦r1c1 holds a card⟧⟧",
	} {
		if got := c.Explain(err, lang); got != want {
			t.Errorf("%s: %q, want %q", lang, got, want)
		}
	}
	if got := Explain(fmt.Errorf("move 3: %w", err), "fr"); got != "coup refusé par la règle X-1\u00a0: r1c1 porte déjà une carte" {
		t.Errorf("wrapped: %q", got)
	}
	if got := ErrorIn(fmt.Errorf("move 3: %w", c.Errorf("error.full", i18n.S("cell", "a1"))), "fr"); got != "move 3: a1 porte déjà une carte" {
		t.Errorf("TextError: %q", got)
	}
	if got := c.Explain(errors.New("plain"), "fr"); got != "plain" {
		t.Errorf("not a rule error: %q", got)
	}
}

// TestPageTexts: the page gets what it shows of a game's catalogue — the
// components, the score pad's labels, the renderer's words, and the words
// of choices (move.<kind>, part.<role>) that label a choice not on the
// drawing instead of its id — in the language asked, and nothing else.
func TestPageTexts(t *testing.T) {
	c, err := LoadCatalog(fstest.MapFS{
		"en.json": {Data: []byte(`{"component.c.name": "the card", "component.c.help": "2 points",
			"score.trees": "Trees", "page.step.cell": "Choose where the card goes", "move.pass": "pass",
			"part.cell": "cell", "event.take": "{actor} takes it", "rule.R1": "a rule"}`)},
		"fr.json": {Data: []byte(`{"component.c.name": "la carte", "component.c.help": "2 points",
			"score.trees": "Arbres", "page.step.cell": "Choisissez où va la carte", "move.pass": "passer",
			"part.cell": "case", "event.take": "{actor} la prend", "rule.R1": "une règle"}`)},
	}, []Component{{ID: "c"}})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		lang string
		want map[string]PageText
	}{
		{"en", map[string]PageText{"c": {"the card", "2 points"}, "score.trees": {Name: "Trees"},
			"page.step.cell": {Name: "Choose where the card goes"}, "move.pass": {Name: "pass"}, "part.cell": {Name: "cell"}}},
		{"fr", map[string]PageText{"c": {"la carte", "2 points"}, "score.trees": {Name: "Arbres"},
			"page.step.cell": {Name: "Choisissez où va la carte"}, "move.pass": {Name: "passer"}, "part.cell": {Name: "case"}}},
	} {
		got := c.PageTexts(tc.lang)
		if fmt.Sprint(got) != fmt.Sprint(tc.want) {
			t.Errorf("PageTexts(%s) = %v, want %v", tc.lang, got, tc.want)
		}
	}
}
