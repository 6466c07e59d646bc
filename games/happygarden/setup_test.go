package happygarden

import (
	"slices"
	"strings"
	"testing"

	"github.com/jardin-games/jardin/engine"
)

// HP-S1, P1, HP-X16: player count.
func TestRule_HP_S1_P1_X16_PlayerCount(t *testing.T) {
	for _, n := range []int{0, 1, 6} {
		_, err := Game.New(n, 1, nil)
		if engine.RuleOf(err) != "HP-S1" {
			t.Errorf("%d players: err %v, want HP-S1", n, err)
		}
	}
	for n := 2; n <= 5; n++ {
		s := newGame(t, n, 1, nil)
		wantPile, wantRounds := 12, 13
		if n == 5 {
			wantPile, wantRounds = 9, 10
		}
		// one token is already revealed at the start of round 1 once setup ends;
		// before that the pile is whole.
		if int(s.pileN) != wantPile || int(s.rounds) != wantRounds {
			t.Errorf("%d players: pile %d rounds %d, want %d %d", n, s.pileN, s.rounds, wantPile, wantRounds)
		}
	}
}

// HP-S2: mouse colours are options, distinct, default by seat.
func TestRule_HP_S2_MouseColours(t *testing.T) {
	s := newGame(t, 5, 1, nil)
	for p, want := range []string{"R", "O", "Y", "B", "V"} {
		if string(colourLet[s.mice[p]]) != want {
			t.Errorf("seat %d mouse %c, want %s", p+1, colourLet[s.mice[p]], want)
		}
	}
	s = newGame(t, 2, 1, engine.Options{"mouse2": "pink"})
	if colourLet[s.mice[1]] != 'P' {
		t.Errorf("mouse2=pink not applied")
	}
	_, err := Game.New(3, 1, engine.Options{"mouse1": "red", "mouse3": "red"})
	if engine.RuleOf(err) != "HP-S2" {
		t.Errorf("two red mice: %v, want HP-S2", err)
	}
	// A default yields to an explicit choice: seat 1 (default red) takes the
	// first colour no seat uses.
	s = newGame(t, 3, 1, engine.Options{"mouse3": "red"})
	if got := string([]byte{colourLet[s.mice[0]], colourLet[s.mice[1]], colourLet[s.mice[2]]}); got != "YOR" {
		t.Errorf("mouse3=red: mice %s, want YOR", got)
	}
	s = newGame(t, 2, 1, engine.Options{"mouse2": "red"})
	if colourLet[s.mice[0]] != 'O' || colourLet[s.mice[1]] != 'R' {
		t.Errorf("mouse2=red: seat 1 %c, want O (docs/happy-garden.md)", colourLet[s.mice[0]])
	}
	s = newGame(t, 5, 1, engine.Options{"mouse1": "violet", "mouse2": "red"})
	if got := string([]byte{colourLet[s.mice[0]], colourLet[s.mice[1]], colourLet[s.mice[2]], colourLet[s.mice[3]], colourLet[s.mice[4]]}); got != "VRYBO" {
		t.Errorf("mouse1=violet mouse2=red: mice %s, want VRYBO", got)
	}
	// a seat beyond the player count does not conflict
	if _, err := Game.New(2, 1, engine.Options{"mouse1": "yellow"}); err != nil {
		t.Errorf("mouse1=yellow with 2 players: %v", err)
	}
}

// HP-S3, P6: the first player (option, default seat 1) starts the setup,
// reveals every token and plays first in every round.
func TestRule_HP_S3_P6_FirstPlayer(t *testing.T) {
	s := newGame(t, 3, 5, nil)
	if s.first != 0 || s.ToMove() != 0 {
		t.Fatalf("default first player: first=%d toMove=%d", s.first, s.ToMove())
	}
	s = newGame(t, 3, 5, engine.Options{"first": "2"})
	if s.first != 1 || s.ToMove() != 1 {
		t.Fatalf("first=2: first=%d toMove=%d", s.first, s.ToMove())
	}
	rng := engine.NewRNG(3)
	lastRound := 0
	for !s.Over() {
		if s.phase == phTurn && int(s.round) != lastRound {
			lastRound = int(s.round)
			if s.cur != 1 || int(s.revN) != lastRound {
				t.Fatalf("round %d starts with seat %d, %d tokens revealed", s.round, s.cur+1, s.revN)
			}
		}
		buf := s.LegalMoves(nil)
		s.Apply(buf[rng.Intn(len(buf))], nil)
	}
}

