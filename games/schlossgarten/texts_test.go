package schlossgarten

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/jardin-games/jardin/engine"
)

// The catalogue is complete: both languages, You forms for every message
// about an actor, every component the view and the events name.
func TestCatalog(t *testing.T) {
	cat := Game.(engine.Texter).Texts()
	if err := cat.Check(); err != nil {
		t.Fatal(err)
	}
	ids := []string{"king", "gardener", "architect", "pit", "tile:1", "tile:2", "tile:3", "r0", "r1", "r2", "r3"}
	for e := range elems {
		ids = append(ids, elems[e].id)
	}
	for c := range cards {
		ids = append(ids, cards[c].id)
	}
	// every pawn and element of every colour is listed too (the page gets
	// the listed components only)
	for _, c := range colorNames {
		for _, k := range append(pawnIDs[:], "hedge1", "hedge2", "labyrinth", "column", "pool", "terrace") {
			ids = append(ids, k+":"+c)
		}
	}
	for _, id := range ids {
		k, ok := cat.Component(id)
		if !ok || catalog().Help(k.ID, "en") == "" || catalog().Help(k.ID, "fr") == "" {
			t.Errorf("component %q: missing, or without help in both languages", id)
		}
	}
	if len(cat.Components) != len(ids) {
		t.Errorf("%d components, want %d", len(cat.Components), len(ids))
	}
	// Pawns and elements of every colour are named in both languages, with
	// French agreement.
	for _, tc := range []struct{ id, en, fr string }{
		{"king:red", "the red king", "le roi rouge"},
		{"architect:white", "the white architect", "l'architecte blanc"},
		{"pool:blue", "the blue pool", "la piscine bleue"},
		{"terrace:white", "the white terrace", "la terrasse blanche"},
		{"hedge2:yellow", "the yellow 2-square hedge", "la haie jaune de 2 cases"},
		{"labyrinth:blue", "the blue labyrinth", "le labyrinthe bleu"},
	} {
		if en, fr := cat.Name(tc.id, "en"), cat.Name(tc.id, "fr"); en != tc.en || fr != tc.fr {
			t.Errorf("%s: %q / %q, want %q / %q", tc.id, en, fr, tc.en, tc.fr)
		}
	}
	for _, c := range colorNames {
		for _, k := range append(pawnIDs[:], "hedge1", "hedge2", "labyrinth", "column", "pool", "terrace") {
			if !cat.Known(k + ":" + c) {
				t.Errorf("%s:%s is not named", k, c)
			}
		}
	}
	if cat.Known("king:green") || cat.Known("moat:red") || cat.Known("king") && !cat.Known("king") {
		t.Error("unknown colours and kinds must not be named")
	}
	// A card's name and help say its figure in words, row by row as drawn:
	// never as letters and dots ("KG / A·"), which a person cannot read.
	c07, _ := cat.Component("C07")
	if !strings.Contains(catalog().Help(c07.ID, "en"), "Figure: top: king left, gardener right; bottom: architect left.") ||
		catalog().Name(c07.ID, "en") != "constellation card (top: king left, gardener right; bottom: architect left)" ||
		catalog().Name(c07.ID, "fr") != "carte constellation (en haut\u00a0: roi à gauche, jardinier à droite\u202f; en bas\u00a0: architecte à gauche)" ||
		catalog().Name(c07.ID, "de") != "Konstellationskarte (oben: König links, Gärtner rechts; unten: Architekt links)" {
		t.Errorf("C07: %q, %q", catalog().Name(c07.ID, "en"), catalog().Help(c07.ID, "en"))
	}
	letters := regexp.MustCompile(`[·.]{2}|\b[KGARJ]{2,3}\b|[KGARJ]·|·[KGARJ]`)
	for _, k := range cat.Components {
		for _, lang := range []string{"en", "fr", "de"} {
			if n, h := catalog().Name(k.ID, lang), catalog().Help(k.ID, lang); letters.MatchString(n) || letters.MatchString(h) {
				t.Errorf("%s in %s reads as letters: %q / %q", k.ID, lang, n, h)
			}
		}
	}
}

// applyLogged plays moves and returns their events.
func applyLogged(t *testing.T, s *state, moves ...string) []engine.Event {
	t.Helper()
	var log engine.Log
	for _, txt := range moves {
		m, err := s.ParseMove(txt)
		if err != nil {
			t.Fatal(err)
		}
		if err := s.Apply(m, &log); err != nil {
			t.Fatalf("%s: %v", txt, err)
		}
	}
	return log.Events
}

