package hanginggardens

import (
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/jardin-games/jardin/engine"
)

func soloWithAutoma(t *testing.T, cards ...int) *state {
	t.Helper()
	s := newState(t, 1, 1, nil)
	// the automa deck: the first listed card is drawn first
	s.automaLen = uint8(len(cards))
	for i, c := range cards {
		s.automa[len(cards)-1-i] = uint8(c - 1)
	}
	return s
}

// endPlayerTurn plays the player's take and place in column col and passes.
func endPlayerTurn(t *testing.T, s *state, col int) {
	t.Helper()
	if s.colN[col] >= s.spaces() {
		mustApply(t, s, legalText(s)[0])
	} else {
		mustApply(t, s, "take "+string(rune('1'+col))+" 1")
	}
	s.pendCard = card("TR01") + 1 // no icon
	mustApply(t, s, legalText(s)[0])
	for s.phase != phaseTake && !s.Over() {
		mustApply(t, s, "pass")
	}
}

// HG-SO2, HG-SO3a, HG-SO3d: alternation, column priority, the card is used.
func TestRule_HG_SO2_SO3a_SO3d_AlternationAndColumns(t *testing.T) {
	s := soloWithAutoma(t, 1, 1, 1, 1, 1, 1) // priority 1-2-3, animal, first player
	endPlayerTurn(t, s, 0)
	if s.automaGard != 2 || s.colN[0] != 2 || s.cols[0][1] != automaSeat {
		t.Fatalf("SO2/SO3a: automa did not follow in column 1: %v", s.cols)
	}
	if s.automaLen != 5 || s.automaLast != 0 {
		t.Fatal("SO3d: card not used")
	}
	// column 1 is now closed (2 spaces): the automa's next card goes to column 2
	endPlayerTurn(t, s, 2)
	if s.cols[1][0] != automaSeat {
		t.Fatalf("SO3a: priority not followed: %v", s.cols)
	}
	endPlayerTurn(t, s, 2)
	if s.round != 1 {
		t.Fatalf("SO2: round should end after 3 + 3 turns, round %d", s.round+1)
	}
}

// HG-SO3b: discards.
func TestRule_HG_SO3b_Discard(t *testing.T) {
	tests := []struct {
		name   string
		card   int
		column []string
		gone   []string
	}{
		{"first animal from row 1 up", 1, []string{"TR01", "AN02", "AN07", "EM01"}, []string{"AN02"}},
		{"no animal: fallback row 1", 1, []string{"TR01", "TR02", "EM01", "VI01"}, []string{"TR01"}},
		{"tree", 2, []string{"AN02", "EM01", "TR03", "TR01"}, []string{"TR03"}},
		{"no tree: fallback row 3", 2, []string{"AN02", "EM01", "VI02", "AN07"}, []string{"VI02"}},
		{"irrigation", 7, []string{"AN02", "EM17", "AN01", "EM01"}, []string{"EM17"}},
		{"every flower card", 14, []string{"EM01", "TR01", "AN04", "EM11"}, []string{"EM01", "AN04", "EM11"}},
		{"no flower: nothing", 14, []string{"TR01", "TR02", "AN02", "VI04"}, nil},
		{"visitor", 3, []string{"AN02", "EM01", "VI07", "VI01"}, []string{"VI07"}},
		{"no visitor: fallback row 3", 3, []string{"AN02", "EM01", "TR01", "AN07"}, []string{"TR01"}},
		{"no animal: fallback row 4", 8, []string{"TR01", "EM01", "VI02", "EM02"}, []string{"EM02"}},
		{"no irrigation: fallback row 2", 10, []string{"AN02", "EM01", "VI05", "TR01"}, []string{"EM01"}},
		{"an animal with irrigation is an irrigation card", 18, []string{"EM01", "AN01", "TR02", "EM17"}, []string{"AN01"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := newState(t, 1, 1, nil)
			col := int(comp.Automa[tc.card-1].Columns[0])
			setMarket(s, col, tc.column...)
			deck := s.deckLen
			s.automa[s.automaLen-1] = uint8(tc.card - 1)
			s.automaTurn(nil)
			if int(s.discardN) != len(tc.gone) {
				t.Fatalf("discarded %d, want %v", s.discardN, tc.gone)
			}
			for i, id := range tc.gone {
				if comp.Cards[s.discard[i]].ID != id {
					t.Errorf("discard %d is %s, want %s", i, comp.Cards[s.discard[i]].ID, id)
				}
			}
			if int(deck-s.deckLen) != len(tc.gone) {
				t.Error("column not refilled from the deck")
			}
			for r := 0; r < 4; r++ {
				if s.market[col][r] == 0 {
					t.Error("gap left in the column")
				}
			}
			// the cards left keep their order and slide down to the bottom rows
			var kept []string
			for _, id := range tc.column {
				if !slices.Contains(tc.gone, id) {
					kept = append(kept, id)
				}
			}
			for r, id := range kept {
				if got := comp.Cards[s.market[col][r]-1].ID; got != id {
					t.Errorf("row %d holds %s, want %s slid down", r+1, got, id)
				}
			}
		})
	}
}

