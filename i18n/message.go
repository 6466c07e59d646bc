package i18n

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// node is a compiled message: its parts in order.
type node []part

// Part kinds.
const (
	kText   = iota // text
	kArg           // {name}
	kPlural        // {name, plural, …}
	kSelect        // {name, select, …}
	kNumber        // # inside a plural branch
)

type part struct {
	kind     int
	text     string // kText: the text; else the argument's name
	branches []branch
}

type branch struct {
	key  string // "one", "other", "=0", or a select value
	body node
}

// compile parses a message (the package comment gives the syntax).
func compile(m string) (node, error) {
	p := parser{s: m}
	n, err := p.body(false, false)
	if err != nil {
		return nil, err
	}
	if p.i < len(p.s) {
		return nil, fmt.Errorf("unexpected } at %d", p.i)
	}
	return n, nil
}

type parser struct {
	s string
	i int
}

// body reads parts up to the end, or up to the } closing a branch.
func (p *parser) body(inBranch, inPlural bool) (node, error) {
	var n node
	var text strings.Builder
	flush := func() {
		if text.Len() > 0 {
			n = append(n, part{kind: kText, text: text.String()})
			text.Reset()
		}
	}
	for p.i < len(p.s) {
		c := p.s[p.i]
		switch {
		case c == '}':
			if !inBranch {
				return nil, fmt.Errorf("unbalanced } at %d", p.i)
			}
			flush()
			return n, nil
		case c == '{':
			flush()
			pt, err := p.placeholder()
			if err != nil {
				return nil, err
			}
			n = append(n, pt)
		case c == '#' && inPlural:
			flush()
			n = append(n, part{kind: kNumber})
			p.i++
		default:
			text.WriteByte(c)
			p.i++
		}
	}
	if inBranch {
		return nil, errors.New("unclosed branch")
	}
	flush()
	return n, nil
}

// placeholder reads {name} or {name, plural|select, branches}.
func (p *parser) placeholder() (part, error) {
	start := p.i
	p.i++ // {
	end := strings.IndexAny(p.s[p.i:], ",}")
	if end < 0 {
		return part{}, fmt.Errorf("unclosed { at %d", start)
	}
	name := strings.TrimSpace(p.s[p.i : p.i+end])
	if !validName(name) {
		return part{}, fmt.Errorf("bad argument name %q at %d", name, start)
	}
	p.i += end
	if p.s[p.i] == '}' {
		p.i++
		return part{kind: kArg, text: name}, nil
	}
	p.i++ // ,
	end = strings.IndexByte(p.s[p.i:], ',')
	if end < 0 {
		return part{}, fmt.Errorf("argument %q at %d: want {%s, plural|select, …}", name, start, name)
	}
	pt := part{text: name}
	switch kind := strings.TrimSpace(p.s[p.i : p.i+end]); kind {
	case "plural":
		pt.kind = kPlural
	case "select":
		pt.kind = kSelect
	default:
		return part{}, fmt.Errorf("argument %q: unknown type %q", name, kind)
	}
	p.i += end + 1
	for {
		p.skipSpace()
		if p.i >= len(p.s) {
			return part{}, fmt.Errorf("unclosed { at %d", start)
		}
		if p.s[p.i] == '}' {
			p.i++
			break
		}
		k := p.i
		for p.i < len(p.s) && p.s[p.i] != '{' && p.s[p.i] != ' ' && p.s[p.i] != '}' {
			p.i++
		}
		key := p.s[k:p.i]
		p.skipSpace()
		if key == "" || p.i >= len(p.s) || p.s[p.i] != '{' {
			return part{}, fmt.Errorf("argument %q: branch %q at %d has no {…}", name, key, k)
		}
		p.i++
		body, err := p.body(true, pt.kind == kPlural)
		if err != nil {
			return part{}, fmt.Errorf("argument %q, branch %q: %w", name, key, err)
		}
		p.i++ // }
		pt.branches = append(pt.branches, branch{key: key, body: body})
	}
	if !slices.ContainsFunc(pt.branches, func(b branch) bool { return b.key == "other" }) {
		return part{}, fmt.Errorf("argument %q: no other {…} branch", name)
	}
	return pt, nil
}

func (p *parser) skipSpace() {
	for p.i < len(p.s) && (p.s[p.i] == ' ' || p.s[p.i] == '\n' || p.s[p.i] == '\t') {
		p.i++
	}
}

func validName(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if !(r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9') {
			return false
		}
	}
	return true
}

func lookup(args []Arg, name string) (Arg, bool) {
	for _, a := range args {
		if a.Name == name {
			return a, true
		}
	}
	return Arg{}, false
}

// format writes n; num is the number # stands for in a plural branch.
func (n node) format(b *strings.Builder, c *Catalog, args []Arg, num int, inPlural bool) {
	for _, pt := range n {
		switch pt.kind {
		case kText:
			b.WriteString(pt.text)
		case kNumber:
			if inPlural {
				b.WriteString(strconv.Itoa(num))
			} else {
				b.WriteByte('#')
			}
		case kArg:
			if a, ok := lookup(args, pt.text); ok {
				b.WriteString(a.Str)
			} else {
				// A missing argument shows, rather than a silent gap.
				b.WriteString("{" + pt.text + "}")
			}
		case kPlural:
			a, _ := lookup(args, pt.text)
			pt.choose(c.pluralKey(a.Num)).format(b, c, args, a.Num, true)
		case kSelect:
			a, _ := lookup(args, pt.text)
			pt.choose(func(k string) bool { return k == a.Str }).format(b, c, args, num, inPlural)
		}
	}
}

// pluralKey matches a plural branch key for n: an exact =n first, then its
// CLDR category.
func (c *Catalog) pluralKey(n int) func(string) bool {
	exact, form := "="+strconv.Itoa(n), c.form(n)
	return func(k string) bool { return k == exact || k == form }
}

// choose returns the body of the first branch whose key matches (an exact
// =n before a category, however they are ordered), else other's.
func (pt part) choose(match func(string) bool) node {
	var other, found node
	for _, br := range pt.branches {
		switch {
		case strings.HasPrefix(br.key, "=") && match(br.key):
			return br.body
		case found == nil && br.key != "other" && match(br.key):
			found = br.body
		case br.key == "other":
			other = br.body
		}
	}
	if found != nil {
		return found
	}
	return other
}

// args lists the argument names n uses, sorted and unique, appended to dst.
func (n node) args(dst []string) []string {
	for _, pt := range n {
		if pt.kind == kArg || pt.kind == kPlural || pt.kind == kSelect {
			dst = append(dst, pt.text)
		}
		for _, br := range pt.branches {
			dst = br.body.args(dst)
		}
	}
	slices.Sort(dst)
	return slices.Compact(dst)
}