// HP-S4, HP-S5, HP-S8, HP-S9: supply, bag, shop and turn-token pile.
func TestRule_HP_S4_S5_S8_S9_Supply(t *testing.T) {
	for n := 2; n <= 5; n++ {
		s := &state{rng: engine.NewRNG(uint64(n))}
		s.init(n, 0, [5]uint8{0, 1, 2, 3, 4})
		if s.supWB != 19 || s.supWorm != 16 || s.supCan != 6 || int(s.supBfly) != n+1 || s.bagN != 60 {
			t.Errorf("%d players: supply %d %d %d %d bag %d", n, s.supWB, s.supWorm, s.supCan, s.supBfly, s.bagN)
		}
		var cnt [8]int
		for _, k := range s.pile[:s.pileN] {
			cnt[k]++
		}
		blanks := 7
		if n == 5 {
			blanks = 4
		}
		for k := tokWheelbarrow; k <= tokDrum; k++ {
			if cnt[k] != 1 {
				t.Errorf("%d players: %d %s tokens", n, cnt[k], tokNames[k])
			}
		}
		if cnt[tokBlank] != blanks || cnt[tokCan] != 0 {
			t.Errorf("%d players: %d blanks, %d cans in the hourglass pile", n, cnt[tokBlank], cnt[tokCan])
		}
	}
	// After the starting tiles: the shop holds 6 tiles, the bag the rest (HP-S8).
	for n := 2; n <= 5; n++ {
		s := newGame(t, n, 9, nil)
		rng := engine.NewRNG(1)
		for s.phase == phSetupPlace || s.phase == phSteal {
			buf := s.LegalMoves(nil)
			s.Apply(buf[rng.Intn(len(buf))], nil)
		}
		for i, x := range s.shop {
			if x == 0 {
				t.Errorf("%d players: shop slot %s empty after setup", n, slotName(i))
			}
		}
		if int(s.bagN) != 60-2*n-6 {
			t.Errorf("%d players: bag %d after setup", n, s.bagN)
		}
		for p := 0; p < n; p++ {
			if s.gn[p] != 2 {
				t.Errorf("seat %d has %d starting tiles", p+1, s.gn[p])
			}
		}
	}
}

// HP-S5: every draw comes from the seeded generator.
func TestRule_HP_S5_SeededDraws(t *testing.T) {
	a, b, c := newGame(t, 3, 42, nil), newGame(t, 3, 42, nil), newGame(t, 3, 43, nil)
	if a.setupT != b.setupT {
		t.Errorf("same seed, different draws")
	}
	same := 0
	for seed := uint64(0); seed < 20; seed++ {
		if newGame(t, 3, seed, nil).setupT == c.setupT {
			same++
		}
	}
	if same > 2 {
		t.Errorf("draws do not depend on the seed")
	}
}

