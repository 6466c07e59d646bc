package main

import (
	"bytes"
	"context"
	"io"
	"strings"
	"sync"
	"testing"
	"time"
)

// syncBuffer is a bytes.Buffer safe to read while a command writes it.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// prompts are the endings of everything play and replay wait at.
var prompts = []string{"> ", "(y/n) ", "(o/n) ", "press Enter. ===\n", "appuyez sur Entrée. ===\n"}

// converse runs a command as a person would: each time the output stops at
// a prompt, answer reads the screen since its last answer (and the whole
// output) and types one line; ok false closes the input instead. It
// returns the exit status and the outputs.
func converse(t *testing.T, c term, answer func(screen, all string) (line string, ok bool), args ...string) (int, string, string) {
	t.Helper()
	inR, inW := io.Pipe()
	var out, errb syncBuffer
	c.stdin = inR
	e := c.env("", &out, &errb)
	done := make(chan int, 1)
	go func() { done <- run(e, args) }()
	seen := 0
	deadline := time.After(60 * time.Second)
	for {
		select {
		case code := <-done:
			inW.Close()
			return code, out.String(), errb.String()
		case <-deadline:
			inW.Close()
			t.Fatalf("jardin %v: no end after 60 s; output so far:\n%s", args, tail(out.String(), 2000))
		case <-time.After(200 * time.Microsecond):
		}
		all := out.String()
		if len(all) == seen || !atPrompt(all) {
			continue
		}
		line, ok := answer(all[seen:], all)
		seen = len(all)
		if !ok {
			inW.Close()
			continue
		}
		go inW.Write([]byte(line + "\n")) // the command may end before reading it
	}
}

func atPrompt(s string) bool {
	for _, p := range prompts {
		if strings.HasSuffix(s, p) {
			return true
		}
	}
	return false
}

func tail(s string, n int) string {
	if len(s) > n {
		return s[len(s)-n:]
	}
	return s
}

// interrupted is a context cancelled by its cancel function, as Ctrl-C
// cancels the command's.
func interrupted() (context.Context, context.CancelFunc) {
	return context.WithCancel(context.Background())
}
