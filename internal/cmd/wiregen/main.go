// Command wiregen writes the TypeScript types of what crosses the wire —
// the server's messages (server.WireMessages) and each registered game's
// view — from their Go types, one file per Go package in web/src/gen, so
// that the page compiles against the types the server encodes. go generate
// ./server runs it; with -check it writes nothing and fails when a
// committed file differs from what it would write (scripts/test runs that).
//
// The mapping follows encoding/json: a field's name is its json tag's,
// omitempty or omitzero makes it optional, a pointer without omitempty may
// be null; named string types become unions of the constants of that type
// declared in their package's source. Where the Go type says less than the
// wire, a field's ts tag gives the TypeScript type (",required": written
// always, though omitempty). Types with their own MarshalJSON need an entry
// in custom.
package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path"
	"path/filepath"
	"reflect"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/jardin-games/jardin/engine"
	"github.com/jardin-games/jardin/games"
	"github.com/jardin-games/jardin/server"
)

const module = "github.com/jardin-games/jardin"

// custom is the TypeScript of the types that marshal themselves.
var custom = map[reflect.Type]string{
	// engine.MoveDesc.MarshalJSON: the kind, then each part by name.
	reflect.TypeFor[engine.MoveDesc](): "{ kind: string; [part: string]: string }",
	// engine.Arg.MarshalJSON: an object with exactly one of these keys
	// (written as optional keys so that a reader may test each).
	reflect.TypeFor[engine.Arg](): "{ seat?: number; n?: number; comp?: string; cell?: string }",
}

func main() {
	out := flag.String("out", "web/src/gen", "the folder of the generated files")
	root := flag.String("root", ".", "the module's root (to read the Go sources of string constants)")
	check := flag.Bool("check", false, "write nothing; fail when a file in -out differs from what would be written")
	flag.Parse()
	files, err := generate(*root)
	if err != nil {
		fmt.Fprintln(os.Stderr, "wiregen:", err)
		os.Exit(1)
	}
	if err := write(*out, files, *check); err != nil {
		fmt.Fprintln(os.Stderr, "wiregen:", err)
		os.Exit(1)
	}
}

// write puts files in dir, or with check compares them with dir's files.
func write(dir string, files map[string][]byte, check bool) error {
	old, _ := filepath.Glob(filepath.Join(dir, "*.ts"))
	var stale []string
	for _, p := range old {
		name := filepath.Base(p)
		if _, ok := files[name]; !ok {
			stale = append(stale, name)
			if !check {
				if err := os.Remove(p); err != nil {
					return fmt.Errorf("remove %s: %w", p, err)
				}
			}
		}
	}
	var differ []string
	for name, b := range files {
		p := filepath.Join(dir, name)
		cur, err := os.ReadFile(p)
		if err == nil && bytes.Equal(cur, b) {
			continue
		}
		differ = append(differ, name)
		if !check {
			if err := os.MkdirAll(dir, 0o755); err != nil {
				return fmt.Errorf("make %s: %w", dir, err)
			}
			if err := os.WriteFile(p, b, 0o644); err != nil {
				return fmt.Errorf("write %s: %w", p, err)
			}
		}
	}
	if check && len(differ)+len(stale) > 0 {
		sort.Strings(differ)
		return fmt.Errorf("%s is not current (differ: %v, not generated: %v): run go generate ./server", dir, differ, stale)
	}
	return nil
}

// gen is one generation: the TypeScript of every named type reached, by
// Go package.
type gen struct {
	root  string
	files map[string]*file // by TS file name without .ts
	done  map[reflect.Type]bool
	// consts caches each package's string constants by type name.
	consts map[string]map[string][]string
}

type file struct {
	decls   map[string]string // TS name → declaration
	imports map[string]bool   // other files referred to
}

