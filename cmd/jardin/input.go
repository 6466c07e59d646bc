package main

import (
	"bufio"
	"context"
	"errors"
	"io"
	"strings"
)

// maxLine is the longest answer read at a prompt. No move is near it; a
// longer line (a paste gone wrong) is dropped whole and the prompt asks
// again.
const maxLine = 64 << 10

// errLineTooLong is a prompt answer longer than maxLine, dropped.
var errLineTooLong = errors.New("line too long")

// lineReader reads stdin one line at a time on its own goroutine, so that a
// prompt can give up as soon as the command's context ends (Ctrl-C) instead
// of waiting for a line that may never come.
type lineReader struct {
	ch   chan lineResult
	stop chan struct{}
}

type lineResult struct {
	text string
	err  error // errLineTooLong, io.EOF or a read error
}

// readLine waits for the next line of stdin (without its line ending) or
// the end of the command's context, whichever comes first.
func (e *env) readLine() (string, error) {
	if e.lines == nil {
		e.lines = &lineReader{ch: make(chan lineResult), stop: make(chan struct{})}
		go e.lines.run(e.stdin)
	}
	select {
	case <-e.ctx.Done():
		return "", e.ctx.Err()
	case r, ok := <-e.lines.ch:
		if !ok {
			return "", io.EOF
		}
		return r.text, r.err
	}
}

// closeInput lets the reading goroutine end once its pending line is not
// wanted any more.
func (e *env) closeInput() {
	if e.lines != nil {
		close(e.lines.stop)
		e.lines = nil
	}
}

func (l *lineReader) run(r io.Reader) {
	defer close(l.ch)
	br := bufio.NewReaderSize(r, maxLine)
	send := func(res lineResult) bool {
		select {
		case l.ch <- res:
			return true
		case <-l.stop:
			return false
		}
	}
	for {
		b, err := br.ReadSlice('\n')
		if errors.Is(err, bufio.ErrBufferFull) {
			// Drop the rest of the line, however long, without keeping it.
			for errors.Is(err, bufio.ErrBufferFull) {
				_, err = br.ReadSlice('\n')
			}
			if err != nil && !errors.Is(err, io.EOF) {
				send(lineResult{err: err})
				return
			}
			if !send(lineResult{err: errLineTooLong}) || err != nil {
				return
			}
			continue
		}
		text := strings.TrimRight(string(b), "\r\n")
		if err != nil {
			if text != "" && !send(lineResult{text: text}) {
				return
			}
			send(lineResult{err: err})
			return
		}
		if !send(lineResult{text: text}) {
			return
		}
	}
}

// isInterrupt reports whether err is the end of the command's context.
func isInterrupt(err error) bool {
	return errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded)
}
