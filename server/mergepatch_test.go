package server

import (
	"context"
	"encoding/json"
	"reflect"
	"testing"
	"time"

	"github.com/jardin-games/jardin/engine"
	"github.com/jardin-games/jardin/games"
	"github.com/jardin-games/jardin/record"
	"github.com/jardin-games/jardin/sim"
)

// heldView is the view a client holds after state message m, held being
// the one it held before: m's view whole, or its patch applied to held.
func heldView(t *testing.T, held any, m map[string]json.RawMessage) any {
	t.Helper()
	if p, ok := m["patch"]; ok {
		return ApplyMergePatch(held, decodeJSON(t, p))
	}
	return decodeJSON(t, m["view"])
}

func decodeJSON(t *testing.T, b []byte) any {
	t.Helper()
	var v any
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatalf("not JSON: %v: %.200s", err, b)
	}
	return v
}

func TestMergeDiff(t *testing.T) {
	for _, tc := range []struct {
		name, a, b, patch string
		ok                bool
	}{
		{"same", `{"a":1,"b":[1,2]}`, `{"a":1,"b":[1,2]}`, `{}`, true},
		{"changed member", `{"a":1,"b":2}`, `{"a":1,"b":3}`, `{"b":3}`, true},
		{"added and removed", `{"a":1,"b":2}`, `{"a":1,"c":"x"}`, `{"c":"x","b":null}`, true},
		{"nested object", `{"o":{"x":1,"y":{"z":[1]}}}`, `{"o":{"x":1,"y":{"z":[2]}}}`, `{"o":{"y":{"z":[2]}}}`, true},
		{"array of one length by element", `{"a":[{"x":1,"y":1},{"x":2,"y":2}]}`, `{"a":[{"x":1,"y":1},{"x":3,"y":2}]}`, `{"a":{"[]":{"1":{"x":3}}}}`, true},
		{"nested arrays", `{"a":[[1,2,3,4,5,6,7,8],[1,2,3,4,5,6,7,8],[1,2,3,4,5,6,7,8],5]}`, `{"a":[[1,2,3,4,5,6,7,8],[1,2,3,4,5,6,7,9],[1,2,3,4,5,6,7,8],6]}`,
			`{"a":{"[]":{"1":{"[]":{"7":9}},"3":6}}}`, true},
		{"short array whole", `{"a":[[1,2],[3,4],5]}`, `{"a":[[1,2],[3,9],6]}`, `{"a":[[1,2],[3,9],6]}`, true},
		{"element set to null", `{"a":[{"x":1,"y":2,"z":3},{"x":1,"y":2,"z":3}]}`, `{"a":[{"x":1,"y":2,"z":3},null]}`, `{"a":{"[]":{"1":null}}}`, true},
		{"element null in a short array", `{"a":[1,2]}`, `{"a":[1,null]}`, `{"a":[1,null]}`, true},
		{"array of another length whole", `{"a":[1,2]}`, `{"a":[1,2,3]}`, `{"a":[1,2,3]}`, true},
		{"null inside an array is kept", `{"a":[1]}`, `{"a":[null,{"n":null}]}`, `{"a":[null,{"n":null}]}`, true},
		{"a view's own [] member", `{"a":1}`, `{"a":1,"[]":2}`, ``, false},
		{"a [] member in a new object", `{"a":1}`, `{"a":{"[]":{}}}`, ``, false},
		{"object for a number", `{"a":1}`, `{"a":{"x":2}}`, `{"a":{"x":2}}`, true},
		{"number for an object", `{"a":{"x":2}}`, `{"a":1}`, `{"a":1}`, true},
		{"member set to null", `{"a":1}`, `{"a":null}`, ``, false},
		{"null in a new object", `{"a":1}`, `{"a":{"x":null}}`, ``, false},
		{"null member unchanged", `{"a":null,"b":1}`, `{"a":null,"b":2}`, `{"b":2}`, true},
		{"not objects", `[1]`, `[2]`, `[2]`, true},
		{"null view", `{"a":1}`, `null`, ``, false},
		// The side-by-side scan (lockstepDiff, elementPatch) and its fallback.
		{"keys in another order", `{"a":1,"b":2}`, `{"b":2,"a":3}`, `{"a":3}`, true},
		{"quotes and brackets in strings", `{"s":"x\"}]","t":[1,"]"]}`, `{"s":"x\"}]","t":[2,"]"]}`, `{"t":[2,"]"]}`, true},
		{"a change before a same tail", `{"a":[1,2,3,4,5,6,7,8,9,10,11,12],"b":"same tail"}`, `{"a":[1,2,3,4,5,6,7,8,9,10,11,13],"b":"same tail"}`,
			`{"a":{"[]":{"11":13}}}`, true},
		{"a change after a same head", `{"h":"same head","a":{"x":[0,0,0,0,0,0,0,0,0,0],"y":1}}`, `{"h":"same head","a":{"x":[0,0,0,0,0,0,0,0,0,0],"y":2}}`,
			`{"a":{"y":2}}`, true},
		{"whitespace", `{ "a" : 1 , "b" : [ 1 , 2 ] }`, `{"a":1,"b":[1,3]}`, `{"b":[1,3]}`, true},
		{"a member added at the end", `{"a":1}`, `{"a":1,"b":2}`, `{"b":2}`, true},
		{"a member removed at the end", `{"a":1,"b":2}`, `{"a":1}`, `{"b":null}`, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			patch, ok, err := mergeDiff([]byte(tc.a), []byte(tc.b))
			if err != nil {
				t.Fatal(err)
			}
			if ok != tc.ok {
				t.Fatalf("ok = %v, want %v (patch %s)", ok, tc.ok, patch)
			}
			if !ok {
				return
			}
			if string(patch) != tc.patch {
				t.Errorf("patch %s, want %s", patch, tc.patch)
			}
			got := ApplyMergePatch(decodeJSON(t, []byte(tc.a)), decodeJSON(t, patch))
			if want := decodeJSON(t, []byte(tc.b)); !reflect.DeepEqual(got, want) {
				t.Errorf("applied: %v, want %v", got, want)
			}
		})
	}
}