func generate(root string) (map[string][]byte, error) {
	g := &gen{root: root, files: map[string]*file{}, done: map[reflect.Type]bool{}, consts: map[string]map[string][]string{}}
	// The server's messages, and the union of them.
	msgs := server.WireMessages()
	tags := slices.Sorted(mapsKeys(msgs))
	srv := g.file("server")
	var union []string
	for _, tag := range tags {
		name, err := g.ref(reflect.TypeOf(msgs[tag]), "server")
		if err != nil {
			return nil, err
		}
		union = append(union, name)
	}
	srv.decls["ServerMsg"] = "/** Every message the server sends, told apart by t. */\nexport type ServerMsg =\n  | " + strings.Join(union, "\n  | ") + ";\n"
	// What a client sends (server.clientMsg: the interface ClientMsg).
	if _, err := g.ref(reflect.TypeOf(server.WireClientMessage()), "server"); err != nil {
		return nil, err
	}
	// The lobby's (its stream's messages, its rows, the player pages) and
	// the other calls' bodies the page reads.
	for _, v := range append(server.WireLobby(), server.WireAPI()...) {
		if _, err := g.ref(reflect.TypeOf(v), fileOf(reflect.TypeOf(v).PkgPath())); err != nil {
			return nil, err
		}
	}
	// engine.Result: a state message's result (spliced in as raw JSON).
	res, err := g.ref(reflect.TypeFor[engine.Result](), "server")
	if err != nil {
		return nil, err
	}
	srv.decls["Result"] = "/** The score pad of a finished game (engine.Result). */\nexport type Result = " + res + ";\n"
	// Each game's view, as its states' View returns it.
	var views []string
	for _, gm := range games.Registry().All() {
		lo, _ := gm.Players()
		s, err := gm.New(lo, 1, nil)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", gm.ID(), err)
		}
		t := reflect.TypeOf(s.View(engine.Spectator))
		if t.Kind() == reflect.Pointer {
			t = t.Elem()
		}
		name, err := g.ref(t, "server")
		if err != nil {
			return nil, err
		}
		views = append(views, fmt.Sprintf("  %q: %s;", gm.ID(), name))
	}
	srv.decls["GameViews"] = "/** Each game's view type by game id. */\nexport interface GameViews {\n" + strings.Join(views, "\n") + "\n}\n"
	srv.decls["GameView"] = "/** A view of any game. */\nexport type GameView = GameViews[keyof GameViews];\n"

	out := map[string][]byte{}
	for name, f := range g.files {
		var b strings.Builder
		b.WriteString("// Code generated by internal/cmd/wiregen from the Go types; DO NOT EDIT.\n")
		b.WriteString("// go generate ./server writes it again; scripts/test checks it is current.\n\n")
		for _, imp := range slices.Sorted(mapsKeys(f.imports)) {
			fmt.Fprintf(&b, "import type * as %s from \"./%s\";\n", imp, imp)
		}
		if len(f.imports) > 0 {
			b.WriteString("\n")
		}
		for i, d := range slices.Sorted(mapsKeys(f.decls)) {
			if i > 0 {
				b.WriteString("\n")
			}
			b.WriteString(f.decls[d])
		}
		out[name+".ts"] = []byte(b.String())
	}
	return out, nil
}

