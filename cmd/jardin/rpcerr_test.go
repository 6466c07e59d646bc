package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/jardin-games/jardin/engine"
	"github.com/jardin-games/jardin/games"
	"github.com/jardin-games/jardin/shelltext"
)

// refusingApplier is a real game whose states refuse every move they
// offer, as a game with a bug in its legal moves would.
type refusingApplier struct{ engine.Game }

func (g refusingApplier) Research(n int) (engine.Facts, *engine.ActionIndex, error) {
	return g.Game.(engine.Researcher).Research(n)
}

func (g refusingApplier) Observe(view any, player, players int, buf []float32) []float32 {
	return g.Game.(engine.Researcher).Observe(view, player, players, buf)
}

func (g refusingApplier) New(players int, seed uint64, opts engine.Options) (engine.State, error) {
	s, err := g.Game.New(players, seed, opts)
	return refusingState{s}, err
}

type refusingState struct{ engine.State }

func (refusingState) Apply(engine.Move, *engine.Log) error { return errors.New("refused") }

// rpcErrorCase is a request that errs, the code it must answer, and the
// session it is sent to: state 1 a new 2-player Alice's Garden, state 2 a
// finished one.
type rpcErrorCase struct {
	line      string
	code      string
	maxStates int              // 0: 10
	reg       *engine.Registry // nil: the games
}

// rpcErrorCases is every error path of the protocol. illegal is an
// action in range but not legal in state 1.
func rpcErrorCases(illegal int) []rpcErrorCase {
	broken := func(wrap func(engine.Game) engine.Game) *engine.Registry {
		g, err := games.Registry().Lookup("alices-garden")
		if err != nil {
			panic(err)
		}
		return engine.NewRegistry(wrap(g))
	}
	many := func(item string) string { return strings.TrimSuffix(strings.Repeat(item+",", maxBatch+1), ",") }
	return []rpcErrorCase{
		{line: `not json`, code: "rpc.badJSON"},
		{line: `{"op":"legal"`, code: "rpc.cutShort"},
		{line: `[]`, code: "rpc.notObject"},
		{line: `{"op":1}`, code: "rpc.badType"},
		{line: `{"op":"legal","state":1,"nope":1}`, code: "rpc.unknownField"},
		{line: `{"op":"games"} {}`, code: "rpc.twoValues"},
		{line: `{"state":1}`, code: "rpc.noOp"},
		{line: `{"op":"nope"}`, code: "rpc.unknownOp"},
		{line: `{"op":"nope","state":1}`, code: "rpc.unknownOp"},
		{line: `{"op":"nope","state":99}`, code: "rpc.unknownOp"},
		{line: `{"op":"new","game":"chess","players":2,"seed":1}`, code: "rpc.unknownGame"},
		{line: `{"op":"new","game":"alices_garden_v1","players":2}`, code: "rpc.missing"},
		{line: `{"op":"legal"}`, code: "rpc.missing"},
		{line: `{"op":"view","state":1}`, code: "rpc.missing"},
		{line: `{"op":"notation","state":1}`, code: "rpc.missing"},
		{line: `{"op":"determinize","state":1,"player":0}`, code: "rpc.missing"},
		{line: `{"op":"apply","state":1}`, code: "rpc.missingAction"},
		{line: `{"op":"apply","state":1,"action":0,"actions":[0]}`, code: "rpc.actionAndActions"},
		{line: `{"op":"step","states":[1]}`, code: "rpc.stepMissing"},
		{line: `{"op":"step","states":[1],"actions":[0,0]}`, code: "rpc.stepLengths"},
		{line: `{"op":"new","game":"alices_garden_v1","players":9,"seed":1}`, code: "rpc.newRefused"},
		{line: `{"op":"batch","requests":[{"op":"batch","requests":[]}]}`, code: "rpc.nestedBatch"},
		{line: `{"op":"batch","requests":[` + many(`{"op":"games"}`) + `]}`, code: "rpc.batchTooLong"},
		{line: `{"op":"step","states":[` + many("1") + `],"actions":[` + many("0") + `]}`, code: "rpc.stepTooLong"},
		{line: `{"op":"apply","state":1,"actions":[` + many("0") + `]}`, code: "rpc.sequenceTooLong"},
		{line: `{"op":"legal","state":99}`, code: "rpc.noState"},
		{line: `{"op":"step","states":[1,99],"actions":[0,0]}`, code: "rpc.noState"},
		{line: `{"op":"notation","state":1,"action":999999}`, code: "rpc.outOfRange"},
		{line: `{"op":"apply","state":1,"action":-1}`, code: "rpc.outOfRange"},
		{line: `{"op":"apply","state":1,"actions":[999999]}`, code: "rpc.outOfRange"},
		{line: `{"op":"step","states":[1],"actions":[999999]}`, code: "rpc.outOfRange"},
		{line: `{"op":"apply","state":2,"action":0}`, code: "rpc.over"},
		{line: `{"op":"apply","state":2,"actions":[0]}`, code: "rpc.over"},
		{line: `{"op":"step","states":[2],"actions":[0]}`, code: "rpc.overState"},
		{line: fmt.Sprintf(`{"op":"apply","state":1,"action":%d}`, illegal), code: "rpc.illegal"},
		{line: fmt.Sprintf(`{"op":"apply","state":1,"actions":[%d]}`, illegal), code: "rpc.illegalThen"},
		{line: fmt.Sprintf(`{"op":"step","states":[1],"actions":[%d]}`, illegal), code: "rpc.illegalIn"},
		{line: `{"op":"step","states":[1,1],"actions":[0,0]}`, code: "rpc.twice"},
		{line: `{"op":"observation","state":1,"player":-1}`, code: "rpc.notSeat"},
		{line: `{"op":"view","state":1,"player":5}`, code: "rpc.notSeatOrSpectator"},
		{line: `{"op":"clone","state":1}`, code: "rpc.tooManyStates", maxStates: 2},
		{line: `{"op":"observation","state":1,"player":0}`, code: "rpc.internal",
			reg: broken(func(g engine.Game) engine.Game { return brokenObserver{g} })},
		{line: `{"op":"step","states":[1],"actions":[0]}`, code: "rpc.internalStep",
			reg: broken(func(g engine.Game) engine.Game { return refusingApplier{g} })},
	}
}

