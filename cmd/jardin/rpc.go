package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/jardin-games/jardin/engine"
	"github.com/jardin-games/jardin/i18n"
)

// jardin rpc serves the engine to programs in any language over
// newline-delimited JSON on stdin and stdout: one request per line, one
// answer per line, in order (docs/research.md is the protocol's reference).
// An error answers {"error": …, "code": …} and changes nothing (rpcerr.go).

// Limits: a program cannot exhaust the machine's memory silently. Each is a
// clear error naming the limit and its flag.
const (
	defaultMaxStates = 100000   // states held at once (--max-states)
	maxRPCLine       = 16 << 20 // bytes in one request line
	maxBatch         = 100000   // requests in one batch
)

// rpcRequest is one request. Pointers tell a field not given from a zero.
type rpcRequest struct {
	Op       string            `json:"op"`
	Game     string            `json:"game,omitempty"`
	Players  int               `json:"players,omitempty"`
	Seed     *uint64           `json:"seed,omitempty"`
	Options  map[string]string `json:"options,omitempty"`
	State    *int64            `json:"state,omitempty"`
	Action   *int              `json:"action,omitempty"`
	Player   *int              `json:"player,omitempty"`
	Legal    bool              `json:"legal,omitempty"` // apply: answer the next legal actions too
	Moves    bool              `json:"moves,omitempty"` // legal: the engine's legal moves in notation too
	Requests []json.RawMessage `json:"requests,omitempty"`
	States   []int64           `json:"states,omitempty"`  // step: the states, one action each
	Actions  []int             `json:"actions,omitempty"` // step: the actions; apply: a sequence

	parsed []rpcRequest // a batch's requests, read by parseFast; nil: decode Requests
}

// rpcGame is a game as rpc offers it: the game, its research face and, per
// player count, its facts and action index.
type rpcGame struct {
	name  string // the versioned name
	game  engine.Game
	r     engine.Researcher
	facts map[int]engine.Facts
	index map[int]*engine.ActionIndex
}

// rpcState is one state held for the program.
type rpcState struct {
	s     engine.State
	g     *rpcGame
	index *engine.ActionIndex
	// legal is the state's legal actions, sorted, once asked (legalOK);
	// apply forgets it. step checks every action against it before
	// applying any.
	legal   []int
	legalOK bool
}

// rpcServer holds the states of one session.
type rpcServer struct {
	games     []*rpcGame
	byName    map[string]*rpcGame // id and versioned name
	states    map[int64]*rpcState
	next      int64
	maxStates int
	lang      string        // the errors' language
	moves     []engine.Move // scratch
	obs       []float32     // scratch
	// ints holds the action lists of the answers to the line being
	// answered; serve empties it once they are written.
	ints []int
}

func newRPCServer(reg *engine.Registry, maxStates int, lang string) (*rpcServer, error) {
	srv := &rpcServer{byName: map[string]*rpcGame{}, states: map[int64]*rpcState{}, next: 1, maxStates: maxStates, lang: lang}
	for _, g := range reg.All() {
		r, ok := g.(engine.Researcher)
		if !ok {
			continue // only games with a research face are offered
		}
		rg := &rpcGame{game: g, r: r, facts: map[int]engine.Facts{}, index: map[int]*engine.ActionIndex{}}
		lo, hi := g.Players()
		for n := lo; n <= hi; n++ {
			f, idx, err := r.Research(n)
			if err != nil {
				return nil, fmt.Errorf("%s, %d players: %w", g.ID(), n, err)
			}
			rg.facts[n], rg.index[n] = f, idx
		}
		srv.games = append(srv.games, rg)
		srv.byName[g.ID()] = rg
		rg.name = rg.facts[hi].Name
		srv.byName[rg.name] = rg
	}
	return srv, nil
}

// decodeRequest reads one request strictly: one JSON object, known fields
// only, nothing after it.
func decodeRequest(line []byte) (rpcRequest, error) {
	var req rpcRequest
	dec := json.NewDecoder(bytes.NewReader(line))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&req); err != nil {
		return rpcRequest{}, badRequest(err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return rpcRequest{}, rpcErr("twoValues")
	}
	if req.Op == "" {
		return rpcRequest{}, rpcErr("noOp")
	}
	return req, nil
}

// handleLine answers one line. It never fails: errors are answers.
func (srv *rpcServer) handleLine(line []byte) any {
	req, ok := parseFast(line)
	if !ok {
		var err error
		if req, err = decodeRequest(line); err != nil {
			return srv.errAnswer(err)
		}
	}
	return srv.handle(req, true)
}

