package happygarden

import "testing"

// A place in a sentence reads as the drawing shows it: from the house, or
// on a shelf of the shop; never as coordinates or slot codes.
func TestPlaceNames(t *testing.T) {
	for _, c := range []struct{ id, lang, want string }{
		{"2,0", "en", "right of the house, top row"},
		{"-1,1", "en", "left of the house, bottom row"},
		{"1,-1", "en", "above the house, right column"},
		{"0,3", "en", "2 squares below the house, left column"},
		{"-1,-1", "en", "at the house's top left corner"},
		{"3,-1", "en", "1 square above and 2 squares right of the house"},
		{"2,2", "fr", "au coin en bas à droite de la maison"},
		{"-2,0", "de", "2 Felder links vom Haus, obere Reihe"},
		{"shop:B1", "en", "bottom shelf, left"},
		{"shop:T2", "fr", "rayon du haut, au milieu"},
		{"shop:T3", "de", "oberes Regal, rechts"},
		{"seat:2", "en", "player 2"},
	} {
		if got := texts.CellName(c.id, c.lang); got != c.want {
			t.Errorf("%s in %s: %q, want %q", c.id, c.lang, got, c.want)
		}
	}
	// A house cell is no place a tile can be: it keeps its id.
	if got := texts.CellName("1,1", "en"); got != "1,1" {
		t.Errorf("house cell: %q, want its id", got)
	}
}
