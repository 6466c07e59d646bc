package server

// Hints (issue 25): at a casual table (store.Table.NoHints unset: every
// table today; rated tables will switch hints off), the person to move may
// ask what the medium bot would play, and why in points. The bot searches
// the seat's own determinized copy, as a bot seat's does: a hint knows
// what the seat knows and nothing else. The search runs in the bot pool
// (bots.go) like a bot seat's decision, shared between owners by the same
// rule, the asker being its owner; each identity may ask --hint-every at
// most (limits.go). Asking plays nothing: the page shows the move, and the
// player plays it (or another) as any move.

import (
	"context"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/jardin-games/jardin/bots"
	"github.com/jardin-games/jardin/engine"
	"github.com/jardin-games/jardin/i18n"
	"github.com/jardin-games/jardin/shelltext"
	"github.com/jardin-games/jardin/store"
)

// hintBot is the bot whose move a hint suggests.
const hintBot = "ismcts:medium"

// hintJSON is a hint, the answer of POST /api/tables/{id}/hint.
type hintJSON struct {
	// V is the table's version the hint is for: a page drops a hint whose
	// version is no longer the table's.
	V int `json:"v"`
	// I is the move suggested: its index in the seat's legal list (the
	// sync's and update's legal, and a move message's i).
	I int `json:"i"`
	// Says is the move in words in the request's language: what it does
	// and the things it names, never its notation.
	Says string `json:"says"`
	// Points are the seat's points at the end of its turn after the move,
	// as greedy's look-ahead sees the turn played out (bots.Greedy.Outlook):
	// Now are its points before it, Other the best any other legal move
	// reaches (absent: the move is the only one).
	Points int  `json:"points"`
	Now    int  `json:"now"`
	Other  *int `json:"other,omitempty"`
	// Bot is the kind of bot that chose the move (ismcts:medium; greedy
	// when the search ran out of its time).
	Bot string `json:"bot"`
}

// hintAsk is one hint being computed: the seat's copy, the legal moves in
// the order the page holds them, and where the answer goes.
type hintAsk struct {
	v       int
	seat    int
	legal   []engine.Move
	descs   []engine.MoveDesc
	cat     *engine.Catalog
	outlook engine.State // a second copy for greedy's look-ahead
	seed    uint64
	out     chan hintResult
}

type hintResult struct {
	i       int
	bot     string
	outlook []bots.MoveOutlook
	err     error
}

// hintFor starts a hint for the person id if they may have one now: a
// casual table, live, their seat to move. It runs on the table's goroutine
// and only prepares the copies; the pool searches.
func (t *table) hintFor(id string) (*hintAsk, *botJob, error) {
	if t.meta.NoHints {
		return nil, nil, shelltext.Errorf("err.hintsOff")
	}
	seat := -1
	for i, s := range t.meta.Seats {
		if s.Identity == id && t.seatHolder(i) {
			seat = i
		}
	}
	if seat < 0 {
		return nil, nil, withStatus(http.StatusForbidden, shelltext.Errorf("err.hintSeat"))
	}
	if t.meta.Status != store.StatusLive || t.state.ToMove() != seat {
		return nil, nil, shelltext.Errorf("err.hintTurn")
	}
	seed := engine.DeriveSeed(t.meta.Seed, "hint", uint64(t.version), uint64(seat))
	ask, job := newHint(t.state, seat, seed, t.game.Texts())
	ask.v = t.version
	job.table, job.gen, job.owner = t, t.botGen, id
	return ask, job, nil
}

