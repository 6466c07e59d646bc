package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/jardin-games/jardin/engine"
	"github.com/jardin-games/jardin/games"
)

// rpcSession runs jardin rpc over the lines and returns its answers, one
// decoded object per line.
func rpcSession(t *testing.T, lines []string, args ...string) []map[string]any {
	t.Helper()
	code, out, errs := jardin(t, strings.Join(lines, "\n")+"\n", append([]string{"rpc"}, args...)...)
	if code != 0 || errs != "" {
		t.Fatalf("jardin rpc: exit %d, stderr %q", code, errs)
	}
	var answers []map[string]any
	for _, l := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
		var a map[string]any
		if err := json.Unmarshal([]byte(l), &a); err != nil {
			t.Fatalf("answer %q is not a JSON object: %v", l, err)
		}
		answers = append(answers, a)
	}
	if len(answers) != len(lines) {
		t.Fatalf("%d requests, %d answers:\n%s", len(lines), len(answers), out)
	}
	return answers
}

// Every op answers as docs/research.md says, and errors change nothing: an
// illegal action leaves the same legal actions and the same view.
func TestRPCProtocol(t *testing.T) {
	a := rpcSession(t, []string{
		`{"op":"games"}`,
		`{"op":"new","game":"schlossgarten_v1","players":3,"seed":7}`,
		`{"op":"legal","state":1}`,
		`{"op":"view","state":1,"player":0}`,
		`{"op":"apply","state":1,"action":0}`, // card 0: not in seat 0's hand (almost surely) or legal
		`{"op":"legal","state":1}`,
		`{"op":"view","state":1,"player":0}`,
		`{"op":"observation","state":1,"player":2}`,
		`{"op":"determinize","state":1,"player":0,"seed":3}`,
		`{"op":"view","state":2,"player":0}`,
		`{"op":"clone","state":1}`,
		`{"op":"free","state":3}`,
		`{"op":"free","state":3}`,
		`{"op":"result","state":1}`,
		`{"op":"batch","requests":[{"op":"legal","state":1},{"op":"bad"},{"op":"batch","requests":[]}]}`,
		`{"op":"new","game":"alices-garden","players":9,"seed":1}`,
		`{"op":"new","game":"chess","players":2,"seed":1}`,
		`{"op":"observation","state":1,"player":-1}`,
		`{"op":"legal","state":1,"extra":1}`,
		`{"op":"legal","state":1} {"op":"legal","state":1}`,
		`not json`,
	})
	games := a[0]["games"].([]any)
	if len(games) != 5 {
		t.Fatalf("games: %d games, want 5", len(games))
	}
	for _, g := range games {
		f := g.(map[string]any)
		for _, k := range []string{"name", "id", "players", "hiddenInformation", "chance", "generalSum", "numActions", "maxDecisions", "observationLength"} {
			if _, ok := f[k]; !ok {
				t.Errorf("games: %v lacks %q", f["id"], k)
			}
		}
	}
	if a[1]["state"] != 1.0 {
		t.Fatalf("new: %v", a[1])
	}
	legal := a[2]["actions"].([]any)
	if a[2]["player"] != 0.0 || len(legal) != 2 {
		t.Fatalf("legal at the start: %v (want seat 0 and its 2 cards)", a[2])
	}
	illegal := a[4]
	if slices.Contains(legal, any(0.0)) {
		t.Skip("card 0 is legal in this deal; the seed must change")
	}
	if _, ok := illegal["error"]; !ok {
		t.Fatalf("apply of an illegal action: %v", illegal)
	}
	if fmt.Sprint(a[5]) != fmt.Sprint(a[2]) || fmt.Sprint(a[6]) != fmt.Sprint(a[3]) {
		t.Errorf("a refused apply changed the state:\n%v\n%v", a[5], a[6])
	}
	obs := a[7]["observation"].([]any)
	if want := games[4].(map[string]any)["observationLength"].(float64); float64(len(obs)) != want {
		t.Errorf("observation: %d numbers, declared %v", len(obs), want)
	}
	if a[8]["state"] != 2.0 || fmt.Sprint(a[9]) != fmt.Sprint(a[3]) {
		t.Errorf("determinize: %v; its view for seat 0 differs from the original's", a[8])
	}
	if a[10]["state"] != 3.0 || len(a[11]) != 0 || a[12]["error"] == nil {
		t.Errorf("clone, free, free again: %v %v %v", a[10], a[11], a[12])
	}
	if a[13]["over"] != false || len(a[13]["returns"].([]any)) != 3 || a[13]["result"] == nil {
		t.Errorf("result: %v", a[13])
	}
	batch := a[14]["answers"].([]any)
	if len(batch) != 3 || fmt.Sprint(batch[0]) != fmt.Sprint(a[2]) ||
		batch[1].(map[string]any)["error"] == nil || batch[2].(map[string]any)["error"] == nil {
		t.Errorf("batch: %v", a[14])
	}
	for i := 15; i < len(a); i++ {
		if e, ok := a[i]["error"].(string); !ok || e == "" {
			t.Errorf("request %d: want an error, got %v", i, a[i])
		}
	}
}

