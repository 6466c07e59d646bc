package hanginggardens

import (
	"encoding/json"
	"sort"
	"strings"
	"testing"
)

// H1: the check totals of the specification.
func TestRule_H1_H2_ComponentCheckTotals(t *testing.T) {
	if len(comp.Deck) != 75 || len(comp.Cards) != 66 {
		t.Fatalf("garden cards: %d cards, %d types; want 75 and 66", len(comp.Deck), len(comp.Cards))
	}
	var animals [3]int
	var trees [3]int
	var flowers [3]int
	empty, visitors, irr, crowns, gold, tools := 0, 0, 0, 0, 0, 0
	for _, k := range comp.Deck {
		c := comp.Cards[k]
		switch c.Sight {
		case sightAnimal:
			animals[c.Animal]++
		case sightTree:
			trees[c.Tree]++
		case sightVisitor:
			visitors++
		default:
			empty++
		}
		for i := range flowers {
			flowers[i] += int(c.Flowers[i])
		}
		if c.Irrig {
			irr++
		}
		crowns += int(c.Crown)
		gold += int(c.Gold)
		tools += int(c.Tools)
	}
	check := func(what string, got, want any) {
		t.Helper()
		if got != want {
			t.Errorf("%s: %v, want %v", what, got, want)
		}
	}
	check("animals lion/monkey/peacock", animals, [3]int{3, 6, 6})
	check("trees dragon/cedar/palm", trees, [3]int{4, 5, 6})
	check("empty cards", empty, 31)
	check("visitors", visitors, 14)
	check("flowers B/R/Y", flowers, [3]int{20, 20, 20})
	check("irrigation marks", irr, 28)
	check("crowns", crowns, 15)
	check("gold", gold, 16)
	check("tools", tools, 13)

	// enhancements
	check("enhancements", len(comp.Enh), 25)
	check("piles", [3]int{len(comp.PileOf[0]), len(comp.PileOf[1]), len(comp.PileOf[2])}, [3]int{12, 8, 5})
	animals, trees, flowers = [3]int{}, [3]int{}, [3]int{}
	flowerOnly := 0
	irr, crowns, gold, tools = 0, 0, 0, 0
	for _, e := range comp.Enh {
		switch e.Sight {
		case sightAnimal:
			animals[e.Animal]++
		case sightTree:
			trees[e.Tree]++
		default:
			flowerOnly++
		}
		for i := range flowers {
			flowers[i] += int(e.Flowers[i])
		}
		if e.Irrig {
			irr++
		}
		crowns += int(e.Crown)
		gold += int(e.Gold)
		tools += int(e.Tools)
	}
	check("enh animals", animals, [3]int{2, 3, 2})
	check("enh trees dragon/cedar/palm", trees, [3]int{2, 3, 2})
	check("enh flower-only", flowerOnly, 11)
	check("enh flowers", flowers, [3]int{8, 8, 8})
	check("enh irrigation", irr, 5)
	check("enh crowns", crowns, 3)
	check("enh gold", gold, 1)
	check("enh tools", tools, 4)

	// automa cards
	check("automa cards", len(comp.Automa), 18)
	orders := map[[3]uint8]int{}
	var disc [5]int
	var rows [5]int
	var bon [5]int
	for _, a := range comp.Automa {
		orders[a.Columns]++
		disc[a.Discard]++
		rows[a.Fallback+1]++
		bon[a.Bonus]++
	}
	check("column orders", len(orders), 6)
	for o, n := range orders {
		check("column order count", n, 3)
		s := []int{int(o[0]), int(o[1]), int(o[2])}
		sort.Ints(s)
		check("column order is a permutation", s[0]*100+s[1]*10+s[2], 12)
	}
	check("discards animal/tree/visitor/irrigation/flower", disc, [5]int{4, 4, 4, 4, 2})
	check("fallback rows none/1/2/3/4", rows, [5]int{2, 4, 4, 4, 4})
	check("bonuses first/objective/enh2/enh3/enh4", bon, [5]int{6, 6, 3, 2, 1})

	// irrigation patterns
	check("irrigation cards", len(comp.Irrigation), 5)
	for _, ic := range comp.Irrigation {
		var f [3]int
		for i := 0; i < nPos; i++ {
			if ic.Mask&(1<<i) != 0 {
				f[floorOf(i)]++
			}
		}
		want := [3]int{2, 2, 2}
		if ic.Name == "Center" {
			want = [3]int{3, 2, 1}
		}
		check("pattern "+ic.Name, f, want)
	}
	check("objectives", len(comp.Objectives), 10)
	// market (H2)
	check("row costs", comp.RowCosts, [4]int{0, 1, 2, 3})
	check("spaces", comp.Spaces, [6]int{0, 2, 2, 3, 4, 5})
}

