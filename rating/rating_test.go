package rating

import (
	"errors"
	"math"
	"math/rand/v2"
	"testing"
)

// The reference values are openskill.js's own test expectations (repository
// philihp/openskill.js, src/models/__tests__/plackett-luce.test.ts for the
// bare model, src/__tests__/rate.test.ts for rate(), which adds Tau = 25/300
// by default), copied as numbers.
func TestReferenceValues(t *testing.T) {
	noTau := Default()
	noTau.Tau = 0
	tau := func(v float64, limit bool) Model { m := Default(); m.Tau = v; m.LimitSigma = limit; return m }
	r := Default().New()
	a1, b1, c1 := Rating{29.182, 4.782}, Rating{27.174, 4.922}, Rating{16.672, 6.217}
	w1, x1, y1, z1 := Rating{15, 25.0 / 3}, Rating{20, 25.0 / 3}, Rating{25, 25.0 / 3}, Rating{30, 25.0 / 3}
	cases := []struct {
		name  string
		model Model
		ranks []int
		in    []Rating
		want  []Rating
	}{
		{"2p FFA (model)", noTau, []int{1, 2}, []Rating{r, r}, []Rating{
			{27.63523138347365, 8.065506316323548},
			{22.36476861652635, 8.065506316323548}}},
		{"3p FFA (model)", noTau, []int{1, 2, 3}, []Rating{r, r, r}, []Rating{
			{27.868876552746237, 8.204837030780652},
			{25.717219138186557, 8.057829747583874},
			{21.413904309067206, 8.057829747583874}}},
		{"4p FFA (model)", noTau, []int{1, 2, 3, 4}, []Rating{r, r, r, r}, []Rating{
			{27.795084971874736, 8.263160757613477},
			{26.552824984374855, 8.179213704945203},
			{24.68943500312503, 8.083731307186588},
			{20.96265504062538, 8.083731307186588}}},
		{"5p FFA (model)", noTau, []int{1, 2, 3, 4, 5}, []Rating{r, r, r, r, r}, []Rating{
			{27.666666666666668, 8.290556877154474},
			{26.833333333333332, 8.240145629781066},
			{25.72222222222222, 8.179996679645559},
			{24.055555555555557, 8.111796013701358},
			{20.72222222222222, 8.111796013701358}}},
		{"4p, different ratings (rate, default tau)", Default(), []int{1, 2, 3, 4}, []Rating{a1, b1, c1, r}, []Rating{
			{30.210227447000438, 4.765617924939384},
			{27.644725221915632, 4.883479590134575},
			{17.4036218889969, 6.101259408259549},
			{19.21460876538932, 7.854669920480409}}},
		{"4p, tau 0.01", tau(0.01, false), []int{1, 2, 3, 4}, []Rating{a1, b1, c1, r}, []Rating{
			{30.20997558824299, 4.764909330988368},
			{27.64461002009721, 4.882799245921361},
			{17.403587237635527, 6.100731158882956},
			{19.21478808745494, 7.854267281042293}}},
		{"2p, tau 0.01, limit sigma", tau(0.01, true), []int{1, 2}, []Rating{{6.672, 0.0001}, a1}, []Rating{
			{6.672012533190158, 0.0001},
			{26.316243774876106, 4.7540633621019}}},
		{"2p reversed ranks", Default(), []int{2, 1}, []Rating{r, r}, []Rating{
			{22.364610506859503, 8.06590141354368},
			{27.635389493140497, 8.06590141354368}}},
		{"4p misordered ranks", Default(), []int{2, 1, 4, 3}, []Rating{r, r, r, r}, []Rating{
			{26.55291815138952, 8.17961798837266},
			{27.795252672501135, 8.263571791259416},
			{20.962412806387245, 8.084127880168786},
			{24.689416369722096, 8.084127880168786}}},
		{"4p upset", Default(), []int{1, 3, 4, 2}, []Rating{w1, x1, y1, z1}, []Rating{
			{18.131120980297805, 8.283536573151807},
			{20.405169039419135, 8.107860440531121},
			{20.65583040714804, 8.082574596348321},
			{30.80787957313502, 8.155100416275928}}},
		{"3p, tie for second", Default(), []int{1, 2, 2}, []Rating{{10, 8}, {5, 10}, {0, 12}}, []Rating{
			{11.942996666741225, 7.926888197620324},
			{2.9381178546315034, 9.653804487570165},
			{-1.4024317012198733, 11.323641575516767}}},
		{"4p, four-way tie", Default(), []int{1, 1, 1, 1}, []Rating{r, r, r, r}, []Rating{
			{25, 8.263571791259416}, {25, 8.263571791259416},
			{25, 8.263571791259416}, {25, 8.263571791259416}}},
		{"4p, ties out of order", Default(), []int{2, 4, 2, 1}, []Rating{w1, x1, y1, z1}, []Rating{
			{15.340043358359136, 8.213141619804967},
			{18.007678675484204, 8.189033933813437},
			{24.25801928251219, 8.166918055585525},
			{32.39425868364447, 8.247687230833794}}},
		{"3p, three-way tie", Default(), []int{1, 1, 1}, []Rating{r, r, r}, []Rating{
			{25, 8.205243377397993}, {25, 8.205243377397993}, {25, 8.205243377397993}}},
		{"2p, tau 0.3", tau(0.3, false), []int{1, 2}, []Rating{{25, 3}, {25, 3}}, []Rating{
			{25.624880438870754, 2.9879993738476953},
			{24.375119561129246, 2.9879993738476953}}},
		{"2p, tau 0.3, limit sigma", tau(0.3, true), []int{1, 2}, []Rating{{40, 3}, {-20, 3}}, []Rating{
			{40.00032667136128, 3},
			{-20.000326671361275, 3}}},
		{"solo game", Default(), []int{1}, []Rating{r}, []Rating{r}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got, err := tc.model.Update(tc.ranks, tc.in)
			if err != nil {
				t.Fatal(err)
			}
			for i := range tc.want {
				if !close(got[i].Mu, tc.want[i].Mu) || !close(got[i].Sigma, tc.want[i].Sigma) {
					t.Errorf("player %d: got %.15g±%.15g, want %.15g±%.15g", i+1,
						got[i].Mu, got[i].Sigma, tc.want[i].Mu, tc.want[i].Sigma)
				}
			}
		})
	}
}