func (srv *rpcServer) handle(req rpcRequest, batchOK bool) any {
	a, err := srv.do(req, batchOK)
	if err != nil {
		return srv.errAnswer(err)
	}
	return a
}

// gameFacts is a game as the games op lists it: its facts at its largest
// player count (numActions and observationLength are the same at every
// count for the five games) and its player range and options.
type gameFacts struct {
	engine.Facts
	Players [2]int              `json:"players"`
	Options []engine.OptionSpec `json:"options"`
	// MaxDecisionsByPlayers is maxDecisions per player count (the
	// largest is MaxDecisions): keyed by the count, as JSON keys are.
	MaxDecisionsByPlayers map[string]int `json:"maxDecisionsByPlayers"`
}

func (srv *rpcServer) do(req rpcRequest, batchOK bool) (any, error) {
	switch req.Op {
	case "games":
		out := make([]gameFacts, 0, len(srv.games))
		for _, g := range srv.games {
			lo, hi := g.game.Players()
			f := gameFacts{Facts: g.facts[hi], Players: [2]int{lo, hi}, Options: g.game.Options(), MaxDecisionsByPlayers: map[string]int{}}
			for n := lo; n <= hi; n++ { // the largest of each, should a count differ
				f.MaxDecisionsByPlayers[strconv.Itoa(n)] = g.facts[n].MaxDecisions
				f.NumActions = max(f.NumActions, g.facts[n].NumActions)
				f.MaxDecisions = max(f.MaxDecisions, g.facts[n].MaxDecisions)
				f.ObservationLength = max(f.ObservationLength, g.facts[n].ObservationLength)
			}
			if f.Options == nil {
				f.Options = []engine.OptionSpec{}
			}
			out = append(out, f)
		}
		return map[string]any{"games": out}, nil
	case "new":
		g, ok := srv.byName[req.Game]
		if !ok {
			names := make([]string, 0, len(srv.games))
			for _, g := range srv.games {
				names = append(names, g.name)
			}
			return nil, rpcErr("unknownGame", i18n.S("game", quoted(req.Game)), i18n.S("known", strings.Join(names, ", ")))
		}
		if req.Seed == nil {
			return nil, rpcErr("missing", i18n.S("op", "new"), i18n.S("field", `"seed"`))
		}
		if err := srv.room(1); err != nil {
			return nil, err
		}
		s, err := g.game.New(req.Players, *req.Seed, engine.Options(req.Options))
		if err != nil {
			return nil, rpcErr("newRefused", i18n.S("err", oneLine(errText(err, srv.lang))))
		}
		return stateAnswer{srv.hold(s, g)}, nil
	case "batch":
		if !batchOK {
			return nil, rpcErr("nestedBatch")
		}
		if len(req.Requests) > maxBatch {
			return nil, rpcErr("batchTooLong", num("n", int64(len(req.Requests))), num("max", maxBatch))
		}
		out := make([]any, len(req.Requests))
		if req.parsed != nil {
			for i, sub := range req.parsed {
				out[i] = srv.handle(sub, false)
			}
			return batchAnswer{out}, nil
		}
		for i, raw := range req.Requests {
			sub, err := decodeRequest(raw)
			if err != nil {
				out[i] = srv.errAnswer(err)
				continue
			}
			out[i] = srv.handle(sub, false)
		}
		return batchAnswer{out}, nil
	case "step":
		return srv.step(req)
	}
	// every other op names a state
	if req.State == nil {
		if !knownOp(req.Op) {
			return nil, unknownOp(req.Op)
		}
		return nil, rpcErr("missing", i18n.S("op", req.Op), i18n.S("field", `"state"`))
	}
	st, ok := srv.states[*req.State]
	if !ok {
		if !knownOp(req.Op) {
			return nil, unknownOp(req.Op)
		}
		return nil, rpcErr("noState", i18n.S("where", req.Op), num("state", *req.State))
	}
	switch req.Op {
	case "legal":
		if req.Moves {
			return srv.legalMoves(st)
		}
		return srv.legal(st)
	case "notation":
		if req.Action == nil {
			return nil, rpcErr("missing", i18n.S("op", "notation"), i18n.S("field", `"action"`))
		}
		m, ok := st.index.Move(*req.Action)
		if !ok {
			return nil, outOfRange("notation", *req.Action, st.index.Len())
		}
		return map[string]string{"move": st.s.FormatMove(m)}, nil
	case "apply":
		if req.Actions != nil {
			return srv.applySequence(st, req)
		}
		if req.Action == nil {
			return nil, rpcErr("missingAction")
		}
		m, ok := st.index.Move(*req.Action)
		if !ok {
			return nil, outOfRange("apply", *req.Action, st.index.Len())
		}
		if st.s.Over() {
			return nil, rpcErr("over", i18n.S("where", "apply"))
		}
		// Apply refuses an illegal move with a *RuleError and changes
		// nothing (the engine's contract).
		if err := st.s.Apply(m, nil); err != nil {
			return nil, rpcErr("illegal", i18n.S("where", "apply"), num("action", int64(*req.Action)),
				i18n.S("err", oneLine(errText(err, srv.lang))))
		}
		st.legalOK = false
		if req.Legal {
			return srv.legal(st)
		}
		return playerAnswer{st.s.ToMove()}, nil
	case "view":
		p, err := seatArg(req, st, true)
		if err != nil {
			return nil, err
		}
		return map[string]any{"view": st.s.View(p)}, nil
	case "observation":
		p, err := seatArg(req, st, false)
		if err != nil {
			return nil, err
		}
		return srv.observe(st, p)
	case "determinize":
		p, err := seatArg(req, st, true)
		if err != nil {
			return nil, err
		}
		if req.Seed == nil {
			return nil, rpcErr("missing", i18n.S("op", "determinize"), i18n.S("field", `"seed"`))
		}
		if err := srv.room(1); err != nil {
			return nil, err
		}
		return stateAnswer{srv.hold(st.s.Determinize(p, *req.Seed), st.g)}, nil
	case "clone":
		if err := srv.room(1); err != nil {
			return nil, err
		}
		return stateAnswer{srv.hold(st.s.Clone(), st.g)}, nil
	case "free":
		delete(srv.states, *req.State)
		return map[string]any{}, nil
	case "result":
		res := st.s.Result()
		returns := make([]int, st.s.NumPlayers())
		for p := range returns {
			returns[p] = st.s.Score(p)
		}
		return map[string]any{"over": st.s.Over(), "result": res, "returns": returns}, nil
	}
	return nil, unknownOp(req.Op)
}

