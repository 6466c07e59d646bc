package main

import (
	"fmt"

	"github.com/jardin-games/jardin/i18n"
)

// step applies one action in each of many states: the request of a program
// playing many games at once (a vectorized environment, a batch of
// self-play games), in a form compact on both sides of the pipe: two lists
// of numbers in, a list of seats (and, asked, of legal-action lists) out.
//
// It applies all or nothing: every state and action is checked first (the
// state is held, named once, not over, and the action is among its legal
// actions), then every action is applied, so that a refused step changes
// nothing, as every error of the protocol.
func (srv *rpcServer) step(req rpcRequest) (any, error) {
	if req.States == nil || req.Actions == nil {
		return nil, rpcErr("stepMissing")
	}
	if len(req.States) != len(req.Actions) {
		return nil, rpcErr("stepLengths", i18n.N("states", len(req.States)), i18n.N("actions", len(req.Actions)))
	}
	if len(req.States) > maxBatch {
		return nil, rpcErr("stepTooLong", num("n", int64(len(req.States))), num("max", maxBatch))
	}
	sts := make([]*rpcState, len(req.States))
	for i, id := range req.States {
		st, ok := srv.states[id]
		if !ok {
			return nil, rpcErr("noState", i18n.S("where", fmt.Sprintf("step: states[%d]", i)), num("state", id))
		}
		sts[i] = st
	}
	seen := make(map[*rpcState]int, len(sts))
	for i, st := range sts {
		if j, twice := seen[st]; twice {
			return nil, rpcErr("twice", num("state", req.States[i]), num("first", int64(j)), num("second", int64(i)))
		}
		seen[st] = i
		a := req.Actions[i]
		if _, ok := st.index.Move(a); !ok {
			return nil, outOfRange(fmt.Sprintf("step: actions[%d]", i), a, st.index.Len())
		}
		if st.s.Over() {
			return nil, rpcErr("overState", i18n.S("where", fmt.Sprintf("step: states[%d]", i)), num("state", req.States[i]))
		}
		legal, err := srv.legalActions(st)
		if err != nil {
			return nil, err
		}
		if !sortedHas(legal, a) {
			return nil, rpcErr("illegalIn", i18n.S("where", fmt.Sprintf("step: actions[%d]", i)), num("action", int64(a)), num("state", req.States[i]))
		}
	}
	out := &stepAnswer{Players: make([]int, len(sts))}
	if req.Legal {
		out.Actions = make([][]int, len(sts))
	}
	for i, st := range sts {
		m, _ := st.index.Move(req.Actions[i])
		if err := st.s.Apply(m, nil); err != nil {
			// The engine offered the move as legal and refused it: a bug
			// of the game, which the agreement tests would show. The
			// states before this one have moved: say so.
			return nil, rpcErr("internalStep", i18n.S("game", st.g.name), num("action", int64(req.Actions[i])),
				i18n.S("err", oneLine(errText(err, srv.lang))), num("applied", int64(i)))
		}
		st.legalOK = false
		out.Players[i] = st.s.ToMove()
		if req.Legal {
			legal, err := srv.legalActions(st)
			if err != nil {
				return nil, err
			}
			out.Actions[i] = srv.answerInts(legal)
		}
	}
	return out, nil
}

// applySequence applies actions in order to a copy of st, and keeps the
// copy only if every one was legal: a refused sequence changes nothing.
func (srv *rpcServer) applySequence(st *rpcState, req rpcRequest) (any, error) {
	if req.Action != nil {
		return nil, rpcErr("actionAndActions")
	}
	if len(req.Actions) > maxBatch {
		return nil, rpcErr("sequenceTooLong", num("n", int64(len(req.Actions))), num("max", maxBatch))
	}
	s := st.s
	if len(req.Actions) > 0 {
		s = st.s.Clone()
	}
	for i, a := range req.Actions {
		m, ok := st.index.Move(a)
		if !ok {
			return nil, outOfRange(fmt.Sprintf("apply: actions[%d]", i), a, st.index.Len())
		}
		if s.Over() {
			return nil, rpcErr("over", i18n.S("where", fmt.Sprintf("apply: actions[%d]", i)))
		}
		if err := s.Apply(m, nil); err != nil {
			return nil, rpcErr("illegalThen", i18n.S("where", fmt.Sprintf("apply: actions[%d]", i)), num("action", int64(a)),
				i18n.S("err", oneLine(errText(err, srv.lang))))
		}
	}
	if len(req.Actions) > 0 {
		st.s, st.legalOK = s, false
	}
	if req.Legal {
		return srv.legal(st)
	}
	return playerAnswer{st.s.ToMove()}, nil
}

// sortedHas reports whether the sorted xs hold x.
func sortedHas(xs []int, x int) bool {
	lo, hi := 0, len(xs)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		switch {
		case xs[m] == x:
			return true
		case xs[m] < x:
			lo = m + 1
		default:
			hi = m
		}
	}
	return false
}
