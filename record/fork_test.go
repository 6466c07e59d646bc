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

// TestForkRoundTrip: for every game, a record forked twice (the first half
// of a bot game, a re-deal for seat 1, bots playing on, a second re-deal
// for seat 0 halfway through the rest, bots playing to the end) marshals as
// format 2, parses, and replays to the new game's result; right after each
// fork the replayed position shows its seat exactly what the game before
// the re-deal showed it; and without its re-deals the record is another
// game, which does not replay.
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
		rec := &record.Record{Format: record.VersionFork, Game: orig.Game, Options: orig.Options, Seed: orig.Seed,
			Players: orig.Players, Moves: append([]record.Step(nil), orig.Moves[:len(orig.Moves)/2]...)}
		s, err := record.Replay(reg, &record.Record{Format: record.Version, Game: orig.Game, Options: orig.Options,
			Seed: orig.Seed, Players: orig.Players, Moves: rec.Moves}, nil)
		if err != nil {
			t.Fatalf("%s: prefix: %v", g.ID(), err)
		}
		b, _ := bots.New("greedy", 3)
		play := func(moves int) {
			for i := 0; i != moves && !s.Over(); i++ {
				m, err := b.Choose(ctx, s)
				if err != nil {
					t.Fatal(err)
				}
				rec.Moves = append(rec.Moves, record.Step{Player: s.ToMove(), Move: s.FormatMove(m)})
				if err := s.Apply(m, nil); err != nil {
					t.Fatal(err)
				}
			}
		}
		var want [][]byte // each fork's seat's view before its re-deal
		fork := func(seat int, seed uint64) {
			want = append(want, mustView(t, s, seat))
			rec.Forks = append(rec.Forks, record.Fork{After: len(rec.Moves), Seat: seat, Seed: seed})
			s = s.Determinize(seat, seed)
		}
		fork(1, 0xf02c)
		play(len(orig.Moves) / 4)
		fork(0, 0xf02d)
		play(-1)
		res := s.Result()
		rec.Result = &res
		data, err := rec.Marshal()
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Contains(data, []byte(`"format": 2`)) || !bytes.Contains(data, []byte(`"forks": [`)) {
			t.Fatalf("%s: forked record written as\n%.300s", g.ID(), data)
		}
		back, err := record.Parse(data)
		if err != nil {
			t.Fatalf("%s: %v", g.ID(), err)
		}
		atFork := map[int]engine.State{}
		if _, err := record.Replay(reg, back, func(n int, st engine.State, _ []engine.Event) {
			atFork[n] = st.Clone()
		}); err != nil {
			t.Fatalf("%s: replaying the fork: %v", g.ID(), err)
		}
		for i, f := range back.Forks {
			if got := mustView(t, atFork[f.After], f.Seat); !bytes.Equal(got, want[i]) {
				t.Errorf("%s: fork %d: the seat's view after the re-deal differs from the one before", g.ID(), i+1)
			}
		}
		plain := *back
		plain.Format, plain.Forks = record.Version, nil
		if _, err := record.Replay(reg, &plain, nil); err == nil {
			t.Errorf("%s: the forked record also replays without its re-deals", g.ID())
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
