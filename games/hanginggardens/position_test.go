package hanginggardens

import (
	"os"
	"strings"
	"testing"
)

func TestScorePositionErrors(t *testing.T) {
	good, err := os.ReadFile("../../docs/examples/hanging-gardens.position.json")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, in, want string
	}{
		{"syntax", "{\n\"irrigation\": \"Right\",\n,}", "line 3"},
		{"type", `{"irrigation": 3}`, "irrigation"},
		{"unknown field", `{"irigation": "Right"}`, "irigation"},
		{"irrigation", strings.Replace(string(good), `"Right"`, `"Up"`, 1), "irrigation"},
		{"missing position", strings.Replace(string(good), `"a5": "TR02"`, `"a5": ""`, 1), "a5"},
		{"bad position", strings.Replace(string(good), `"a5"`, `"a6"`, 1), "a6"},
		{"bad card", strings.Replace(string(good), `"AN04"`, `"AN99"`, 1), "a1"},
		{"copies", strings.Replace(string(good), `"TR09"`, `"TR02"`, 1), "only 2 TR02"},
		{"enhancement on a tree", strings.Replace(string(good), `"TR09"`, `"TR09+EN01"`, 1), "H6"},
		{"bad enhancement", strings.Replace(string(good), `EN05`, `EN55`, 1), "EN55"},
		{"objective position", strings.Replace(string(good), `"position": 2`, `"position": 5`, 1), "objectives[0].position"},
		{"objective place", strings.Replace(string(good), `"place": 1}`, `"place": 3}`, 1), "objectives[0].place"},
		{"objective twice", strings.Replace(string(good), `"position": 4`, `"position": 2`, 1), "twice"},
		{"players", strings.Replace(string(good), `"players": 3`, `"players": 7`, 1), "players"},
		{"trailing", string(good) + "{}", "goes on after"},
		{"empty file", "", "empty"},
		{"blank file", " \n\t", "empty"},
		{"not an object", "[]", "JSON object"},
		{"a string", `"Right"`, "JSON object"},
		{"garden value type", `{"irrigation": "Right", "garden": {"a1": 5}}`, "garden.a1"},
		{"garden type", `{"irrigation": "Right", "garden": []}`, "an object"},
		{"players type", `{"irrigation": "Right", "players": "two"}`, "a whole number"},
		{"garden key twice", strings.Replace(string(good), `"a1": "AN04"`, `"a1": "AN04", "a1": "AN02"`, 1), "garden.a1 is given twice"},
		{"field twice", strings.Replace(string(good), `"irrigation": "Right"`, `"irrigation": "Left", "irrigation": "Right"`, 1), "irrigation is given twice"},
		{"marker field twice", strings.Replace(string(good), `"place": 1}`, `"place": 1, "place": 2}`, 1), "objectives[0].place is given twice"},
		{"position given twice", strings.Replace(string(good), `"a1": "AN04"`, `"a1": "AN04", "A1": "AN02"`, 1), "twice"},
	}
	tests = append(tests, []struct{ name, in, want string }{
		// issue 13: files as people write them
		{"syntax line and column", "{\n  \"irrigation\": \"Right\",\n  \"garden\": {,}\n}", "line 3, column"},
		{"null", "null", "JSON object"},
		{"null with spaces", " null \n", "JSON object"},
		{"a number", "3", "JSON object"},
		{"missing irrigation", strings.Replace(string(good), `"irrigation": "Right",`, ``, 1), "field irrigation is missing"},
		{"missing garden", `{"irrigation": "Right", "players": 3}`, "field garden is missing"},
		{"null garden", `{"irrigation": "Right", "garden": null}`, "field garden is missing"},
		{"another game", strings.Replace(string(good), `{`, `{"game": "english-gardens",`, 1), "does not look like a hanging-gardens position"},
		{"game not a string", strings.Replace(string(good), `{`, `{"game": 4,`, 1), "game"},
	}...)
	for _, tc := range tests {
		_, err := Game.(game).ScorePosition([]byte(tc.in))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want it to mention %q", tc.name, err, tc.want)
		}
		// Messages speak to the player, not in Go types.
		if err != nil && (strings.Contains(err.Error(), "hanginggardens.") || strings.Contains(err.Error(), "map[") || strings.Contains(err.Error(), "EOF")) {
			t.Errorf("%s: error %q names Go internals", tc.name, err)
		}
	}
	// 4-5 players: the second marker still scores high; solo gives a rating.
	four := strings.Replace(string(good), `"players": 3`, `"players": 4`, 1)
	four = strings.Replace(four, `{"position": 4, "place": 1}`, `{"position": 4, "place": 2}`, 1)
	sc, err := Game.(game).ScorePosition([]byte(four))
	if err != nil || sc.Total != 48 || sc.Rating != "" || ratingText(sc.Rating).FR != "" {
		t.Errorf("4 players, second marker: %v %d, ratings %q / %q", err, sc.Total, sc.Rating, ratingText(sc.Rating).FR)
	}
	solo := strings.Replace(string(good), `"players": 3`, `"players": 1`, 1)
	sc, err = Game.(game).ScorePosition([]byte(solo))
	if err != nil || ratingText(sc.Rating).EN != "A few shy shoots; far from the Hanging Gardens. (unconfirmed)" ||
		ratingText(sc.Rating).FR != "Quelques pousses timides… on est loin des Jardins suspendus. (non confirmé)" {
		t.Errorf("solo ratings %q / %q %v", sc.Rating, ratingText(sc.Rating).FR, err)
	}
}

