// Package rating rates players from the final rankings of free-for-all games
// with the Plackett-Luce model of Weng and Lin, "A Bayesian Approximation
// Method for Online Ranking" (JMLR 12, 2011), Algorithm 4: the model that
// OpenSkill (openskill.js, openskill.py) uses by default, with its defaults.
//
// A rating is a belief about a player's skill: a normal distribution of mean
// Mu and standard deviation Sigma. Each rated game's ranking (ties shared)
// moves every player's Mu towards what the ranking suggests and shrinks their
// Sigma by what the game taught. Players are rated alone (no teams): jardin's
// games are every player for themselves.
//
// No Go implementation of OpenSkill is served by the Go module proxy (see
// docs/ratings.md), so this one is written from the paper; its tests hold it
// to openskill.js's published values.
package rating

import (
	"errors"
	"fmt"
	"math"
)

// Rating is one player's skill belief.
type Rating struct {
	Mu    float64 `json:"mu"`
	Sigma float64 `json:"sigma"`
}

// Ordinal is the conservative estimate shown and sorted on: Mu − 3·Sigma, a
// skill the player exceeds with about 99.9% belief, so that a newcomer
// (25 − 3·8.33 = 0) starts at the bottom and climbs as games make the
// estimate surer rather than leaping to the top on one lucky win.
func (r Rating) Ordinal() float64 { return r.Mu - 3*r.Sigma }

// Model holds the parameters of the update. Default gives OpenSkill's.
type Model struct {
	// Mu and Sigma are a new player's rating.
	Mu, Sigma float64
	// Beta is the spread of one game's performance around a player's skill:
	// the larger, the more luck decides a game and the less one game moves
	// a rating.
	Beta float64
	// Kappa is the floor of the factor that shrinks a variance, keeping
	// Sigma above zero however one-sided the game.
	Kappa float64
	// Tau is added (in variance) to every Sigma before each game, so that a
	// rating keeps learning when a player's skill changes; 0 disables it.
	Tau float64
	// LimitSigma keeps a game from raising a Sigma, which Tau alone could
	// when a game teaches less than Tau adds (a sure favourite beats a sure
	// outsider).
	LimitSigma bool
}

// Default is OpenSkill's Plackett-Luce model as its rate() uses it:
// Mu 25, Sigma 25/3, Beta = Sigma/2, Kappa 0.0001, Tau = Mu/300.
func Default() Model {
	return Model{Mu: 25, Sigma: 25.0 / 3, Beta: 25.0 / 6, Kappa: 0.0001, Tau: 25.0 / 300}
}

// New is a new player's rating under m.
func (m Model) New() Rating { return Rating{Mu: m.Mu, Sigma: m.Sigma} }

// Update rates one game with the default model: see Model.Update.
func Update(ranks []int, ratings []Rating) ([]Rating, error) {
	return Default().Update(ranks, ratings)
}

// Limits of what Update accepts: beyond them a rating is a bug upstream,
// not a skill, and exp() of such differences would say nothing useful.
const (
	MaxMu    = 1e6
	MaxSigma = 1e4
	// MaxPlayers bounds a game: jardin's games seat at most 5, and the
	// update's cost grows with the cube of the count.
	MaxPlayers = 64
)

// ErrNoPlayers is returned for a game of nobody.
var ErrNoPlayers = errors.New("rating: a game needs at least one player")

