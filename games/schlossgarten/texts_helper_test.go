package schlossgarten

import (
	"github.com/jardin-games/jardin/engine"
	"github.com/jardin-games/jardin/engine/enginetest"
)

// The two-language shapes older tests compare (enginetest).
type (
	twoLang = enginetest.TwoLang
	message = enginetest.EventMessage
)

func ratingText(id string) twoLang      { return enginetest.RatingText(catalog(), id) }
func catText(c engine.Category) twoLang { return enginetest.CategoryText(catalog(), c) }
func messages() map[string]message      { return enginetest.EventMessages(catalog()) }