// HP-X1, HP-S6, HP-S7: setup for 2 players.
func TestRule_HP_S6_S7_P5_X1_Setup(t *testing.T) {
	s := &state{}
	s.rng = engine.NewRNG(1)
	s.init(2, 0, [5]uint8{0, 3})
	if s.supBfly != 3 || s.supWB != 19 || s.supWorm != 16 || s.supCan != 6 {
		t.Fatalf("supply after HP-S4: %d %d %d %d", s.supWB, s.supWorm, s.supCan, s.supBfly)
	}
	unbag(s, tid("F02"))
	unbag(s, tid("W1"))
	s.setupWith(0, tid("F02"), tid("W1"), nil)
	if s.bfly[tid("F02")] != 1 || s.supBfly != 2 {
		t.Fatalf("F02's butterfly: on tile %d, supply %d", s.bfly[tid("F02")], s.supBfly)
	}
	play(t, s, "place 0,-1")
	reject(t, s, "place 1,-1", "HP-S6") // adjacent to the first starting tile
	reject(t, s, "place 3,0", "HP-S6")  // not in the house ring
	play(t, s, "place 1,2")

	// Two windmills may not share a column.
	w := &state{rng: engine.NewRNG(2)}
	w.init(2, 0, [5]uint8{0, 3})
	w.setupWith(0, tid("W1"), tid("W2"), nil)
	play(t, w, "place 0,-1")
	reject(t, w, "place 0,2", "HP-S6")

	// Seat 2: F25 (worm) and F26 instead of the tiles drawn for it.
	undoSetupDraw(s)
	s.setupWith(1, tid("F25"), tid("F26"), nil)
	unbag(s, tid("F25"))
	unbag(s, tid("F26"))
	if s.worms[tid("F25")] != 1 || s.supWorm != 15 {
		t.Fatalf("F25's worm: %d, supply %d", s.worms[tid("F25")], s.supWorm)
	}
	play(t, s, "place -1,0", "place 2,1")
	if s.happy != 0 {
		t.Errorf("a tile is happy after setup (HP-S7)")
	}
	for i, x := range s.shop {
		if x == 0 {
			t.Errorf("shop %s empty", slotName(i))
		}
	}
	if s.bagN != 60-4-6 || s.rounds != 13 || s.round != 1 || s.pileN != 11 {
		t.Errorf("bag %d rounds %d round %d pile %d", s.bagN, s.rounds, s.round, s.pileN)
	}
	if int(s.rounds)+2 != 15 {
		t.Errorf("tiles per garden %d", int(s.rounds)+2)
	}
}

// HP-S6 with HP-T14: a starting tile's butterfly comes from an opponent's
// unhappy flower when the supply is empty; with several, the drawer chooses
// before placing, and the second tile's symbol is resolved after that choice.
func TestRule_HP_S6_T14_SetupSteal(t *testing.T) {
	s := &state{rng: engine.NewRNG(3)}
	s.init(2, 0, [5]uint8{0, 3})
	unbag(s, tid("F02"))
	unbag(s, tid("F39"))
	s.setupWith(0, tid("F02"), tid("F39"), nil)
	play(t, s, "place 0,-1", "place 1,2")
	undoSetupDraw(s)
	s.supBfly = 0
	for _, id := range []string{"F03", "F12"} {
		unbag(s, tid(id))
	}
	s.setupWith(1, tid("F03"), tid("F12"), nil)
	if s.phase != phSteal || s.ToMove() != 1 || !slices.Equal(names(s), []string{"steal F02", "steal F39"}) {
		t.Fatalf("seat 2 should choose the butterfly: step %s moves %v", phaseNames[s.phase], names(s))
	}
	if v := s.View(0).(View); v.Held == nil || v.Held.ID != "F03" {
		t.Errorf("the view should show the tile receiving the butterfly")
	}
	play(t, s, "steal F39")
	// F12's butterfly: F02 is now the only eligible flower, taken at once.
	if s.phase != phSetupPlace || s.bfly[tid("F03")] != 1 || s.bfly[tid("F12")] != 1 || s.bfly[tid("F02")]+s.bfly[tid("F39")] != 0 {
		t.Fatalf("after the steals: step %s, butterflies F03 %d F12 %d F02 %d F39 %d", phaseNames[s.phase],
			s.bfly[tid("F03")], s.bfly[tid("F12")], s.bfly[tid("F02")], s.bfly[tid("F39")])
	}
	play(t, s, "place -1,0", "place 2,1")
	if s.bflyCount(0) != 0 || s.bflyCount(1) != 2 {
		t.Errorf("butterflies: seat 1 %d, seat 2 %d", s.bflyCount(0), s.bflyCount(1))
	}
}

// HP-S7, HP-X15, P11, HP-T21, HP-T25: validation is automatic, so after any
// move no unhappy tile satisfies its condition, and no "coup d'œil" claim
// exists among the moves.
func TestRule_HP_S7_T21_T25_P11_X15_NoMissedValidation(t *testing.T) {
	for n := 2; n <= 5; n++ {
		for seed := uint64(0); seed < 15; seed++ {
			randomGame(t, n, seed, func(s *state, mv string) {
				for p := 0; p < n; p++ {
					for _, x := range s.gtiles[p][:s.gn[p]] {
						if s.happy&(1<<x) == 0 && s.ready(p, x) {
							t.Fatalf("%d players seed %d after %q: %s of seat %d is ready but unhappy", n, seed, mv, tiles[x].id, p+1)
						}
					}
				}
				for _, m := range s.LegalMoves(nil) {
					if k, _, _, _ := unpack(m); k < mvTake || k > mvLift {
						t.Fatalf("unknown move kind %d", k)
					}
				}
			})
		}
	}
}