// A program cannot hold more states than --max-states: the next is refused
// with a clear error, and freeing one makes room again.
func TestRPCStateLimit(t *testing.T) {
	a := rpcSession(t, []string{
		`{"op":"new","game":"happy_garden_v1","players":2,"seed":1}`,
		`{"op":"clone","state":1}`,
		`{"op":"determinize","state":1,"player":0,"seed":1}`,
		`{"op":"new","game":"happy_garden_v1","players":2,"seed":1}`,
		`{"op":"free","state":2}`,
		`{"op":"clone","state":1}`,
	}, "--max-states", "2")
	for i, want := range []string{"", "", "max-states", "max-states", "", ""} {
		e, _ := a[i]["error"].(string)
		if want == "" && e != "" || !strings.Contains(e, want) {
			t.Errorf("request %d: %v, want error containing %q", i, a[i], want)
		}
	}
	if a[5]["state"] != 3.0 {
		t.Errorf("after free, clone: %v", a[5])
	}
	code, _, errs := jardin(t, "", "rpc", "--max-states", "0")
	if code != 2 || !strings.Contains(errs, "max-states") {
		t.Errorf("--max-states 0: exit %d, %q", code, errs)
	}
}

// A line longer than the limit is refused, and the session goes on.
func TestRPCLongLine(t *testing.T) {
	long := `{"op":"games","game":"` + strings.Repeat("x", maxRPCLine) + `"}`
	a := rpcSession(t, []string{long, `{"op":"new","game":"alices_garden_v1","players":1,"seed":1}`})
	if e, _ := a[0]["error"].(string); !strings.Contains(e, "bytes") || a[1]["state"] != 1.0 {
		t.Errorf("long line: %v, then %v", a[0], a[1])
	}
}

// Random games of every game and player count, played through the
// protocol's actions in process, to the end: the legal actions are always
// exactly the engine's legal moves.
func TestRPCLegalMatchesEngine(t *testing.T) {
	srv, err := newRPCServer(games.Registry(), 10, "en")
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range srv.games {
		lo, hi := g.game.Players()
		for n := lo; n <= hi; n++ {
			for seed := uint64(0); seed < 5; seed++ {
				rpcPlayOne(t, srv, g, n, seed)
			}
		}
	}
}

func rpcPlayOne(t *testing.T, srv *rpcServer, g *rpcGame, n int, seed uint64) {
	t.Helper()
	id := srv.handle(rpcRequest{Op: "new", Game: g.facts[n].Name, Players: n, Seed: &seed}, false).(stateAnswer).State
	defer srv.handle(rpcRequest{Op: "free", State: &id}, false)
	mirror, _ := g.game.New(n, seed, nil)
	rng := engine.NewRNG(seed)
	for step := 0; ; step++ {
		a := srv.handle(rpcRequest{Op: "legal", State: &id}, false).(*legalAnswer)
		actions := a.Actions
		var want []engine.Move
		want = mirror.LegalMoves(want)
		var got []engine.Move
		for _, x := range actions {
			m, _ := g.index[n].Move(x)
			got = append(got, m)
		}
		slices.Sort(want)
		slices.Sort(got)
		if !slices.Equal(got, want) || a.Player != mirror.ToMove() {
			t.Fatalf("%s %dp seed %d move %d: rpc offers %v for %v, the engine %v for %d", g.game.ID(), n, seed, step, got, a.Player, want, mirror.ToMove())
		}
		if len(actions) == 0 {
			return
		}
		x := actions[rng.Intn(len(actions))]
		if r, ok := srv.handle(rpcRequest{Op: "apply", State: &id, Action: &x}, false).(errorAnswer); ok {
			t.Fatalf("apply %d: %v", x, r)
		}
		m, _ := g.index[n].Move(x)
		if err := mirror.Apply(m, nil); err != nil {
			t.Fatal(err)
		}
	}
}

