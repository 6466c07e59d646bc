// Package enginetest checks that a game honours the engine contract, by
// playing many random games and testing invariants on every decision. Every
// game's tests call Run for each player count.
package enginetest

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"testing"

	"github.com/jardin-games/jardin/engine"
	"github.com/jardin-games/jardin/i18n"
)

// Config tunes a conformance run.
type Config struct {
	Players  int
	Games    int            // random games to play
	Seed     uint64         // first game's seed; game i uses Seed+i
	Options  engine.Options // game options
	MaxMoves int            // a game longer than this fails ("every game ends"); default 100000
	// Deep enables the costly checks (clone depth, determinize, illegal
	// moves, notation) on every decision rather than on a sample.
	Deep bool
}

// Run plays cfg.Games random games of g and fails t on the first broken
// invariant:
//   - the legal list is empty exactly when the game is over, and ToMove is -1 then;
//   - every legal move applies, and its notation parses back to it;
//   - moves not in the legal list are rejected with a *RuleError, whose rule
//     the game's catalogue states in both languages, and change nothing;
//   - every game ends within MaxMoves;
//   - replaying the same seed and moves gives byte-identical views and result;
//   - View(p) is byte-identical before and after Determinize(p), and a
//     determinized copy can be played on;
//   - a clone is deep: playing on it never changes the original (and so is
//     a CopyInto copy, for games that offer it);
//   - views and results marshal to JSON;
//   - the catalogue's messages that name their actor, and only they, have
//     You forms in both languages, in the second person, that do not name
//     the actor again;
//   - shared tables (shared.go): seats outside the game are the spectator,
//     determinized copies carry no secret, events are keyed in the game's
//     catalogue and show each seat only what it may learn, legal moves
//     have distinct structured descriptions.
func Run(t *testing.T, g engine.Game, cfg Config) {
	t.Helper()
	if cfg.MaxMoves == 0 {
		cfg.MaxMoves = 100000
	}
	if err := checkCatalog(g); err != nil {
		t.Fatalf("%s: %v", g.ID(), err)
	}
	for i := 0; i < cfg.Games; i++ {
		seed := cfg.Seed + uint64(i)
		if err := playOne(g, cfg, seed); err != nil {
			t.Fatalf("%s, %d players, seed %d: %v", g.ID(), cfg.Players, seed, err)
		}
	}
}

func playOne(g engine.Game, cfg Config, seed uint64) error {
	s, err := g.New(cfg.Players, seed, cfg.Options)
	if err != nil {
		return fmt.Errorf("new game: %w", err)
	}
	rng := engine.NewRNG(seed ^ 0x5eed)
	var moves []engine.Move
	var buf []engine.Move
	for n := 0; ; n++ {
		if n > cfg.MaxMoves {
			return fmt.Errorf("game did not end after %d moves", cfg.MaxMoves)
		}
		buf = s.LegalMoves(buf[:0])
		if s.Over() != (len(buf) == 0) {
			return fmt.Errorf("move %d: Over()=%v but %d legal moves", n, s.Over(), len(buf))
		}
		if s.Over() {
			if s.ToMove() != -1 {
				return fmt.Errorf("game over but ToMove()=%d", s.ToMove())
			}
			break
		}
		p := s.ToMove()
		if p < 0 || p >= s.NumPlayers() {
			return fmt.Errorf("move %d: ToMove()=%d out of range", n, p)
		}
		deep := cfg.Deep || rng.Intn(8) == 0
		if err := checkPrompt(g, s, deep, seed+uint64(n)); err != nil {
			return fmt.Errorf("move %d: %w", n, err)
		}
		if err := checkNotation(s, buf); err != nil {
			return fmt.Errorf("move %d: %w", n, err)
		}
		if deep {
			if err := checkIllegal(s, buf, &rng); err != nil {
				return fmt.Errorf("move %d: %w", n, err)
			}
			if err := checkDeterminize(s, p, seed+uint64(n)); err != nil {
				return fmt.Errorf("move %d: %w", n, err)
			}
			if err := checkCloneDeep(s, &rng); err != nil {
				return fmt.Errorf("move %d: %w", n, err)
			}
			if err := checkOutsideSeats(s, seed+uint64(n)); err != nil {
				return fmt.Errorf("move %d: %w", n, err)
			}
			if err := checkNoSecret(s, p, seed+uint64(n), &rng); err != nil {
				return fmt.Errorf("move %d: %w", n, err)
			}
			if err := checkDescriptions(s, buf); err != nil {
				return fmt.Errorf("move %d: %w", n, err)
			}
		}
		m := buf[rng.Intn(len(buf))]
		var pre engine.State
		if deep {
			pre = s.Clone()
		}
		var log engine.Log
		if err := s.Apply(m, &log); err != nil {
			return fmt.Errorf("move %d: legal move %q rejected: %w", n, s.FormatMove(m), err)
		}
		if err := checkEvents(g, s.NumPlayers(), log.Events); err != nil {
			return fmt.Errorf("move %d: %w", n, err)
		}
		if deep {
			if err := checkWhatOthersLearn(pre, m, log.Events, s, &rng); err != nil {
				return fmt.Errorf("move %d %q: %w", n, pre.FormatMove(m), err)
			}
		}
		moves = append(moves, m)
	}
	res := s.Result()
	if !res.Final {
		return fmt.Errorf("result of a finished game is not final")
	}
	if len(res.Players) != cfg.Players {
		return fmt.Errorf("result has %d players, want %d", len(res.Players), cfg.Players)
	}
	for i, pr := range res.Players {
		if len(pr.Points) != len(res.Categories) {
			return fmt.Errorf("player %d has %d points for %d categories", i, len(pr.Points), len(res.Categories))
		}
		sum := 0
		for _, v := range pr.Points {
			sum += v
		}
		if sum != pr.Total {
			return fmt.Errorf("player %d: categories sum to %d, total %d", i, sum, pr.Total)
		}
		if s.Score(i) != pr.Total {
			return fmt.Errorf("player %d: Score()=%d, result total %d", i, s.Score(i), pr.Total)
		}
	}
	if len(res.Winners()) == 0 {
		return fmt.Errorf("no winner ranked 1")
	}
	return checkReplay(g, cfg, seed, moves, s)
}

