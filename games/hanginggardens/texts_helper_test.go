package hanginggardens

import "github.com/jardin-games/jardin/engine/enginetest"

// The two-language shapes older tests compare (enginetest).
type (
	twoLang = enginetest.TwoLang
	message = enginetest.EventMessage
)

func ratingText(id string) twoLang { return enginetest.RatingText(texts, id) }
func messages() map[string]message { return enginetest.EventMessages(texts) }
