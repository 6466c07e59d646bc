package enginetest

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"unicode"

	"github.com/jardin-games/jardin/engine"
	"github.com/jardin-games/jardin/i18n"
)

// outsiders are viewers that are not seats: the spectator's answers are
// due to all of them. 255 and 256 catch a seat truncated to 8 bits.
func outsiders(n int) []int {
	return []int{-2, n, n + 1, 255, 256, 1 << 20, -1 << 31, 1<<31 - 1}
}

// checkCatalog: the game has a catalogue in both languages.
func checkCatalog(g engine.Game) error {
	tx, ok := g.(engine.Texter)
	if !ok {
		return fmt.Errorf("the game has no catalogue of texts (engine.Texter)")
	}
	cat := tx.Texts()
	if cat == nil {
		return fmt.Errorf("Texts() is nil")
	}
	if err := cat.Check(); err != nil {
		return fmt.Errorf("catalogue: %w", err)
	}
	return checkYouForms(cat)
}

// checkYouForms: a message names its actor exactly when it has a You form
// (event.<key>.you), which speaks to the actor in the second person and
// never names the actor again (issue 12: never "You you drew").
func checkYouForms(cat *engine.Catalog) error {
	var errs []error
	for _, lang := range cat.Langs() {
		c := cat.Bundle().Catalog(lang)
		for _, id := range c.IDs() {
			if !strings.HasPrefix(id, "event.") || strings.HasSuffix(id, ".you") {
				continue
			}
			m, you := c.Source(id), c.Source(id+".you")
			if strings.Contains(m, "{actor}") != (you != "") {
				errs = append(errs, fmt.Errorf("%s: %s: a message naming its actor needs a You form, and only it", lang, id))
			}
			if strings.Contains(you, "{actor}") {
				errs = append(errs, fmt.Errorf("%s: %s.you names the actor again", lang, id))
			}
			if word := map[string]string{"en": "you ", "fr": "vous "}[lang]; you != "" && word != "" && !strings.Contains(strings.ToLower(you), word) {
				errs = append(errs, fmt.Errorf("%s: %s.you %q does not read in the second person", lang, id, you))
			}
		}
	}
	return errors.Join(errs...)
}

// checkOutsideSeats: every per-seat method answers a viewer that is not a
// seat as it answers the spectator, and never panics.
func checkOutsideSeats(s engine.State, seed uint64) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("a per-seat method panics for a viewer that is not a seat: %v", r)
		}
	}()
	want, _ := json.Marshal(s.View(engine.Spectator))
	dr, _ := s.(engine.Drawer)
	var wantDraw string
	if dr != nil {
		wantDraw = dr.Draw(engine.Spectator, engine.Style{})
	}
	wantDet := s.Determinize(engine.Spectator, seed)
	for _, p := range outsiders(s.NumPlayers()) {
		got, _ := json.Marshal(s.View(p))
		if !bytes.Equal(got, want) {
			return fmt.Errorf("View(%d) is not the spectator's view:\n got  %s\n want %s", p, got, want)
		}
		if dr != nil && dr.Draw(p, engine.Style{}) != wantDraw {
			return fmt.Errorf("Draw(%d) is not the spectator's drawing", p)
		}
		if sc := s.Score(p); sc != 0 {
			return fmt.Errorf("Score(%d) = %d for a viewer that is not a seat, want 0", p, sc)
		}
		if ev, ok := s.(engine.Evaluator); ok {
			if v := ev.Evaluate(p); v != 0 {
				return fmt.Errorf("Evaluate(%d) = %v for a viewer that is not a seat, want 0", p, v)
			}
		}
		if cr, ok := s.(engine.ComponentReporter); ok {
			if c := cr.Components(p); len(c) != 0 {
				return fmt.Errorf("Components(%d) = %v for a viewer that is not a seat, want none", p, c)
			}
		}
		if d := s.Determinize(p, seed); !reflect.DeepEqual(d, wantDet) {
			return fmt.Errorf("Determinize(%d) differs from the spectator's determinization", p)
		}
	}
	return nil
}

// checkNoSecret: a determinized copy is a function of what the seat sees
// and of the seed given to Determinize alone. Determinizing a determinized
// copy again with seed b gives the same state as determinizing the real one
// with b; were anything of the real hidden order or the real generator left
// in the copy, the two would differ.
func checkNoSecret(s engine.State, p int, seed uint64, rng *engine.RNG) error {
	viewers := []int{p, engine.Spectator}
	if n := s.NumPlayers(); n > 1 {
		viewers = append(viewers, (p+1+rng.Intn(n-1))%n)
	}
	for _, q := range viewers {
		b := seed*0x9e3779b97f4a7c15 + 7
		want := s.Determinize(q, b)
		for a := uint64(1); a <= 2; a++ {
			c := s.Determinize(q, b^(a*0x51ed27)) // another world q cannot tell from s
			if got := c.Determinize(q, b); !reflect.DeepEqual(got, want) {
				return fmt.Errorf("Determinize(%d, b) of a determinized copy differs from Determinize(%d, b) of the real state: the copy carries something of the real hidden state or seed", q, q)
			}
		}
	}
	return nil
}

