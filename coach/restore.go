package coach

import (
	"fmt"

	"github.com/jardin-games/jardin/engine"
)

// KeptDecision is a decision's verdict as data, for a store: what does not
// depend on a language. The words (Words, Explain, Review) are made again
// from it in any language, and follow the catalogues as they are then.
type KeptDecision struct {
	Step        int     `json:"step"`
	Seat        int     `json:"seat"`
	Best        string  `json:"best"` // notation: the played move is the record's
	PlayedValue float64 `json:"playedValue"`
	BestValue   float64 `json:"bestValue"`
	Loss        float64 `json:"loss"`
	Error       float64 `json:"error"`
	Moves       int     `json:"moves"`
	// Estimate is Decision.Estimate; absent from decisions kept before
	// the seats' means were made of it (and valued by points ahead), which
	// Restore refuses so that they are analysed again.
	Estimate *float64 `json:"estimate"`
}

// Kept is r's decisions as data (the seats' summaries are computed from
// them again, see Restore).
func (r *Report) Kept() []KeptDecision {
	out := make([]KeptDecision, len(r.Decisions))
	for i, d := range r.Decisions {
		est := d.Estimate
		out[i] = KeptDecision{Step: d.Step, Seat: d.Seat, Best: r.Notation(d, d.Best), PlayedValue: d.PlayedValue,
			BestValue: d.BestValue, Loss: d.Loss, Error: d.Error, Moves: d.Moves, Estimate: &est}
	}
	return out
}

// Restore is the report Analyze made with seed of positions (those of
// Positions for the same record), from its decisions as kept: each
// decision's copy of its seat's view is determinized again from seed as
// Analyze did, so the report speaks (Words, Review) exactly as the one
// Analyze returned, and the seats' summaries are computed again. It fails
// when kept does not fit the positions (another record, another coach).
func Restore(g engine.Game, names []string, positions []Position, kept []KeptDecision, seed uint64) (*Report, error) {
	at := make(map[int]Position, len(positions))
	for _, p := range positions {
		at[p.Step] = p
	}
	decs := make([]Decision, len(kept))
	for i, k := range kept {
		pos, ok := at[k.Step]
		if !ok || pos.State.ToMove() != k.Seat || k.Seat < 0 || k.Seat >= len(names) {
			return nil, fmt.Errorf("coach: kept decision at move %d (seat %d) is not a decision of this record", k.Step, k.Seat)
		}
		if k.Estimate == nil {
			return nil, fmt.Errorf("coach: kept decision at move %d was made by an earlier coach (no estimate)", k.Step)
		}
		root := rootOf(pos, seed)
		best, err := root.ParseMove(k.Best)
		if err != nil {
			return nil, fmt.Errorf("coach: kept decision at move %d: best move %q: %w", k.Step, k.Best, err)
		}
		decs[i] = Decision{Step: k.Step, Seat: k.Seat, Played: pos.Played, Best: best, PlayedValue: k.PlayedValue,
			BestValue: k.BestValue, Loss: k.Loss, Error: k.Error, Moves: k.Moves, Bot: pos.Bot, Estimate: *k.Estimate, root: root}
	}
	r := &Report{Game: g, Names: names, Decisions: decs}
	r.summarize()
	return r, nil
}

// rootOf is the copy of decision pos's state that its seat could hold,
// which Analyze searches from (and Words reads): a determinization from
// the seat's view only, seeded by the analysis's seed and the step.
func rootOf(pos Position, seed uint64) engine.State {
	ds := engine.DeriveSeed(seed, "coach.decision", uint64(pos.Step))
	return pos.State.Determinize(pos.State.ToMove(), engine.DeriveSeed(ds, "coach.root"))
}

// summarize computes the summary of each seat that has decisions.
func (r *Report) summarize() {
	seats := map[int]bool{}
	for _, d := range r.Decisions {
		seats[d.Seat] = true
	}
	for p := range r.Names {
		if seats[p] {
			r.Seats = append(r.Seats, r.summary(p))
		}
	}
}
