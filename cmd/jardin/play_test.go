package main

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/jardin-games/jardin/engine/enginetest"
	"github.com/jardin-games/jardin/record"
)

// The test game keeps the engine's contract, so that what the command line
// is tested against is a real game.
func TestTinyGardenConformance(t *testing.T) {
	for n := 1; n <= 3; n++ {
		enginetest.Run(t, tiny, enginetest.Config{Players: n, Games: 20, Seed: 1})
	}
}

var tinyReg = registryWithTiny()

// firstChoice answers every prompt with 1 (and yes to confirmations).
func firstChoice(screen, _ string) (string, bool) {
	if strings.HasSuffix(screen, "(y/n) ") || strings.HasSuffix(screen, "(o/n) ") {
		return "y", true
	}
	return "1", true
}

// The log reads as sentences in both languages: "You …" for the human,
// bots by name and seat, a bot's private draw never shown, only its public
// "draws a card".
func TestPlayLogGrammar(t *testing.T) {
	for _, c := range []struct {
		lang string
		want []string
	}{
		{"en", []string{"You plant ", "Greedy (seat 2) plants ", "Greedy (seat 2) draws a card.", "You draw ",
			"Your moves:", "Final score pad:", "Winner:"}},
		{"fr", []string{"Vous plantez ", "Greedy (siège 2) plante ", "Greedy (siège 2) pioche une carte.", "Vous piochez ",
			"Vos coups\u00a0:", "Feuille de score finale\u00a0:", "Fleurs", "Arrosage", "Rang", "Petit jardin", "ligne "}},
	} {
		code, out, errs := converse(t, term{reg: tinyReg}, firstChoice,
			"play", "tiny-garden", "--seats", "you,greedy", "--seed", "5", "--lang", c.lang)
		if code != 0 {
			t.Fatalf("%s: exit %d: %s\n%s", c.lang, code, errs, out)
		}
		for _, w := range c.want {
			if !strings.Contains(out, w) {
				t.Errorf("%s: output lacks %q", c.lang, w)
			}
		}
		for _, bad := range []string{"You you", "Vous vous", "you plant", "Greedy (seat 2) draws Rose", "{actor}", "{0}"} {
			if strings.Contains(out, bad) {
				t.Errorf("%s: output has %q", c.lang, bad)
			}
		}
		// A bot's draw is private: no flower name follows its "draws".
		for _, l := range strings.Split(out, "\n") {
			if strings.Contains(l, "(seat 2) draws") && !strings.Contains(l, "draws a card") ||
				strings.Contains(l, "(siège 2) pioche") && !strings.Contains(l, "pioche une carte") {
				t.Errorf("%s: a bot's private draw shown: %q", c.lang, l)
			}
		}
	}
}

// The seed is shown at the end of the game only: it fixes the whole deal.
func TestSeedShownAtEndOnly(t *testing.T) {
	const seed = "987654321"
	for _, c := range []struct {
		name  string
		args  []string
		input string
	}{
		{"finished", []string{"play", "tiny-garden", "--seats", "you,greedy", "--seed", seed}, strings.Repeat("1\n", 200)},
		{"abandoned", []string{"play", "tiny-garden", "--seats", "you,greedy", "--seed", seed}, "1\nquit\n"},
	} {
		_, out, _ := term{reg: tinyReg}.run(t, c.input, c.args...)
		i := strings.Index(out, seed)
		end := max(strings.Index(out, "Final score pad"), strings.Index(out, "Game abandoned"))
		if i < 0 || end < 0 || i < end {
			t.Errorf("%s: seed at %d, end of game at %d:\n%s", c.name, i, end, out)
		}
		if !strings.Contains(out, "--seed "+seed+" replays this deal") {
			t.Errorf("%s: no replay hint", c.name)
		}
	}
}