// Update returns the players' ratings after a game whose final ranking is
// ranks: ranks[i] is player i's place, 1 for the winner(s); players tied
// share a place (1, 1, 3 or 1, 1, 2: only the order matters). ratings[i] is
// player i's rating before the game. The inputs are not changed.
//
// A game of one player (solo) changes nothing: a ranking of one compares
// nobody. Bad input (no players, lengths that differ, a place below 1, a
// rating that is not finite or out of range) returns an error and no
// ratings.
func (m Model) Update(ranks []int, ratings []Rating) ([]Rating, error) {
	if err := m.check(); err != nil {
		return nil, err
	}
	n := len(ratings)
	switch {
	case n == 0:
		return nil, ErrNoPlayers
	case len(ranks) != n:
		return nil, fmt.Errorf("rating: %d places for %d players", len(ranks), n)
	case n > MaxPlayers:
		return nil, fmt.Errorf("rating: %d players, at most %d", n, MaxPlayers)
	}
	for i, r := range ratings {
		if ranks[i] < 1 {
			return nil, fmt.Errorf("rating: player %d has place %d, places start at 1", i+1, ranks[i])
		}
		if !finite(r.Mu) || math.Abs(r.Mu) > MaxMu {
			return nil, fmt.Errorf("rating: player %d has mu %v, want a number within ±%g", i+1, r.Mu, float64(MaxMu))
		}
		if !finite(r.Sigma) || r.Sigma <= 0 || r.Sigma > MaxSigma {
			return nil, fmt.Errorf("rating: player %d has sigma %v, want a number in (0, %g]", i+1, r.Sigma, float64(MaxSigma))
		}
	}
	out := make([]Rating, n)
	copy(out, ratings)
	if n == 1 {
		return out, nil
	}

	// Tau first: the belief before this game has widened since the last.
	sigmaSq := make([]float64, n)
	sum := 0.0
	for i, r := range ratings {
		sigmaSq[i] = r.Sigma*r.Sigma + m.Tau*m.Tau
		sum += sigmaSq[i] + m.Beta*m.Beta
	}
	c := math.Sqrt(sum)

	// a[q]: how many players share q's place. A tie is shared: each of the
	// k players tied at q's place takes 1/k of the terms of that place.
	a := make([]float64, n)
	for q := range n {
		for j := range n {
			if ranks[j] == ranks[q] {
				a[q]++
			}
		}
	}

	for i := range n {
		var omega, delta float64
		for q := range n {
			if ranks[q] > ranks[i] {
				continue // only places at or above i's bear on i
			}
			// p: the model's chance that i comes first among the players
			// placed at or below q. Written as 1/Σ exp((μj−μi)/c) instead of
			// exp(μi/c)/Σ exp(μj/c): the same number, but the denominator
			// is at least 1 (j = i), so no overflow or 0/0 for any input.
			s := 0.0
			for j := range n {
				if ranks[j] >= ranks[q] {
					s += math.Exp((ratings[j].Mu - ratings[i].Mu) / c)
				}
			}
			p := 1 / s
			if q == i {
				omega += (1 - p) / a[q]
			} else {
				omega -= p / a[q]
			}
			delta += p * (1 - p) / a[q]
		}
		gamma := math.Sqrt(sigmaSq[i]) / c // the paper's γ, as OpenSkill sets it
		mu := ratings[i].Mu + sigmaSq[i]/c*omega
		sigma := math.Sqrt(sigmaSq[i] * math.Max(1-sigmaSq[i]/(c*c)*gamma*delta, m.Kappa))
		if m.LimitSigma {
			sigma = math.Min(sigma, ratings[i].Sigma)
		}
		out[i] = Rating{Mu: mu, Sigma: sigma}
	}
	return out, nil
}

func (m Model) check() error {
	switch {
	case !finite(m.Mu) || math.Abs(m.Mu) > MaxMu,
		!finite(m.Sigma) || m.Sigma <= 0 || m.Sigma > MaxSigma:
		return fmt.Errorf("rating: model's new rating %v±%v out of range", m.Mu, m.Sigma)
	case !finite(m.Beta) || m.Beta <= 0 || m.Beta > MaxSigma:
		return fmt.Errorf("rating: model's beta %v, want a number in (0, %g]", m.Beta, float64(MaxSigma))
	case !finite(m.Kappa) || m.Kappa <= 0 || m.Kappa > 1:
		return fmt.Errorf("rating: model's kappa %v, want a number in (0, 1]", m.Kappa)
	case !finite(m.Tau) || m.Tau < 0 || m.Tau > MaxSigma:
		return fmt.Errorf("rating: model's tau %v, want a number in [0, %g]", m.Tau, float64(MaxSigma))
	}
	return nil
}

func finite(f float64) bool { return !math.IsNaN(f) && !math.IsInf(f, 0) }

// ProvisionalGames is how many rated games a rating is provisional for.
const ProvisionalGames = 5

// Provisional reports whether a rating after games rated games is shown as
// provisional. The rule counts games rather than comparing Sigma with a
// threshold: the ordinal shown (Mu − 3·Sigma) already discounts an unsure
// rating, so the label only needs to tell a person that the number is young,
// and a count is what a person can understand and foresee ("two more
// games"); Sigma's pace depends on the player count and the opponents (a
// five-player game teaches more than a duel), which a person cannot see.
// Five is a choice, not a measurement: docs/ratings.md shows what five games
// teach (Sigma still about 7.4 of the starting 8.33, the ordinal far below where
// it settles), which is why the label stays on that long at least.
func Provisional(games int) bool { return games < ProvisionalGames }
