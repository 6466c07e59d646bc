package sim

import (
	"fmt"
	"html"
	"io"
	"math"
	"strings"
)

var seatColours = []string{"#1b9e77", "#d95f02", "#7570b3", "#e7298a", "#66a61e"}

// WriteSVG draws the distribution of final totals for each seat as
// histograms on a shared axis, one row per seat, with the mean marked.
func WriteSVG(w io.Writer, r *Report) error {
	if len(r.Totals) == 0 || len(r.Totals[0]) == 0 {
		return fmt.Errorf("plot: no games")
	}
	lo, hi := math.MaxInt, math.MinInt
	for _, ts := range r.Totals {
		for _, v := range ts {
			lo, hi = min(lo, v), max(hi, v)
		}
	}
	nb := hi - lo + 1
	if nb > 60 { // group into at most 60 bins
		nb = 60
	}
	width := float64(hi-lo+1) / float64(nb)
	bin := func(v int) int { return min(int(float64(v-lo)/width), nb-1) }
	const W, left, right, top, rowH, gap = 720.0, 70.0, 20.0, 50.0, 110.0, 30.0
	H := top + float64(len(r.Totals))*(rowH+gap) + 40
	plotW := W - left - right
	x := func(v float64) float64 { return left + (v-float64(lo))/float64(hi-lo+1)*plotW }
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%.0f" height="%.0f" font-family="sans-serif" font-size="12">`+"\n", W, H)
	fmt.Fprintf(&b, `<rect width="100%%" height="100%%" fill="white"/>`+"\n")
	fmt.Fprintf(&b, `<text x="%.0f" y="24" font-size="16">%s</text>`+"\n", left,
		html.EscapeString(fmt.Sprintf("%s, %d players, %d games: final score per seat", r.Game, r.Players, r.Games)))
	for si, ts := range r.Totals {
		counts := make([]int, nb)
		maxC := 1
		for _, v := range ts {
			counts[bin(v)]++
		}
		for _, c := range counts {
			maxC = max(maxC, c)
		}
		y0 := top + float64(si)*(rowH+gap) + rowH
		col := seatColours[si%len(seatColours)]
		label := fmt.Sprintf("seat %d", si+1)
		if si < len(r.Seats) {
			label = fmt.Sprintf("seat %d: %s", si+1, r.Seats[si].Kind)
		}
		fmt.Fprintf(&b, `<text x="%.0f" y="%.0f">%s</text>`+"\n", left, y0-rowH-4, html.EscapeString(label))
		for k, c := range counts {
			if c == 0 {
				continue
			}
			bx := x(float64(lo) + float64(k)*width)
			bw := plotW/float64(nb) - 1
			bh := float64(c) / float64(maxC) * rowH
			fmt.Fprintf(&b, `<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="%s"/>`+"\n", bx, y0-bh, math.Max(bw, 1), bh, col)
		}
		fmt.Fprintf(&b, `<line x1="%.0f" y1="%.0f" x2="%.0f" y2="%.0f" stroke="#444"/>`+"\n", left, y0, W-right, y0)
		if si < len(r.Seats) {
			m := r.Seats[si].Total.Mean
			mx := x(m + 0.5)
			fmt.Fprintf(&b, `<line x1="%.1f" y1="%.0f" x2="%.1f" y2="%.0f" stroke="black" stroke-dasharray="4 3"/>`+"\n", mx, y0-rowH, mx, y0)
			fmt.Fprintf(&b, `<text x="%.1f" y="%.0f">mean %.1f</text>`+"\n", mx+4, y0-rowH+12, m)
		}
		fmt.Fprintf(&b, `<text x="%.0f" y="%.0f" text-anchor="end">%d</text>`+"\n", left-6, y0-rowH+10, maxC)
		fmt.Fprintf(&b, `<text x="%.0f" y="%.0f" text-anchor="end">0</text>`+"\n", left-6, y0)
	}
	axisY := H - 30
	for _, v := range ticks(lo, hi) {
		tx := x(float64(v) + 0.5)
		fmt.Fprintf(&b, `<line x1="%.1f" y1="%.0f" x2="%.1f" y2="%.0f" stroke="#888"/>`+"\n", tx, axisY-6, tx, axisY)
		fmt.Fprintf(&b, `<text x="%.1f" y="%.0f" text-anchor="middle">%d</text>`+"\n", tx, axisY+14, v)
	}
	fmt.Fprintf(&b, `<text x="%.0f" y="%.0f" text-anchor="end">final score</text>`+"\n", W-right, axisY+28-14)
	b.WriteString("</svg>\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// ticks picks about eight round values between lo and hi.
func ticks(lo, hi int) []int {
	span := max(hi-lo, 1)
	step := 1
	for _, s := range []int{1, 2, 5, 10, 20, 25, 50, 100, 200, 500} {
		step = s
		if span/s <= 8 {
			break
		}
	}
	var out []int
	for v := (lo/step - 1) * step; v <= hi; v += step {
		if v >= lo {
			out = append(out, v)
		}
	}
	return out
}
