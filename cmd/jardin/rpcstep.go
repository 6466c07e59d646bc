package main

import "fmt"

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
		return nil, rpcErrorf(`step: give "states" and "actions", one action per state`)
	}
	if len(req.States) != len(req.Actions) {
		return nil, rpcErrorf("step: %d states and %d actions, want one action per state", len(req.States), len(req.Actions))
	}
	if len(req.States) > maxBatch {
		return nil, rpcErrorf("step: %d states, at most %d", len(req.States), maxBatch)
	}
	sts := make([]*rpcState, len(req.States))
	for i, id := range req.States {
		st, ok := srv.states[id]
		if !ok {
			return nil, rpcErrorf("step: states[%d]: no state %d (never made, or freed)", i, id)
		}
		sts[i] = st
	}
	seen := make(map[*rpcState]int, len(sts))
	for i, st := range sts {
		if j, twice := seen[st]; twice {
			return nil, rpcErrorf("step: state %d named twice (states[%d] and states[%d]); apply a sequence with apply's \"actions\"", req.States[i], j, i)
		}
		seen[st] = i
		a := req.Actions[i]
		if _, ok := st.index.Move(a); !ok {
			return nil, rpcErrorf("step: actions[%d]: action %d out of range [0, %d)", i, a, st.index.Len())
		}
		if st.s.Over() {
			return nil, rpcErrorf("step: states[%d]: the game of state %d is over", i, req.States[i])
		}
		legal, err := srv.legalActions(st)
		if err != nil {
			return nil, err
		}
		if !sortedHas(legal, a) {
			return nil, rpcErrorf("step: actions[%d]: action %d is not legal now in state %d", i, a, req.States[i])
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
			return nil, fmt.Errorf("step: internal error of %s: legal action %d refused (%s); states[0:%d] were applied",
				st.g.name, req.Actions[i], oneLine(errText(err, "en")), i)
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
		return nil, rpcErrorf(`apply: give "action" or "actions", not both`)
	}
	if len(req.Actions) > maxBatch {
		return nil, rpcErrorf("apply: %d actions, at most %d", len(req.Actions), maxBatch)
	}
	s := st.s
	if len(req.Actions) > 0 {
		s = st.s.Clone()
	}
	for i, a := range req.Actions {
		m, ok := st.index.Move(a)
		if !ok {
			return nil, rpcErrorf("apply: actions[%d]: action %d out of range [0, %d)", i, a, st.index.Len())
		}
		if s.Over() {
			return nil, rpcErrorf("apply: actions[%d]: the game is over", i)
		}
		if err := s.Apply(m, nil); err != nil {
			return nil, rpcErrorf("apply: actions[%d]: action %d is not legal then: %s", i, a, oneLine(errText(err, "en")))
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
