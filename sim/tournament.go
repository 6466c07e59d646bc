package sim

import (
	"context"
	"math"
	"sort"
	"sync"
	"time"

	"github.com/jardin-games/jardin/engine"
)

// Config describes a tournament: Games games of Game between bots of the
// given Seats kinds. Game i uses seed Seed+i, so a tournament replays.
type Config struct {
	Game    engine.Game
	Seats   []string
	Games   int
	Seed    uint64
	Options engine.Options
	Jobs    int
	// Rotate seats the bots in turn: in game i, the bot listed at p sits at
	// seat (p+i) mod n, so every bot plays every seat equally often. The
	// report's "seats" are then the bots in the order listed, wherever they
	// sat; comparing bots fairly needs this whenever a seat (such as the
	// first to play) is an advantage.
	Rotate bool
	// Progress, if set, is called after each game with the count done.
	Progress func(done, total int)
}

// Interval is a proportion with its 95% confidence interval (Wilson).
type Interval struct {
	Rate float64 `json:"rate"`
	Lo   float64 `json:"lo"`
	Hi   float64 `json:"hi"`
}

// Stats describe the distribution of a quantity over the games.
type Stats struct {
	Mean   float64 `json:"mean"`
	SD     float64 `json:"sd"`
	Min    float64 `json:"min"`
	P10    float64 `json:"p10"`
	Median float64 `json:"median"`
	P90    float64 `json:"p90"`
	Max    float64 `json:"max"`
}

// SeatReport is one seat's line of the report.
type SeatReport struct {
	Seat    int              `json:"seat"`
	Kind    string           `json:"kind"`
	Wins    float64          `json:"wins"` // a shared win counts 1/k
	WinRate Interval         `json:"winRate"`
	Total   Stats            `json:"total"`
	ByCat   map[string]Stats `json:"byCategory"`
	Ratings map[string]int   `json:"ratings,omitempty"`
	// Think is the bot's wall time per decision, over all games. Unlike
	// the rest of the report it depends on the machine, its load and
	// --jobs: one game per core measures a bot on one core.
	Think Think `json:"think"`
}

// Think is a bot's thinking time per decision, in milliseconds.
type Think struct {
	Decisions int     `json:"decisions"`
	MeanMS    float64 `json:"meanMs"`
	MaxMS     float64 `json:"maxMs"`
}

// PositionReport is the win rate of the player at one position of the turn
// order (0: the first to decide), whatever bot sits there: the first-player
// advantage.
type PositionReport struct {
	Position int      `json:"position"`
	Wins     float64  `json:"wins"`
	WinRate  Interval `json:"winRate"`
}

// ComponentReport is how often a player holding a component at the end
// won, against the overall win rate of a player (for games whose states
// report their components).
type ComponentReport struct {
	Component string   `json:"component"`
	Held      int      `json:"held"` // player-games holding it
	WinRate   Interval `json:"winRate"`
	Lift      float64  `json:"lift"` // win rate holding it / overall win rate
}

// Report is a tournament's summary.
type Report struct {
	Game       string            `json:"game"`
	Players    int               `json:"players"`
	Games      int               `json:"games"`
	Seed       uint64            `json:"seed"`
	Rotated    bool              `json:"rotated,omitempty"`
	Categories []engine.Category `json:"categories"`
	Seats      []SeatReport      `json:"seats"`
	Positions  []PositionReport  `json:"positions,omitempty"`
	Moves      Stats             `json:"moves"` // decisions per game
	Components []ComponentReport `json:"components,omitempty"`
	// Totals holds every seat's final totals, game by game (game i played
	// with seed Seed+i), for plots and for comparing bots game by game: two
	// solo runs with the same seeds play the same deals.
	Totals [][]int `json:"totals"`
}

type outcome struct {
	res        engine.Result
	moves      int
	first      int        // seat of the first decision
	components [][]string // per seat, when the game reports them
	think      []thinking
	err        error
}

