package main

import (
	"fmt"
	"os"
	"runtime/pprof"
)

// startCPUProfile writes this process's CPU profile to path until stop is
// called: `jardin loadtest --cpuprofile` profiles the load generator while
// its tables play (set-up excluded), since it shares the machine's cores
// with the server it measures and its CPU a move caps what can be measured.
func startCPUProfile(path string) (stop func(), err error) {
	f, err := os.Create(path)
	if err != nil {
		return nil, fmt.Errorf("cpu profile: %w", err)
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		f.Close()
		return nil, fmt.Errorf("cpu profile: %w", err)
	}
	return func() {
		pprof.StopCPUProfile()
		f.Close()
	}, nil
}
