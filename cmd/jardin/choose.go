package main

import (
	"fmt"
	"io"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/jardin-games/jardin/engine"
	"github.com/jardin-games/jardin/i18n"
	"github.com/jardin-games/jardin/shelltext"
)

// listMax is the longest list of whole moves shown at once. A decision with
// more is chosen in steps: the first part of the move (its kind, then the
// card, then the cell…), keeping only the moves that match, and so on until
// the moves left fit in a list.
const listMax = 20

// key is one step of a move as a player chooses it: a value (what picking it
// keeps) and its label.
type key struct{ id, label string }

// chooser narrows one decision's legal moves step by step. With the game's
// move descriptions (engine.Describer) the steps are the kind and then the
// parts in order; without them, the words of the notation.
type chooser struct {
	t      *texts
	legal  []engine.Move
	notes  []string // notation of each legal move
	keys   [][]key  // the steps of each legal move
	whole  []string // each move described whole, for lists
	chosen []key    // the steps picked so far
	levels []int    // the level each pick was made at
}

func newChooser(t *texts, s engine.State, legal []engine.Move) *chooser {
	c := &chooser{t: t, legal: legal}
	d, _ := s.(engine.Describer)
	for _, m := range legal {
		note := s.FormatMove(m)
		c.notes = append(c.notes, note)
		var ks []key
		if d != nil {
			desc := d.DescribeMove(m)
			ks = append(ks, key{"kind=" + desc.Kind, t.kindLabel(desc.Kind)})
			for _, p := range desc.Parts {
				ks = append(ks, key{p.Name + "=" + p.ID, t.partLabel(p)})
			}
		} else {
			for _, w := range strings.Fields(note) {
				ks = append(ks, key{w, w})
			}
		}
		c.keys = append(c.keys, ks)
		if d != nil {
			labels := make([]string, len(ks))
			for i, k := range ks {
				labels[i] = k.label
			}
			w := labels[0]
			if len(labels) > 1 {
				w = say(t.lang, "cli.stepLabel", i18n.S("label", w), i18n.S("rest", strings.Join(labels[1:], ", ")))
			}
			c.whole = append(c.whole, w+"   ["+note+"]")
		} else {
			c.whole = append(c.whole, note)
		}
	}
	return c
}

// remaining lists the indices of the legal moves that match every pick.
func (c *chooser) remaining() []int {
	var out []int
next:
	for i, ks := range c.keys {
		for j, k := range c.chosen {
			l := c.levels[j]
			if l >= len(ks) || ks[l] != k {
				continue next
			}
		}
		out = append(out, i)
	}
	return out
}

// step is what the player chooses from now: whole moves (list), or the
// distinct values of the next level where the moves left differ.
type step struct {
	list    []int // indices of legal moves, when the moves left are listed whole
	level   int
	options []key
	counts  []int
}

func (c *chooser) step() step {
	rem := c.remaining()
	if len(rem) <= listMax {
		return step{list: rem}
	}
	level := 0
	if n := len(c.levels); n > 0 {
		level = c.levels[n-1] + 1
	}
	for ; ; level++ {
		var st step
		st.level = level
		seen := map[key]int{}
		for _, i := range rem {
			k := key{"", "…"}
			if level < len(c.keys[i]) {
				k = c.keys[i][level]
			}
			if j, ok := seen[k]; ok {
				st.counts[j]++
				continue
			}
			seen[k] = len(st.options)
			st.options = append(st.options, k)
			st.counts = append(st.counts, 1)
		}
		switch {
		case len(st.options) > 1:
			return st
		case st.options[0].id == "":
			// Every step taken and still too many (moves that differ
			// only in notation): list them whole.
			return step{list: rem}
		}
		// One value at this level: nothing to choose, go deeper.
	}
}

// pick applies the player's choice k (1-based) of st: a move when st lists
// moves, else a narrowing. ok is false when k is not a choice.
func (c *chooser) pick(st step, k int) (m engine.Move, done, ok bool) {
	if st.list != nil {
		if k < 1 || k > len(st.list) {
			return 0, false, false
		}
		return c.legal[st.list[k-1]], true, true
	}
	if k < 1 || k > len(st.options) {
		return 0, false, false
	}
	c.chosen = append(c.chosen, st.options[k-1])
	c.levels = append(c.levels, st.level)
	if rem := c.remaining(); len(rem) == 1 {
		return c.legal[rem[0]], true, true
	}
	return 0, false, true
}

