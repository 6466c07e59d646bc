package main

import (
	"bytes"
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/jardin-games/jardin/record"
)

// jardin analyze --json prints the seats' summaries and every decision,
// values in points, every loss at least 0; --seat keeps one seat; the
// progress bar goes to a terminal's stderr only.
func TestAnalyzeJSON(t *testing.T) {
	const rec = "../../docs/examples/hanging-gardens.record.json"
	code, out, errOut := term{errTTY: true}.run(t, "", "analyze", rec, "--json", "--budget", "quick", "--seat", "1")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if !strings.Contains(errOut, "decisions analysed") {
		t.Errorf("no progress bar on a terminal: %q", errOut)
	}
	dec := json.NewDecoder(strings.NewReader(out))
	dec.DisallowUnknownFields()
	var got struct {
		Seats []struct {
			Seat          int     `json:"seat"`
			Name          string  `json:"name"`
			Decisions     int     `json:"decisions"`
			MeanLoss      float64 `json:"meanLoss"`
			MeanLossError float64 `json:"meanLossError"`
			Costliest     []struct {
				Step        int     `json:"step"`
				Loss        float64 `json:"loss"`
				Explanation string  `json:"explanation"`
			} `json:"costliest"`
		} `json:"seats"`
		Decisions []struct {
			Step        int     `json:"step"`
			Seat        int     `json:"seat"`
			Played      string  `json:"played"`
			PlayedValue float64 `json:"playedValue"`
			Best        string  `json:"best"`
			BestValue   float64 `json:"bestValue"`
			Loss        float64 `json:"loss"`
			Error       float64 `json:"error"`
			PlayedWords string  `json:"playedWords"`
			BestWords   string  `json:"bestWords"`
		} `json:"decisions"`
	}
	if err := dec.Decode(&got); err != nil {
		t.Fatalf("%v in\n%s", err, out)
	}
	if len(got.Seats) != 1 || got.Seats[0].Seat != 1 || got.Seats[0].Name != "greedy (seat 2)" ||
		got.Seats[0].Decisions != len(got.Decisions) || len(got.Decisions) < 20 {
		t.Fatalf("seats %+v, %d decisions", got.Seats, len(got.Decisions))
	}
	data, _ := os.ReadFile(rec)
	r, _ := record.Parse(data)
	for _, d := range got.Decisions {
		if d.Seat != 1 || d.Loss < 0 || d.Played != r.Moves[d.Step-1].Move || d.Best == "" ||
			(d.Loss == 0) != (d.Best == d.Played) {
			t.Errorf("decision %+v", d)
		}
	}
	for _, c := range got.Seats[0].Costliest {
		if c.Loss <= 0 || !strings.HasPrefix(c.Explanation, "Move ") {
			t.Errorf("costliest %+v", c)
		}
	}
	_, _, errOut = term{}.run(t, "", "analyze", rec, "--json", "--budget", "quick", "--seat", "1")
	if errOut != "" {
		t.Errorf("progress bar written to a file: %q", errOut)
	}
}

// Without --json, a table in the reader's language.
func TestAnalyzeTable(t *testing.T) {
	for lang, words := range map[string][]string{"en": {"Costliest decisions", "Move", "better:"},
		"fr": {"Décisions les plus coûteuses", "Coup", "mieux\u00a0:"}, "de": {"Teuerste Entscheidungen", "Zug", "besser:"}} {
		code, out, errOut := jardin(t, "", "analyze", "../../docs/examples/english-gardens.record.json", "--budget", "quick", "--lang", lang)
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", lang, code, errOut)
		}
		for _, w := range words {
			if !strings.Contains(out, w) {
				t.Errorf("%s: no %q in\n%s", lang, w, out)
			}
		}
	}
}

// Bad input: a clear error, nothing printed on stdout.
func TestAnalyzeRefusals(t *testing.T) {
	data, err := os.ReadFile("../../docs/examples/schlossgarten.record.json")
	if err != nil {
		t.Fatal(err)
	}
	rec, err := record.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	rec.Moves, rec.Result = rec.Moves[:12], nil
	short, err := rec.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	files := map[string][]byte{"short.json": short, "broken.json": bytes.TrimSuffix(data, []byte("}\n"))}
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"short.json"}, 1, "never before it ends"},
		{[]string{"broken.json"}, 1, "broken.json"},
		{[]string{"../../docs/examples/schlossgarten.record.json", "--seat", "2"}, 2, "the game has seats 0 to 1"},
		{[]string{"../../docs/examples/schlossgarten.record.json", "--seat", "-2"}, 2, "the game has seats 0 to 1"},
		{[]string{"../../docs/examples/schlossgarten.record.json", "--budget", "lots"}, 2, "want quick, medium, thorough"},
		{[]string{}, 2, "record"},
	} {
		code, out, errOut := term{files: files}.run(t, "", append([]string{"analyze"}, c.args...)...)
		if code != c.code || out != "" || !strings.Contains(errOut, c.want) {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit %d and %q", c.args, code, out, errOut, c.code, c.want)
		}
	}
}
