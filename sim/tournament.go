package sim

import (
	"context"
	"math"
	"sync"

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
	// Progress, if set, is called after each game with the count done.
	Progress func(done, total int)
}

// Interval is a proportion with its 95% confidence interval (Wilson).
type Interval struct {
	Rate float64 `json:"rate"`
	Lo   float64 `json:"lo"`
	Hi   float64 `json:"hi"`
}

// Stats are the mean, standard deviation and range of a quantity.
type Stats struct {
	Mean float64 `json:"mean"`
	SD   float64 `json:"sd"`
	Min  float64 `json:"min"`
	Max  float64 `json:"max"`
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
}

// Report is a tournament's summary.
type Report struct {
	Game       string            `json:"game"`
	Players    int               `json:"players"`
	Games      int               `json:"games"`
	Seed       uint64            `json:"seed"`
	Categories []engine.Category `json:"categories"`
	Seats      []SeatReport      `json:"seats"`
	Moves      Stats             `json:"moves"` // decisions per game
}

type outcome struct {
	res   engine.Result
	moves int
	err   error
}

// Run plays the tournament on Jobs goroutines. The report does not depend
// on Jobs.
func Run(ctx context.Context, cfg Config) (*Report, error) {
	jobs := max(cfg.Jobs, 1)
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
				rec, s, err := Play(ctx, cfg.Game, cfg.Seed+uint64(i), cfg.Options, cfg.Seats)
				if err == nil {
					outs[i] = outcome{res: s.Result(), moves: len(rec.Moves)}
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

func summarise(cfg Config, outs []outcome) *Report {
	n := len(cfg.Seats)
	r := &Report{Game: cfg.Game.ID(), Players: n, Games: len(outs), Seed: cfg.Seed}
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
		r.Seats = append(r.Seats, sr)
	}
	return r
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
	s := Stats{Min: v[0], Max: v[0]}
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