// close compares to 1e-12 relative: the reference was computed in another
// language, with sums in another order.
func close(a, b float64) bool { return math.Abs(a-b) <= 1e-12*math.Max(1, math.Abs(b)) }

func TestOrdinal(t *testing.T) {
	// openskill's README: ordinal(43.07, 2.42) = 35.81.
	if got := (Rating{43.07, 2.42}).Ordinal(); math.Abs(got-35.81) > 1e-9 {
		t.Errorf("Ordinal = %v, want 35.81", got)
	}
	if got := Default().New().Ordinal(); math.Abs(got) > 1e-12 {
		t.Errorf("a new player's ordinal = %v, want 0", got)
	}
}

func TestBadInput(t *testing.T) {
	r := Default().New()
	bad := Default()
	bad.Beta = 0
	cases := []struct {
		name  string
		model Model
		ranks []int
		in    []Rating
	}{
		{"no players", Default(), nil, nil},
		{"more places than players", Default(), []int{1, 2, 3}, []Rating{r, r}},
		{"fewer places than players", Default(), []int{1}, []Rating{r, r}},
		{"place 0", Default(), []int{0, 1}, []Rating{r, r}},
		{"negative place", Default(), []int{1, -2}, []Rating{r, r}},
		{"NaN mu", Default(), []int{1, 2}, []Rating{{math.NaN(), 1}, r}},
		{"infinite mu", Default(), []int{1, 2}, []Rating{{math.Inf(1), 1}, r}},
		{"zero sigma", Default(), []int{1, 2}, []Rating{{25, 0}, r}},
		{"negative sigma", Default(), []int{1, 2}, []Rating{{25, -1}, r}},
		{"huge sigma", Default(), []int{1, 2}, []Rating{{25, 1e300}, r}},
		{"too many players", Default(), make([]int, MaxPlayers+1), make([]Rating, MaxPlayers+1)},
		{"model with beta 0", bad, []int{1, 2}, []Rating{r, r}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got, err := tc.model.Update(tc.ranks, tc.in)
			if err == nil {
				t.Fatalf("no error, ratings %v", got)
			}
			if got != nil {
				t.Errorf("ratings %v returned with error %v", got, err)
			}
			t.Log(err)
		})
	}
	if _, err := Update(nil, nil); !errors.Is(err, ErrNoPlayers) {
		t.Errorf("no players: %v, want ErrNoPlayers", err)
	}
}

// randomGame draws a game of 2 to 5 players with varied ratings and a random
// ranking with occasional ties.
func randomGame(rng *rand.Rand) ([]int, []Rating) {
	n := 2 + rng.IntN(4)
	ranks := make([]int, n)
	rs := make([]Rating, n)
	for i := range n {
		ranks[i] = 1 + rng.IntN(n)
		rs[i] = Rating{Mu: 25 + 15*rng.NormFloat64(), Sigma: 0.5 + 8*rng.Float64()}
	}
	return ranks, rs
}