// newHint prepares the hint of seat, to move in s, from the seat's
// information only: s determinized for seat (the hidden cards redrawn),
// as a bot seat's decision is.
func newHint(s engine.State, seat int, seed uint64, cat *engine.Catalog) (*hintAsk, *botJob) {
	legal := slices.Clone(s.LegalMoves(nil))
	descs := make([]engine.MoveDesc, len(legal))
	if d, ok := s.(engine.Describer); ok {
		for i, m := range legal {
			descs[i] = d.DescribeMove(m)
		}
	}
	own := s.Determinize(seat, engine.DeriveSeed(seed, "determinize"))
	ask := &hintAsk{seat: seat, legal: legal, descs: descs, cat: cat, outlook: own.Clone(), seed: seed, out: make(chan hintResult, 1)}
	bot, err := bots.New(hintBot, engine.DeriveSeed(seed, "bot"))
	if err != nil {
		panic(err) // a constant kind bots.New knows
	}
	job := &botJob{seat: seat, bot: bot, kind: hintBot, state: own, queued: time.Now(),
		fallbackSeed: engine.DeriveSeed(seed, "fallback")}
	job.done = ask.answer
	return ask, job
}

// answer is the pool's answer to the hint's search, on the pool's worker:
// it adds greedy's look-ahead of every legal move (the points) and sends
// the result.
func (a *hintAsk) answer(m engine.Move, kind string, err error) {
	res := hintResult{i: slices.Index(a.legal, m), bot: kind, err: err}
	if err == nil && res.i < 0 {
		res.err = shelltext.Errorf("err.hintFailed")
	}
	if res.err == nil {
		g, _ := bots.New("greedy", engine.DeriveSeed(a.seed, "outlook"))
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		res.outlook, res.err = g.(*bots.Greedy).Outlook(ctx, a.outlook)
		cancel()
	}
	a.out <- res
}

// json is the hint as the page reads it, in lang.
func (a *hintAsk) json(res hintResult, lang string) hintJSON {
	// The sentence names the bot that chose: the Medium bot's search, or
	// greedy when the search ran out of its time in the pool.
	says := "plain.hintSays"
	if res.bot != hintBot {
		says = "plain.hintSaysQuick"
	}
	h := hintJSON{V: a.v, I: res.i, Says: moveWords(a.cat, a.descs[res.i], says, lang), Bot: res.bot, Now: a.outlook.Score(a.seat)}
	for i, o := range res.outlook {
		if i == res.i {
			h.Points = o.Points
		} else if h.Other == nil || o.Points > *h.Other {
			h.Other = intp(o.Points)
		}
	}
	return h
}

// moveWords says move d in lang in the sentence msg: what it does (the game's move.<kind>),
// then each thing it names (a component's name, a place's words).
func moveWords(cat *engine.Catalog, d engine.MoveDesc, msg, lang string) string {
	var parts []string
	if cat.Has("move." + d.Kind) {
		parts = append(parts, cat.T(lang, "move."+d.Kind))
	}
	for _, p := range d.Parts {
		switch {
		case cat.Known(p.ID):
			parts = append(parts, cat.Name(p.ID, lang))
		case cat.CellName(p.ID, lang) != p.ID:
			parts = append(parts, cat.CellName(p.ID, lang))
		}
	}
	return shelltext.T(lang, msg, i18n.S("move", strings.Join(parts, ", ")))
}

// apiHint answers the caller's hint: 200 with it, 409 when hints are off
// at the table or it is not their turn, 403 for someone not seated, 429
// past their rate.
func (s *Server) apiHint(w http.ResponseWriter, r *http.Request) {
	id, err := s.identify(r)
	if err != nil {
		s.answerErr(w, r, err)
		return
	}
	if ok, d := s.hints.allow("id " + id.ID); !ok {
		s.answerErr(w, r, &rateError{retry: d, err: shelltext.Errorf("err.hintRate")})
		return
	}
	var ask *hintAsk
	var job *botJob
	if !s.onTable(w, r, func(t *table, id store.Identity) (err error) {
		ask, job, err = t.hintFor(id.ID)
		return err
	}) {
		return
	}
	s.pool.submit(job)
	select {
	case res := <-ask.out:
		if res.err != nil {
			s.answerErr(w, r, res.err)
			return
		}
		writeJSON(w, http.StatusOK, ask.json(res, requestLang(r)))
	case <-r.Context().Done():
		// the asker went away: the pool finishes the search, nobody reads it
	}
}
