package hanginggardens

import (
	"strings"
	"testing"

	"github.com/jardin-games/jardin/engine"
)

func TestDrawReadsWithoutColour(t *testing.T) {
	for _, n := range []int{1, 3, 5} {
		s := newState(t, n, 3, nil)
		rng := engine.NewRNG(1)
		var buf []engine.Move
		for i := 0; i < 40 && !s.Over(); i++ {
			buf = s.LegalMoves(buf[:0])
			if err := s.Apply(buf[rng.Intn(len(buf))], nil); err != nil {
				t.Fatal(err)
			}
		}
		for _, lang := range []string{"en", "fr"} {
			plain := s.Draw(0, engine.Style{Lang: lang})
			if strings.Contains(plain, "\x1b") {
				t.Fatal("colour codes without Color")
			}
			for _, want := range []string{"a1", "c3", "OB", "1 ("} {
				if !strings.Contains(plain, want) {
					t.Errorf("drawing lacks %q:\n%s", want, plain)
				}
			}
			colored := s.Draw(0, engine.Style{Color: true, Lang: lang})
			if !strings.Contains(colored, "\x1b[") {
				t.Error("no colour with Color")
			}
			if testing.Verbose() && lang == "en" {
				t.Log("\n" + plain)
			}
		}
	}
}