// HP-S9, HP-T3, HP-T9, HP-E1, P3, HP-X7: the pile is revealed one token per
// round, the big watering can last; the game ends after that round; every
// garden holds 2 + rounds tiles and with 4-5 players every tile is placed.
func TestRule_HP_S9_T3_T9_E1_P3_X7_GameLength(t *testing.T) {
	for n := 2; n <= 5; n++ {
		for seed := uint64(0); seed < 10; seed++ {
			emptiedAt := -1
			s := randomGame(t, n, seed, func(s *state, mv string) {
				turns := (int(s.round)-1)*n + int(s.turnIdx) // turns completed
				if s.bagN == 0 && emptiedAt < 0 && s.round > 0 {
					emptiedAt = turns
				}
				// HP-T28: while the bag has tiles, the shop is full when a turn starts.
				if s.phase == phTurn && s.bagN > 0 && s.held == 0 {
					for i := range s.shop {
						if s.shop[i] == 0 {
							t.Fatalf("%d players: slot %s empty with %d tiles in the bag", n, slotName(i), s.bagN)
						}
					}
				}
			})
			// HP-X7: with 4 players the bag empties at the end of turn 46, with 5 at the end of turn 44.
			if want := map[int]int{4: 46, 5: 44}[n]; want > 0 && emptiedAt != want {
				t.Errorf("%d players seed %d: bag empty after turn %d, want %d", n, seed, emptiedAt, want)
			}
			rounds := 13
			if n == 5 {
				rounds = 10
			}
			if int(s.round) != rounds || int(s.revN) != rounds || s.revs[s.revN-1] != tokCan {
				t.Fatalf("%d players: %d rounds, %d tokens, last %s", n, s.round, s.revN, tokNames[s.revs[s.revN-1]])
			}
			var cnt [8]int
			for _, k := range s.revs[:s.revN] {
				cnt[k]++
			}
			for k := tokWheelbarrow; k <= tokDrum; k++ {
				if cnt[k] != 1 {
					t.Fatalf("%s revealed %d times", tokNames[k], cnt[k])
				}
			}
			placed := 0
			for p := 0; p < n; p++ {
				placed += int(s.gn[p])
				if int(s.gn[p]) > rounds+2 {
					t.Fatalf("seat %d holds %d tiles", p+1, s.gn[p])
				}
				if s.cans[p]+boolToU8(s.wateredAny(p)) != 1 {
					t.Fatalf("seat %d did not get exactly one watering can (HP-T9)", p+1)
				}
			}
			if n >= 4 {
				if placed != 60 || s.bagN != 0 {
					t.Fatalf("%d players: %d tiles placed, bag %d", n, placed, s.bagN)
				}
			} else if placed != n*15 {
				t.Fatalf("%d players: %d tiles placed", n, placed)
			}
			if s.ToMove() != -1 || len(s.LegalMoves(nil)) != 0 {
				t.Fatalf("game over but moves remain")
			}
		}
	}
}

func boolToU8(b bool) uint8 {
	if b {
		return 1
	}
	return 0
}

func (s *state) wateredAny(p int) bool {
	for _, x := range s.gtiles[p][:s.gn[p]] {
		if s.recol[x] != 0 {
			return true
		}
	}
	return false
}