func TestProperties(t *testing.T) {
	noTau := Default()
	noTau.Tau = 0
	rng := rand.New(rand.NewPCG(1, 2))
	for range 2000 {
		ranks, in := randomGame(rng)
		out, err := noTau.Update(ranks, in)
		if err != nil {
			t.Fatal(err)
		}
		best, worst := ranks[0], ranks[0]
		for _, k := range ranks {
			best, worst = min(best, k), max(worst, k)
		}
		count := func(k int) (c int) {
			for _, l := range ranks {
				if l == k {
					c++
				}
			}
			return c
		}
		for i := range in {
			// Without tau a game only teaches: no sigma rises.
			if out[i].Sigma > in[i].Sigma {
				t.Fatalf("%v %v: player %d's sigma rose to %v", ranks, in, i+1, out[i].Sigma)
			}
			// A sole winner rises, a sole loser falls. (A player tied
			// for last with stronger players may rise: the tie is news.)
			if ranks[i] == best && count(best) == 1 && out[i].Mu <= in[i].Mu {
				t.Fatalf("%v %v: winner %d fell to %v", ranks, in, i+1, out[i].Mu)
			}
			if ranks[i] == worst && count(worst) == 1 && out[i].Mu >= in[i].Mu {
				t.Fatalf("%v %v: loser %d rose to %v", ranks, in, i+1, out[i].Mu)
			}
		}
		// Relabelling the players relabels the result.
		perm := rng.Perm(len(in))
		pr, pin := make([]int, len(in)), make([]Rating, len(in))
		for i, j := range perm {
			pr[i], pin[i] = ranks[j], in[j]
		}
		pout, err := noTau.Update(pr, pin)
		if err != nil {
			t.Fatal(err)
		}
		for i, j := range perm {
			if !close(pout[i].Mu, out[j].Mu) || !close(pout[i].Sigma, out[j].Sigma) {
				t.Fatalf("%v %v relabelled %v: %v, want %v", ranks, in, perm, pout[i], out[j])
			}
		}
		// Only the order of places counts: 1,1,3 rates as 1,1,2.
		dense := make([]int, len(ranks))
		for i, k := range ranks {
			seen := map[int]bool{}
			for _, l := range ranks {
				if l < k {
					seen[l] = true
				}
			}
			dense[i] = 1 + len(seen)
		}
		dout, err := noTau.Update(dense, in)
		if err != nil {
			t.Fatal(err)
		}
		for i := range out {
			if dout[i] != out[i] {
				t.Fatalf("places %v rate %v, places %v rate %v", ranks, out, dense, dout)
			}
		}
	}
}

// Equals who tie keep their mu, whatever the model's tau, with and without
// others in the game.
func TestTieBetweenEquals(t *testing.T) {
	for n := 2; n <= 5; n++ {
		in := make([]Rating, n)
		ranks := make([]int, n)
		for i := range in {
			in[i] = Rating{Mu: 31.5, Sigma: 4.2}
			ranks[i] = 1
		}
		out, err := Update(ranks, in)
		if err != nil {
			t.Fatal(err)
		}
		for i := range out {
			if math.Abs(out[i].Mu-in[i].Mu) > 1e-12 {
				t.Errorf("%d tied equals: player %d's mu moved to %v", n, i+1, out[i].Mu)
			}
			if out[i].Sigma != out[0].Sigma {
				t.Errorf("%d tied equals: sigmas differ: %v", n, out)
			}
		}
	}
}

func FuzzUpdate(f *testing.F) {
	f.Add(uint8(4), uint64(1), 25.0, 8.3, 0.1)
	f.Add(uint8(2), uint64(7), -1e6, 1e4, 0.0)
	f.Add(uint8(0), uint64(3), 0.0, 1.0, 0.0)
	f.Add(uint8(5), uint64(9), 1e6, 1e-300, 1e4)
	f.Fuzz(func(t *testing.T, n uint8, seed uint64, mu, sigma, tau float64) {
		rng := rand.New(rand.NewPCG(seed, 0))
		m := Default()
		m.Tau = tau
		m.LimitSigma = seed%2 == 0
		k := int(n % 8)
		ranks := make([]int, k)
		in := make([]Rating, k)
		for i := range k {
			ranks[i] = 1 + rng.IntN(k)
			// Spread the players around the fuzzed rating: ±mu, scaled sigma.
			in[i] = Rating{Mu: mu * (2*rng.Float64() - 1), Sigma: sigma * (0.5 + rng.Float64())}
		}
		valid := k > 0 && m.check() == nil
		for _, r := range in {
			valid = valid && finite(r.Mu) && math.Abs(r.Mu) <= MaxMu &&
				finite(r.Sigma) && r.Sigma > 0 && r.Sigma <= MaxSigma
		}
		out, err := m.Update(ranks, in)
		if !valid {
			if err == nil {
				t.Fatalf("invalid input %v %v (tau %v) accepted", ranks, in, tau)
			}
			return
		}
		if err != nil {
			t.Fatalf("valid input %v %v (tau %v): %v", ranks, in, tau, err)
		}
		for i, r := range out {
			if !finite(r.Mu) || !finite(r.Sigma) || r.Sigma <= 0 {
				t.Fatalf("%v %v (tau %v): player %d gets %v", ranks, in, tau, i+1, r)
			}
		}
	})
}

func TestProvisional(t *testing.T) {
	for games, want := range map[int]bool{0: true, 4: true, 5: false, 100: false} {
		if got := Provisional(games); got != want {
			t.Errorf("Provisional(%d) = %v, want %v", games, got, want)
		}
	}
}