// Run plays the tournament on Jobs goroutines (never more than there are
// games). The report does not depend on Jobs.
func Run(ctx context.Context, cfg Config) (*Report, error) {
	jobs := workers(cfg)
	outs := make([]outcome, cfg.Games)
	idx := make(chan int)
	var wg sync.WaitGroup
	var mu sync.Mutex
	done := 0
	for w := 0; w < jobs; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range idx {
				shift := 0
				if cfg.Rotate {
					shift = i % len(cfg.Seats)
				}
				rec, s, think, err := play(ctx, cfg.Game, cfg.Seed+uint64(i), cfg.Options, rotate(cfg.Seats, shift))
				if err == nil {
					o := outcome{res: s.Result(), moves: len(rec.Moves), think: think}
					if len(rec.Moves) > 0 {
						o.first = rec.Moves[0].Player
					}
					if cr, ok := s.(engine.ComponentReporter); ok {
						for p := 0; p < s.NumPlayers(); p++ {
							o.components = append(o.components, cr.Components(p))
						}
					}
					outs[i] = o.byEntry(shift)
				} else {
					outs[i] = outcome{err: err}
				}
				mu.Lock()
				done++
				if cfg.Progress != nil {
					cfg.Progress(done, cfg.Games)
				}
				mu.Unlock()
			}
		}()
	}
feed:
	for i := 0; i < cfg.Games; i++ {
		select {
		case idx <- i:
		case <-ctx.Done():
			break feed
		}
	}
	close(idx)
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	for i := range outs {
		if outs[i].err != nil {
			return nil, outs[i].err
		}
	}
	return summarise(cfg, outs), nil
}

// workers is how many goroutines Run starts: Jobs (at least 1), but no
// more than there are games, since an idle worker only costs memory
// (--jobs 1000000 for two games would start a million).
func workers(cfg Config) int {
	return max(min(cfg.Jobs, cfg.Games), 1)
}

// rotate returns the seating of game with the given shift: the bot listed
// at p sits at seat (p+shift) mod n.
func rotate(kinds []string, shift int) []string {
	if shift == 0 {
		return kinds
	}
	n := len(kinds)
	seats := make([]string, n)
	for p, k := range kinds {
		seats[(p+shift)%n] = k
	}
	return seats
}

// byEntry re-indexes an outcome played with the given shift by the bots'
// order in the list rather than by seat.
func (o outcome) byEntry(shift int) outcome {
	if shift == 0 {
		return o
	}
	n := len(o.res.Players)
	players := make([]engine.PlayerResult, n)
	for p := range players {
		players[p] = o.res.Players[(p+shift)%n]
	}
	o.res.Players = players
	o.first = (o.first - shift + n) % n
	think := make([]thinking, n)
	for p := range think {
		think[p] = o.think[(p+shift)%n]
	}
	o.think = think
	if o.components != nil {
		comps := make([][]string, n)
		for p := range comps {
			comps[p] = o.components[(p+shift)%n]
		}
		o.components = comps
	}
	return o
}