// HG-SO3c: a first-player card when the automa already holds the tile, and
// objective cards once its 4 markers are out, do nothing.
func TestRule_HG_SO3c_BonusWithNothingLeft(t *testing.T) {
	s := newState(t, 1, 1, nil)
	s.first = automaSeat
	s.automa[s.automaLen-1] = 0 // card 1: first player
	s.automaTurn(nil)
	if s.first != automaSeat {
		t.Fatal("the tile left the automa")
	}
	s = newState(t, 1, 1, nil)
	for k := 0; k < 6; k++ {
		s.automa[s.automaLen-1] = 1 // card 2: objective
		s.automaGard = 3
		s.colN = [3]uint8{}
		s.automaTurn(nil)
	}
	if s.automaMarks != 4 || s.markN != [4]uint8{1, 1, 1, 1} {
		t.Fatalf("markers %d, places taken %v: want one on each objective and no more", s.automaMarks, s.markN)
	}
	// an enhancement card on an empty pile discards nothing
	s = newState(t, 1, 1, nil)
	s.pileLen[2] = 0
	s.automa[s.automaLen-1] = 3 // card 4: enhancement 4-gold pile
	s.automaTurn(nil)
	if s.pileLen[2] != 0 || s.enhDiscardN != 0 || s.pileLen[0] != 12 || s.pileLen[1] != 8 {
		t.Fatalf("empty 4-gold pile: piles %v, %d discarded", s.pileLen, s.enhDiscardN)
	}
}

// HG-SO3c: bonuses.
func TestRule_HG_SO3c_Bonus(t *testing.T) {
	s := newState(t, 1, 1, nil)
	s.automa[s.automaLen-1] = 0 // card 1: first player
	s.automaTurn(nil)
	if s.first != automaSeat {
		t.Fatal("first player: the automa did not take the tile")
	}
	// objective: positions 1, 2, 3, 4 in order, no reward
	s = newState(t, 1, 1, nil)
	tools, gold := s.stockTools, s.stockGold
	for k := 0; k < 4; k++ {
		s.automa[s.automaLen-1] = 1 // card 2: objective
		s.automaGard = 3
		s.colN = [3]uint8{}
		s.automaTurn(nil)
		if s.markN[k] != 1 || s.marks[k][0] != automaSeat {
			t.Fatalf("objective %d: no automa marker", k+1)
		}
	}
	if s.stockTools != tools || s.stockGold != gold {
		t.Error("the automa gains nothing")
	}
	// enhancement: the top of the pile is discarded
	s = newState(t, 1, 1, nil)
	n := s.pileLen[2]
	top := s.piles[2][n-1]
	s.automa[s.automaLen-1] = 3 // card 4: enhancement 4-gold pile
	s.automaTurn(nil)
	if s.pileLen[2] != n-1 || s.enhDiscardN != 1 || s.enhDiscard[0] != top {
		t.Fatal("enhancement bonus")
	}
}

// HG-SO4: the automa with the tile starts the round; no discount for the player.
func TestRule_HG_SO4_AutomaFirst(t *testing.T) {
	s := soloWithAutoma(t, 1, 2, 2, 2, 2, 2, 2, 2, 2)
	// round 1: the player starts
	endPlayerTurn(t, s, 0) // automa card 1: takes the tile
	if s.first != automaSeat {
		t.Fatal("tile not taken")
	}
	s.obj[0] = 1
	if s.need(0, 0) != 3 {
		t.Error("the player keeps a discount without the tile")
	}
	endPlayerTurn(t, s, 2)
	endPlayerTurn(t, s, 2)
	// round 2: the automa played first, the player is to move with one automa gardener placed
	if s.round != 1 || s.automaGard != 2 || s.turn != 1 || s.ToMove() != 0 {
		t.Fatalf("SO4: round %d automa gardeners %d", s.round+1, s.automaGard)
	}
	// a crown takes it back
	mustApply(t, s, "take 1 1")
	s.pendCard = card("EM02") + 1
	mustApply(t, s, "place b1")
	if s.first != 0 {
		t.Fatal("the crown did not take the tile back from the automa")
	}
}

