package alicesgarden

import (
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/jardin-games/jardin/engine"
)

var ansiCode = regexp.MustCompile("\x1b\\[[0-9;]*m")

// displayWidth is the number of columns a line takes on a terminal: ANSI
// colour codes take none, and every character the drawing uses takes one.
func displayWidth(l string) int { return utf8.RuneCountInString(ansiCode.ReplaceAllString(l, "")) }

// TestDrawFits80Columns (issue 12, issue 13): a real position drawn at every
// decision of a random game, for every player count, both sides, both
// languages, with and without colour, as a seat and as a spectator, has no
// line wider than 80 columns.
func TestDrawFits80Columns(t *testing.T) {
	for n := 1; n <= 4; n++ {
		for _, side := range []string{"A", "B"} {
			st, err := Game.New(n, uint64(n)+5, engine.Options{"side": side})
			if err != nil {
				t.Fatal(err)
			}
			rng := engine.NewRNG(uint64(n))
			phases := map[uint8]bool{}
			for step := 0; ; step++ {
				s := st.(*state)
				phases[s.phase] = true
				for _, style := range []engine.Style{{Lang: "en"}, {Lang: "fr", Color: true}, {Lang: "fr"}} {
					for _, viewer := range []int{0, engine.Spectator} {
						for i, l := range strings.Split(s.Draw(viewer, style), "\n") {
							if w := displayWidth(l); w > 80 {
								t.Fatalf("%d players, side %s, step %d, %+v: line %d is %d columns wide:\n%s", n, side, step, style, i+1, w, l)
							}
						}
					}
				}
				if st.Over() {
					break
				}
				ms := st.LegalMoves(nil)
				if err := st.Apply(ms[rng.Intn(len(ms))], nil); err != nil {
					t.Fatal(err)
				}
			}
			for _, ph := range []uint8{phBag, phTake, phPlace, phOver} {
				if !phases[ph] {
					t.Errorf("%d players: the game never drew phase %s", n, phaseNames[ph])
				}
			}
		}
	}
}

// TestDrawFrench: a French drawing has no English label, names, prompt or
// score pad line, at every phase of a game to its end.
func TestDrawFrench(t *testing.T) {
	english := []string{"Bags", "Bonus bag", "Supply", "round", "side", "first player", "To place", "orientations:",
		"(you)", "free", "Game over", "Chess pieces", "Mushrooms", "Trees", "Empty areas", "Rank", "choose", "take a",
		"place the", "Drawn", "Out of the game", "left:", "right:", "mushroom", "tree", "gardener", "Queen", "garden"}
	for n := 1; n <= 4; n++ {
		st, _ := Game.New(n, uint64(n)+9, nil)
		rng := engine.NewRNG(uint64(n) + 3)
		for {
			d := st.(engine.Drawer).Draw(0, engine.Style{Lang: "fr"})
			body := strings.ReplaceAll(d, "Alice's Garden", "") // the French edition keeps the title
			for _, w := range english {
				if strings.Contains(body, w) {
					t.Fatalf("%d players: French drawing says %q:\n%s", n, w, d)
				}
			}
			if st.Over() {
				if !strings.Contains(d, "Partie terminée") || !strings.Contains(d, "Pièces d'échecs") {
					t.Errorf("French score pad:\n%s", d)
				}
				break
			}
			ms := st.LegalMoves(nil)
			st.Apply(ms[rng.Intn(len(ms))], nil)
		}
	}
}