// P2, HP-X17: the embedded data matches the spec's check totals.
func TestRule_P2_X17_DataChecks(t *testing.T) {
	var flowers, gnomes, mills int
	var perColour, perShape [6]int
	var pair [6][6]int
	var symColour, symShape [4][6]int
	var symTotal [4]int
	for i := 1; i <= numTiles; i++ {
		x := tiles[i]
		switch x.kind {
		case kindFlower:
			flowers++
			perColour[x.colour]++
			perShape[x.shape]++
			pair[x.colour][x.shape]++
			symColour[x.symbol][x.colour]++
			symShape[x.symbol][x.shape]++
			symTotal[x.symbol]++
		case kindGnome:
			gnomes++
			if n := popcount(x.cmask); n != 3 {
				t.Errorf("gnome %s has %d colours", x.id, n)
			}
			if x.symbol != symNone {
				t.Errorf("gnome %s has a symbol", x.id)
			}
		case kindWindmill:
			mills++
		}
	}
	if flowers != 48 || gnomes != 6 || mills != 6 || flowers+gnomes+mills != 60 {
		t.Fatalf("tiles: %d flowers %d gnomes %d windmills", flowers, gnomes, mills)
	}
	for i := 0; i < 6; i++ {
		if perColour[i] != 8 || perShape[i] != 8 {
			t.Errorf("colour %d: %d flowers, shape %d: %d", i, perColour[i], i, perShape[i])
		}
		for s := symButterfly; s <= symWheelbarrow; s++ {
			if symColour[s][i] > 2 || symShape[s][i] > 2 {
				t.Errorf("symbol %d more than twice on colour or shape %d", s, i)
			}
		}
	}
	if symTotal[symButterfly] != 8 || symTotal[symWorm] != 8 || symTotal[symWheelbarrow] != 8 || symTotal[symNone] != 24 {
		t.Errorf("symbols: %v", symTotal)
	}
	doubled := 0
	for c := 0; c < 6; c++ {
		for sh := 0; sh < 6; sh++ {
			switch pair[c][sh] {
			case 1:
			case 2:
				doubled++
				withSym := 0
				for i := 1; i <= numTiles; i++ {
					if tiles[i].kind == kindFlower && int(tiles[i].colour) == c && int(tiles[i].shape) == sh && tiles[i].symbol != symNone {
						withSym++
					}
				}
				if withSym != 1 {
					t.Errorf("doubled pair %s: %d copies with a symbol", code(uint8(c), uint8(sh)), withSym)
				}
			default:
				t.Errorf("pair %s: %d copies", code(uint8(c), uint8(sh)), pair[c][sh])
			}
		}
	}
	if doubled != 12 {
		t.Errorf("%d doubled pairs, want 12", doubled)
	}
	var gnomeColours [6]int
	for i := 1; i <= numTiles; i++ {
		if tiles[i].kind == kindGnome {
			for c := 0; c < 6; c++ {
				if tiles[i].cmask&(1<<c) != 0 {
					gnomeColours[c]++
				}
			}
		}
	}
	if gnomeColours != [6]int{3, 3, 3, 3, 3, 3} {
		t.Errorf("gnome colours %v", gnomeColours)
	}
	// Identical gnomes exist: the rulebook forbids a gnome beside another
	// gnome « (identique ou non) » (issue 13). The spec's worked examples
	// fix two of them: G1 wears red, orange, blue (HP-X2), G4 blue, violet,
	// red (HP-X6).
	designs := map[string][]string{}
	for _, ts := range spec.Tiles {
		if ts.Kind == "gnome" {
			k := strings.Join(ts.Colours, "")
			designs[k] = append(designs[k], ts.ID)
		}
	}
	identical := 0
	for _, ids := range designs {
		if len(ids) > 1 {
			identical++
		}
	}
	if identical == 0 {
		t.Errorf("no two gnomes are identical (hat, shirt, trousers): %v", designs)
	}
	for id, want := range map[string]string{"G1": "ROB", "G4": "BVR"} {
		if got := strings.Join(spec.Tiles[tid(id)-1].Colours, ""); got != want {
			t.Errorf("%s wears %s, want %s (HP-X2, HP-X6)", id, got, want)
		}
	}
	if stockWB != 19 || stockWorm != 16 || stockBfly != 7 || stockCans != 6 {
		t.Errorf("tokens %d %d %d %d", stockWB, stockWorm, stockBfly, stockCans)
	}
	if len(eventToks) != 5 || spec.TurnTokens.Blanks != 7 || spec.TurnTokens.BigWateringCan != 1 {
		t.Errorf("turn tokens: %d events, %d blanks, %d cans", len(eventToks), spec.TurnTokens.Blanks, spec.TurnTokens.BigWateringCan)
	}
	// P3 arithmetic: tiles placed in all = players × (2 + rounds) ≤ 60.
	for n := 2; n <= 5; n++ {
		rounds := 5 + blanksByPl[n] + 1
		want := map[int]int{2: 30, 3: 45, 4: 60, 5: 60}[n]
		if n*(2+rounds) != want {
			t.Errorf("%d players: %d tiles placed", n, n*(2+rounds))
		}
	}
}