// A finished game of each game: the replay's first view and its patches,
// applied in turn, give exactly the spectator's view of every step.
func TestReplayPatchesGiveEveryView(t *testing.T) {
	s := &Server{reg: games.Registry()}
	for _, g := range games.Registry().All() {
		t.Run(g.ID(), func(t *testing.T) {
			// As many greedy bots as the game takes, up to five: the
			// largest views (and the figures of docs/server.md).
			_, hi := g.Players()
			n := min(hi, 5)
			kinds := make([]string, n)
			for i := range kinds {
				kinds[i] = "greedy"
			}
			rec, _, err := sim.Play(context.Background(), g, 1, nil, kinds)
			if err != nil {
				t.Fatal(err)
			}
			recJSON, err := rec.Marshal()
			if err != nil {
				t.Fatal(err)
			}
			start := time.Now()
			rp, err := s.replayOf(recJSON, nil, "en")
			built := time.Since(start)
			if err != nil {
				t.Fatal(err)
			}
			var sent struct {
				Steps []struct {
					View  json.RawMessage `json:"view"`
					Patch json.RawMessage `json:"patch"`
				} `json:"steps"`
			}
			body := rp.marshal()
			if err := json.Unmarshal(body, &sent); err != nil {
				t.Fatalf("the replay is not JSON: %v", err)
			}
			// The views the engine gives, step by step.
			st, err := g.New(n, rec.Seed, rec.Options)
			if err != nil {
				t.Fatal(err)
			}
			views := [][]byte{mustJSON(st.View(engine.Spectator))}
			if _, err := record.Replay(games.Registry(), rec, func(_ int, st engine.State, _ []engine.Event) {
				views = append(views, mustJSON(st.View(engine.Spectator)))
			}); err != nil {
				t.Fatal(err)
			}
			want := make([]any, len(views))
			for i, v := range views {
				want[i] = decodeJSON(t, v)
			}
			if len(sent.Steps) != len(want) {
				t.Fatalf("%d steps for %d views", len(sent.Steps), len(want))
			}
			if len(sent.Steps[0].View) == 0 {
				t.Fatal("step 0 has no whole view")
			}
			var view any
			whole := 0
			for i, step := range sent.Steps {
				switch {
				case len(step.View) > 0 && len(step.Patch) > 0:
					t.Fatalf("step %d carries both a view and a patch", i)
				case len(step.View) > 0:
					view = decodeJSON(t, step.View)
					whole++
				case len(step.Patch) > 0:
					view = ApplyMergePatch(view, decodeJSON(t, step.Patch))
				default:
					t.Fatalf("step %d carries neither a view nor a patch", i)
				}
				if !reflect.DeepEqual(view, want[i]) {
					t.Fatalf("step %d: the view rebuilt from the patches is not the spectator's view", i)
				}
			}
			// The sizes, against every view sent whole (as before the patches).
			for i := range rp.Steps {
				rp.Steps[i].View, rp.Steps[i].Patch = views[i], nil
			}
			before := rp.marshal()
			t.Logf("%d players, %d steps, %d whole views, built in %v: %d bytes, %d gzipped; every view whole: %d bytes, %d gzipped",
				n, len(want), whole, built.Round(time.Millisecond), len(body), len(gzipBytes(body, gzipFast)), len(before), len(gzipBytes(before, gzipFast)))
		})
	}
}

// TestMemoDiffIsTheDiff plays every game with greedy bots and, at each
// version, diffs every seat's view (and the spectator's) with its view of
// the version before twice: alone, and with one memo shared by the seats
// as a table's broadcast shares it. The patches must be the same bytes,
// and the memo must have been used (else the test proves nothing).
func TestMemoDiffIsTheDiff(t *testing.T) {
	for _, g := range games.Registry().All() {
		t.Run(g.ID(), func(t *testing.T) {
			_, hi := g.Players()
			n := min(hi, 4)
			kinds := make([]string, n)
			for i := range kinds {
				kinds[i] = "greedy"
			}
			rec, _, err := sim.Play(context.Background(), g, 1, nil, kinds)
			if err != nil {
				t.Fatal(err)
			}
			st, err := g.New(n, rec.Seed, rec.Options)
			if err != nil {
				t.Fatal(err)
			}
			viewsOf := func(st engine.State) [][]byte {
				var out [][]byte
				for seat := -1; seat < n; seat++ {
					out = append(out, mustJSON(st.View(seat)))
				}
				return out
			}
			prev := viewsOf(st)
			memo := &diffMemo{}
			hits, steps := 0, 0
			if _, err := record.Replay(games.Registry(), rec, func(_ int, st engine.State, _ []engine.Event) {
				next := viewsOf(st)
				memo.reset()
				for i := range next {
					want, wok, werr := mergeDiff(prev[i], next[i])
					got, ok, err := diff(prev[i], next[i], memo, 0)
					if err != nil || werr != nil || ok != wok || string(got) != string(want) {
						t.Fatalf("step %d, view %d: memo diff %s (%v, %v), diff %s (%v, %v)", steps, i, got, ok, err, want, wok, werr)
					}
				}
				hits += memo.hits
				prev = next
				steps++
			}); err != nil {
				t.Fatal(err)
			}
			if hits == 0 {
				t.Fatalf("no view of %d steps took anything from the memo", steps)
			}
			t.Logf("%d steps, %d values found in the memo", steps, hits)
		})
	}
}