// Issue 13: the position format accepts the "game" field docs/cli.md
// documents, and a UTF-8 byte-order mark, and scores the same garden.
func TestScorePositionGameFieldAndBOM(t *testing.T) {
	good, err := os.ReadFile("../../docs/examples/hanging-gardens.position.json")
	if err != nil {
		t.Fatal(err)
	}
	want, err := Game.(game).ScorePosition(good)
	if err != nil {
		t.Fatal(err)
	}
	withGame := strings.Replace(string(good), `{`, `{"game": "hanging-gardens",`, 1)
	for name, in := range map[string]string{
		"game field":       withGame,
		"byte-order mark":  "\xef\xbb\xbf" + string(good),
		"both":             "\xef\xbb\xbf" + withGame,
		"game field after": strings.Replace(string(good), `"gold": 1`, `"gold": 1, "game": "hanging-gardens"`, 1),
	} {
		got, err := Game.(game).ScorePosition([]byte(in))
		if err != nil || got.Total != want.Total || got.Total != 48 {
			t.Errorf("%s: %d, %v; want %d", name, got.Total, err, want.Total)
		}
	}
}

func FuzzScorePosition(f *testing.F) {
	good, _ := os.ReadFile("../../docs/examples/hanging-gardens.position.json")
	f.Add(good)
	f.Add([]byte(`{}`))
	f.Add([]byte(`{"irrigation":"H","garden":{"a1":"EM01+EN01"}}`))
	f.Add([]byte("null"))
	f.Add(append([]byte("\xef\xbb\xbf"), good...))
	f.Add([]byte(`{"game":"hanging-gardens","irrigation":"H","garden":{"a1":5}}`))
	f.Add([]byte(`{"game":"schlossgarten"}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		sc, err := Game.(game).ScorePosition(data)
		if err != nil {
			// Messages speak to the player: no Go types or decoder jargon.
			if msg := err.Error(); strings.Contains(msg, "hanginggardens.") || strings.Contains(msg, "map[") ||
				strings.Contains(msg, "json:") || strings.Contains(msg, "Go value") {
				t.Fatalf("error names Go internals: %v", err)
			}
			return
		}
		if len(sc.Points) != len(categories) {
			t.Fatalf("%d points for %d categories", len(sc.Points), len(categories))
		}
		sum := 0
		for _, v := range sc.Points {
			sum += v
		}
		if sum != sc.Total || sum < 0 {
			t.Fatalf("total %d, sum %d", sc.Total, sum)
		}
	})
}
