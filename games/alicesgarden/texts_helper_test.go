package alicesgarden

import (
	"strings"

	"github.com/jardin-games/jardin/engine"
)

// twoLang is a text in English and French, as the tests compare them.
type twoLang struct{ EN, FR string }

// ratingText is solo rating id's words in both languages.
func ratingText(id string) twoLang {
	return twoLang{catalog.RatingLabel(id, "en"), catalog.RatingLabel(id, "fr")}
}

// catText is a score category's name in both languages.
func catText(c engine.Category) twoLang {
	return twoLang{catalog.CategoryLabel(c.ID, "en"), catalog.CategoryLabel(c.ID, "fr")}
}

// message is one event's sentences, as the tests read them.
type message struct{ EN, FR, YouEN, YouFR string }

// messages lists the catalogue's event messages by key.
func messages() map[string]message {
	en, fr := catalog.Bundle().Catalog("en"), catalog.Bundle().Catalog("fr")
	out := map[string]message{}
	for _, id := range en.IDs() {
		k, ok := strings.CutPrefix(id, "event.")
		if !ok || strings.HasSuffix(k, ".you") {
			continue
		}
		out[k] = message{en.Source(id), fr.Source(id), en.Source(id + ".you"), fr.Source(id + ".you")}
	}
	return out
}

// iconNameEN names icon ic in English, for the tests' messages.
var iconNameEN = func() (out [nIcons]string) {
	for ic := range out {
		out[ic] = catalog.Name(iconID(ic), "en")
	}
	return out
}()
