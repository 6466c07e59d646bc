package bots_test

import (
	"testing"

	"github.com/jardin-games/jardin/bots"
)

func TestNew(t *testing.T) {
	for _, k := range bots.Kinds() {
		if b, err := bots.New(k, 1); err != nil || b.Name() != k {
			t.Errorf("%s: %v", k, err)
		}
	}
	if _, err := bots.New("oracle", 1); err == nil {
		t.Error("unknown bot accepted")
	}
}