// rpcErrSession is a session of reg with state 1 new and state 2 finished
// (played by its first legal action each time, which the refusing game
// cannot: its state 2 is as new).
func rpcErrSession(t *testing.T, reg *engine.Registry, maxStates int, lang string) *rpcServer {
	t.Helper()
	srv, err := newRPCServer(reg, maxStates, lang)
	if err != nil {
		t.Fatal(err)
	}
	seed := uint64(1)
	for range 2 {
		if a, ok := srv.handle(rpcRequest{Op: "new", Game: "alices_garden_v1", Players: 2, Seed: &seed}, false).(errorAnswer); ok {
			t.Fatal(a)
		}
	}
	st := srv.states[2]
	for !st.s.Over() {
		m := st.s.LegalMoves(nil)
		if err := st.s.Apply(m[0], nil); err != nil {
			break
		}
	}
	return srv
}

// Every error path answers its code and a sentence of the catalogue in the
// session's language, and changes no state held.
func TestRPCErrorCodes(t *testing.T) {
	srv := rpcErrSession(t, games.Registry(), 10, "en")
	legal, err := srv.legalActions(srv.states[1])
	if err != nil {
		t.Fatal(err)
	}
	illegal := 0
	for slices.Contains(legal, illegal) {
		illegal++
	}
	cases := rpcErrorCases(illegal)
	reached := map[string]bool{}
	for _, c := range cases {
		reached[c.code] = true
		english := ""
		for _, lang := range []string{"en", "fr", "de"} {
			reg, maxStates := c.reg, c.maxStates
			if reg == nil {
				reg = games.Registry()
			}
			if maxStates == 0 {
				maxStates = 10
			}
			srv := rpcErrSession(t, reg, maxStates, lang)
			before := rpcSnapshot(t, srv)
			a := srv.handleLine([]byte(c.line))
			if b, ok := a.(batchAnswer); ok && len(b.Answers) == 1 {
				a = b.Answers[0]
			}
			e, ok := a.(errorAnswer)
			short := c.line[:min(len(c.line), 80)]
			if !ok {
				t.Errorf("%s %s: answered %v, want an error", lang, short, a)
				continue
			}
			if e.Code != c.code {
				t.Errorf("%s %s: code %q (%s), want %q", lang, short, e.Code, e.Error, c.code)
			}
			if e.Error == "" || strings.Contains(e.Error, "cli.rpc.") || strings.ContainsAny(e.Error, "{}\n") {
				t.Errorf("%s %s: %q is not a whole sentence of the catalogue", lang, short, e.Error)
			}
			if lang == "en" {
				english = e.Error
			} else if e.Error == english {
				t.Errorf("%s %s: %q, the English sentence", lang, short, e.Error)
			}
			if after := rpcSnapshot(t, srv); after != before {
				t.Errorf("%s %s: the error changed the states held", lang, short)
			}
		}
	}
	// every message of the protocol has a path that answers it: here, or
	// in TestRPCLineTooLongLang; the decoder's other refusals have none
	// today (badRequest keeps its words)
	reached["rpc.lineTooLong"], reached["rpc.badRequest"] = true, true
	for _, id := range shelltext.Bundle().Catalog("en").IDs() {
		if code, ok := strings.CutPrefix(id, "cli."); ok && strings.HasPrefix(id, rpcMsg) && !reached[code] {
			t.Errorf("no test answers %s", id)
		}
	}
	if got := rpcCode(badRequest(errors.New("json: something new"))); got != "rpc.badRequest" {
		t.Errorf("another decoder error: code %q", got)
	}
}

