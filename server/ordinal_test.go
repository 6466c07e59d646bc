package server

import (
	"testing"

	"github.com/jardin-games/jardin/i18n"
	"github.com/jardin-games/jardin/shelltext"
)

// A place reads as the language writes ordinals, on the player page and in
// the lobby's archive (page.lobby.place, formatted the same way by the
// page's i18n.ts): never "place 2".
func TestPlacesAreOrdinals(t *testing.T) {
	for _, tc := range []struct {
		lang string
		want []string // places 1 to 4
	}{
		{"en", []string{"1st place", "2nd place", "3rd place", "4th place"}},
		{"fr", []string{"1re place", "2e place", "3e place", "4e place"}},
		{"de", []string{"1. Platz", "2. Platz", "3. Platz", "4. Platz"}},
	} {
		for i, want := range tc.want {
			if got := placeIn(i+1, tc.lang); got != want {
				t.Errorf("%s: player page's place %d = %q, want %q", tc.lang, i+1, got, want)
			}
			if got := shelltext.T(tc.lang, "page.lobby.place", i18n.N("0", i+1)); got != want {
				t.Errorf("%s: lobby's place %d = %q, want %q", tc.lang, i+1, got, want)
			}
		}
	}
}