// checkNotation: every legal move formats to text that parses back to it,
// and no two legal moves share a notation.
func checkNotation(s engine.State, legal []engine.Move) error {
	seen := make(map[string]bool, len(legal))
	for _, m := range legal {
		txt := s.FormatMove(m)
		if seen[txt] {
			return fmt.Errorf("two legal moves print as %q", txt)
		}
		seen[txt] = true
		back, err := s.ParseMove(txt)
		if err != nil {
			return fmt.Errorf("notation %q does not parse: %v", txt, err)
		}
		if back != m {
			return fmt.Errorf("notation %q parses to another move", txt)
		}
	}
	return nil
}

// checkIllegal: moves outside the legal list are rejected and change nothing.
func checkIllegal(s engine.State, legal []engine.Move, rng *engine.RNG) error {
	before := s.Clone()
	cands := make([]engine.Move, 0, 24)
	for i := 0; i < 8; i++ {
		cands = append(cands, engine.Move(rng.Uint64()))
		cands = append(cands, engine.Move(rng.Uint64()&0xffff))
		base := legal[rng.Intn(len(legal))]
		cands = append(cands, base^engine.Move(1)<<uint(rng.Intn(24)))
	}
	for _, m := range cands {
		if slices.Contains(legal, m) {
			continue
		}
		err := s.Apply(m, nil)
		if err == nil {
			return fmt.Errorf("move %#x is not legal but Apply accepted it", uint64(m))
		}
		var re *engine.RuleError
		if !errors.As(err, &re) || re.Rule == "" {
			return fmt.Errorf("move %#x rejected without a rule: %v", uint64(m), err)
		}
		cat := s.Game().Texts()
		if cat.Rule(re.Rule, "en") == "" {
			return fmt.Errorf("move %#x rejected by rule %s, which the catalogue does not state (rule.%s)", uint64(m), re.Rule, re.Rule)
		}
		if out := Unwrapped(cat.Explain(err, i18n.Pseudo)); out != "" {
			return fmt.Errorf("move %#x: refusal %q holds words outside the catalogue: %q", uint64(m), cat.Explain(err, i18n.Pseudo), out)
		}
		if !reflect.DeepEqual(before, s) {
			return fmt.Errorf("rejected move %#x (%v) changed the state", uint64(m), err)
		}
	}
	return nil
}

