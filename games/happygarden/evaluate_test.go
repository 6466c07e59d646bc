package happygarden

import (
	"math"
	"testing"
)

// Evaluate gives the same value, to the last bit, as it did before it was
// made cheaper, for every player after every move of random games of 2 to 5
// players.
func TestEvaluateUnchanged(t *testing.T) {
	for n := 2; n <= 5; n++ {
		for g := uint64(0); g < 20; g++ {
			randomGame(t, n, 500*uint64(n)+g, func(s *state, mv string) {
				for p := 0; p < n; p++ {
					if got, want := s.Evaluate(p), s.evaluateBefore(p); math.Float64bits(got) != math.Float64bits(want) {
						t.Fatalf("%d players, after %s: Evaluate(%d) = %v, before %v", n, mv, p, got, want)
					}
				}
			})
		}
	}
}

// evaluateBefore is Evaluate as it was before it read each neighbour once
// (commit 1e84018): the reference Evaluate must equal to the last bit.
func (s *state) evaluateBefore(p int) float64 {
	if p < 0 || p >= int(s.n) {
		return 0
	}
	// Score's pad, its counts kept for the gardener bonus below.
	k := s.count(p)
	maxOther := 0
	for q := 0; q < int(s.n); q++ {
		if q != p {
			maxOther = max(maxOther, s.bflyCount(q))
		}
	}
	score := 0
	for _, x := range padOf(k, s.bonus[p], maxOther) {
		score += x
	}
	v := float64(score)
	g := s.garden(p)
	for _, t := range s.gtiles[p][:s.gn[p]] {
		if s.happy&(1<<t) != 0 {
			continue
		}
		c := int(s.pos[t])
		info := &tiles[t]
		free := 0
		for _, d := range dirs {
			if g[c+d] == 0 {
				free++
			}
		}
		if free == 0 && info.kind != kindWindmill {
			v -= 0.3 // boxed in: can only turn happy through a repot
		}
		switch info.kind {
		case kindFlower:
			col, sh := s.colourOf(t), info.shape
			shapeOK, colOK := false, false
			for _, d := range dirs {
				u := g[c+d]
				switch {
				case u == 0:
				case u == house:
					colOK = colOK || s.mice[p] == col
				case tiles[u].kind == kindFlower:
					shapeOK = shapeOK || tiles[u].shape == sh
					colOK = colOK || s.colourOf(u) == col
				case tiles[u].kind == kindGnome:
					colOK = colOK || tiles[u].cmask&(1<<col) != 0
				}
			}
			if shapeOK || colOK {
				v += 0.3
			}
		case kindGnome:
			var m uint8
			for _, d := range dirs {
				u := g[c+d]
				switch {
				case u == house:
					m |= 1 << s.mice[p]
				case u != 0 && tiles[u].kind == kindFlower:
					m |= 1 << s.colourOf(u)
				}
			}
			m &= info.cmask
			for ; m != 0; m &= m - 1 {
				v += 0.5
			}
		}
		v -= 0.1 * float64(s.moles[t])
	}
	v += 0.4 * float64(s.wb[p])
	if !s.bonus[p] {
		filled := 0
		for _, c := range ringCells {
			if g[c] != 0 {
				filled++
			}
		}
		v += 0.15*float64(filled) + 0.3*float64(k.mouseFlowers)*float64(filled)/8
	}
	return v
}
