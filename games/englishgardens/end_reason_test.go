package englishgardens

import (
	"strings"
	"testing"

	"github.com/jardin-games/jardin/engine"
)

// The event that triggers the end says why (a newcomer read only "the end
// of the game is triggered"): whose village green is complete, or which
// deck ran out.
func TestEndTriggeredSaysWhy(t *testing.T) {
	find := func(evs []engine.Event) *engine.Event {
		for i := range evs {
			if strings.HasPrefix(evs[i].Key, "end-triggered") {
				return &evs[i]
			}
		}
		return nil
	}
	t.Run("village", func(t *testing.T) {
		s := newState(t, 2, 3, engine.Options{"first": "1"})
		setVillage(t, s, 0, `{"cells":{"r1c1":"lawn","r1c2":"lawn","r1c3":"lawn","r2c1":"lawn","r2c2":"lawn","r2c3":"lawn",
			"r3c1":"red rose pond","r3c2":"red rose structure"}}`)
		setHand(t, s, 0, "blue rose pond", "blue lily pond", "yellow lily pond", "red lily pond")
		s.phase = phPlace
		e := find(apply(t, s, "place h4 r3c3"))
		if e == nil || e.Key != "end-triggered-village" || e.Actor != 0 {
			t.Fatalf("end event %+v, want end-triggered-village by seat 0", e)
		}
	})
	t.Run("landscape deck", func(t *testing.T) {
		s := newState(t, 2, 3, engine.Options{"first": "1"})
		setHand(t, s, 0, "blue rose pond", "blue lily pond", "yellow lily pond", "red lily pond")
		s.phase = phPlace
		s.land.n = 0
		e := find(apply(t, s, "place h4 r2c2"))
		if e == nil || e.Key != "end-triggered-land-deck" {
			t.Fatalf("end event %+v, want end-triggered-land-deck", e)
		}
	})
}
