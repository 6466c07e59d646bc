package hanginggardens

import (
	"fmt"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// specTables is a verbatim copy of the specification's component table rows
// (shared/rules/hanging-gardens.md: garden cards, enhancements, objectives,
// automa cards, irrigation patterns and points, tree series, solo
// difficulty). The check totals of TestRule_H1_H2_ComponentCheckTotals pass
// for many wrong data files (two cards swapping a bonus keep every total), so
// each row is compared with the data file here. The copy lives in the test so
// that the check runs without shared/ beside the repository;
// TestSpecTablesAreVerbatim proves it is faithful when shared/ is there.
const specTables = `
| AN01 | Lion + irrigation | 2 | lion | 4 / 2 / 2 | — | yes | — |
| AN02 | Lion | 1 | lion | 5 / 3 / 3 | — | — | — |
| AN03 | Monkey + irrigation | 2 | monkey | 2 / 4 / 2 | — | yes | — |
| AN04 | Monkey BY | 1 | monkey | 2 / 3 / 2 | B Y | — | — |
| AN05 | Monkey RY | 1 | monkey | 2 / 3 / 2 | R Y | — | — |
| AN06 | Monkey BR | 1 | monkey | 2 / 3 / 2 | B R | — | — |
| AN07 | Monkey | 1 | monkey | 3 / 5 / 3 | — | — | — |
| AN08 | Peacock + irrigation | 2 | peacock | 2 / 2 / 4 | — | yes | — |
| AN09 | Peacock + crown | 1 | peacock | 2 / 2 / 4 | — | — | crown |
| AN10 | Peacock + gold | 1 | peacock | 2 / 2 / 4 | — | — | gold |
| AN11 | Peacock + tools | 1 | peacock | 2 / 2 / 4 | — | — | tools |
| AN12 | Peacock | 1 | peacock | 3 / 3 / 5 | — | — | — |
| TR01 | Date palm | 6 | date palm | — | — | — |
| TR02 | Cedar + irrigation | 2 | cedar of Lebanon | — | yes | — |
| TR03 | Cedar + crown | 1 | cedar of Lebanon | — | — | crown |
| TR04 | Cedar + tools | 1 | cedar of Lebanon | — | — | tools |
| TR05 | Cedar + gold | 1 | cedar of Lebanon | — | — | gold |
| TR06 | Dragon tree + irrigation | 1 | Socotra dragon tree | — | yes | — |
| TR07 | Dragon tree B | 1 | Socotra dragon tree | B | — | — |
| TR08 | Dragon tree R | 1 | Socotra dragon tree | R | — | — |
| TR09 | Dragon tree Y | 1 | Socotra dragon tree | Y | — | — |
| EM01 | B R Y | — | — |
| EM02 | B R | — | crown |
| EM03 | B Y | — | crown |
| EM04 | Y R | — | crown |
| EM05 | B R | — | tools |
| EM06 | B Y | — | tools |
| EM07 | Y R | — | tools |
| EM08 | B R | — | gold |
| EM09 | B Y | — | gold |
| EM10 | Y R | — | gold |
| EM11 | B B | — | gold |
| EM12 | R R | — | gold |
| EM13 | Y Y | — | gold |
| EM14 | B B | — | tools |
| EM15 | R R | — | tools |
| EM16 | Y Y | — | tools |
| EM17 | B R | yes | — |
| EM18 | B Y | yes | — |
| EM19 | R Y | yes | — |
| EM20 | B | yes | crown |
| EM21 | R | yes | crown |
| EM22 | Y | yes | crown |
| EM23 | B | yes | gold |
| EM24 | R | yes | gold |
| EM25 | Y | yes | gold |
| EM26 | B | yes | tools |
| EM27 | R | yes | tools |
| EM28 | Y | yes | tools |
| EM29 | B | — | crown, gold |
| EM30 | R | — | crown, gold |
| EM31 | Y | — | crown, gold |
| VI01 | 1 per blue flower in your garden | yes | — |
| VI02 | 1 per yellow flower | yes | — |
| VI03 | 1 per red flower | yes | — |
| VI04 | 1 per irrigated position (whether or not it matches the irrigation card) | yes | — |
| VI05 | 1 per crown icon | — | crown |
| VI06 | 2 per complete trio of one blue, one red and one yellow flower: 2 × min(B, R, Y) | — | — |
| VI07 | 1 per visitor (this card included) | yes | — |
| VI08 | 2 per royal objective you completed | — | crown |
| VI09 | 1 per animal | — | crown |
| VI10 | 1 per tree | — | crown |
| VI11 | 1 per gold icon | yes | gold |
| VI12 | 2 per enhancement in your garden | — | gold |
| VI13 | 3 per complete trio of a tree, a visitor and an animal: 3 × min(trees, visitors, animals) | — | tools |
| VI14 | 1 per tools icon | yes | tools |
| Socotra dragon tree | 2 | 7 | — | — | 2 (7 points) |
| Cedar of Lebanon | 2 | 5 | 9 | — | 3 (9 points) |
| Date palm | 3 | 7 | 12 | 18 | 4 (18 points) |
| Left | c1 c2 | b1 b2 | a1 a2 |
| Right | c2 c3 | b3 b4 | a4 a5 |
| Borders | c1 c3 | b1 b4 | a1 a5 |
| Center | c2 | b2 b3 | a2 a3 a4 |
| H | c1 c3 | b2 b3 | a2 a4 |
| Points | 0 | 1 | 2 | 4 | 7 | 10 | 15 |
| EN01 | 2 | lion 3/2/2 | — | — | — |
| EN02 | 2 | monkey 2/3/2 | — | — | — |
| EN03 | 2 | peacock 2/2/3 | — | — | — |
| EN04 | 2 | date palm | — | — | — |
| EN05 | 2 | cedar | — | — | — |
| EN06 | 2 | dragon tree | — | — | — |
| EN07 | 2 | flowers | B R | — | — |
| EN08 | 2 | flowers | B Y | — | — |
| EN09 | 2 | flowers | Y R | — | — |
| EN10 | 2 | flowers | B B | — | — |
| EN11 | 2 | flowers | Y Y | — | — |
| EN12 | 2 | flowers | R R | — | — |
| EN13 | 3 | lion 3/2/2 | — | — | crown |
| EN14 | 3 | monkey 2/3/2 | — | — | crown |
| EN15 | 3 | cedar | — | — | gold |
| EN16 | 3 | cedar | — | — | tools |
| EN17 | 3 | flowers | B R | — | tools |
| EN18 | 3 | flowers | B Y | — | tools |
| EN19 | 3 | flowers | Y R | — | tools |
| EN20 | 3 | flowers | B Y R | — | crown |
| EN21 | 4 | monkey 2/4/2 | — | yes | — |
| EN22 | 4 | peacock 2/2/4 | — | yes | — |
| EN23 | 4 | date palm | — | yes | — |
| EN24 | 4 | dragon tree | — | yes | — |
| EN25 | 4 | flowers | B Y R | yes | — |
| OB01 | animals | 3 | 2 |
| OB02 | trees | 3 | 2 |
| OB03 | irrigated positions | 3 | 2 |
| OB04 | visitors | 3 | 2 |
| OB05 | gold icons | 3 | 2 |
| OB06 | tools icons | 3 | 2 |
| OB07 | crown icons | 3 | 2 |
| OB08 | blue flowers | 4 | 3 |
| OB09 | yellow flowers | 4 | 3 |
| OB10 | red flowers | 4 | 3 |
| 1 | 1-2-3 | animal | 1 | first player |
| 2 | 1-3-2 | tree | 3 | objective |
| 3 | 2-1-3 | visitor | 3 | objective |
| 4 | 2-3-1 | irrigation | 4 | enhancement (4-gold pile) |
| 5 | 3-1-2 | tree | 1 | first player |
| 6 | 3-2-1 | visitor | 2 | first player |
| 7 | 1-2-3 | irrigation | 3 | objective |
| 8 | 1-3-2 | animal | 4 | first player |
| 9 | 2-1-3 | visitor | 1 | enhancement (2-gold pile) |
| 10 | 2-3-1 | irrigation | 2 | enhancement (3-gold pile) |
| 11 | 3-1-2 | animal | 2 | objective |
| 12 | 3-2-1 | tree | 4 | enhancement (2-gold pile) |
| 13 | 1-2-3 | visitor | 4 | enhancement (2-gold pile) |
| 14 | 1-3-2 | every card with a flower | — | first player |
| 15 | 2-1-3 | animal | 3 | first player |
| 16 | 2-3-1 | tree | 2 | objective |
| 17 | 3-1-2 | every card with a flower | — | enhancement (3-gold pile) |
| 18 | 3-2-1 | irrigation | 1 | objective |
| Easy | 3 | 4 |
| Medium | 2 | 3 |
| Advanced | 1 | 2 |
| Expert | 0 | 1 |
`

var specRowRE = regexp.MustCompile(`^\| (AN|TR|EM|VI|EN|OB)[0-9]{2} \||^\| [0-9]+ \| [1-3]-|^\| (Left|Right|Borders|Center|H) \||^\| (Socotra|Cedar of|Date palm) |^\| Points \||^\| (Easy|Medium|Advanced|Expert) \|`)

// TestSpecTablesAreVerbatim: the rows above are exactly the specification's
// rows, none missing, none edited.
func TestSpecTablesAreVerbatim(t *testing.T) {
	spec, err := os.ReadFile("../../../shared/rules/hanging-gardens.md")
	if err != nil {
		t.Skip("specification not found beside the repository:", err)
	}
	var rows []string
	for _, l := range strings.Split(string(spec), "\n") {
		if specRowRE.MatchString(l) {
			rows = append(rows, l)
		}
	}
	if got := strings.Join(rows, "\n"); got != strings.TrimSpace(specTables) {
		t.Fatalf("the copied table rows differ from the specification's; copy them again:\n%s", got)
	}
}

func specCells(line string) []string {
	f := strings.Split(strings.Trim(line, "| "), "|")
	for i := range f {
		f[i] = strings.TrimSpace(f[i])
	}
	return f
}

// specFlowers reads "B R Y", "B B" or "—".
func specFlowers(s string) (f [3]uint8) {
	for _, r := range s {
		switch r {
		case 'B':
			f[blue]++
		case 'R':
			f[red]++
		case 'Y':
			f[yellow]++
		}
	}
	return
}

// specIcons reads "crown, gold" or "—".
func specIcons(s string) (crown, gold, tools uint8) {
	for _, w := range strings.Split(s, ",") {
		switch strings.TrimSpace(w) {
		case "crown":
			crown++
		case "gold":
			gold++
		case "tools":
			tools++
		}
	}
	return
}

func specPoints(s string) (p [3]uint8) {
	for i, w := range strings.Split(strings.ReplaceAll(s, " ", ""), "/") {
		n, _ := strconv.Atoi(w)
		p[i] = uint8(n)
	}
	return
}

// specContent builds what a garden card or enhancement row of the
// specification describes, in the data file's terms.
func specContent(c []string) (content, error) {
	var k content
	k.ID = c[0]
	var flowers, irr, bonus string
	switch c[0][:2] {
	case "AN": // id, name, copies, animal, points, flowers, irrigation, bonus
		k.Copies, _ = strconv.Atoi(c[2])
		k.Sight, k.Animal = sightAnimal, uint8(slices.Index([]string{"lion", "monkey", "peacock"}, c[3]))
		k.APoints = specPoints(c[4])
		flowers, irr, bonus = c[5], c[6], c[7]
	case "TR": // id, name, copies, species, flowers, irrigation, bonus
		k.Copies, _ = strconv.Atoi(c[2])
		k.Sight, k.Tree = sightTree, uint8(slices.Index([]string{"Socotra dragon tree", "cedar of Lebanon", "date palm"}, c[3]))
		flowers, irr, bonus = c[4], c[5], c[6]
	case "EM": // id, flowers, irrigation, bonus
		k.Copies = 1
		flowers, irr, bonus = c[1], c[2], c[3]
	case "VI": // id, what it scores, irrigation, bonus
		k.Copies = 1
		k.Sight = sightVisitor
		kinds := []struct{ text, kind string }{
			// the trios first: their text names flowers and sights too
			{"one blue, one red and one yellow", "flowertrio"}, {"a tree, a visitor and an animal", "sighttrio"},
			{"blue flower", "blue"}, {"yellow flower", "yellow"}, {"red flower", "red"},
			{"irrigated position", "irrigated"}, {"crown icon", "crown"},
			{"per visitor", "visitor"}, {"royal objective", "objective"}, {"per animal", "animal"},
			{"per tree", "tree"}, {"gold icon", "gold"}, {"per enhancement", "enhancement"}, {"tools icon", "tools"},
		}
		found := false
		for _, kd := range kinds {
			if strings.Contains(c[1], kd.text) && !found {
				k.Visitor, found = uint8(slices.Index(visitorNames, kd.kind)), true
			}
		}
		if !found {
			return k, fmt.Errorf("%s: visitor text %q not understood", c[0], c[1])
		}
		irr, bonus = c[2], c[3]
	case "EN": // id, cost, contents, flowers, irrigation, bonus
		k.Cost, _ = strconv.Atoi(c[1])
		what, pts, _ := strings.Cut(c[2], " ")
		switch what {
		case "lion", "monkey", "peacock":
			k.Sight, k.Animal = sightAnimal, uint8(slices.Index([]string{"lion", "monkey", "peacock"}, what))
			k.APoints = specPoints(pts)
		case "dragon":
			k.Sight, k.Tree = sightTree, dragon
		case "cedar":
			k.Sight, k.Tree = sightTree, cedar
		case "date":
			k.Sight, k.Tree = sightTree, palm
		case "flowers":
		default:
			return k, fmt.Errorf("%s: contents %q not understood", c[0], c[2])
		}
		flowers, irr, bonus = c[3], c[4], c[5]
	}
	k.Flowers = specFlowers(flowers)
	k.Irrig = irr == "yes"
	k.Crown, k.Gold, k.Tools = specIcons(bonus)
	return k, nil
}

// H1: every garden card, enhancement, objective, automa card, irrigation
// pattern, tree series and solo difficulty of the data file is the one the
// specification's tables give, row by row.
func TestRule_H1_DataMatchesSpecTables(t *testing.T) {
	cards := map[string]*content{}
	for i := range comp.Cards {
		cards[comp.Cards[i].ID] = &comp.Cards[i]
	}
	for i := range comp.Enh {
		cards[comp.Enh[i].ID] = &comp.Enh[i]
	}
	objs := map[string]objective{}
	for _, o := range comp.Objectives {
		objs[o.ID] = o
	}
	items := map[string]string{"animals": "animal", "trees": "tree", "irrigated positions": "irrigated",
		"visitors": "visitor", "gold icons": "gold", "tools icons": "tools", "crown icons": "crown",
		"blue flowers": "blue", "yellow flowers": "yellow", "red flowers": "red"}
	discards := map[string]string{"animal": "animal", "tree": "tree", "visitor": "visitor",
		"irrigation": "irrigation", "every card with a flower": "flower"}
	bonuses := map[string]string{"first player": "first", "objective": "objective",
		"enhancement (2-gold pile)": "enhancement2", "enhancement (3-gold pile)": "enhancement3",
		"enhancement (4-gold pile)": "enhancement4"}
	seen := map[string]bool{}
	automaRows, patterns, species, levels := 0, 0, 0, 0
	for _, line := range strings.Split(strings.TrimSpace(specTables), "\n") {
		c := specCells(line)
		switch {
		case len(c[0]) == 4 && strings.Contains("AN TR EM VI EN", c[0][:2]):
			want, err := specContent(c)
			if err != nil {
				t.Error(err)
				continue
			}
			got, ok := cards[c[0]]
			if !ok {
				t.Errorf("%s is not in the data file", c[0])
				continue
			}
			seen[c[0]] = true
			if *got != want {
				t.Errorf("%s: data %+v\n      spec %+v", c[0], *got, want)
			}
		case strings.HasPrefix(c[0], "OB"):
			o, ok := objs[c[0]]
			req, _ := strconv.Atoi(c[2])
			disc, _ := strconv.Atoi(c[3])
			if !ok || itemNames[o.Item] != items[c[1]] || int(o.Required) != req || disc != req-1 {
				t.Errorf("%s: data %+v, spec %v", c[0], o, c)
			}
			seen[c[0]] = true
		case regexp.MustCompile(`^[1-3]-[1-3]-[1-3]$`).MatchString(c[1]):
			num, _ := strconv.Atoi(c[0])
			var a *automaCard
			for i := range comp.Automa {
				if comp.Automa[i].Num == num {
					a = &comp.Automa[i]
				}
			}
			if a == nil {
				t.Errorf("automa card %d is not in the data file", num)
				continue
			}
			automaRows++
			cols := fmt.Sprintf("%d-%d-%d", a.Columns[0]+1, a.Columns[1]+1, a.Columns[2]+1)
			fallback := "—"
			if a.Fallback >= 0 {
				fallback = strconv.Itoa(int(a.Fallback) + 1)
			}
			if cols != c[1] || discardNames[a.Discard] != discards[c[2]] || fallback != c[3] || bonusNames[a.Bonus] != bonuses[c[4]] {
				t.Errorf("automa card %d: data %s %s %s %s, spec %v", num, cols, discardNames[a.Discard], fallback, bonusNames[a.Bonus], c)
			}
		case c[0] == "Points":
			if got := fmt.Sprint(comp.IrrigPoints); got != "["+strings.Join(c[1:], " ")+"]" {
				t.Errorf("irrigation points %s, spec %v", got, c[1:])
			}
		case slices.Index([]string{"Left", "Right", "Borders", "Center", "H"}, c[0]) >= 0:
			var want uint16
			for _, p := range strings.Fields(strings.Join(c[1:], " ")) {
				want |= 1 << posIndex(p)
			}
			found := false
			for _, ic := range comp.Irrigation {
				if ic.Name == c[0] {
					found = true
					if ic.Mask != want {
						t.Errorf("irrigation card %s: %012b, spec %012b", c[0], ic.Mask, want)
					}
				}
			}
			if !found {
				t.Errorf("irrigation card %s is not in the data file", c[0])
			}
			patterns++
		case strings.HasPrefix(c[0], "Socotra") || strings.HasPrefix(c[0], "Cedar") || strings.HasPrefix(c[0], "Date"):
			sp := map[string]int{"Socotra dragon tree": dragon, "Cedar of Lebanon": cedar, "Date palm": palm}[c[0]]
			var want []string
			for _, v := range c[1:5] {
				if v != "—" {
					want = append(want, v)
				}
			}
			if got := fmt.Sprint(comp.TreePoints[sp]); got != "["+strings.Join(want, " ")+"]" {
				t.Errorf("%s: series %s, spec %v", c[0], got, want)
			}
			if n := len(comp.TreePoints[sp]); c[5] != fmt.Sprintf("%d (%d points)", n, comp.TreePoints[sp][n-1]) {
				t.Errorf("%s: largest series %q in the spec", c[0], c[5])
			}
			species++
		default: // solo difficulty: level, gold, tools
			g, _ := strconv.Atoi(c[1])
			tl, _ := strconv.Atoi(c[2])
			ok := false
			for _, d := range comp.Difficulties {
				if strings.EqualFold(d.Name, c[0]) && d.Gold == g && d.Tools == tl {
					ok = true
				}
			}
			if !ok {
				t.Errorf("difficulty %v is not in the data file", c)
			}
			levels++
		}
	}
	// nothing in the data file beyond the tables
	if len(seen) != len(comp.Cards)+len(comp.Enh)+len(comp.Objectives) {
		t.Errorf("%d rows checked for %d cards, %d enhancements and %d objectives in the data file",
			len(seen), len(comp.Cards), len(comp.Enh), len(comp.Objectives))
	}
	if automaRows != len(comp.Automa) || patterns != len(comp.Irrigation) || species != 3 || levels != len(comp.Difficulties) {
		t.Errorf("rows: automa %d/%d, patterns %d/%d, trees %d, difficulties %d/%d",
			automaRows, len(comp.Automa), patterns, len(comp.Irrigation), species, levels, len(comp.Difficulties))
	}
}