func unknownOp(op string) error {
	return rpcErr("unknownOp", i18n.S("op", quoted(op)), i18n.S("ops", rpcOps))
}

// outOfRange is the error of an action outside [0, n); where is the op,
// and the action's place in a list.
func outOfRange(where string, action, n int) error {
	return rpcErr("outOfRange", i18n.S("where", where), num("action", int64(action)), num("n", int64(n)))
}

func knownOp(op string) bool {
	switch op {
	case "games", "new", "legal", "apply", "view", "observation", "determinize", "clone", "free", "result", "batch", "notation", "step":
		return true
	}
	return false
}

// seatArg is the request's player: a seat, or with spectator also -1.
func seatArg(req rpcRequest, st *rpcState, spectator bool) (int, error) {
	if req.Player == nil {
		return 0, rpcErr("missing", i18n.S("op", req.Op), i18n.S("field", `"player"`))
	}
	p := *req.Player
	if p == engine.Spectator && spectator || engine.IsSeat(st.s, p) {
		return p, nil
	}
	name := "notSeat"
	if spectator {
		name = "notSeatOrSpectator"
	}
	return 0, rpcErr(name, i18n.S("op", req.Op), num("player", int64(p)), i18n.N("n", st.s.NumPlayers()))
}

func (srv *rpcServer) legal(st *rpcState) (any, error) {
	actions, err := srv.legalActions(st)
	if err != nil {
		return nil, err
	}
	return &legalAnswer{Actions: srv.answerInts(actions), Player: st.s.ToMove()}, nil
}

// legalActions are st's legal actions, sorted: remembered until the state
// changes. The slice is st's own: copy it to keep it.
func (srv *rpcServer) legalActions(st *rpcState) ([]int, error) {
	if st.legalOK {
		return st.legal, nil
	}
	actions, moves, err := st.index.LegalActions(st.s, srv.moves, st.legal[:0])
	srv.moves = moves
	if err != nil {
		return nil, err
	}
	st.legal, st.legalOK = actions, true
	return actions, nil
}

// answerInts copies xs into the answers' scratch: the copy stays as it is
// until the line's answer is written, whatever happens to the state.
func (srv *rpcServer) answerInts(xs []int) []int {
	start := len(srv.ints)
	srv.ints = append(srv.ints, xs...)
	return srv.ints[start:len(srv.ints):len(srv.ints)]
}

// legalMoves is legal with the engine's own legal moves in notation, in
// the engine's order, listed straight from LegalMoves ("moves"), and the
// notation of each action through the action index ("actionMoves"), so that
// a program can check the two agree.
func (srv *rpcServer) legalMoves(st *rpcState) (any, error) {
	a, err := srv.legal(st)
	if err != nil {
		return nil, err
	}
	moves := st.s.LegalMoves(nil)
	names := make([]string, len(moves))
	for i, m := range moves {
		names[i] = st.s.FormatMove(m)
	}
	la := a.(*legalAnswer)
	via := make([]string, len(la.Actions))
	for i, x := range la.Actions {
		m, _ := st.index.Move(x)
		via[i] = st.s.FormatMove(m)
	}
	return map[string]any{"player": la.Player, "actions": la.Actions, "moves": names, "actionMoves": via}, nil
}