// A line too long answers its code in the session's language, and the
// error answer is written as encoding/json writes it.
func TestRPCLineTooLongLang(t *testing.T) {
	long := `{"op":"games","game":"` + strings.Repeat("x", maxRPCLine) + `"}` + "\n"
	for lang, want := range map[string]string{"en": "bad request", "fr": "requête invalide", "de": "ungültige Anfrage"} {
		srv, err := newRPCServer(games.Registry(), 10, lang)
		if err != nil {
			t.Fatal(err)
		}
		var out bytes.Buffer
		if err := srv.serve(strings.NewReader(long), &out); err != nil {
			t.Fatal(err)
		}
		var a errorAnswer
		if err := json.Unmarshal(out.Bytes(), &a); err != nil || a.Code != "rpc.lineTooLong" || !strings.Contains(a.Error, want) {
			t.Errorf("%s: %s (%v), want code rpc.lineTooLong and %q", lang, out.Bytes(), err, want)
		}
	}
}

// jardin rpc speaks --lang, else the environment's language, and refuses
// a language it does not have.
func TestRPCLangFlag(t *testing.T) {
	for _, c := range []struct {
		args []string
		env  string
		want string
	}{
		{nil, "", "unknown op"},
		{[]string{"--lang", "fr"}, "", "opération inconnue"},
		{nil, "de_DE.UTF-8", "unbekannte Operation"},
		{[]string{"--lang", "en"}, "de_DE.UTF-8", "unknown op"},
	} {
		term := term{getenv: func(k string) string {
			if k == "LANG" {
				return c.env
			}
			return ""
		}}
		code, out, errs := term.run(t, `{"op":"nope"}`+"\n", append([]string{"rpc"}, c.args...)...)
		if code != 0 || errs != "" {
			t.Fatalf("%v %s: exit %d, %s", c.args, c.env, code, errs)
		}
		var a errorAnswer
		if err := json.Unmarshal([]byte(out), &a); err != nil || a.Code != "rpc.unknownOp" || !strings.Contains(a.Error, c.want) {
			t.Errorf("%v LANG=%s: %s, want code rpc.unknownOp and %q", c.args, c.env, out, c.want)
		}
	}
	if code, _, errs := jardin(t, "", "rpc", "--lang", "klingon"); code != 2 || !strings.Contains(errs, "--lang") {
		t.Errorf("--lang klingon: exit %d, %s", code, errs)
	}
}

// docs/research.md lists every code a program may meet.
func TestRPCErrorCodesDocumented(t *testing.T) {
	doc, err := os.ReadFile("../../docs/research.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range shelltext.Bundle().Catalog("en").IDs() {
		if code, ok := strings.CutPrefix(id, "cli."); ok && strings.HasPrefix(id, rpcMsg) && !bytes.Contains(doc, []byte("`"+code+"`")) {
			t.Errorf("docs/research.md does not list the code %s", code)
		}
	}
}