// HG-SO5, HG-SO6, H12: deck size, automa scores nothing, rating bands.
func TestRule_HG_SO5_SO6_H12_SoloEnd(t *testing.T) {
	for seed := uint64(1); seed <= 30; seed++ {
		s := newState(t, 1, seed, engine.Options{"difficulty": "expert"})
		playRandom(t, s, seed)
		if s.automaLen != 6 || s.automaMarks > 4 {
			t.Fatalf("SO5: %d automa cards left", s.automaLen)
		}
		r := s.Result()
		if len(r.Players) != 1 || r.Players[0].Rank != 1 {
			t.Fatal("SO6: solo result")
		}
		// H12 and the issue: the bands come from the digital edition and
		// are shown as unconfirmed wherever a player reads them, in each
		// language on its own.
		pr := r.Players[0]
		if want := ratingText(soloRating(pr.Total)); ratingText(pr.Rating).EN != want.EN || ratingText(pr.Rating).FR != want.FR {
			t.Fatalf("SO6: ratings %q / %q, want %+v", pr.Rating, ratingText(pr.Rating).FR, want)
		}
		if !strings.HasSuffix(ratingText(pr.Rating).EN, " (unconfirmed)") || !strings.HasSuffix(ratingText(pr.Rating).FR, " (non confirmé)") {
			t.Fatalf("H12: ratings %q / %q not marked as unconfirmed", pr.Rating, ratingText(pr.Rating).FR)
		}
		for _, lang := range []string{"en", "fr"} {
			d := s.Draw(0, engine.Style{Lang: lang})
			other := map[string]string{"en": ratingText(pr.Rating).FR, "fr": pr.Rating}[lang]
			if !strings.Contains(d, texts.RatingLabel(pr.Rating, lang)) || strings.Contains(d, other) {
				t.Fatalf("H12: the final drawing in %s does not show the rating in %s alone:\n%s", lang, lang, d)
			}
		}
	}
	tests := []struct {
		total  int
		en, fr string
	}{
		{45, "A wasteland, not a garden.", "Votre jardin est une friche totale\u202f!"},
		{46, "A few shy shoots; far from the Hanging Gardens.", "Quelques pousses timides… on est loin des Jardins suspendus."},
		{55, "A few shy shoots; far from the Hanging Gardens.", "Quelques pousses timides… on est loin des Jardins suspendus."},
		{56, "Well done; it starts to look like the Hanging Gardens.", "Bravo\u202f! Cela commence à ressembler aux Jardins suspendus."},
		{65, "Well done; it starts to look like the Hanging Gardens.", "Bravo\u202f! Cela commence à ressembler aux Jardins suspendus."},
		{66, "A botanical masterpiece worthy of Queen Amytis.", "Un chef-d'œuvre botanique digne de la reine Amytis elle-même\u202f!"},
	}
	for _, tc := range tests {
		got := ratingText(soloRating(tc.total))
		if got.EN != tc.en+" (unconfirmed)" || got.FR != tc.fr+" (non confirmé)" {
			t.Errorf("%d: %+v", tc.total, got)
		}
		// the drawing prints the band indented by 2 on a line of its own
		if w := 2 + utf8.RuneCountInString(got.FR); w > 80 {
			t.Errorf("%d: the French band is %d columns wide", tc.total, w)
		}
	}
}

// HG-SO4: when the automa opens a round, its turn is in the log of the move
// that ended the previous round, like every other automa turn.
func TestRule_HG_SO4_AutomaOpeningTurnIsLogged(t *testing.T) {
	s := soloWithAutoma(t, 1, 2, 2, 2) // card 1 takes the tile in round 1
	endPlayerTurn(t, s, 0)
	endPlayerTurn(t, s, 2)
	// the player's last turn of round 1, logged
	var log engine.Log
	m, _ := s.ParseMove(legalText(s)[0])
	if err := s.Apply(m, &log); err != nil {
		t.Fatal(err)
	}
	s.pendCard = card("TR01") + 1 // no icon, so no enhancement or objective step
	m, _ = s.ParseMove(legalText(s)[0])
	if err := s.Apply(m, &log); err != nil {
		t.Fatal(err)
	}
	if s.round != 1 || s.automaGard != 2 || s.phase != phaseTake {
		t.Fatalf("round %d, automa gardeners %d: the automa should have opened round 2", s.round+1, s.automaGard)
	}
	all := strings.Join(logText(log.Events, 0, "en"), "\n")
	begins := strings.Index(all, "Round 2 begins.")
	if begins < 0 || strings.Count(all[begins:], "The automa reveals automa card") != 1 {
		t.Fatalf("the automa's opening turn of round 2 is not logged:\n%s", all)
	}
}

// HG-SO6: the automa's marker takes the objective's high-value place, so the
// player's later marker there scores the low value; the automa scores nothing.
func TestRule_HG_SO6_AutomaMarkerTakesHighPlace(t *testing.T) {
	s := newState(t, 1, 1, nil)
	s.obj[0] = 0                // OB01 animals, position 1 (5 / 3)
	s.automa[s.automaLen-1] = 1 // card 2: objective
	s.automaTurn(nil)
	if s.marks[0][0] != automaSeat {
		t.Fatal("the automa's marker is not on position 1")
	}
	setGarden(s, 0, map[string]string{"a1": "AN02", "a2": "AN07", "a3": "AN12"})
	s.cur, s.phase = 0, phaseObjective
	mustApply(t, s, "objective 1")
	if op, oc := s.objectives(0); op != comp.ObjPos[0].Low || oc != 1 {
		t.Fatalf("the player's marker behind the automa's scores %d, want the low value %d", op, comp.ObjPos[0].Low)
	}
	if r := s.Result(); len(r.Players) != 1 || r.Players[0].Points[catObjectives] != comp.ObjPos[0].Low {
		t.Fatalf("result: %+v", r.Players)
	}
	// the objective is now full (2 places with the automa)
	if s.markN[0] != 2 || comp.Places[1] != 2 {
		t.Fatal("solo objectives have 2 places")
	}
}
