package engine

import (
	"encoding/json"
	"sort"
)

// Category is one line of a game's score pad; its name is message
// score.<id> of the game's catalogue (Catalog.CategoryLabel).
type Category struct {
	ID string `json:"id"`
}

// CategoryLabel is score category id's name in lang.
func (c *Catalog) CategoryLabel(id, lang string) string { return c.T(lang, "score."+id) }

// RatingLabel is solo rating id's name in lang (message rating.<id>).
func (c *Catalog) RatingLabel(id, lang string) string {
	if id == "" {
		return ""
	}
	return c.T(lang, "rating."+id)
}

// Score is one garden's score pad: points per category, in the pad's order.
type Score struct {
	Categories []Category `json:"categories"`
	Points     []int      `json:"points"`
	Total      int        `json:"total"`
	// Rating is the solo rating band's id, when the game has one
	// (Catalog.RatingLabel).
	Rating string `json:"rating,omitempty"`
}

// PlayerResult is one seat's line of the result.
type PlayerResult struct {
	Points []int `json:"points"`
	Total  int   `json:"total"`
	// Tiebreak holds the values compared, in order, when totals are equal;
	// higher is better.
	Tiebreak []int `json:"tiebreak,omitempty"`
	// Rank is 1 for the winner(s); tied players share a rank.
	Rank int `json:"rank"`
	// Rating is the solo rating band's id (Catalog.RatingLabel).
	Rating string `json:"rating,omitempty"`
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

// UnmarshalJSON reads a category, ignoring the English and French names
// that records written before the catalogues carry ("en", "fr"): a record
// stays readable by a decoder that refuses unknown fields.
func (c *Category) UnmarshalJSON(b []byte) error {
	var v struct {
		ID string `json:"id"`
	}
	if err := json.Unmarshal(b, &v); err != nil {
		return err
	}
	c.ID = v.ID
	return nil
}

// UnmarshalJSON reads a player's result, ignoring the French rating that
// records written before the catalogues carry ("ratingFr").
func (p *PlayerResult) UnmarshalJSON(b []byte) error {
	type plain PlayerResult
	var v struct {
		plain
		RatingFR string `json:"ratingFr,omitempty"`
	}
	if err := json.Unmarshal(b, &v); err != nil {
		return err
	}
	*p = PlayerResult(v.plain)
	return nil
}
