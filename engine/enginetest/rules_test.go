package enginetest

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/jardin-games/jardin/engine"
)

// The scan finds the rule ids of a package's code and refuses a way of
// naming a rule it could not follow.
func TestScanRuleIDs(t *testing.T) {
	id := regexp.MustCompile(`^XX-T[0-9]+$`)
	for _, tc := range []struct {
		name, src string
		ids       []string
		calls     int
		problem   string // a problem mentioning this, or none
	}{
		{"literals and a variable", `
			func f(ok bool) error {
				rule := "XX-T2"
				if ok {
					return engine.Illegal("XX-T1", "no")
				}
				return engine.Illegal(rule, "no")
			}`, []string{"XX-T1", "XX-T2"}, 2, ""},
		{"a literal that is no rule id", `
			func f() error { return engine.Illegal("XX-1", "no") }`, nil, 1, "is not a rule id"},
		{"a rule computed in the call", `
			func f() error { return engine.Illegal(string("XX-T3"), "no") }`, []string{"XX-T3"}, 1, "neither a literal nor a variable"},
		{"a RuleError by hand", `
			func f() error { return &engine.RuleError{Rule: "XX-T4", Msg: "no"} }`, []string{"XX-T4"}, 0, "built by hand"},
		{"a catalogue's Illegal", `
			func f() error { return catalog.Illegal("XX-T5", "error.bad", i18n.N("n", 1)) }`, []string{"XX-T5"}, 1, ""},
		{"another package's Illegal is not counted", `
			func f() error { return other.Illegal("x", "no") }`, nil, 0, ""},
		{"a catalogue's Illegal with a message id", `
			func f() error { return catalog().Illegal("XX-T6", "error.no") }
			func g() error { return texts.Illegal("XX-T7", "error.no", i18n.N("n", 1)) }`, []string{"XX-T6", "XX-T7"}, 2, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			src := "package p\n\nimport (\n\t\"example.com/other\"\n\t\"github.com/jardin-games/jardin/engine\"\n)\n\nvar _ = engine.Illegal\n" + tc.src + "\n"
			if err := os.WriteFile(filepath.Join(dir, "p.go"), []byte(src), 0o644); err != nil {
				t.Fatal(err)
			}
			// a test file's literals are not the code's
			if err := os.WriteFile(filepath.Join(dir, "p_test.go"), []byte(`package p; var _ = "XX-T9"`), 0o644); err != nil {
				t.Fatal(err)
			}
			ids, calls, problems, err := scanRuleIDs(dir, id)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for k := range ids {
				got = append(got, k)
			}
			slices.Sort(got)
			if !slices.Equal(got, tc.ids) || calls != tc.calls {
				t.Errorf("ids %v and %d calls, want %v and %d", got, calls, tc.ids, tc.calls)
			}
			switch {
			case tc.problem == "" && len(problems) > 0:
				t.Errorf("problems %v, want none", problems)
			case tc.problem != "" && (len(problems) != 1 || !strings.Contains(problems[0], tc.problem)):
				t.Errorf("problems %v, want one mentioning %q", problems, tc.problem)
			}
		})
	}
}

func TestNumberedLettered(t *testing.T) {
	if got := slices.Concat(Numbered("X-S", 2), Lettered("X-T5", "ab")); !slices.Equal(got, []string{"X-S1", "X-S2", "X-T5a", "X-T5b"}) {
		t.Errorf("got %v", got)
	}
}

func TestCheckYouForms(t *testing.T) {
	for _, tc := range []struct {
		en, enYou, fr, frYou string
		want                 string // an error mentioning this, or none
	}{
		{"{actor} takes {item}", "You take {item}", "{actor} prend {item}", "Vous prenez {item}", ""},
		{"Gust: {actor} moves", "Gust: you move", "Coup de vent\u00a0: {actor} déplace", "Coup de vent\u00a0: vous déplacez", ""},
		{"round {n}", "", "manche {n}", "", ""},
		{"{actor} takes {item}", "", "{actor} prend {item}", "", "needs a You form"},
		{"round {n}", "You see {n}", "manche {n}", "Vous voyez {n}", "and only it"},
		{"{actor} takes", "You, {actor}, take", "{actor} prend", "Vous, {actor}, prenez", "names the actor again"},
		{"{actor} takes", "Ann takes", "{actor} prend", "Vous prenez", "second person"},
		{"{actor} takes", "You take", "{actor} prend", "Il prend", "second person"},
	} {
		file := func(m, you string) *fstest.MapFile {
			b, _ := json.Marshal(map[string]string{"event.k": m, "event.k.you": you})
			if you == "" {
				b, _ = json.Marshal(map[string]string{"event.k": m})
			}
			return &fstest.MapFile{Data: b}
		}
		cat, err := engine.LoadCatalog(fstest.MapFS{"en.json": file(tc.en, tc.enYou), "fr.json": file(tc.fr, tc.frYou)}, nil)
		if err == nil {
			err = checkYouForms(cat)
		}
		if tc.want == "" && err != nil || tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)) {
			t.Errorf("%+v: error %v, want %q", tc, err, tc.want)
		}
	}
}