// observe encodes seat p's observation. An encoder that does not know an
// id of its view panics (a bug of the game, engine.Vocabulary); reading
// changes nothing, so that one request fails and the session goes on.
func (srv *rpcServer) observe(st *rpcState, p int) (a any, err error) {
	defer func() {
		if r := recover(); r != nil {
			a, err = nil, rpcErr("internal", i18n.S("op", "observation"), i18n.S("game", st.g.name), i18n.S("err", fmt.Sprint(r)))
		}
	}()
	srv.obs = engine.Observation(st.g.r, st.s, p, srv.obs[:0])
	return map[string]any{"observation": srv.obs}, nil
}

// room checks that n more states fit under the limit.
func (srv *rpcServer) room(n int) error {
	if len(srv.states)+n > srv.maxStates {
		return rpcErr("tooManyStates", num("n", int64(len(srv.states))))
	}
	return nil
}

func (srv *rpcServer) hold(s engine.State, g *rpcGame) int64 {
	id := srv.next
	srv.next++
	srv.states[id] = &rpcState{s: s, g: g, index: g.index[s.NumPlayers()]}
	return id
}

// serve answers every line of in on out until in ends.
func (srv *rpcServer) serve(in io.Reader, out io.Writer) error {
	r := bufio.NewReaderSize(in, 1<<16)
	w := bufio.NewWriterSize(out, 1<<16)
	var buf []byte
	for {
		line, err := readLine(r)
		if len(bytes.TrimSpace(line)) > 0 || errors.Is(err, errRPCLineTooLong) {
			var a any
			if errors.Is(err, errRPCLineTooLong) {
				a = srv.errAnswer(rpcErr("lineTooLong", num("max", maxRPCLine)))
			} else {
				a = srv.handleLine(line)
			}
			var encErr error
			if buf, encErr = appendAnswer(buf[:0], a); encErr != nil {
				return fmt.Errorf("rpc: encoding an answer: %w", encErr)
			}
			srv.ints = srv.ints[:0]
			if _, err := w.Write(append(buf, '\n')); err != nil {
				return fmt.Errorf("rpc: writing an answer: %w", err)
			}
			// flush when the program has sent nothing more: it waits
			if r.Buffered() == 0 {
				if err := w.Flush(); err != nil {
					return fmt.Errorf("rpc: writing an answer: %w", err)
				}
			}
		}
		if err == io.EOF {
			return w.Flush()
		}
		if err != nil && !errors.Is(err, errRPCLineTooLong) {
			return fmt.Errorf("rpc: reading requests: %w", err)
		}
	}
}

var errRPCLineTooLong = errors.New("line too long")

// readLine reads one line without its newline; a line longer than
// maxRPCLine is skipped to its end and reported as errRPCLineTooLong.
func readLine(r *bufio.Reader) ([]byte, error) {
	var line []byte
	for {
		chunk, err := r.ReadSlice('\n')
		if len(line)+len(chunk) > maxRPCLine+1 {
			for errors.Is(err, bufio.ErrBufferFull) {
				_, err = r.ReadSlice('\n')
			}
			if err != nil && err != io.EOF {
				return nil, err
			}
			return nil, errRPCLineTooLong
		}
		line = append(line, chunk...)
		if errors.Is(err, bufio.ErrBufferFull) {
			continue
		}
		return bytes.TrimSuffix(line, []byte("\n")), err
	}
}

// cmdRPC is jardin rpc: docs/research.md.
func cmdRPC(e *env, args []string) error {
	fs := flag.NewFlagSet("rpc", flag.ContinueOnError)
	maxStates := fs.Int("max-states", defaultMaxStates, "cli.flag.rpc.max-states")
	langFlag := fs.String("lang", "", "cli.flag.rpc.lang")
	if _, err := e.parse(fs, args, 0, 0, "cli.wantRPC"); err != nil {
		return err
	}
	lang, err := e.lang(*langFlag)
	if err != nil {
		return err
	}
	if *maxStates < 1 {
		return usageErr("cli.rpcMaxStates")
	}
	srv, err := newRPCServer(e.reg, *maxStates, lang)
	if err != nil {
		return err
	}
	return srv.serve(e.stdin, e.stdout)
}

func init() { commands["rpc"] = cmdRPC }