// Hot-seat: between two humans a handover screen clears the terminal and
// waits; after it, nothing private of the previous player (the hand it
// still holds) is on screen, though it was on its own turn.
func TestHotSeatHandoverHidesHand(t *testing.T) {
	dir := t.TempDir()
	recPath := filepath.Join(dir, "hot.json")
	code, out, errs := converse(t, term{reg: tinyReg, tty: true}, firstChoice,
		"play", "tiny-garden", "--seats", "you,you", "--seed", "7", "--record", recPath, "--color", "never")
	if code != 0 {
		t.Fatalf("exit %d: %s\n%s", code, errs, out)
	}
	const marker = "=== Pass the keyboard to "
	segs := strings.Split(out, marker)[1:]
	if len(segs) < 4 {
		t.Fatalf("%d handovers", len(segs))
	}
	if n := strings.Count(out, clearScreen+"\n"+marker); n != len(segs) {
		t.Errorf("%d of %d handovers clear the screen first", n, len(segs))
	}
	data, _ := os.ReadFile(recPath)
	rec, err := record.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	// Replay to each handover: the first is before move 1; then one each
	// time the mover changes. The previous mover's hand must not show in
	// the next player's segment, and must show in its own.
	s, _ := tiny.New(2, rec.Seed, nil)
	h := 0
	for i, st := range rec.Moves {
		if i > 0 && st.Player != rec.Moves[i-1].Player {
			h++
			prev := rec.Moves[i-1].Player
			if h >= len(segs) {
				t.Fatalf("more turns than handovers")
			}
			hand := s.(*tinyState).handOf(prev)
			for _, card := range hand {
				if strings.Contains(segs[h], card) {
					t.Errorf("handover %d: player %d's hand card %s on the next player's screen", h, prev+1, card)
				}
			}
			if len(hand) > 0 && !strings.Contains(segs[h-1], hand[0]) {
				t.Errorf("handover %d: player %d never saw its own card %s", h, prev+1, hand[0])
			}
		}
		m, err := s.ParseMove(st.Move)
		if err != nil {
			t.Fatal(err)
		}
		if err := s.Apply(m, nil); err != nil {
			t.Fatal(err)
		}
	}
	if !strings.Contains(out, "You draw ") || !strings.Contains(out, "Player 1 draws a card.") {
		t.Error("hot-seat log lacks the private and public draws")
	}
}

// Long decisions are chosen in steps named from the game's catalogue (the
// part "card" is "hand card", hand:1 "first hand card"); back goes up a
// step; the table is drawn after the choices.
func TestChooseInSteps(t *testing.T) {
	input := "1\n" + // pass (no flower to water yet)
		"1\n" + // the first hand card: 16 cells left
		"back\n" + "2\n" + "3\n" + strings.Repeat("1\n", 200)
	code, out, errs := term{reg: tinyReg}.run(t, input, "play", "tiny-garden", "--seats", "you,greedy", "--seed", "5", "--color", "never")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, w := range []string{"32 moves: choose in steps.", "1) hand card first hand card  (16)",
		"Chosen so far: hand card second hand card", "3) plant: hand card second hand card, cell row 1, column 3   [plant h2 r1c3]",
		"You plant "} {
		if !strings.Contains(out, w) {
			t.Errorf("output lacks %q", w)
		}
	}
	// The third choice of the second card's list was played.
	code, out, _ = term{reg: tinyReg}.run(t, "", "replay", "--lang", "en", writeTemp(t, recordOf(t, input)))
	if code != 0 || !strings.Contains(out, "plant h2 r1c3") {
		t.Errorf("the move chosen in steps was not plant h2 r1c3:\n%s", out)
	}
	// The table comes after the moves: the hand line follows "Your moves".
	_, out, _ = term{reg: tinyReg}.run(t, "1\n", "play", "tiny-garden", "--seats", "you,greedy", "--seed", "5", "--color", "never")
	if i, j := strings.Index(out, "Your moves"), strings.Index(out, "Hand:"); i < 0 || j < i {
		t.Errorf("the table is not drawn after the moves:\n%s", out)
	}
	_, out, _ = term{reg: tinyReg}.run(t, "1\n1\n", "play", "tiny-garden", "--seats", "you,greedy", "--seed", "5", "--lang", "fr")
	if !strings.Contains(out, "32 coups\u00a0: choisissez par étapes.") || !strings.Contains(out, "carte de la main première carte en main  (16)") {
		t.Errorf("steps in French:\n%s", out)
	}
}

