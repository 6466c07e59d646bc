package coach

import (
	"context"
	"regexp"
	"strings"
	"testing"

	"github.com/jardin-games/jardin/engine"
	"github.com/jardin-games/jardin/games"
	"github.com/jardin-games/jardin/record"
)

// A loss known exactly (no chance left to play out: an error of 0.0) is
// said without "give or take 0.0"; an uncertain one with its margin.
func TestExplainMargin(t *testing.T) {
	r := &Report{}
	margin := map[string]string{"en": "give or take", "fr": "près", "de": "plus/minus"}
	for lang, w := range margin {
		exact := r.Explain(Decision{Step: 3, Loss: 2, Error: 0.04}, lang)
		if strings.Contains(exact, w) || strings.Contains(exact, "{") || !strings.Contains(exact, "3") {
			t.Errorf("%s, error 0.04: %q", lang, exact)
		}
		unsure := r.Explain(Decision{Step: 3, Loss: 2, Error: 1.5}, lang)
		if !strings.Contains(unsure, w) || !strings.Contains(unsure, Points(1.5, lang)) {
			t.Errorf("%s, error 1.5: %q", lang, unsure)
		}
	}
}

// secondPerson matches a word that speaks to the reader, in each language.
var secondPerson = map[string]*regexp.Regexp{
	"en": regexp.MustCompile(`(?i)\byou(r|rs)?\b`),
	"fr": regexp.MustCompile(`(?i)\b(vous|votre|vos|tu|ton|ta|tes)\b`),
	"de": regexp.MustCompile(`(?i)\b(du|dein|deine|deinen|deinem|deiner|dir|dich)\b`),
}

// A bot's decisions are told in the third person, by the seat's name: the
// one who reads the review is a person, not the bot. A person's own
// decisions speak to them. In a game between a person and a bot, and where
// a bot took a person's seat over, each decision reads as its maker needs.
func TestBotsInTheThirdPerson(t *testing.T) {
	for _, id := range []string{"english-gardens", "alices-garden", "hanging-gardens", "happy-garden", "schlossgarten"} {
		rec := load(t, "../docs/examples/"+id+".record.json")
		rec.Players[0].Kind, rec.Players[0].Name = "human", "Ann"
		rec.Players[1].Kind, rec.Players[1].Name = "human", "Bob"
		// Bob leaves after the first ten moves: a bot plays his seat on.
		rec.Players[1].Replaced = &record.Replacement{By: "greedy", After: 10, Why: "left"}
		g, pos, err := Positions(games.Registry(), rec, nil)
		if err != nil {
			t.Fatal(err)
		}
		r, err := Analyze(context.Background(), g, names(rec), pos, Options{Budget: Budget{Halving: 8, Final: 4}, Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		you, bots := 0, 0
		for _, d := range r.Decisions {
			wantBot := d.Seat == 1 && d.Step > 10
			if d.Bot != wantBot {
				t.Fatalf("%s move %d (seat %d): bot %v", id, d.Step, d.Seat, d.Bot)
			}
			for lang, re := range secondPerson {
				for _, m := range []engine.Move{d.Played, d.Best} {
					w := r.Words(d, m, lang)
					switch {
					case d.Bot && re.MatchString(w):
						t.Errorf("%s move %d (%s): a bot's move speaks to it: %q", id, d.Step, lang, w)
					case d.Bot:
						bots++
					case re.MatchString(w):
						you++
					}
				}
				if e := r.Explain(d, lang); d.Bot && re.MatchString(e) {
					t.Errorf("%s move %d (%s): %q", id, d.Step, lang, e)
				}
			}
		}
		if bots == 0 || you == 0 {
			t.Errorf("%s: %d words of a bot's moves, %d speaking to a person: the test proves nothing", id, bots, you)
		}
	}
}