func mapsKeys[M ~map[string]V, V any](m M) func(func(string) bool) {
	return func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

func (g *gen) file(name string) *file {
	f, ok := g.files[name]
	if !ok {
		f = &file{decls: map[string]string{}, imports: map[string]bool{}}
		g.files[name] = f
	}
	return f
}

// fileOf is the TS file of a Go package: its last path element.
func fileOf(pkg string) string { return path.Base(pkg) }

// tsName is a named Go type's TS name: exported (syncMsg → SyncMsg).
func tsName(t reflect.Type) string {
	n := t.Name()
	return strings.ToUpper(n[:1]) + n[1:]
}

// ref is the TypeScript for t as written in file from, declaring the
// named types it reaches.
func (g *gen) ref(t reflect.Type, from string) (string, error) {
	if ts, ok := custom[t]; ok {
		file := fileOf(t.PkgPath())
		if !g.done[t] {
			g.done[t] = true
			g.file(file).decls[tsName(t)] = fmt.Sprintf("/** %s.%s (its own MarshalJSON) */\nexport type %s = %s;\n", file, t.Name(), tsName(t), ts)
		}
		if file != from {
			g.file(from).imports[file] = true
			return file + "." + tsName(t), nil
		}
		return tsName(t), nil
	}
	if t.Implements(reflect.TypeFor[json.Marshaler]()) && t != reflect.TypeFor[json.RawMessage]() {
		return "", fmt.Errorf("%s marshals itself: give its TypeScript in custom", t)
	}
	named := t.Name() != "" && t.PkgPath() != ""
	if named && (t.Kind() == reflect.Struct || t.Kind() == reflect.String) {
		file := fileOf(t.PkgPath())
		if !g.done[t] {
			g.done[t] = true
			decl, err := g.declare(t, file)
			if err != nil {
				return "", err
			}
			g.file(file).decls[tsName(t)] = decl
		}
		if file != from {
			g.file(from).imports[file] = true
			return file + "." + tsName(t), nil
		}
		return tsName(t), nil
	}
	switch t.Kind() {
	case reflect.Bool:
		return "boolean", nil
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Float32, reflect.Float64:
		return "number", nil
	case reflect.String:
		return "string", nil
	case reflect.Interface:
		return "unknown", nil
	case reflect.Pointer:
		return g.ref(t.Elem(), from)
	case reflect.Slice, reflect.Array:
		if t.Elem().Kind() == reflect.Uint8 && t.Kind() == reflect.Slice {
			return "unknown", nil // []byte and json.RawMessage: raw JSON
		}
		e, err := g.ref(t.Elem(), from)
		if err != nil {
			return "", err
		}
		if strings.ContainsAny(e, " |") {
			e = "(" + e + ")"
		}
		return e + "[]", nil
	case reflect.Map:
		if t.Key().Kind() != reflect.String {
			return "", fmt.Errorf("%s: map keys must be strings", t)
		}
		e, err := g.ref(t.Elem(), from)
		if err != nil {
			return "", err
		}
		return "Record<string, " + e + ">", nil
	case reflect.Struct:
		extends, body, err := g.object(t, from)
		return strings.Join(append(extends, body), " & "), err
	}
	return "", fmt.Errorf("%s: no TypeScript for kind %s", t, t.Kind())
}

// declare is the TS declaration of named type t in file.
func (g *gen) declare(t reflect.Type, file string) (string, error) {
	doc := fmt.Sprintf("/** %s.%s */\n", fileOf(t.PkgPath()), t.Name())
	if t.Kind() == reflect.String {
		vals, err := g.constants(t)
		if err != nil {
			return "", err
		}
		if len(vals) == 0 {
			return doc + "export type " + tsName(t) + " = string;\n", nil
		}
		return doc + "export type " + tsName(t) + " = " + strings.Join(vals, " | ") + ";\n", nil
	}
	extends, body, err := g.object(t, file)
	if err != nil {
		return "", err
	}
	if len(extends) > 0 {
		// Embedded structs' fields are the outer struct's in JSON.
		return doc + "export interface " + tsName(t) + " extends " + strings.Join(extends, ", ") + " " + body + "\n", nil
	}
	return doc + "export interface " + tsName(t) + " " + body + "\n", nil
}

// object is the TS object type of struct t's JSON: the types of its
// embedded structs and the object of its own fields.
func (g *gen) object(t reflect.Type, from string) (extends []string, body string, err error) {
	var b strings.Builder
	b.WriteString("{\n")
	for i := range t.NumField() {
		f := t.Field(i)
		tag := f.Tag.Get("json")
		if tag == "-" {
			continue
		}
		name, opts, _ := strings.Cut(tag, ",")
		if f.Anonymous && name == "" {
			e, err := g.ref(f.Type, from)
			if err != nil {
				return nil, "", err
			}
			extends = append(extends, e)
			continue
		}
		if !f.IsExported() {
			continue
		}
		if name == "" {
			name = f.Name
		}
		optional := strings.Contains(","+opts+",", ",omitempty,") || strings.Contains(","+opts+",", ",omitzero,")
		var typ string
		var err error
		if ts := f.Tag.Get("ts"); ts != "" {
			typ, _, _ = strings.Cut(ts, ",")
			if strings.HasPrefix(typ, "'") { // a string literal, written as the generated code writes strings
				typ = strconv.Quote(strings.Trim(typ, "'"))
			}
			if strings.HasSuffix(ts, ",required") {
				optional = false
			}
		} else {
			if typ, err = g.ref(f.Type, from); err != nil {
				return nil, "", fmt.Errorf("%s.%s: %w", t, f.Name, err)
			}
			if f.Type.Kind() == reflect.Pointer && !optional {
				typ += " | null"
			}
		}
		q := ""
		if optional {
			q = "?"
		}
		fmt.Fprintf(&b, "  %s%s: %s;\n", name, q, typ)
	}
	b.WriteString("}")
	return extends, b.String(), nil
}

// constants is the quoted values of the constants of string type t declared
// in its package's (non-test) source, in source order.
func (g *gen) constants(t reflect.Type) ([]string, error) {
	pkg := t.PkgPath()
	byType, ok := g.consts[pkg]
	if !ok {
		rel, found := strings.CutPrefix(pkg, module)
		if !found {
			return nil, fmt.Errorf("%s: outside the module", t)
		}
		dir := filepath.Join(g.root, filepath.FromSlash(strings.TrimPrefix(rel, "/")))
		var err error
		if byType, err = stringConsts(dir); err != nil {
			return nil, err
		}
		g.consts[pkg] = byType
	}
	return byType[t.Name()], nil
}

// stringConsts reads dir's constant declarations with an explicit named
// type and a string literal value: type name → quoted values.
func stringConsts(dir string) (map[string][]string, error) {
	fset := token.NewFileSet()
	names, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil || len(names) == 0 {
		return nil, fmt.Errorf("no Go files in %s", dir)
	}
	out := map[string][]string{}
	for _, name := range names {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, parser.SkipObjectResolution)
		if err != nil {
			return nil, fmt.Errorf("parse: %w", err)
		}
		for _, d := range f.Decls {
			gd, ok := d.(*ast.GenDecl)
			if !ok || gd.Tok != token.CONST {
				continue
			}
			for _, sp := range gd.Specs {
				vs := sp.(*ast.ValueSpec)
				id, ok := vs.Type.(*ast.Ident)
				if !ok {
					continue
				}
				for _, v := range vs.Values {
					lit, ok := v.(*ast.BasicLit)
					if !ok || lit.Kind != token.STRING {
						continue
					}
					s, err := strconv.Unquote(lit.Value)
					if err != nil {
						return nil, errors.New("bad string constant " + lit.Value)
					}
					q := strconv.Quote(s)
					if !slices.Contains(out[id.Name], q) {
						out[id.Name] = append(out[id.Name], q)
					}
				}
			}
		}
	}
	return out, nil
}
