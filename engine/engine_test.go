package engine

import (
	"strings"
	"testing"
)

func TestRNGDeterministicAndUniform(t *testing.T) {
	a, b := NewRNG(7), NewRNG(7)
	for i := 0; i < 100; i++ {
		if a.Uint64() != b.Uint64() {
			t.Fatal("same seed, different sequence")
		}
	}
	// Known first output pins the algorithm: records replay across versions.
	r := NewRNG(0)
	if got := r.Uint64(); got != NewRNGFirst0 {
		t.Errorf("first output of seed 0 changed: %#x", got)
	}
	var counts [6]int
	r = NewRNG(1)
	for i := 0; i < 60000; i++ {
		counts[r.Intn(6)]++
	}
	for i, c := range counts {
		if c < 9500 || c > 10500 {
			t.Errorf("Intn(6) bucket %d: %d of 60000", i, c)
		}
	}
	s := []int{1, 2, 3, 4, 5}
	Shuffle(&r, s)
	sum := 0
	for _, v := range s {
		sum += v
	}
	if sum != 15 {
		t.Error("shuffle lost elements")
	}
	if f := r.Float64(); f < 0 || f >= 1 {
		t.Error("Float64 out of range")
	}
}

func TestSetRanks(t *testing.T) {
	ps := []PlayerResult{{Total: 10, Tiebreak: []int{3}}, {Total: 12}, {Total: 10, Tiebreak: []int{3}}, {Total: 10, Tiebreak: []int{1}}}
	SetRanks(ps)
	want := []int{2, 1, 2, 4}
	for i, p := range ps {
		if p.Rank != want[i] {
			t.Errorf("player %d rank %d, want %d", i, p.Rank, want[i])
		}
	}
	r := Result{Players: ps}
	if w := r.Winners(); len(w) != 1 || w[0] != 1 {
		t.Errorf("winners %v", w)
	}
}

func TestOptions(t *testing.T) {
	specs := []OptionSpec{{Name: "side", Default: "A", Values: []string{"A", "B"}}}
	o, err := ResolveOptions(specs, nil)
	if err != nil || o["side"] != "A" {
		t.Errorf("default: %v %v", o, err)
	}
	if _, err := ResolveOptions(specs, Options{"side": "C"}); err == nil || !strings.Contains(err.Error(), "allowed: A, B") {
		t.Errorf("bad value: %v", err)
	}
	if _, err := ResolveOptions(specs, Options{"colour": "red"}); err == nil || !strings.Contains(err.Error(), "unknown option") {
		t.Errorf("unknown: %v", err)
	}
	if _, err := ResolveOptions(nil, Options{"x": "1"}); err == nil || !strings.Contains(err.Error(), "no options") {
		t.Errorf("no options: %v", err)
	}
	p, err := ParseOptions("side=B, first=2")
	if err != nil || p["side"] != "B" || p["first"] != "2" {
		t.Errorf("parse: %v %v", p, err)
	}
	for _, bad := range []string{"side", "=B", "a=1,a=2"} {
		if _, err := ParseOptions(bad); err == nil {
			t.Errorf("%q parsed", bad)
		}
	}
	rng := NewRNG(1)
	if f, err := FirstPlayer(Options{"first": "2"}, 3, &rng); f != 1 || err != nil {
		t.Error("first=2")
	}
	if _, err := FirstPlayer(Options{"first": "4"}, 3, &rng); err == nil {
		t.Error("first=4 of 3")
	}
}

func TestRuleError(t *testing.T) {
	err := Illegal("EG-T6c", "no match with %s", "r1c1")
	if err.Error() != "EG-T6c: no match with r1c1" || RuleOf(err) != "EG-T6c" || RuleOf(nil) != "" {
		t.Errorf("%v", err)
	}
	var l *Log
	l.Say(0, "nothing") // a nil log collects nothing and does not panic
	if l.On() {
		t.Error("nil log on")
	}
	l = &Log{}
	l.Tell(1, "secret", Num(1))
	if len(l.Events) != 1 || l.Events[0].VisibleTo(0) || !l.Events[0].VisibleTo(1) {
		t.Error("private event visibility")
	}
}