func summarise(cfg Config, outs []outcome) *Report {
	n := len(cfg.Seats)
	r := &Report{Game: cfg.Game.ID(), Players: n, Games: len(outs), Seed: cfg.Seed, Rotated: cfg.Rotate}
	if len(outs) > 0 {
		r.Categories = outs[0].res.Categories
	}
	moves := make([]float64, len(outs))
	for i, o := range outs {
		moves[i] = float64(o.moves)
	}
	r.Moves = stats(moves)
	for p := 0; p < n; p++ {
		sr := SeatReport{Seat: p + 1, Kind: cfg.Seats[p], ByCat: map[string]Stats{}}
		totals := make([]float64, len(outs))
		for i, o := range outs {
			pr := o.res.Players[p]
			totals[i] = float64(pr.Total)
			if pr.Rank == 1 {
				sr.Wins += 1 / float64(len(o.res.Winners()))
			}
			if pr.Rating != "" {
				if sr.Ratings == nil {
					sr.Ratings = map[string]int{}
				}
				sr.Ratings[pr.Rating]++
			}
		}
		sr.Total = stats(totals)
		for ci, c := range r.Categories {
			vals := make([]float64, len(outs))
			for i, o := range outs {
				vals[i] = float64(o.res.Players[p].Points[ci])
			}
			sr.ByCat[c.ID] = stats(vals)
		}
		sr.WinRate = Wilson(sr.Wins, len(outs))
		var th thinking
		for _, o := range outs {
			th.merge(o.think[p])
		}
		if th.decisions > 0 {
			ms := func(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }
			sr.Think = Think{Decisions: th.decisions, MeanMS: ms(th.total) / float64(th.decisions), MaxMS: ms(th.max)}
		}
		r.Seats = append(r.Seats, sr)
		seatTotals := make([]int, len(outs))
		for i := range totals {
			seatTotals[i] = int(totals[i])
		}
		r.Totals = append(r.Totals, seatTotals)
	}
	if n > 1 {
		wins := make([]float64, n)
		for _, o := range outs {
			w := o.res.Winners()
			for _, p := range w {
				wins[(p-o.first+n)%n] += 1 / float64(len(w))
			}
		}
		for pos := 0; pos < n; pos++ {
			r.Positions = append(r.Positions, PositionReport{Position: pos + 1, Wins: wins[pos], WinRate: Wilson(wins[pos], len(outs))})
		}
		r.Components = components(outs, n)
	}
	return r
}

// components relates each reported component to winning: the win rate of
// the players who held it at the end, and its lift over the base rate.
func components(outs []outcome, n int) []ComponentReport {
	held := map[string]int{}
	won := map[string]float64{}
	pg := 0
	totalWins := 0.0
	for _, o := range outs {
		if o.components == nil {
			continue
		}
		w := o.res.Winners()
		for p := 0; p < n; p++ {
			pg++
			share := 0.0
			if o.res.Players[p].Rank == 1 {
				share = 1 / float64(len(w))
			}
			totalWins += share
			for _, c := range o.components[p] {
				held[c]++
				won[c] += share
			}
		}
	}
	if pg == 0 {
		return nil
	}
	base := totalWins / float64(pg)
	var out []ComponentReport
	for c, h := range held {
		iv := Wilson(won[c], h)
		lift := 0.0
		if base > 0 {
			lift = iv.Rate / base
		}
		out = append(out, ComponentReport{Component: c, Held: h, WinRate: iv, Lift: lift})
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Lift != out[j].Lift {
			return out[i].Lift > out[j].Lift
		}
		return out[i].Component < out[j].Component
	})
	return out
}

// Wilson is the 95% Wilson score interval for k successes in n trials.
func Wilson(k float64, n int) Interval {
	if n == 0 {
		return Interval{}
	}
	const z = 1.959963984540054
	nf := float64(n)
	p := k / nf
	den := 1 + z*z/nf
	centre := (p + z*z/(2*nf)) / den
	half := z * math.Sqrt(p*(1-p)/nf+z*z/(4*nf*nf)) / den
	return Interval{Rate: p, Lo: math.Max(0, centre-half), Hi: math.Min(1, centre+half)}
}

func stats(v []float64) Stats {
	if len(v) == 0 {
		return Stats{}
	}
	sorted := append([]float64(nil), v...)
	sort.Float64s(sorted)
	q := func(f float64) float64 { return sorted[int(f*float64(len(sorted)-1)+0.5)] }
	s := Stats{Min: v[0], Max: v[0], P10: q(0.1), Median: q(0.5), P90: q(0.9)}
	sum := 0.0
	for _, x := range v {
		sum += x
		s.Min, s.Max = math.Min(s.Min, x), math.Max(s.Max, x)
	}
	s.Mean = sum / float64(len(v))
	if len(v) > 1 {
		ss := 0.0
		for _, x := range v {
			ss += (x - s.Mean) * (x - s.Mean)
		}
		s.SD = math.Sqrt(ss / float64(len(v)-1))
	}
	return s
}
