package engine

import (
	"bytes"
	"encoding/json"
)

// revealSamples is how many hidden worlds RevealsNothing tries for each
// observer, besides the real one. Eight makes a draw from a deck of a few
// cards look the same in every world with negligible odds.
const revealSamples = 8

// RevealsNothing reports whether playing m from s shows nobody anything they
// could not already see: for every seat and the spectator, m applied in
// worlds that observer cannot tell apart from s (determinizations of s for
// it) must be legal in each and leave that observer the same view and the
// same visible events. A draw, a reveal, a random effect or a move whose
// meaning depends on a hidden card all fail this. s is not changed.
func RevealsNothing(s State, m Move) bool {
	for q := Spectator; q < s.NumPlayers(); q++ {
		want, ok := seenAfter(s.Clone(), m, q)
		if !ok {
			return false
		}
		for b := uint64(1); b <= revealSamples; b++ {
			got, ok := seenAfter(s.Determinize(q, 0x7e7ea1^b*0x9e3779b97f4a7c15), m, q)
			if !ok || !bytes.Equal(got, want) {
				return false
			}
		}
	}
	return true
}

// seenAfter applies m to s and returns what q sees then: its view and the
// events visible to it, as JSON. ok is false when m is illegal in s.
func seenAfter(s State, m Move, q int) ([]byte, bool) {
	var log Log
	if err := s.Apply(m, &log); err != nil {
		return nil, false
	}
	evs := Visible(log.Events, q)
	b, err := json.Marshal(struct {
		View   any
		Events []Event
	}{s.View(q), evs})
	return b, err == nil
}

// Undoable returns how many of the last moves of a game seat may take back,
// by Board Game Arena's rule: only seat's own consecutive moves at the end of
// the game so far (nobody else has acted since), and only those that
// revealed nothing (RevealsNothing), counted back from the last. start is
// the state before moves[0]; it is not changed. Taking back k moves is
// replaying the first len(moves)-k.
func Undoable(start State, moves []Move, seat int) int {
	if !IsSeat(start, seat) || len(moves) == 0 {
		return 0
	}
	s := start.Clone()
	before := make([]State, len(moves))
	movers := make([]int, len(moves))
	for i, m := range moves {
		before[i] = s.Clone()
		movers[i] = s.ToMove()
		if err := s.Apply(m, nil); err != nil {
			return 0
		}
	}
	n := 0
	for i := len(moves) - 1; i >= 0; i-- {
		if movers[i] != seat || !RevealsNothing(before[i], moves[i]) {
			break
		}
		n++
	}
	return n
}