// checkEvents: every event is keyed in the game's catalogue, names known
// components, and renders in both languages for every viewer that may see it.
func checkEvents(g engine.Game, n int, evs []engine.Event) error {
	tx, _ := g.(engine.Texter)
	if tx == nil {
		return fmt.Errorf("no catalogue")
	}
	cat := tx.Texts()
	for _, e := range evs {
		if !cat.Has("event." + e.Key) {
			return fmt.Errorf("event %+v: key %q is not in the catalogue", e, e.Key)
		}
		if e.Private >= n || e.Private < -1 || e.Actor >= n || e.Actor < -1 {
			return fmt.Errorf("event %+v: seat out of range", e)
		}
		for _, a := range e.Args {
			switch a.Kind {
			case engine.ArgComp:
				if !cat.Known(a.S) {
					return fmt.Errorf("event %q names component %q, which the catalogue does not name in both languages", e.Key, a.S)
				}
			case engine.ArgSeat:
				if a.N < 0 || a.N >= n {
					return fmt.Errorf("event %q names seat %d of %d", e.Key, a.N, n)
				}
			case engine.ArgNum, engine.ArgCell:
			default:
				return fmt.Errorf("event %q has an argument of unknown kind %d", e.Key, a.Kind)
			}
		}
		for v := engine.Spectator; v < n; v++ {
			if !e.VisibleTo(v) {
				continue
			}
			for _, lang := range cat.Langs() {
				txt := cat.Render(e, v, lang, nil)
				if txt == "" || strings.ContainsAny(txt, "{}") {
					return fmt.Errorf("event %q renders badly for viewer %d in %s: %q", e.Key, v, lang, txt)
				}
				if lang == i18n.Pseudo {
					if out := Unwrapped(txt); out != "" {
						return fmt.Errorf("event %q renders %q outside the catalogue for viewer %d: %q", e.Key, out, v, txt)
					}
				}
			}
		}
	}
	return nil
}

// checkPrompt: the decision has a prompt of the game's own catalogue, for
// the player to move and for everyone else, that renders in every
// language; at a deep step, every other seat's determinization shows the
// same prompt (it tells nobody what they may not know).
func checkPrompt(g engine.Game, s engine.State, deep bool, seed uint64) error {
	cat := g.(engine.Texter).Texts()
	p := s.Prompt()
	if p.Key == "" {
		return fmt.Errorf("no prompt for the decision of seat %d", s.ToMove())
	}
	for _, id := range []string{"prompt." + p.Key, "prompt." + p.Key + ".you"} {
		if !cat.Bundle().Has(id) {
			return fmt.Errorf("prompt %q: message %s is not in the game's catalogue", p.Key, id)
		}
	}
	for _, a := range p.Args {
		if a.Kind == engine.ArgComp && !cat.Known(a.S) {
			return fmt.Errorf("prompt %q names component %q, which the catalogue does not name", p.Key, a.S)
		}
	}
	for v := engine.Spectator; v < s.NumPlayers(); v++ {
		for _, lang := range cat.Langs() {
			txt := cat.Prompt(p, s.ToMove(), v, lang, nil)
			if txt == "" || strings.ContainsAny(txt, "{}") {
				return fmt.Errorf("prompt %q renders badly for viewer %d in %s: %q", p.Key, v, lang, txt)
			}
			if lang == i18n.Pseudo {
				if out := Unwrapped(txt); out != "" {
					return fmt.Errorf("prompt %q renders %q outside the catalogue for viewer %d: %q", p.Key, out, v, txt)
				}
			}
		}
		if deep && v >= 0 && v != s.ToMove() {
			if q := s.Determinize(v, seed^uint64(v+1)).Prompt(); !reflect.DeepEqual(q, p) {
				return fmt.Errorf("prompt %+v differs in seat %d's determinization (%+v): it depends on what that seat cannot see", p, v, q)
			}
		}
	}
	return nil
}