func popcount(m uint8) int {
	n := 0
	for ; m != 0; m &= m - 1 {
		n++
	}
	return n
}

// The data loader reports a clear error, naming the entry to correct, on
// broken data, and leaves the loaded tables alone.
func TestComponentsDataErrors(t *testing.T) {
	if _, err := loadComponents(componentsJSON); err != nil {
		t.Fatalf("embedded data: %v", err)
	}
	before := tiles
	cases := []struct{ old, new, want string }{
		{`"colours": ["R", "O", "B"]`, `"colours": ["R", "O", "R"]`, "gnome G1: want 3 different colours"},
		{`"symbol": "worm", "set": "base"}`, `"symbol": "snail", "set": "base"}`, `unknown symbol "snail"`},
		{`{"letter": "P", "name": "pink"`, `{"letter": "D", "name": "pink"`, `shape 1: letter "D" is already used by colour 6`},
		{`"id": "F02"`, `"id": "f01"`, `tile 2: id "f01"`},
		{`"5": 4}`, `"5": 8}`, "blanks_by_players[5]"},
		{`"truck", "gust"`, `"truck", "truck"`, `"truck" is unknown or repeated`},
		{`"wheelbarrow": 19`, `"wheelbarrow": 300`, "tokens.wheelbarrow: 300"},
		{`{"id": "W1", "kind": "windmill"}`, `{"id": "W1", "kind": "windmill", "symbol": "worm"}`, "W1: only flowers"},
		{`"kind": "windmill"}`, `"kind": "windmil"}`, `unknown kind "windmil"`},
		{`{"id": "G1", "kind": "gnome", "colours"`, `{"id": "G1", "kind": "gnome", "colors"`, "unknown field"},
		{`"tiles": [`, `"tiles": [{"id": "X1", "kind": "windmill"},`, "got 6, 6 and 61"},
	}
	for _, c := range cases {
		data := strings.Replace(string(componentsJSON), c.old, c.new, 1)
		if data == string(componentsJSON) {
			t.Fatalf("case %q does not apply to the data", c.old)
		}
		_, err := loadComponents([]byte(data))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s → %s: error %v, want it to mention %q", c.old, c.new, err, c.want)
		}
	}
	if tiles != before {
		t.Errorf("a failed load changed the loaded tiles")
	}
}

// undoSetupDraw puts the current player's random starting tiles back in the
// bag, with their symbol effects undone, so a test can choose them.
func undoSetupDraw(s *state) {
	p := int(s.cur)
	for _, x := range s.setupT {
		s.supBfly += s.bfly[x]
		s.supWorm += s.worms[x]
		s.bfly[x], s.worms[x] = 0, 0
		if tiles[x].symbol == symWheelbarrow && s.wb[p] > 0 {
			s.wb[p]--
			s.supWB++
		}
		s.bag[s.bagN] = x
		s.bagN++
	}
}

// HP-S4, HP-T4, HP-T24: tokens are conserved: supply + players + tiles (+
// moles being handed out) always add up to the stocks.
func TestRule_HP_S4_T24_TokenConservation(t *testing.T) {
	for n := 2; n <= 5; n++ {
		for seed := uint64(0); seed < 10; seed++ {
			randomGame(t, n, seed, func(s *state, mv string) {
				wb, worm, bfly, cans := int(s.supWB), int(s.supWorm)+int(s.pend), int(s.supBfly), int(s.supCan)
				for p := 0; p < n; p++ {
					wb += int(s.wb[p])
					cans += int(s.cans[p])
				}
				for x := 1; x <= numTiles; x++ {
					worm += int(s.worms[x]) + int(s.moles[x])
					bfly += int(s.bfly[x])
					if s.recol[x] != 0 {
						cans++
					}
				}
				if wb != 19 || worm != 16 || bfly != n+1 || cans != 6 {
					t.Fatalf("%d players seed %d after %q: wheelbarrows %d worm/mole %d butterflies %d cans %d", n, seed, mv, wb, worm, bfly, cans)
				}
			})
		}
	}
}