// checkDeterminize: the player's view survives determinization unchanged, and
// the copy is a playable state.
func checkDeterminize(s engine.State, p int, seed uint64) error {
	before := s.Clone()
	v1, err := json.Marshal(s.View(p))
	if err != nil {
		return fmt.Errorf("view of %d does not marshal: %v", p, err)
	}
	d := s.Determinize(p, seed)
	if !reflect.DeepEqual(before, s) {
		return errors.New("determinizing changed the original state")
	}
	v2, _ := json.Marshal(d.View(p))
	if !bytes.Equal(v1, v2) {
		return fmt.Errorf("View(%d) changed after Determinize:\n before %s\n after  %s", p, v1, v2)
	}
	if _, err := json.Marshal(s.View(engine.Spectator)); err != nil {
		return fmt.Errorf("spectator view does not marshal: %v", err)
	}
	var buf []engine.Move
	orig := s.LegalMoves(nil)
	buf = d.LegalMoves(buf)
	if !slices.Equal(orig, buf) {
		return fmt.Errorf("determinized copy offers other moves than the original")
	}
	// Play the determinized copy a few moves: it must be a consistent state.
	rng := engine.NewRNG(seed)
	for i := 0; i < 6 && !d.Over(); i++ {
		buf = d.LegalMoves(buf[:0])
		if err := d.Apply(buf[rng.Intn(len(buf))], nil); err != nil {
			return fmt.Errorf("determinized copy rejects its own legal move: %v", err)
		}
	}
	return nil
}

// checkCloneDeep: playing on a clone leaves the original as it was.
func checkCloneDeep(s engine.State, rng *engine.RNG) error {
	snap := s.Clone()
	c := s.Clone()
	var buf []engine.Move
	for i := 0; i < 10 && !c.Over(); i++ {
		buf = c.LegalMoves(buf[:0])
		if err := c.Apply(buf[rng.Intn(len(buf))], nil); err != nil {
			return fmt.Errorf("clone rejects a legal move: %v", err)
		}
	}
	if !reflect.DeepEqual(snap, s) {
		return fmt.Errorf("playing on a clone changed the original")
	}
	// CopyInto, where offered, makes the played-on clone equal to s again,
	// and deep: playing on the copy leaves s alone.
	if cp, ok := s.(engine.Copier); ok {
		if !cp.CopyInto(c) {
			return fmt.Errorf("CopyInto refused a state of its own game")
		}
		if !reflect.DeepEqual(c, s) {
			return fmt.Errorf("CopyInto did not make an equal copy")
		}
		for i := 0; i < 10 && !c.Over(); i++ {
			buf = c.LegalMoves(buf[:0])
			if err := c.Apply(buf[rng.Intn(len(buf))], nil); err != nil {
				return fmt.Errorf("copy rejects a legal move: %v", err)
			}
		}
		if !reflect.DeepEqual(snap, s) {
			return fmt.Errorf("playing on a CopyInto copy changed the original")
		}
	}
	return nil
}

// checkReplay: the same seed and moves, applied through their notation,
// give byte-identical views and result.
func checkReplay(g engine.Game, cfg Config, seed uint64, moves []engine.Move, end engine.State) error {
	s, err := g.New(cfg.Players, seed, cfg.Options)
	if err != nil {
		return err
	}
	for i, m := range moves {
		txt := s.FormatMove(m)
		pm, err := s.ParseMove(txt)
		if err != nil {
			return fmt.Errorf("replay move %d %q: %v", i, txt, err)
		}
		if err := s.Apply(pm, nil); err != nil {
			return fmt.Errorf("replay move %d %q: %v", i, txt, err)
		}
	}
	for p := engine.Spectator; p < cfg.Players; p++ {
		a, _ := json.Marshal(s.View(p))
		b, _ := json.Marshal(end.View(p))
		if !bytes.Equal(a, b) {
			return fmt.Errorf("replay: view of %d differs", p)
		}
	}
	a, _ := json.Marshal(s.Result())
	b, _ := json.Marshal(end.Result())
	if !bytes.Equal(a, b) {
		return fmt.Errorf("replay: result differs")
	}
	return nil
}

// FuzzParseMove checks that ParseMove never panics on any input, and that a
// parsed move prints to notation that parses to the same move.
func FuzzParseMove(f *testing.F, s engine.State) {
	buf := s.LegalMoves(nil)
	for _, m := range buf {
		f.Add(s.FormatMove(m))
	}
	f.Add("")
	f.Add("???")
	f.Fuzz(func(t *testing.T, txt string) {
		c := s.Clone()
		m, err := c.ParseMove(txt)
		if err != nil {
			return
		}
		back, err := c.ParseMove(c.FormatMove(m))
		if err != nil || back != m {
			t.Fatalf("%q parses, but its printed form %q does not round-trip (%v)", txt, c.FormatMove(m), err)
		}
		before := c.Clone()
		if err := c.Apply(m, nil); err != nil && !reflect.DeepEqual(before, c) {
			t.Fatalf("rejected move %q changed the state", txt)
		}
	})
}
