package hanginggardens

import (
	"encoding/json"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// The web renderer draws each card from a table of its faces (kind, species,
// points, flowers, bonus, irrigation) and each garden's irrigation pattern;
// both must say what data/components.json says, or the page shows a card
// the engine does not score.
func TestRendererFaces(t *testing.T) {
	src, err := os.ReadFile("../../web/src/games/hanginggardens.ts")
	if err != nil {
		t.Skip("no renderer source:", err)
	}
	faces := map[string]string{}
	for _, m := range regexp.MustCompile(`(?m)^  ([A-Z]{2}\d\d): "([^"]*)",$`).FindAllStringSubmatch(string(src), -1) {
		faces[m[1]] = m[2]
	}
	var raw rawData
	if err := json.Unmarshal(componentsJSON, &raw); err != nil {
		t.Fatal(err)
	}
	want := map[string]string{}
	for _, c := range append(raw.GardenCards, raw.Enhancements...) {
		kind := "f"
		sub := "-"
		switch {
		case c.Animal != "":
			kind, sub = "a", c.Animal
		case c.Tree != "":
			kind, sub = "t", c.Tree
		case c.Visitor != "":
			kind, sub = "v", c.Visitor
		}
		pts := "-"
		if len(c.Points) > 0 {
			pts = ""
			for _, p := range c.Points {
				pts += strconv.Itoa(p)
			}
		}
		or := func(s string) string {
			if s == "" {
				return "-"
			}
			return s
		}
		bonus := ""
		for _, b := range c.Bonus {
			bonus += b[:1]
		}
		irr := "-"
		if c.Irrigation {
			irr = "i"
		}
		want[c.ID] = strings.Join([]string{kind, sub, pts, or(c.Flowers), or(bonus), irr}, " ")
	}
	if len(faces) != len(want) {
		t.Errorf("the renderer knows %d faces, the components %d", len(faces), len(want))
	}
	for id, w := range want {
		if faces[id] != w {
			t.Errorf("%s: the renderer draws %q, the components say %q", id, faces[id], w)
		}
	}
	for _, ic := range raw.IrrigationCards {
		line := ic.Name + `: ["` + strings.Join(ic.Positions, `", "`) + `"],`
		if !strings.Contains(string(src), line) {
			t.Errorf("the renderer's irrigation pattern %s is not %s", ic.Name, line)
		}
	}
}
