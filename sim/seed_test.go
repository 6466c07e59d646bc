package sim

import (
	"encoding/json"
	"testing"

	"github.com/jardin-games/jardin/engine"
	"github.com/jardin-games/jardin/games"
)

// oldMix is the derivation bots were seeded with before (a splitmix64
// finaliser of the game seed): kept to show the attack below is real.
func oldMix(a, b uint64) uint64 {
	z := a ^ (b+0x9e3779b97f4a7c15)*0xbf58476d1ce4e5b9
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// unmix inverts oldMix for a known b: what a spy bot did with the seed of
// its determinized copy (stepped back from the copy's generator).
func unmix(x, b uint64) uint64 {
	unshift := func(y uint64, k uint) uint64 { // inverts y ^ y>>k
		z := y
		for i := 0; i < 64/int(k)+1; i++ {
			z = y ^ z>>k
		}
		return z
	}
	z := unshift(x, 31)
	z *= inverse(0x94d049bb133111eb)
	z = unshift(z, 27)
	z *= inverse(0xbf58476d1ce4e5b9)
	z = unshift(z, 30)
	return z ^ (b+0x9e3779b97f4a7c15)*0xbf58476d1ce4e5b9
}

// inverse is the multiplicative inverse of odd a modulo 2^64 (Newton).
func inverse(a uint64) uint64 {
	x := a
	for range 6 {
		x *= 2 - a*x
	}
	return x
}

// future is what a game dealt from seed holds that nobody sees yet: every
// seat's view along 20 plies of first legal moves (the draws they reveal).
func future(t *testing.T, g engine.Game, n int, seed uint64) string {
	s, err := g.New(n, seed, nil)
	if err != nil {
		t.Fatal(err)
	}
	var out []any
	var buf []engine.Move
	for range 20 {
		for q := 0; q < n; q++ {
			out = append(out, s.View(q))
		}
		if buf = s.LegalMoves(buf[:0]); len(buf) == 0 {
			break
		}
		if err := s.Apply(buf[0], nil); err != nil {
			t.Fatal(err)
		}
	}
	b, err := json.Marshal(out)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestBotCopyRevealsNoSeed plays the attack on each game: a bot learns the
// seed its determinized copy was made from, inverts the derivation and
// scans seeds around what it found, looking for a game whose other seats'
// hands match the real ones. With the old invertible mix the inversion
// finds the game seed (checked first, so the attack is known to work);
// with the one-way derivation no candidate does.
func TestBotCopyRevealsNoSeed(t *testing.T) {
	const seed = 0x5eed_1234_abcd
	for _, g := range games.Registry().All() {
		lo, _ := g.Players()
		n := max(lo, 2)
		s, err := g.New(n, seed, nil)
		if err != nil {
			t.Fatal(err)
		}
		p, ply := s.ToMove(), 0
		secret := future(t, g, n, seed)
		// the attack works on the old derivation
		if got := unmix(oldMix(seed, uint64(ply)<<8|uint64(p)), uint64(ply)<<8|uint64(p)); got != seed {
			t.Fatalf("the inversion is wrong: %x, want %x", got, seed)
		}
		// and finds nothing on the new one
		x := CopySeed(seed, ply, p)
		cands := []uint64{x, unmix(x, uint64(ply)<<8|uint64(p))}
		for d := uint64(1); d <= 30; d++ {
			cands = append(cands, x+d, x-d, d)
		}
		for _, c := range cands {
			if c == seed {
				t.Fatalf("%s: the attack recovered the game seed", g.ID())
			}
			if future(t, g, n, c) == secret {
				t.Fatalf("%s: seed %x gives the same hidden hands as the real game", g.ID(), c)
			}
		}
	}
}