// Events read as sentences in both languages, for the actor ("You…",
// "Vous…") and for the others, in the rulebook's words.
func TestEventTexts(t *testing.T) {
	cat := Game.(engine.Texter).Texts()
	names := []string{"Ann", "Bob", "Cid", "Dee"}
	var got []string
	render := func(evs []engine.Event) {
		for _, e := range evs {
			for _, v := range []int{e.Actor, (e.Actor + 1) % 4} {
				if !e.VisibleTo(v) {
					continue
				}
				for _, lang := range []string{"en", "fr"} {
					got = append(got, fmt.Sprintf("%s %d %s: %s", e.Key, v, lang, cat.Render(e, v, lang, names)))
				}
			}
		}
	}
	// drawn[i] is the card the next seat drew at the end of sequence i,
	// which only that seat is told.
	var drawn []string
	newCard := func(s *state) string {
		p := s.ToMove()
		if s.handN[p] != 2 {
			t.Fatalf("seat %d holds %d cards after the turn ended", p, s.handN[p])
		}
		return cards[s.hand[p][1]].id
	}
	s := x5(t)
	s.moving(t, 0, "C07")
	render(applyLogged(t, s, "stop", "dig g 3,3", "done"))
	drawn = append(drawn, newCard(s))
	s = x6(t)
	s.turnOf(t, 1, "C08")
	render(applyLogged(t, s, "play C08", "stop", "dig a 4,3", "build pool 3,3 4,3"))
	drawn = append(drawn, newCard(s))
	v := grid(t, 4,
		".  .  .  .  .  .  Kr",
		".  .  .  .  .  .  Ky",
		".  .  Kb .  .  Gy Ay",
		".  .  .  Ar .  .  .",
		".  .  Kw Gw Aw .  .",
		".  .  .  .  .  PrGr Pr",
		".  Gb .  .  Ab .  .")
	v.moving(t, 1, "C01")
	render(applyLogged(t, v, "k 3,3", "put 6,5", "stop"))
	drawn = append(drawn, newCard(v))
	want := []string{
		"stop.none 0 en: You move no pawn.",
		"stop.none 0 fr: Vous ne déplacez aucun pion.",
		"stop.none 1 en: Ann moves no pawn.",
		"stop.none 1 fr: Ann ne déplace aucun pion.",
		"figure.stands 0 en: You have formed the figure and may excavate and build.",
		"figure.stands 0 fr: Vous avez réalisé la figure et pouvez excaver et construire.",
		"figure.stands 1 en: Ann has formed the figure and may excavate and build.",
		"figure.stands 1 fr: Ann a réalisé la figure et peut excaver et construire.",
		"dig 0 en: You excavate the landscape tile at column 4, row 4 with the red gardener (worth 3 points).",
		"dig 0 fr: Vous excavez la tuile paysage en colonne 4, ligne 4 avec le jardinier rouge (3 points).",
		"dig 1 en: Ann excavates the landscape tile at column 4, row 4 with the red gardener (worth 3 points).",
		"dig 1 fr: Ann excave la tuile paysage en colonne 4, ligne 4 avec le jardinier rouge (3 points).",
		"done 0 en: You end your turn.",
		"done 0 fr: Vous terminez votre tour.",
		"done 1 en: Ann ends the turn.",
		"done 1 fr: Ann termine son tour.",
		"draw 1 en: You take a constellation card.",
		"draw 1 fr: Vous prenez une carte constellation.",
		"draw 2 en: Bob takes a constellation card.",
		"draw 2 fr: Bob prend une carte constellation.",
		"draw.card 1 en: You take " + catalog().Name(drawn[0], "en") + ".",
		"draw.card 1 fr: Vous prenez la " + catalog().Name(drawn[0], "fr") + ".",
		"play 1 en: You play constellation card (top: king left, architect right; bottom: gardener left).",
		"play 1 fr: Vous posez la carte constellation (en haut\u00a0: roi à gauche, architecte à droite\u202f; en bas\u00a0: jardinier à gauche) devant vous.",
		"play 2 en: Bob plays constellation card (top: king left, architect right; bottom: gardener left).",
		"play 2 fr: Bob pose la carte constellation (en haut\u00a0: roi à gauche, architecte à droite\u202f; en bas\u00a0: jardinier à gauche).",
		"stop.none 1 en: You move no pawn.",
		"stop.none 1 fr: Vous ne déplacez aucun pion.",
		"stop.none 2 en: Bob moves no pawn.",
		"stop.none 2 fr: Bob ne déplace aucun pion.",
		"figure.stands 1 en: You have formed the figure and may excavate and build.",
		"figure.stands 1 fr: Vous avez réalisé la figure et pouvez excaver et construire.",
		"figure.stands 2 en: Bob has formed the figure and may excavate and build.",
		"figure.stands 2 fr: Bob a réalisé la figure et peut excaver et construire.",
		"dig 1 en: You excavate the landscape tile at column 5, row 4 with the blue architect (worth 2 points).",
		"dig 1 fr: Vous excavez la tuile paysage en colonne 5, ligne 4 avec l'architecte bleu (2 points).",
		"dig 2 en: Bob excavates the landscape tile at column 5, row 4 with the blue architect (worth 2 points).",
		"dig 2 fr: Bob excave la tuile paysage en colonne 5, ligne 4 avec l'architecte bleu (2 points).",
		"build2 1 en: You build the blue pool on the squares at column 4, row 4 and column 5, row 4 and collect 5 points of landscape tiles; score 7.",
		"build2 1 fr: Vous établissez la piscine bleue sur les cases colonne 4, ligne 4 et colonne 5, ligne 4, et collectez 5 points de tuiles paysage\u202f; total\u00a0: 7 points.",
		"build2 2 en: Bob builds the blue pool on the squares at column 4, row 4 and column 5, row 4 and collects 5 points of landscape tiles; score 7.",
		"build2 2 fr: Bob établit la piscine bleue sur les cases colonne 4, ligne 4 et colonne 5, ligne 4, et collecte 5 points de tuiles paysage\u202f; total\u00a0: 7 points.",
		"draw 2 en: You take a constellation card.",
		"draw 2 fr: Vous prenez une carte constellation.",
		"draw 3 en: Cid takes a constellation card.",
		"draw 3 fr: Cid prend une carte constellation.",
		"draw.card 2 en: You take " + catalog().Name(drawn[1], "en") + ".",
		"draw.card 2 fr: Vous prenez la " + catalog().Name(drawn[1], "fr") + ".",
		"step 1 en: You move the blue king from column 3, row 3 to column 4, row 4 (move 1 of 5).",
		"step 1 fr: Vous déplacez le roi bleu de colonne 3, ligne 3 à colonne 4, ligne 4 (mouvement 1 sur 5).",
		"step 2 en: Bob moves the blue king from column 3, row 3 to column 4, row 4 (move 1 of 5).",
		"step 2 fr: Bob déplace le roi bleu de colonne 3, ligne 3 à colonne 4, ligne 4 (mouvement 1 sur 5).",
		"strike 1 en: You strike the red architect.",
		"strike 1 fr: Vous frappez l'architecte rouge.",
		"strike 2 en: Bob strikes the red architect.",
		"strike 2 fr: Bob frappe l'architecte rouge.",
		"put 1 en: You put the red architect on column 7, row 6, on an element of its owner.",
		"put 1 fr: Vous mettez l'architecte rouge sur colonne 7, ligne 6, sur un élément de jardin de son propriétaire.",
		"put 2 en: Bob puts the red architect on column 7, row 6, on an element of its owner.",
		"put 2 fr: Bob met l'architecte rouge sur colonne 7, ligne 6, sur un élément de jardin de son propriétaire.",
		"stop 1 en: You stop moving after 1 move.",
		"stop 1 fr: Vous arrêtez vos déplacements après 1 mouvement.",
		"stop 2 en: Bob stops moving after 1 move.",
		"stop 2 fr: Bob arrête ses déplacements après 1 mouvement.",
		"figure.none 1 en: You have not formed the figure of the card: no work this turn.",
		"figure.none 1 fr: Vous n'avez pas réalisé la figure de la carte\u00a0: pas de travail ce tour-ci.",
		"figure.none 2 en: Bob has not formed the figure of the card: no work this turn.",
		"figure.none 2 fr: Bob n'a pas réalisé la figure de la carte\u00a0: pas de travail ce tour-ci.",
		"draw 2 en: You take a constellation card.",
		"draw 2 fr: Vous prenez une carte constellation.",
		"draw 3 en: Cid takes a constellation card.",
		"draw 3 fr: Cid prend une carte constellation.",
		"draw.card 2 en: You take " + catalog().Name(drawn[2], "en") + ".",
		"draw.card 2 fr: Vous prenez la " + catalog().Name(drawn[2], "fr") + ".",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("events read\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// Over random games every event renders, in both languages and for every
// viewer, as a sentence that names its actor once: "You …"/"Vous …" for the
// actor, the actor's name for the others.
func TestEventTextsRandomGames(t *testing.T) {
	cat := Game.(engine.Texter).Texts()
	names := []string{"Ann", "Bob", "Cid", "Dee"}
	keys := map[string]bool{}
	var buf []engine.Move
	for n := 2; n <= 4; n++ {
		for g := uint64(0); g < 3; g++ {
			s := st(t, n, 700+g)
			rng := engine.NewRNG(g)
			for !s.Over() {
				buf = s.LegalMoves(buf[:0])
				m := buf[rng.Intn(len(buf))]
				if s.phase == phWork && rng.Intn(3) != 0 || s.phase == phMove && rng.Intn(3) == 0 {
					m = greedyMove(s, buf)
				}
				var log engine.Log
				if err := s.Apply(m, &log); err != nil {
					t.Fatal(err)
				}
				for _, e := range log.Events {
					keys[e.Key] = true
					for v := engine.Spectator; v < n; v++ {
						if !e.VisibleTo(v) {
							continue
						}
						for _, lang := range []string{"en", "fr"} {
							txt := cat.Render(e, v, lang, names)
							if txt == "" || strings.ContainsAny(txt, "{}") || !strings.HasSuffix(txt, ".") {
								t.Fatalf("%s renders %q", e.Key, txt)
							}
							if e.Actor < 0 {
								continue
							}
							lower := strings.ToLower(txt)
							if strings.Contains(lower, "you you") || strings.Contains(lower, "vous vous") {
								t.Fatalf("%s renders %q", e.Key, txt)
							}
							you := map[string]string{"en": "You ", "fr": "Vous "}[lang]
							if v == e.Actor && !strings.HasPrefix(txt, you) || v != e.Actor && !strings.HasPrefix(txt, names[e.Actor]+" ") {
								t.Fatalf("%s for viewer %d in %s: %q", e.Key, v, lang, txt)
							}
						}
					}
				}
			}
		}
	}
	for k := range messages() {
		if !keys[k] && k != "cap" && k != "reshuffle" && k != "figure.idle" {
			t.Errorf("message %q never used in the random games", k)
		}
	}
}

// The rarer events: a figure without own workers, the reshuffle of the
// discard pile, the turn cap and the win.
func TestEventTextsRare(t *testing.T) {
	cat := Game.(engine.Texter).Texts()
	names := []string{"Ann", "Bob", "Cid", "Dee"}
	var got []string
	keep := func(evs []engine.Event, keys ...string) {
		for _, e := range evs {
			for _, k := range keys {
				if e.Key == k {
					got = append(got, cat.Render(e, 1, "en", names), cat.Render(e, 0, "fr", names))
				}
			}
		}
	}
	idle := x11(t,
		"Kb Ab Kw Gw .  .  .", ".  .  .  .  .  .  .", ".  .  .  .  .  .  .",
		".  .  Gb Kr Aw .  .", ".  .  .  .  .  .  .", ".  .  .  .  .  .  .", "Gr Ar .  .  .  .  .")
	keep(applyLogged(t, idle, "stop"), "figure.idle")

	st, _ := Game.New(2, 11, nil)
	re := st.(*state)
	var buf [maxCards]int8
	for _, c := range re.deckCards(&buf) {
		re.discard |= bit(int(c))
	}
	re.setDeck(nil)
	re.turnOf(t, 0, cards[re.hand[0][0]].id)
	re.turn = turnCap - 2
	mustApply(t, re, "play "+cards[re.hand[0][1]].id)
	keep(applyLogged(t, re, "stop"), "reshuffle")
	mustApply(t, re, "play "+cards[re.hand[1][1]].id)
	keep(applyLogged(t, re, "stop"), "cap")

	win := grid(t, 2,
		"Kr Gr .  .  .  .  Kb",
		".  .  .  .  .  .  .",
		".  .  .  .  .  .  .",
		".  .  Ar #2 .  .  .",
		".  .  .  .  .  .  .",
		".  .  .  .  .  .  .",
		"Gb Ab .  .  .  .  .")
	win.setCollected(0, 18)
	win.working(t, 0, "C01", 1<<2)
	keep(applyLogged(t, win, "build column 3,3"), "build1", "win")
	want := []string{
		"Ann has formed the figure, but with none of their own gardeners or architects in it: no work.",
		"Vous avez réalisé la figure, mais aucun de vos propres sujets n'en fait partie\u00a0: pas de travail.",
		"The discard pile is shuffled to form a new deck.",
		"Les cartes de la défausse sont battues pour former une nouvelle pile.",
		"300 turns have been played: the game ends, and the highest score wins.",
		"300 tours ont été joués\u00a0: la partie s'arrête, le score le plus élevé l'emporte.",
		"Ann builds the red column on the square at column 4, row 4 and collects 2 points of landscape tiles; score 21.",
		"Vous établissez la colonne rouge sur la case colonne 4, ligne 4 et collectez 2 points de tuiles paysage\u202f; total\u00a0: 21 points.",
		"Ann reaches 21 points and wins the game.",
		"Vous atteignez 21 points et gagnez la partie.",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("events read\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
