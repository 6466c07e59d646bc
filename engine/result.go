package engine

import "sort"

// Category is one line of a game's score pad.
type Category struct {
	ID string `json:"id"`
	EN string `json:"en"`
	FR string `json:"fr"`
}

// Label returns the category's name in lang ("fr" or "en").
func (c Category) Label(lang string) string {
	if lang == "fr" && c.FR != "" {
		return c.FR
	}
	return c.EN
}

// Score is one garden's score pad: points per category, in the pad's order.
type Score struct {
	Categories []Category `json:"categories"`
	Points     []int      `json:"points"`
	Total      int        `json:"total"`
	// Rating is the solo rating band, when the game has one, in English;
	// RatingFR the same in French.
	Rating   string `json:"rating,omitempty"`
	RatingFR string `json:"ratingFr,omitempty"`
}

// RatingIn returns the solo rating in lang.
func (s Score) RatingIn(lang string) string { return ratingIn(s.Rating, s.RatingFR, lang) }

// PlayerResult is one seat's line of the result.
type PlayerResult struct {
	Points []int `json:"points"`
	Total  int   `json:"total"`
	// Tiebreak holds the values compared, in order, when totals are equal;
	// higher is better.
	Tiebreak []int `json:"tiebreak,omitempty"`
	// Rank is 1 for the winner(s); tied players share a rank.
	Rank int `json:"rank"`
	// Rating is the solo rating band in English, RatingFR in French.
	Rating   string `json:"rating,omitempty"`
	RatingFR string `json:"ratingFr,omitempty"`
}

// RatingIn returns the solo rating in lang.
func (p PlayerResult) RatingIn(lang string) string { return ratingIn(p.Rating, p.RatingFR, lang) }

func ratingIn(en, fr, lang string) string {
	if Lang(lang) == "fr" && fr != "" {
		return fr
	}
	return en
}

// Result is the score pad of every player with ranks after tie-breakers.
type Result struct {
	Final      bool           `json:"final"`
	Categories []Category     `json:"categories"`
	Players    []PlayerResult `json:"players"`
}

// Winners lists the seats ranked first (several when the victory is shared).
func (r Result) Winners() []int {
	var w []int
	for i, p := range r.Players {
		if p.Rank == 1 {
			w = append(w, i)
		}
	}
	return w
}

// SetRanks ranks players by total, then by their tie-break values
// lexicographically (higher first). Players equal on everything share a rank,
// and the next rank skips accordingly (1, 1, 3).
func SetRanks(players []PlayerResult) {
	order := make([]int, len(players))
	for i := range order {
		order[i] = i
	}
	better := func(a, b *PlayerResult) int {
		if a.Total != b.Total {
			return a.Total - b.Total
		}
		for i := 0; i < len(a.Tiebreak) && i < len(b.Tiebreak); i++ {
			if a.Tiebreak[i] != b.Tiebreak[i] {
				return a.Tiebreak[i] - b.Tiebreak[i]
			}
		}
		return 0
	}
	sort.SliceStable(order, func(i, j int) bool { return better(&players[order[i]], &players[order[j]]) > 0 })
	for k, idx := range order {
		if k > 0 && better(&players[order[k-1]], &players[idx]) == 0 {
			players[idx].Rank = players[order[k-1]].Rank
		} else {
			players[idx].Rank = k + 1
		}
	}
}