// checkWhatOthersLearn: what another seat q (or a spectator) receives after
// a move depends only on what q may know. The move is replayed in worlds q
// cannot tell from the real one (determinizations for q); there, the public
// events that are not reveals must be the same, and when nothing was
// revealed to q, so must q's view afterwards.
func checkWhatOthersLearn(pre engine.State, m engine.Move, evs []engine.Event, post engine.State, rng *engine.RNG) error {
	p := pre.ToMove()
	n := pre.NumPlayers()
	qs := []int{engine.Spectator}
	if n > 1 {
		qs = append(qs, (p+1+rng.Intn(n-1))%n)
	}
	for _, q := range qs {
		wantEv, revealed := plainEvents(evs, q)
		wantView, _ := json.Marshal(post.View(q))
		for a := uint64(1); a <= 2; a++ {
			w := pre.Determinize(q, rng.Uint64())
			var log engine.Log
			if w.Apply(m, &log) != nil {
				continue // the move means something else there: its meaning was p's secret
			}
			gotEv, rev2 := plainEvents(log.Events, q)
			if !bytes.Equal(gotEv, wantEv) {
				return fmt.Errorf("seat %d learns from public events what it could not know (events not marked as reveals differ between worlds it cannot tell apart):\n real  %s\n other %s", q, wantEv, gotEv)
			}
			if !revealed && !rev2 {
				gotView, _ := json.Marshal(w.View(q))
				if !bytes.Equal(gotView, wantView) {
					return fmt.Errorf("the view of seat %d after the move depends on what it could not know, and no event reveals it:\n real  %s\n other %s", q, wantView, gotView)
				}
			}
		}
	}
	return nil
}

// plainEvents returns the events q may see that are not reveals, as JSON,
// and whether q saw any reveal.
func plainEvents(evs []engine.Event, q int) ([]byte, bool) {
	var plain []engine.Event
	revealed := false
	for _, e := range engine.Visible(evs, q) {
		if e.Reveal {
			revealed = true
			continue
		}
		plain = append(plain, e)
	}
	b, _ := json.Marshal(plain)
	return b, revealed
}

// checkDescriptions: every legal move has a structured description with a
// kind, distinct from the others', that survives a JSON round trip.
func checkDescriptions(s engine.State, legal []engine.Move) error {
	d, ok := s.(engine.Describer)
	if !ok {
		return fmt.Errorf("the state does not describe its moves (engine.Describer)")
	}
	seen := make(map[string]string, len(legal))
	for _, m := range legal {
		desc := d.DescribeMove(m)
		if desc.Kind == "" {
			return fmt.Errorf("move %q: description without a kind", s.FormatMove(m))
		}
		b, err := json.Marshal(desc)
		if err != nil {
			return fmt.Errorf("move %q: description: %v", s.FormatMove(m), err)
		}
		if other, dup := seen[string(b)]; dup {
			return fmt.Errorf("moves %q and %q have the same description %s", other, s.FormatMove(m), b)
		}
		seen[string(b)] = s.FormatMove(m)
		var back engine.MoveDesc
		if err := json.Unmarshal(b, &back); err != nil || !reflect.DeepEqual(back, desc) {
			return fmt.Errorf("move %q: description %s does not round-trip (%v)", s.FormatMove(m), b, err)
		}
	}
	return nil
}

// Unwrapped returns the words of s, rendered in the pseudo-language, that
// are outside every ⟦…⟧: text that came from no catalogue. Numbers,
// punctuation and spaces do not count; "" means every word is the
// catalogue's. Player names are not words of a catalogue: render with
// names nil ("player N", which is).
func Unwrapped(s string) string {
	var out strings.Builder
	for _, r := range i18n.StripPseudo(s) {
		if unicode.IsLetter(r) {
			out.WriteRune(r)
		}
	}
	return out.String()
}

// TwoLang is a text in English and French, as older tests compare them.
type TwoLang struct{ EN, FR string }

// RatingText is solo rating id's words in English and French.
func RatingText(cat *engine.Catalog, id string) TwoLang {
	return TwoLang{cat.RatingLabel(id, "en"), cat.RatingLabel(id, "fr")}
}

// CategoryText is a score category's name in English and French.
func CategoryText(cat *engine.Catalog, c engine.Category) TwoLang {
	return TwoLang{cat.CategoryLabel(c.ID, "en"), cat.CategoryLabel(c.ID, "fr")}
}

// EventMessage is one event key's message as the catalogue writes it, in
// English and French, third person and, if any, the actor's own ("You …").
type EventMessage struct{ EN, FR, YouEN, YouFR string }

// EventMessages lists a catalogue's event messages (event.<key>) by key.
func EventMessages(cat *engine.Catalog) map[string]EventMessage {
	en, fr := cat.Bundle().Catalog("en"), cat.Bundle().Catalog("fr")
	out := map[string]EventMessage{}
	for _, id := range en.IDs() {
		k, ok := strings.CutPrefix(id, "event.")
		if !ok || strings.HasSuffix(k, ".you") {
			continue
		}
		out[k] = EventMessage{en.Source(id), fr.Source(id), en.Source(id + ".you"), fr.Source(id + ".you")}
	}
	return out
}
