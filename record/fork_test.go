package record_test

import (
	"bytes"
	"context"
	"encoding/json"
	"testing"

	"github.com/jardin-games/jardin/bots"
	"github.com/jardin-games/jardin/engine"
	"github.com/jardin-games/jardin/games"
	"github.com/jardin-games/jardin/record"
	"github.com/jardin-games/jardin/sim"
)

// TestForkRoundTrip: for every game, a record forked halfway (the first
// half of a bot game, a re-deal for one seat, then a new ending by bots)
// marshals as format 2, parses, and replays to the new game's result; the
// replayed position right after the fork shows the seat exactly what the
// original showed it, while the hidden parts were dealt again.
func TestForkRoundTrip(t *testing.T) {
	reg := games.Registry()
	ctx := context.Background()
	for _, g := range reg.All() {
		lo, _ := g.Players()
		n := max(lo, 2)
		kinds := make([]string, n)
		for i := range kinds {
			kinds[i] = "greedy"
		}
		orig, _, err := sim.Play(ctx, g, 7, nil, kinds)
		if err != nil {
			t.Fatalf("%s: %v", g.ID(), err)
		}
		after, seat, seed := len(orig.Moves)/2, 1, uint64(0xf02c)
		s, err := record.Replay(reg, &record.Record{Format: record.Version, Game: orig.Game, Options: orig.Options,
			Seed: orig.Seed, Players: orig.Players, Moves: orig.Moves[:after]}, nil)
		if err != nil {
			t.Fatalf("%s: prefix: %v", g.ID(), err)
		}
		wantView := mustView(t, s, seat)
		s = s.Determinize(seat, seed)
		fork := &record.Record{Format: record.FormatOf(&record.Fork{}), Game: orig.Game, Options: orig.Options,
			Seed: orig.Seed, Players: orig.Players, Moves: append([]record.Step(nil), orig.Moves[:after]...),
			Fork: &record.Fork{After: after, Seat: seat, Seed: seed}}
		b, _ := bots.New("greedy", 3)
		for !s.Over() {
			m, err := b.Choose(ctx, s)
			if err != nil {
				t.Fatal(err)
			}
			fork.Moves = append(fork.Moves, record.Step{Player: s.ToMove(), Move: s.FormatMove(m)})
			if err := s.Apply(m, nil); err != nil {
				t.Fatal(err)
			}
		}
		res := s.Result()
		fork.Result = &res
		data, err := fork.Marshal()
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Contains(data, []byte(`"format": 2`)) || !bytes.Contains(data, []byte(`"fork": {`)) {
			t.Fatalf("%s: forked record written as\n%.300s", g.ID(), data)
		}
		back, err := record.Parse(data)
		if err != nil {
			t.Fatalf("%s: %v", g.ID(), err)
		}
		var atFork engine.State
		if _, err := record.Replay(reg, back, func(n int, st engine.State, _ []engine.Event) {
			if n == after {
				atFork = st.Clone()
			}
		}); err != nil {
			t.Fatalf("%s: replaying the fork: %v", g.ID(), err)
		}
		if got := mustView(t, atFork, seat); !bytes.Equal(got, wantView) {
			t.Errorf("%s: the seat's view after the re-deal differs from the original's", g.ID())
		}
		// Without the re-deal, the new ending is another game: the
		// record is not replayable as format 1 (its moves or its result
		// differ), unless the re-deal changed nothing the game uses.
		plain := *back
		plain.Format, plain.Fork = record.Version, nil
		if _, err := record.Replay(reg, &plain, nil); err == nil {
			t.Logf("%s: the forked record also replays without its re-deal", g.ID())
		}
	}
}

func mustView(t *testing.T, s engine.State, seat int) []byte {
	t.Helper()
	b, err := json.Marshal(s.View(seat))
	if err != nil {
		t.Fatal(err)
	}
	return b
}