// back undoes the last pick; false when there is none.
func (c *chooser) back() bool {
	if len(c.chosen) == 0 {
		return false
	}
	c.chosen = c.chosen[:len(c.chosen)-1]
	c.levels = c.levels[:len(c.levels)-1]
	return true
}

// count is the number of choices st offers.
func (st step) count() int {
	if st.list != nil {
		return len(st.list)
	}
	return len(st.options)
}

// show writes the choices of the current step.
func (c *chooser) show(w io.Writer, header string) step {
	st := c.step()
	lang := c.t.lang
	fmt.Fprintln(w, header)
	if len(c.chosen) > 0 {
		labels := make([]string, len(c.chosen))
		for i, k := range c.chosen {
			labels[i] = k.label
		}
		fmt.Fprintf(w, "  %s %s   (%s)\n", say(lang, "cli.chosenSoFar"), strings.Join(labels, ", "), say(lang, "cli.backHint"))
	}
	var items []string
	if st.list != nil {
		for _, i := range st.list {
			items = append(items, c.whole[i])
		}
	} else {
		total := len(c.remaining())
		fmt.Fprintf(w, "  %s\n", say(lang, "cli.inSteps", i18n.N("n", total)))
		// Counts say how many moves a value keeps; when each keeps one,
		// they say nothing.
		ones := total == len(st.options)
		for n, k := range st.options {
			if ones {
				items = append(items, k.label)
			} else {
				items = append(items, fmt.Sprintf("%s  (%d)", k.label, st.counts[n]))
			}
		}
	}
	columns(w, items)
	return st
}

// screenWidth is the width lists are laid out for.
const screenWidth = 80

// columns writes numbered items one a line, or, when there are more than
// listMax and they are short enough, in columns numbered downwards, so that
// a long list does not push the table off the screen.
func columns(w io.Writer, items []string) {
	width := 0
	for _, it := range items {
		width = max(width, utf8.RuneCountInString(it))
	}
	cell := width + 6 // "  nn) " before each item
	cols := 1
	if len(items) > listMax {
		cols = max(1, (screenWidth-1)/cell)
	}
	rows := (len(items) + cols - 1) / cols
	for r := range rows {
		var line strings.Builder
		for c := range cols {
			n := c*rows + r
			if n >= len(items) {
				break
			}
			entry := fmt.Sprintf("  %2d) %s", n+1, items[n])
			if c < cols-1 && (c+1)*rows+r < len(items) {
				entry += strings.Repeat(" ", cell-utf8.RuneCountInString(entry))
			}
			line.WriteString(entry)
		}
		fmt.Fprintln(w, line.String())
	}
}

// partLabel is a part of a move as a player reads it: its role and the
// name of what it names ("cell row 1, column 3"), or the name alone when it
// already says the role ("tile L03", not "tile tile L03").
func (t *texts) partLabel(p engine.Part) string {
	role, name := t.roleLabel(p.Name), t.name(p.ID)
	r := fold(role)
	if strings.HasPrefix(fold(name), r) {
		return name
	}
	for _, w := range strings.FieldsFunc(fold(name), func(c rune) bool { return !unicode.IsLetter(c) }) {
		if w == r {
			return name // "the 2-gold stack" says "stack"
		}
	}
	return role + " " + name
}

// kindLabel names a kind of move for a player: the catalogue's "move.KIND"
// message when it has one, else a few common words, else the kind.
func (t *texts) kindLabel(kind string) string {
	return t.word("move."+kind, kind, "cli.move.")
}

// roleLabel names a part of a move (card, cell, orientation…), likewise
// from "part.ROLE".
func (t *texts) roleLabel(role string) string {
	return t.word("part."+role, role, "cli.part.")
}

func (t *texts) word(msgKey, w string, builtin string) string {
	if t.cat != nil {
		if t.cat.Has(msgKey) {
			return t.cat.T(t.lang, msgKey)
		}
	}
	// the common kinds of moves and parts, for the games whose catalogues
	// do not name them: the shell catalogue's cli.move.* and cli.part.*
	if id := builtin + w; shelltext.Bundle().Has(id) {
		return say(t.lang, id)
	}
	return w
}
