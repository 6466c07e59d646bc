package enginetest

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

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
		{"another package's Illegal is not counted", `
			func f() error { return other.Illegal("x", "no") }`, nil, 0, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			src := "package p\n\nimport \"github.com/jardin-games/jardin/engine\"\n\nvar _ = engine.Illegal\n" + tc.src + "\n"
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
		m    engine.Message
		want string // an error mentioning this, or none
	}{
		{engine.Message{EN: "{actor} takes {0}", FR: "{actor} prend {0}", YouEN: "You take {0}", YouFR: "Vous prenez {0}"}, ""},
		{engine.Message{EN: "Gust: {actor} moves", FR: "Coup de vent : {actor} déplace", YouEN: "Gust: you move", YouFR: "Coup de vent : vous déplacez"}, ""},
		{engine.Message{EN: "round {0}", FR: "manche {0}"}, ""},
		{engine.Message{EN: "{actor} takes {0}", FR: "{actor} prend {0}"}, "needs You forms"},
		{engine.Message{EN: "round {0}", FR: "manche {0}", YouEN: "You see {0}", YouFR: "Vous voyez {0}"}, "and only it"},
		{engine.Message{EN: "{actor} takes", FR: "{actor} prend", YouEN: "You, {actor}, take", YouFR: "Vous prenez"}, "names the actor again"},
		{engine.Message{EN: "{actor} takes", FR: "{actor} prend", YouEN: "Ann takes", YouFR: "Vous prenez"}, "second person"},
		{engine.Message{EN: "{actor} takes", FR: "{actor} prend", YouEN: "You take", YouFR: "Il prend"}, "second person"},
	} {
		err := checkYouForms(&engine.Catalog{Messages: map[string]engine.Message{"k": tc.m}})
		if tc.want == "" && err != nil || tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)) {
			t.Errorf("%+v: error %v, want %q", tc.m, err, tc.want)
		}
	}
}
