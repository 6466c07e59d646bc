package server

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"sync"
	"testing"
	"time"

	"github.com/jardin-games/jardin/games"
	"github.com/jardin-games/jardin/record"
)

// player drives one seat through its socket: on every sync or update where
// it is to play, it picks a legal move at random (by index) and sends it.
// It returns when the game is over, with the number of moves it made.
func (s *sock) play(seat int, rng *rand.Rand, onMsg func(m map[string]json.RawMessage)) (int, error) {
	return s.playN(1<<30, seat, rng, onMsg)
}

// playN is play until the table reaches version stop.
func (s *sock) playN(stop, seat int, rng *rand.Rand, onMsg func(m map[string]json.RawMessage)) (int, error) {
	made := 0
	for {
		m, err := s.tryNext(30*time.Second, outSync, outUpdate, outRefused, outAck, outError)
		if err != nil {
			return made, err
		}
		if onMsg != nil {
			onMsg(m)
		}
		switch str(m, "t") {
		case outError:
			return made, fmt.Errorf("seat %d: error: %s", seat, str(m, "message"))
		case outRefused:
			if r := refusalReason(str(m, "reason")); r != refStale {
				return made, fmt.Errorf("seat %d: refused: %s %s %s", seat, r, str(m, "rule"), str(m, "message"))
			}
			continue
		case outAck:
			continue
		}
		if str(m, "status") == "over" || num(m, "v") >= stop {
			return made, nil
		}
		n := count(m, "legal")
		if num(m, "toMove") != seat || n == 0 {
			continue
		}
		s.seq++
		s.send(map[string]any{"t": "move", "v": num(m, "v"), "id": fmt.Sprintf("%ss%d-%d", s.prefix, seat, s.seq), "i": rng.IntN(n)})
		made++
	}
}

// Two people play a whole game through the server; every move is
// acknowledged, both see the same versions, and the record replays.
func TestTwoHumansPlayAGame(t *testing.T) {
	ts := startServer(t, "", Config{})
	ann, bob := newClient(t, ts.URL, "Ann"), newClient(t, ts.URL, "Bob")
	tb := ann.create(createReq{Game: "english-gardens", Seats: []string{"me", "open"}})
	if seat := bob.join(tb.ID, tb.Invite); seat != 1 {
		t.Fatalf("Bob got seat %d", seat)
	}
	sa, sb := ann.dial(tb.ID, ""), bob.dial(tb.ID, "")
	var wg sync.WaitGroup
	errs := make([]error, 2)
	for i, s := range []*sock{sa, sb} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, errs[i] = s.play(i, rand.New(rand.NewPCG(uint64(i), 9)), nil)
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	if sa.v != sb.v || sa.v == 0 {
		t.Errorf("versions at the end: %d and %d", sa.v, sb.v)
	}
	var rec string
	if code := ann.call("GET", "/api/tables/"+tb.ID+"/record", nil, &rec); code != 200 {
		t.Fatalf("record: %d %s", code, rec)
	}
	checkRecord(t, rec, sa.v)
	t.Logf("%d moves", sa.v)
}

// checkRecord replays a downloaded record: it must be legal, finished, and
// hold as many moves as the log has move entries (version counts them all
// when nobody undid or was replaced).
func checkRecord(t *testing.T, raw string, version int) {
	t.Helper()
	r, err := record.Parse([]byte(raw))
	if err != nil {
		t.Fatalf("record: %v\n%s", err, raw)
	}
	st, err := record.Replay(games.Registry(), r, nil)
	if err != nil {
		t.Fatalf("record replay: %v", err)
	}
	if !st.Over() {
		t.Error("the record's game is not over")
	}
	if version >= 0 && len(r.Moves) != version {
		t.Errorf("record holds %d moves, the table reached version %d", len(r.Moves), version)
	}
}
