package server

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/jardin-games/jardin/engine"
	"github.com/jardin-games/jardin/games/schlossgarten"
)

// A state message is what encoding the message with its view and result in
// place gives, byte for byte (and the same encoder gives the same bytes
// again after other messages went through its buffer).
func TestEncodeStateMatchesMarshal(t *testing.T) {
	var p encoders
	s, err := schlossgarten.Game.New(3, 7, nil)
	if err != nil {
		t.Fatal(err)
	}
	result := json.RawMessage(`{"ranks":[1,2],"note":"<é>"}`)
	for i := 0; i < 60 && !s.Over(); i++ {
		for seat := -1; seat < 3; seat++ {
			for _, res := range []json.RawMessage{nil, result} {
				// The seat to move's update lists its legal moves (state
				// writes them itself: the same bytes as encoding/json's).
				var legal []engine.MoveDesc
				if seat == s.ToMove() {
					for _, mv := range s.LegalMoves(nil) {
						legal = append(legal, s.(engine.Describer).DescribeMove(mv))
					}
					legal = append(legal, engine.MoveDesc{Kind: "a<b", Parts: []engine.Part{{Name: "&", ID: ">"}}}, engine.MoveDesc{Kind: "x", Parts: []engine.Part{{Name: "é", ID: "x"}}},
						engine.MoveDesc{Kind: "\"\\", Parts: []engine.Part{{Name: "n\u2028", ID: "\x01"}}})
				}
				var m stateMsg = updateMsg{T: outUpdate, V: i, From: i - 1, ToMove: s.ToMove(), Result: res, Legal: legal,
					Events: []eventOut{{V: i, Actor: seat, Key: "k", Text: "a <b> & \"c\""}}, View: s.View(seat)}
				if seat == 1 {
					m = syncMsg{T: outSync, V: i, Table: tableInfo{ID: "x"}, You: seat, ToMove: s.ToMove(), Result: res,
						Texts: map[string]compText{"a": {Name: "<A>"}}, View: s.View(seat)}
				}
				// The declared type marshalled as it is: the shape state must write.
				var buf bytes.Buffer
				if err := json.Compact(&buf, mustJSON(m)); err != nil {
					t.Fatal(err)
				}
				got := p.state(m)
				var a, b any
				if err := json.Unmarshal(got, &a); err != nil {
					t.Fatalf("move %d seat %d: not JSON: %v\n%s", i, seat, err, got)
				}
				json.Unmarshal(buf.Bytes(), &b)
				if !jsonEqual(a, b) {
					t.Fatalf("move %d seat %d:\n got %s\nwant %s", i, seat, got, buf.Bytes())
				}
				if legal != nil && seat != 1 && !bytes.Contains(got, append([]byte(`"legal":`), mustJSON(legal)...)) {
					t.Fatalf("move %d seat %d: the legal moves are not as json.Marshal writes them:\n%s", i, seat, got)
				}
				if !bytes.Contains(got, mustJSON(s.View(seat))) {
					t.Fatalf("move %d seat %d: the view is not as json.Marshal writes it", i, seat)
				}
				if cap(got) != len(got) {
					t.Fatalf("message of %d bytes in a buffer of %d: want one exact allocation", len(got), cap(got))
				}
			}
		}
		ms := s.LegalMoves(nil)
		if err := s.Apply(ms[i%len(ms)], nil); err != nil {
			t.Fatal(err)
		}
	}
}

func jsonEqual(a, b any) bool { return string(mustJSON(a)) == string(mustJSON(b)) }

// BenchmarkUpdates encodes one version's update for each seat of a 4-seat
// schlossgarten table and the spectator: what a move costs in JSON.
func BenchmarkUpdates(b *testing.B) {
	s, err := schlossgarten.Game.New(4, 3, nil)
	if err != nil {
		b.Fatal(err)
	}
	for i := 0; i < 50; i++ {
		ms := s.LegalMoves(nil)
		s.Apply(ms[i%len(ms)], nil)
	}
	msg := func(seat int) updateMsg {
		return updateMsg{T: outUpdate, V: 50, From: 49, ToMove: s.ToMove(), View: s.View(seat),
			Events: []eventOut{{V: 50, Actor: 1, Key: "move.dig", Args: []engine.Arg{engine.Cell("D4")}, Text: "Red digs D4"}}}
	}
	b.Run("pooled", func(b *testing.B) {
		var p encoders
		b.ReportAllocs()
		for b.Loop() {
			for seat := -1; seat < 4; seat++ {
				p.state(msg(seat))
			}
		}
	})
	b.Run("marshal", func(b *testing.B) { // the way it was: view marshalled alone, then spliced
		b.ReportAllocs()
		for b.Loop() {
			for seat := -1; seat < 4; seat++ {
				m := msg(seat)
				view := mustJSON(m.View)
				m.View = nil
				out := mustJSON(m)
				out = append(append(out[:len(out)-1], `,"view":`...), view...)
				_ = append(out, '}')
			}
		}
	})
}

// BenchmarkViewPatch is the part of a move that a table spends on one
// seat's view: encoding it, and diffing it with the seat's previous view
// (a 4-seat schlossgarten table 50 moves in).
func BenchmarkViewPatch(b *testing.B) {
	s, err := schlossgarten.Game.New(4, 3, nil)
	if err != nil {
		b.Fatal(err)
	}
	for i := 0; i < 50; i++ {
		ms := s.LegalMoves(nil)
		s.Apply(ms[i%len(ms)], nil)
	}
	var p encoders
	prev := mustJSON(s.View(0))
	next := s.Clone()
	next.Apply(next.LegalMoves(nil)[0], nil)
	b.Run("encode", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			e := p.get()
			e.encode(next.View(0))
			p.pool.Put(e)
		}
	})
	view := mustJSON(next.View(0))
	b.Run("diff", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, ok, err := mergeDiff(prev, view); !ok || err != nil {
				b.Fatal(ok, err)
			}
		}
	})
	patch, _, _ := mergeDiff(prev, view)
	b.Logf("view %d bytes, its patch %d bytes: %s", len(view), len(patch), patch)
}