// recordOf plays tiny-garden against greedy with input and returns the record.
func recordOf(t *testing.T, input string) []byte {
	t.Helper()
	path := filepath.Join(t.TempDir(), "r.json")
	if code, _, errs := (term{reg: tinyReg}).run(t, input, "play", "tiny-garden", "--seats", "you,greedy", "--seed", "5",
		"--record", path); code != 0 {
		t.Fatalf("play: %s", errs)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func writeTemp(t *testing.T, b []byte) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "f.json")
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// info explains components by id or name in either language, lists those on
// the table, and rules lists them all.
func TestInfoAndRules(t *testing.T) {
	input := "info\ninfo rose\n?tulipe\n?flower:4\ninfo zzz\ninfo i\nquit\n"
	_, out, _ := term{reg: tinyReg}.run(t, input, "play", "tiny-garden", "--seats", "you,greedy", "--seed", "5")
	for _, w := range []string{"On the table (info ITEM for more):", "Rose [flower:1]: Scores 1 when planted.",
		"Tulip [flower:2]: Scores 2 when planted.", "Iris [flower:4]: Scores 4 when planted.", "No component matches \"zzz\"",
		"components match \"i\"; be more precise"} {
		if !strings.Contains(out, w) {
			t.Errorf("output lacks %q", w)
		}
	}
	_, out, _ = term{reg: tinyReg}.run(t, "?rose\nquit\n", "play", "tiny-garden", "--seats", "you,greedy", "--seed", "5", "--lang", "fr")
	if !strings.Contains(out, "Rose [flower:1]: Rapporte 1 une fois plantée.") {
		t.Errorf("info in French:\n%s", out)
	}
	code, out, _ := term{reg: tinyReg}.run(t, "", "rules", "tiny-garden", "--lang", "fr")
	if code != 0 || !strings.Contains(out, "## Composants") || !strings.Contains(out, "- Marguerite [flower:3]: Rapporte 3 une fois plantée.") ||
		!strings.Contains(out, "- Bon jardinier [rating:good]: Un total solo de 20 ou plus.") ||
		!strings.Contains(out, "# Petit jardin") || !strings.Contains(out, "- TG-1\u00a0: Seuls les coups de la décision en cours peuvent être joués.") ||
		strings.Contains(out, "A test game.") {
		t.Errorf("rules --lang fr: %d\n%s", code, out)
	}
}

// undo is offered only when the engine allows it: after a move that
// revealed nothing (pass), not after one that did (plant, which draws) or
// another player's.
func TestUndo(t *testing.T) {
	input := "undo\n" + // first decision: nothing to take back
		"1\n" + // pass
		"undo\n" + // taken back: water/pass again
		"1\n" + strings.Repeat("1\n", 200)
	code, out, errs := term{reg: tinyReg}.run(t, input, "play", "tiny-garden", "--seats", "you,greedy", "--seed", "5")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, w := range []string{"You cannot take back a move now", "(undo: take back your last move)", "Taken back: pass"} {
		if !strings.Contains(out, w) {
			t.Errorf("output lacks %q", w)
		}
	}
	if i := strings.Index(out, "(undo:"); i < strings.Index(out, "You do not water") {
		t.Error("undo offered before any move")
	}
	// The record holds no trace of the move taken back: it replays, and
	// begins with one pass.
	b := recordOf(t, input)
	r, err := record.Parse(b)
	if err != nil {
		t.Fatal(err)
	}
	if r.Moves[0].Move != "pass" || r.Moves[1].Move == "pass" {
		t.Errorf("record after undo: %v", r.Moves[:2])
	}
	if _, err := record.Replay(tinyReg, r, nil); err != nil {
		t.Error(err)
	}
	// After a plant (it draws a card) undo is refused.
	_, out, _ = term{reg: tinyReg}.run(t, "1\n1\n1\nundo\nquit\n", "play", "tiny-garden", "--players", "1", "--seed", "5")
	if !strings.Contains(out, "You cannot take back a move now") {
		t.Errorf("undo after a draw:\n%s", out)
	}
}

// A solo game asks before the move that ends it; no is no.
func TestSoloConfirmsTheEnd(t *testing.T) {
	asked := 0
	code, out, errs := converse(t, term{reg: tinyReg}, func(screen, _ string) (string, bool) {
		if strings.HasSuffix(screen, "(y/n) ") {
			asked++
			if asked == 1 {
				return "n", true
			}
			return "y", true
		}
		return "1", true
	}, "play", "tiny-garden", "--players", "1", "--seed", "3")
	if code != 0 || asked != 2 {
		t.Fatalf("exit %d, asked %d times: %s", code, asked, errs)
	}
	if !strings.Contains(out, "This move ends the game. Play it? (y/n) ") || !strings.Contains(out, "Rating: ") {
		t.Errorf("output:\n%s", tail(out, 1500))
	}
	// The rating is the game's, named in French from its catalogue.
	_, out, _ = converse(t, term{reg: tinyReg}, func(screen, _ string) (string, bool) {
		if strings.HasSuffix(screen, "(o/n) ") {
			return "oui", true
		}
		return "1", true
	}, "play", "tiny-garden", "--players", "1", "--seed", "3", "--lang", "fr")
	if !strings.Contains(out, "Appréciation\u00a0: Essayez encore") && !strings.Contains(out, "Appréciation\u00a0: Bon jardinier") {
		t.Errorf("French rating:\n%s", tail(out, 800))
	}
}

// A bot that thinks long is said to be thinking; a quick one is not.
func TestThinkingLine(t *testing.T) {
	input := strings.Repeat("1\n", 200)
	_, out, _ := term{reg: tinyReg, thinkAfter: time.Nanosecond}.run(t, input, "play", "tiny-garden", "--seats", "you,greedy", "--seed", "5")
	if !strings.Contains(out, "greedy (seat 2) is thinking…") {
		t.Error("no thinking line from a bot slower than the delay")
	}
	_, out, _ = term{reg: tinyReg}.run(t, input, "play", "tiny-garden", "--seats", "you,greedy", "--seed", "5")
	if strings.Contains(out, "thinking") {
		t.Error("thinking line from a bot quicker than half a second")
	}
}

// Ctrl-C at the prompt abandons the game at once, saving the record so far.
func TestInterruptAtPrompt(t *testing.T) {
	path := filepath.Join(t.TempDir(), "r.json")
	ctx, cancel := interrupted()
	defer cancel()
	prompts := 0
	code, out, errs := converse(t, term{reg: tinyReg, ctx: ctx}, func(screen, _ string) (string, bool) {
		prompts++
		if prompts == 4 {
			cancel() // and type nothing: the prompt must not wait for a line
			return "", false
		}
		return "1", true
	}, "play", "tiny-garden", "--seats", "you,greedy", "--seed", "5", "--record", path)
	if code != 1 || !strings.Contains(errs, "game abandoned: interrupted") {
		t.Fatalf("exit %d, %q", code, errs)
	}
	if !strings.Contains(out, "Game abandoned.") || !strings.Contains(out, "Record so far") {
		t.Errorf("output:\n%s", tail(out, 500))
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	r, err := record.Parse(data)
	if err != nil || len(r.Moves) == 0 || r.Result != nil {
		t.Fatalf("record so far: %v %+v", err, r)
	}
	if _, err := record.Replay(tinyReg, r, nil); err != nil {
		t.Error(err)
	}
}

// A line over 64 KiB at the prompt is explained and asked again.
func TestPromptLongLine(t *testing.T) {
	input := strings.Repeat("x", 70<<10) + "\n" + strings.Repeat("y", 300) + "\n" + strings.Repeat("1\n", 200)
	code, out, errs := term{reg: tinyReg}.run(t, input, "play", "tiny-garden", "--seats", "you,greedy", "--seed", "5")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if !strings.Contains(out, "That line is over 64 KiB and was ignored") || !strings.Contains(out, "too long to be a move") {
		t.Errorf("output lacks the explanations")
	}
	if strings.Contains(out, strings.Repeat("y", 50)) || strings.Contains(out, strings.Repeat("x", 50)) {
		t.Error("a long input was echoed")
	}
}

// Ctrl-C while a bot thinks ends the game at once too.
func TestInterruptWhileBotThinks(t *testing.T) {
	ctx, cancel := interrupted()
	defer cancel()
	e := term{reg: tinyReg, ctx: ctx, thinkAfter: time.Millisecond}
	var out syncBuffer
	done := make(chan int, 1)
	go func() {
		done <- run(e.env("", &out, &out), []string{"play", "tiny-garden", "--seats", "ismcts:60s,you", "--seed", "5"})
	}()
	for !strings.Contains(out.String(), "is thinking…") {
		time.Sleep(time.Millisecond)
	}
	start := time.Now()
	cancel()
	select {
	case code := <-done:
		if code != 1 || !strings.Contains(out.String(), "game abandoned: interrupted") {
			t.Errorf("exit %d:\n%s", code, out.String())
		}
		if d := time.Since(start); d > 5*time.Second {
			t.Errorf("took %v to stop", d)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("the game did not stop while the bot thought")
	}
}

// A record of a lone human ("You") replays in the second person.
func TestReplayYou(t *testing.T) {
	path := writeTemp(t, recordOf(t, strings.Repeat("1\n", 200)))
	code, out, errs := term{reg: tinyReg}.run(t, "", "replay", path)
	if code != 0 || !strings.Contains(out, "You plant ") || strings.Contains(out, "You plants") ||
		!strings.Contains(out, "Greedy (seat 2) plants ") || regexp.MustCompile(`You draw [A-Z]`).MatchString(out) {
		t.Errorf("exit %d %s\n%s", code, errs, out)
	}
}

// A refused move is explained in the player's language: in French by the
// rule's statement from the catalogue.
func TestIllegalMoveExplained(t *testing.T) {
	_, out, _ := term{reg: tinyReg}.run(t, "water r1c1\nquit\n", "play", "tiny-garden", "--seats", "you,greedy", "--seed", "5")
	if !strings.Contains(out, "Illegal: TG-1: water r1c1 is not a legal move now") {
		t.Errorf("English:\n%s", out)
	}
	_, out, _ = term{reg: tinyReg}.run(t, "water r1c1\nquit\n", "play", "tiny-garden", "--seats", "you,greedy", "--seed", "5", "--lang", "fr")
	if !strings.Contains(out, "Coup illégal\u00a0: coup refusé par la règle TG-1\u00a0: water r1c1 n'est pas un coup légal maintenant") {
		t.Errorf("French:\n%s", out)
	}
}

// A rating is shown in the reader's language from the catalogue (rating.<id>).
func TestRatingLanguage(t *testing.T) {
	fr := newTexts(tiny, "fr", nil)
	en := newTexts(tiny, "en", nil)
	for _, c := range []struct {
		t        *texts
		id, want string
	}{
		{fr, "good", "Bon jardinier"},
		{en, "good", "Good gardener"},
		{fr, "unknown", "rating.unknown"},
	} {
		if got := c.t.rating(c.id); got != c.want {
			t.Errorf("rating(%q) in %s = %q, want %q", c.id, c.t.lang, got, c.want)
		}
	}
}

func TestColumns(t *testing.T) {
	var b strings.Builder
	items := make([]string, 25)
	for i := range items {
		items[i] = fmt.Sprintf("cell r%dc%d", i/5+1, i%5+1)
	}
	columns(&b, items)
	lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
	if len(lines) >= 25 || !strings.HasPrefix(lines[0], "   1) cell r1c1") || !strings.Contains(lines[0], " 2") {
		t.Errorf("not in columns:\n%s", b.String())
	}
	for _, l := range lines {
		if len([]rune(l)) >= screenWidth {
			t.Errorf("line of %d characters: %q", len([]rune(l)), l)
		}
	}
	b.Reset()
	columns(&b, items[:3])
	if b.String() != "   1) cell r1c1\n   2) cell r1c2\n   3) cell r1c3\n" {
		t.Errorf("short list: %q", b.String())
	}
}
