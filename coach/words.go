package coach

import (
	"slices"
	"strconv"
	"strings"

	"github.com/jardin-games/jardin/engine"
	"github.com/jardin-games/jardin/i18n"
	"github.com/jardin-games/jardin/shelltext"
)

// Words names move m of decision d for a person in lang, as the game's
// texts tell the move to the one who makes it ("You take the rose card")
// when a person made it, and in the third person with the seat's name when
// a bot did ("ismcts takes the rose card": the one reading is a person,
// not the bot). The words are made of the events the move produces that
// the seat sees, kept only where they are the same in several worlds the
// seat cannot tell apart (determinizations of its copy). An event about a card drawn blind differs between worlds: its
// card would be a guess, not the game's, so it is left out. A move with no
// such event reads by its kind and parts (the catalogue's move.* and the
// components' names). Never notation.
func (r *Report) Words(d Decision, m engine.Move, lang string) string {
	cat := catalog(r.Game)
	if cat == nil || d.root == nil {
		return ""
	}
	const worlds = 4
	// The seat's view decides which events are told; the viewer of the
	// words is the seat only when a person played it.
	viewer := d.Seat
	if d.Bot {
		viewer = -1
	}
	var evs [worlds][]engine.Event
	for k := range evs {
		s := d.root.Determinize(d.Seat, engine.DeriveSeed(uint64(d.Step), "coach.words", uint64(k)))
		var log engine.Log
		if s.Apply(m, &log) != nil {
			return ""
		}
		evs[k] = engine.Visible(log.Events, d.Seat)
	}
	var own, other []string
next:
	for i, e := range evs[0] {
		unseen := false
		for k := 1; k < worlds; k++ {
			if i >= len(evs[k]) {
				continue next
			}
			if sameEvent(e, evs[k][i]) {
				continue
			}
			// What the move reveals differs between the worlds (the trophy
			// drawn): the game's sentence without it, when it has one,
			// rather than the move's label.
			if evs[k][i].Key != e.Key || evs[k][i].Actor != e.Actor || !cat.Has("event."+e.Key+".unseen") {
				continue next
			}
			unseen = true
		}
		if unseen {
			e = engine.Event{Actor: e.Actor, Private: -1, Key: e.Key + ".unseen"}
		}
		w := strings.TrimRight(cat.Render(e, viewer, lang, r.Names), ". ")
		if e.Actor == d.Seat {
			own = append(own, w)
		} else {
			other = append(other, w)
		}
	}
	if len(own) == 0 {
		own = other
	}
	if len(own) > 0 {
		// joined by the catalogue: French sets a space before ";"
		w := own[0]
		for _, x := range own[1:] {
			w = shelltext.T(lang, "plain.coach.then", i18n.S("first", w), i18n.S("then", x))
		}
		return w
	}
	return describe(cat, d.root.DescribeMove(m), lang)
}

func sameEvent(a, b engine.Event) bool {
	return a.Key == b.Key && a.Actor == b.Actor && a.Private == b.Private && slices.Equal(a.Args, b.Args)
}

// describe reads a move by its kind and the names of its parts.
func describe(cat *engine.Catalog, desc engine.MoveDesc, lang string) string {
	var w []string
	if cat.Has("move." + desc.Kind) {
		w = append(w, cat.T(lang, "move."+desc.Kind))
	}
	for _, p := range desc.Parts {
		if n := cat.Name(p.ID, lang); n != p.ID {
			w = append(w, n)
		} else if c := cat.CellName(p.ID, lang); c != p.ID {
			w = append(w, c)
		}
	}
	return strings.Join(w, ", ")
}

func catalog(g engine.Game) *engine.Catalog {
	if g == nil {
		return nil
	}
	return g.Texts()
}

// Explain is the sentence that flags decision d (one of a seat's costliest)
// in lang: the move played and the best move found, in words, and what the
// difference cost in points.
func (r *Report) Explain(d Decision, lang string) string {
	played, best, loss := r.Words(d, d.Played, lang), r.Words(d, d.Best, lang), Points(d.Loss, lang)
	if Points(d.Error, lang) == Points(0, lang) {
		// No chance left to play out (Schlossgarten's open garden): a
		// "give or take 0.0" says nothing to a player.
		return shelltext.T(lang, "plain.coach.costlyExact",
			i18n.N("step", d.Step), i18n.S("played", played), i18n.S("best", best), i18n.S("loss", loss))
	}
	return shelltext.T(lang, "plain.coach.costly",
		i18n.N("step", d.Step),
		i18n.S("played", played),
		i18n.S("best", best),
		i18n.S("loss", loss),
		i18n.S("error", Points(d.Error, lang)))
}

// Points writes a number of points with one decimal, in lang's way
// (2.5 in English, 2,5 in French and German).
func Points(v float64, lang string) string {
	s := strconv.FormatFloat(v, 'f', 1, 64)
	if s == "-0.0" {
		s = "0.0"
	}
	if lang != "en" && !strings.HasPrefix(lang, "en-") {
		s = strings.Replace(s, ".", ",", 1)
	}
	return s
}

// Notation is move m of decision d in the game's notation, for machines
// (records, JSON): a finished game's moves are public.
func (r *Report) Notation(d Decision, m engine.Move) string {
	if d.root == nil {
		return ""
	}
	return d.root.FormatMove(m)
}