// FuzzRPCLine: whatever a line holds, the answer is one JSON object, and an
// error changes no state held.
func FuzzRPCLine(f *testing.F) {
	for _, s := range []string{
		`{"op":"games"}`, `{"op":"legal","state":1}`, `{"op":"apply","state":1,"action":3}`,
		`{"op":"apply","state":1,"action":-1}`, `{"op":"view","state":1,"player":-1}`,
		`{"op":"observation","state":1,"player":1}`, `{"op":"determinize","state":1,"player":0,"seed":18446744073709551615}`,
		`{"op":"batch","requests":[{"op":"clone","state":1},{"op":"free","state":1}]}`,
		`{"op":"new","game":"alices_garden_v1","players":2,"seed":1,"options":{"side":"B"}}`,
		`{"op":"free","state":1}`, `{"op":"result","state":1}`, `[]`, `null`, `{"op":1}`, `{"state":1e99}`,
		`{"op":"step","states":[1],"actions":[0],"legal":true}`, `{"op":"step","states":[1,1],"actions":[0,1]}`,
		`{"op":"apply","state":1,"actions":[0,5,70]}`, `{"op":"batch","requests":[{"op":"step","states":[1],"actions":[3]}]}`,
	} {
		f.Add([]byte(s))
	}
	reg := games.Registry()
	f.Fuzz(func(t *testing.T, line []byte) {
		srv, err := newRPCServer(reg, 4, "en")
		if err != nil {
			t.Fatal(err)
		}
		seed := uint64(1)
		srv.handle(rpcRequest{Op: "new", Game: "alices_garden_v1", Players: 2, Seed: &seed}, false)
		before := rpcSnapshot(t, srv)
		answer, err := json.Marshal(srv.handleLine(line))
		if err != nil {
			t.Fatalf("answer to %q does not encode: %v", line, err)
		}
		var obj map[string]any
		if err := json.Unmarshal(answer, &obj); err != nil || bytes.Contains(answer, []byte("\n")) {
			t.Fatalf("answer %s to %q is not one JSON object on one line", answer, line)
		}
		if _, isErr := obj["error"]; isErr && rpcSnapshot(t, srv) != before {
			t.Fatalf("the error %s to %q changed the states held", answer, line)
		}
	})
}

// rpcSnapshot is every held state's id and seat 0 view, for comparison.
func rpcSnapshot(t *testing.T, srv *rpcServer) string {
	var b strings.Builder
	ids := make([]int64, 0, len(srv.states))
	for id := range srv.states {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	for _, id := range ids {
		v, err := json.Marshal(srv.states[id].s.View(0))
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(&b, "%d %s\n", id, v)
	}
	fmt.Fprintf(&b, "next %d", srv.next)
	return b.String()
}

// brokenObserver is a real game whose observation encoder panics, as one
// meeting an id it does not know would.
type brokenObserver struct{ engine.Game }

func (b brokenObserver) Research(n int) (engine.Facts, *engine.ActionIndex, error) {
	return b.Game.(engine.Researcher).Research(n)
}

func (brokenObserver) Observe(any, int, int, []float32) []float32 { panic("unknown id") }

// An encoder's panic fails that request only: the session and its states
// go on.
func TestRPCObservationPanic(t *testing.T) {
	g, err := games.Registry().Lookup("alices-garden")
	if err != nil {
		t.Fatal(err)
	}
	srv, err := newRPCServer(engine.NewRegistry(brokenObserver{g}), 10, "en")
	if err != nil {
		t.Fatal(err)
	}
	for i, want := range []string{`{"state":1}`, `{"error":"observation: internal error of alices_garden_v1: unknown id","code":"rpc.internal"}`, `{"actions":[0,1,2,3,4],"player":1}`} {
		line := []string{`{"op":"new","game":"alices-garden","players":2,"seed":1}`, `{"op":"observation","state":1,"player":0}`, `{"op":"legal","state":1}`}[i]
		got, _ := json.Marshal(srv.handleLine([]byte(line)))
		if string(got) != want {
			t.Errorf("%s: %s, want %s", line, got, want)
		}
	}
}
