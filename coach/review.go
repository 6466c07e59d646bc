package coach

import (
	"strconv"

	"github.com/jardin-games/jardin/record"
)

// Review is a report as JSON, one shape for `jardin analyze --json` and
// GET /api/tables/{id}/analysis (docs/cli.md, docs/server.md): values in
// points rounded to hundredths, the moves in notation (a finished game's
// record is public) and in words.
type Review struct {
	Seats     []ReviewSeat     `json:"seats"`
	Decisions []ReviewDecision `json:"decisions"`
}

// ReviewSeat is a seat's summary: its mean loss a decision and its
// costliest decisions, explained.
type ReviewSeat struct {
	Seat          int            `json:"seat"`
	Name          string         `json:"name"`
	Decisions     int            `json:"decisions"`
	MeanLoss      float64        `json:"meanLoss"`
	MeanLossError float64        `json:"meanLossError"`
	Costliest     []ReviewCostly `json:"costliest"`
}

// ReviewCostly is one of a seat's costliest decisions.
type ReviewCostly struct {
	Step        int     `json:"step"`
	Loss        float64 `json:"loss"`
	Explanation string  `json:"explanation"`
}

// ReviewDecision is one decision: the move played and the best found, each
// with its value, and the loss between them with its error.
type ReviewDecision struct {
	Step        int     `json:"step"`
	Seat        int     `json:"seat"`
	Played      string  `json:"played"`
	PlayedValue float64 `json:"playedValue"`
	Best        string  `json:"best"`
	BestValue   float64 `json:"bestValue"`
	Loss        float64 `json:"loss"`
	Error       float64 `json:"error"`
	PlayedWords string  `json:"playedWords"` // the moves in words of the language
	BestWords   string  `json:"bestWords"`
}

// Review is r as JSON in lang, from the record it was made of.
func (r *Report) Review(rec *record.Record, lang string) Review {
	out := Review{Seats: []ReviewSeat{}, Decisions: []ReviewDecision{}}
	for _, s := range r.Seats {
		rs := ReviewSeat{Seat: s.Seat, Name: r.Names[s.Seat], Decisions: s.Decisions, MeanLoss: round2(s.MeanLoss),
			MeanLossError: round2(s.MeanLossError), Costliest: []ReviewCostly{}}
		for _, i := range s.Costliest {
			d := r.Decisions[i]
			rs.Costliest = append(rs.Costliest, ReviewCostly{Step: d.Step, Loss: round2(d.Loss), Explanation: r.Explain(d, lang)})
		}
		out.Seats = append(out.Seats, rs)
	}
	for _, d := range r.Decisions {
		rd := ReviewDecision{Step: d.Step, Seat: d.Seat, Played: rec.Moves[d.Step-1].Move,
			PlayedValue: round2(d.PlayedValue), Best: r.Notation(d, d.Best), BestValue: round2(d.BestValue),
			Loss: round2(d.Loss), Error: round2(d.Error), PlayedWords: r.Words(d, d.Played, lang),
			BestWords: r.Words(d, d.Best, lang)}
		out.Decisions = append(out.Decisions, rd)
	}
	return out
}

// round2 keeps two decimals: the search's precision is far coarser.
func round2(v float64) float64 {
	r, _ := strconv.ParseFloat(strconv.FormatFloat(v, 'f', 2, 64), 64)
	return r
}