// H4: the adjacency table of the specification.
func TestRule_H4_Adjacency(t *testing.T) {
	table := map[string]string{
		"a1": "a2 b1", "a2": "a1 a3 b1 b2", "a3": "a2 a4 b2 b3", "a4": "a3 a5 b3 b4", "a5": "a4 b4",
		"b1": "a1 a2 b2 c1", "b2": "a2 a3 b1 b3 c1 c2", "b3": "a3 a4 b2 b4 c2 c3", "b4": "a4 a5 b3 c3",
		"c1": "b1 b2 c2", "c2": "b2 b3 c1 c3", "c3": "b3 b4 c2",
	}
	for p, list := range table {
		var want uint16
		for _, q := range strings.Fields(list) {
			want |= 1 << posIndex(q)
		}
		if neighbours[posIndex(p)] != want {
			t.Errorf("%s: neighbours %012b, want %012b", p, neighbours[posIndex(p)], want)
		}
	}
}

func TestComponentsDataErrors(t *testing.T) {
	bad := []string{
		`{`,
		`{"gardenCards":[{"id":"X","copies":1,"animal":"cat","points":[1,1,1]}]}`,
		`{"gardenCards":[{"id":"X","copies":0}]}`,
	}
	for _, b := range bad {
		if _, err := loadComponents([]byte(b)); err == nil {
			t.Errorf("%s accepted", b)
		}
	}
}

// A corrected data file (the file invites it) that does not fit the state's
// fixed arrays or the scoring tables is refused when loaded, with the entry
// to fix, instead of being cut short or panicking in New or in scoring.
func TestComponentsDataBeyondCapacity(t *testing.T) {
	edit := func(f func(d map[string]any)) []byte {
		var d map[string]any
		if err := json.Unmarshal(componentsJSON, &d); err != nil {
			t.Fatal(err)
		}
		f(d)
		b, err := json.Marshal(d)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	list := func(d map[string]any, k string) []any { return d[k].([]any) }
	tests := []struct {
		name, want string
		f          func(d map[string]any)
	}{
		{"too many automa cards", "automa", func(d map[string]any) {
			a := list(d, "automaCards")
			d["automaCards"] = append(a, a[:8]...) // 26: more than the state holds
		}},
		{"too many garden cards", "garden cards", func(d map[string]any) {
			list(d, "gardenCards")[0].(map[string]any)["copies"] = 40
		}},
		{"too many tiles in a pile", "pile", func(d map[string]any) {
			e := list(d, "enhancements")
			for i := 0; i < 6; i++ {
				c := map[string]any{}
				for k, v := range e[0].(map[string]any) {
					c[k] = v
				}
				c["id"] = "EX" + string(rune('A'+i))
				e = append(e, c)
			}
			d["enhancements"] = e
		}},
		{"no irrigation card", "irrigation", func(d map[string]any) { d["irrigationCards"] = []any{} }},
		{"pattern beyond the points table", "irrigation card Left", func(d map[string]any) {
			ic := list(d, "irrigationCards")[0].(map[string]any)
			ic["positions"] = append(ic["positions"].([]any), "a3")
		}},
		{"fewer gardener spaces than turns", "gardenerSpaces", func(d map[string]any) { d["gardenerSpaces"] = []any{2, 2, 2, 4, 5} }},
		{"a player count without marker places", "markerPlaces", func(d map[string]any) { d["markerPlaces"] = list(d, "markerPlaces")[:4] }},
		{"unknown objective reward", "objectivePositions", func(d map[string]any) {
			list(d, "objectivePositions")[2].(map[string]any)["reward"] = "gems"
		}},
		{"negative starting gold", "difficulties", func(d map[string]any) {
			list(d, "difficulties")[0].(map[string]any)["gold"] = -1
		}},
		{"negative starting tools", "start", func(d map[string]any) {
			d["start"].(map[string]any)["tools"] = -4
		}},
		{"negative row cost", "rowCosts", func(d map[string]any) { d["rowCosts"] = []any{0, -1, 2, 3} }},
		{"stock beyond a byte", "stock", func(d map[string]any) { d["stock"] = map[string]any{"gold": 300, "tools": 30} }},
	}
	for _, tc := range tests {
		_, err := loadComponents(edit(tc.f))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want it to mention %q", tc.name, err, tc.want)
		}
	}
	if _, err := loadComponents(edit(func(map[string]any) {})); err != nil {
		t.Fatalf("the data file itself: %v", err)
	}
}
