package englishgardens

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/jardin-games/jardin/engine"
)

// texts.json holds the event messages, the components' names and help and
// a statement of each rule a refused move can name, in English and French
// (docs/english-gardens.md lists them). The 60
// landscape cards and the 5 village cards are added from the card data, so
// that a name always agrees with the card it names.
//
//go:embed data/texts.json
var textsJSON []byte

type textsFile struct {
	engine.CatalogFile
	LandscapeHelp map[string]engine.Text `json:"landscapeHelp"`
	VillageHelp   engine.Text            `json:"villageHelp"`
}

// Texts implements engine.Texter.
func (g *game) Texts() *engine.Catalog { return g.cat }

// Component ids. Landscape cards are land:1 … land:60 and trophies
// trophy:1 … trophy:30, in the order of the data files; village cards are
// village:1 … village:5.
func landID(c int8) string    { return "land:" + strconv.Itoa(int(c)+1) }
func trophyID(t int8) string  { return "trophy:" + strconv.Itoa(int(t)+1) }
func villageID(v int8) string { return "village:" + strconv.Itoa(int(v)+1) }
func handID(i int) string     { return "hand:" + strconv.Itoa(i+1) }
func landSlotID(i int) string { return "land-display:" + strconv.Itoa(i+1) }
func troSlotID(i int) string  { return "trophy-display:" + strconv.Itoa(i+1) }
func landTypeID(k *landCard) string {
	switch {
	case k.Lawn:
		return "landscape:lawn"
	case k.Feature == featPond:
		return "landscape:pond"
	case k.Feature == featStructure:
		return "landscape:structure"
	}
	return "landscape:trees"
}

// Words of the card names. French colours agree with the flower: la rose
// (feminine), le pétunia and le lys (masculine).
var (
	colourEN  = [4]string{"", "red", "yellow", "blue"}
	colourFRf = [4]string{"", "rouge", "jaune", "bleue"}
	colourFRm = [4]string{"", "rouge", "jaune", "bleu"}
	flowerEN  = [4]string{"", "rose", "petunia", "lily"}
	flowerFR  = [4]string{"", "rose", "pétunia", "lys"}
	featureEN = [3]string{"", "pond", "structure"}
	featureFR = [3]string{"", "bassin", "structure"}
	treeEN    = [3]string{"oak", "birch", "willow"}
	treeFR    = [3]string{"chêne", "bouleau", "saule"}
)

// fullName names a landscape card for sentences: "yellow rose (oak, oak)",
// "rose jaune (chêne, chêne)", "red lily (pond)", "lawn" / "pelouse".
func (c *landCard) fullName(lang string) string {
	fr := lang == "fr"
	if c.Lawn {
		if fr {
			return "pelouse"
		}
		return "lawn"
	}
	var b strings.Builder
	if fr {
		b.WriteString(flowerFR[c.Flower])
		b.WriteByte(' ')
		if c.Flower == flRose {
			b.WriteString(colourFRf[c.Colour])
		} else {
			b.WriteString(colourFRm[c.Colour])
		}
	} else {
		b.WriteString(colourEN[c.Colour])
		b.WriteByte(' ')
		b.WriteString(flowerEN[c.Flower])
	}
	var extra []string
	if c.Feature != featNone {
		if fr {
			extra = append(extra, featureFR[c.Feature])
		} else {
			extra = append(extra, featureEN[c.Feature])
		}
	}
	for _, t := range c.Icons {
		if fr {
			extra = append(extra, treeFR[t])
		} else {
			extra = append(extra, treeEN[t])
		}
	}
	if len(extra) > 0 {
		b.WriteString(" (" + strings.Join(extra, ", ") + ")")
	}
	return b.String()
}

// cellName names a place of a village for a sentence: landscape cells r1c1
// … r3c3 and trophy slots c1 … r3.
func cellName(id, lang string) string {
	fr := lang == "fr"
	if len(id) == 4 && id[0] == 'r' && id[2] == 'c' {
		if fr {
			return "rangée " + id[1:2] + ", colonne " + id[3:4]
		}
		return "row " + id[1:2] + ", column " + id[3:4]
	}
	if len(id) == 2 {
		switch id[0] {
		case 'c':
			if fr {
				return "l'emplacement au-dessus de la colonne " + id[1:]
			}
			return "the slot above column " + id[1:]
		case 'r':
			if fr {
				return "l'emplacement à gauche de la rangée " + id[1:]
			}
			return "the slot left of row " + id[1:]
		}
	}
	return id
}

// buildCatalog reads texts.json and adds a component for every landscape
// and village card of the box.
func buildCatalog(c *components) (*engine.Catalog, error) {
	var tf textsFile
	if err := json.Unmarshal(textsJSON, &tf); err != nil {
		return nil, fmt.Errorf("texts.json: %w", err)
	}
	comps := tf.Components
	for i := range c.trophies {
		id := trophyID(int8(i))
		found := false
		for _, k := range comps {
			if k.ID == id {
				found = true
				if k.Name.EN != c.trophies[i].Name {
					return nil, fmt.Errorf("texts.json: %s is named %q, trophies.json %q", id, k.Name.EN, c.trophies[i].Name)
				}
			}
		}
		if !found {
			return nil, fmt.Errorf("texts.json: no component %s", id)
		}
	}
	for i := range c.land {
		k := &c.land[i]
		typ := strings.TrimPrefix(landTypeID(k), "landscape:")
		help, ok := tf.LandscapeHelp[typ]
		if !ok {
			return nil, fmt.Errorf("texts.json: no landscapeHelp for %q", typ)
		}
		comps = append(comps, engine.Component{ID: landID(int8(i)), Kind: "landscape",
			Name: engine.Text{EN: k.fullName("en"), FR: k.fullName("fr")}, Help: help})
	}
	for i, v := range c.villages {
		comps = append(comps, engine.Component{ID: villageID(int8(i)), Kind: "village",
			Name: engine.Text{EN: v, FR: v}, Help: tf.VillageHelp})
	}
	cat, err := tf.Catalog(comps)
	if err != nil {
		return nil, fmt.Errorf("texts.json: %w", err)
	}
	cat.CellName = cellName
	return cat, nil
}
