package engine

import "testing"

func TestDeriveSeed(t *testing.T) {
	a := DeriveSeed(1, "bot", 0)
	if a != DeriveSeed(1, "bot", 0) {
		t.Fatal("not deterministic")
	}
	seen := map[uint64]string{}
	for _, c := range []struct {
		name   string
		secret uint64
		label  string
		parts  []uint64
	}{
		{"base", 1, "bot", []uint64{0}},
		{"secret", 2, "bot", []uint64{0}},
		{"label", 1, "determinize", []uint64{0}},
		{"part", 1, "bot", []uint64{1}},
		{"more parts", 1, "bot", []uint64{0, 0}},
		{"label and part bytes", 1, "bot\x00", nil},
		{"no parts", 1, "bot", nil},
	} {
		d := DeriveSeed(c.secret, c.label, c.parts...)
		if prev, ok := seen[d]; ok {
			t.Errorf("%s and %s derive the same seed", prev, c.name)
		}
		seen[d] = c.name
	}
	if a, b := RandomSeed(), RandomSeed(); a == b {
		t.Error("two random seeds are equal")
	}
}
