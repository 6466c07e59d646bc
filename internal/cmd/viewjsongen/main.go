// Command viewjsongen writes, for a game package, the JSON appender of its
// view (engine.JSONAppender): for every type reachable from the view's
// type, a function that appends the value's JSON without reflection, the
// same bytes json.Marshal gives. The server encodes each seat's view on
// every move; with encoding/json that was the largest part of its CPU a move
// (docs/performance.md, "View JSON without reflection").
//
// Run by go generate in each game package (viewjson.go there), it reads the
// package's source (without the file it writes, so that a stale file never
// stops it) and writes viewjson_gen.go. With -check it writes nothing and
// fails when a package's committed file differs from what it would write;
// scripts/test runs that for every game.
//
// The rules are encoding/json's: a field's name is its json tag's or the
// Go name; "-" leaves it out; omitempty leaves out false, 0, "", a nil
// pointer or interface and an empty slice, map or array; embedded structs'
// fields are promoted (the shallowest wins, then the tagged one, else none);
// a nil slice or map is null; map keys are sorted. A type with its own
// MarshalJSON is called as it is; interfaces, floats, text marshalers and
// maps with keys other than strings are handed to encoding/json (the
// appender stays exact, only slower there). What the generator cannot say
// exactly (a pointer-receiver MarshalJSON, an embedded pointer, omitzero
// without IsZero, the ",string" option) is an error, not a guess.
package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"go/ast"
	"go/build"
	"go/format"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
)

const outName = "viewjson_gen.go"

func main() { os.Exit(run(os.Args[1:], os.Stderr)) }

// run is the command with its arguments; it returns the exit status.
func run(args []string, stderr io.Writer) int {
	fl := flag.NewFlagSet("viewjsongen", flag.ContinueOnError)
	fl.SetOutput(stderr)
	root := fl.String("type", "View", "the view's type, in the package")
	check := fl.Bool("check", false, "write nothing; fail when a package's "+outName+" differs from what would be written")
	if err := fl.Parse(args); err != nil {
		return 2
	}
	dirs := fl.Args()
	if len(dirs) == 0 {
		dirs = []string{"."}
	}
	status := 0
	for _, dir := range dirs {
		src, err := generate(dir, *root)
		if err != nil {
			fmt.Fprintf(stderr, "viewjsongen: %s: %v\n", dir, err)
			status = 1
			continue
		}
		path := filepath.Join(dir, outName)
		if *check {
			old, err := os.ReadFile(path)
			if err != nil || !bytes.Equal(old, src) {
				fmt.Fprintf(stderr, "viewjsongen: %s is not what the view's types give: run go generate in %s\n", path, dir)
				status = 1
			}
			continue
		}
		if err := os.WriteFile(path, src, 0o644); err != nil {
			fmt.Fprintln(stderr, "viewjsongen:", err)
			status = 1
		}
	}
	return status
}

// fset and imp serve every package of a run: the packages a game imports
// (the engine and what it needs) are read from source once.
var (
	fset = token.NewFileSet()
	imp  = importer.ForCompiler(fset, "source", nil)
)

// load type-checks the package in dir from its source, without outName.
func load(dir string) (*types.Package, error) {
	bp, err := build.ImportDir(dir, 0)
	if err != nil {
		return nil, fmt.Errorf("read package: %w", err)
	}
	var files []*ast.File
	for _, name := range bp.GoFiles {
		if name == outName {
			continue
		}
		f, err := parser.ParseFile(fset, filepath.Join(dir, name), nil, parser.SkipObjectResolution)
		if err != nil {
			return nil, fmt.Errorf("parse: %w", err)
		}
		files = append(files, f)
	}
	conf := types.Config{Importer: imp}
	pkg, err := conf.Check(bp.ImportPath, fset, files, nil)
	if err != nil {
		return nil, fmt.Errorf("type-check: %w", err)
	}
	return pkg, nil
}

type gen struct {
	pkg     *types.Package
	named   []*types.Named // the package's struct types to write, in order met
	seen    map[*types.Named]bool
	imports map[string]bool
	body    bytes.Buffer
	tmp     int
}

func generate(dir, rootName string) ([]byte, error) {
	pkg, err := load(dir)
	if err != nil {
		return nil, err
	}
	obj, ok := pkg.Scope().Lookup(rootName).(*types.TypeName)
	if !ok {
		return nil, fmt.Errorf("no type %s in package %s", rootName, pkg.Name())
	}
	root, ok := obj.Type().(*types.Named)
	if !ok || !isStruct(root) {
		return nil, fmt.Errorf("%s is not a struct type", rootName)
	}
	if hasMarshaler(root) {
		return nil, fmt.Errorf("%s has its own MarshalJSON", rootName)
	}
	g := &gen{pkg: pkg, seen: map[*types.Named]bool{}, imports: map[string]bool{}}
	g.want(root)
	fmt.Fprintf(&g.body, "// AppendJSON appends the view's JSON, the bytes json.Marshal gives\n")
	fmt.Fprintf(&g.body, "// (engine.JSONAppender).\n")
	fmt.Fprintf(&g.body, "func (v %s) AppendJSON(b []byte) []byte { return %s(b, &v) }\n\n", rootName, funcName(root))
	fmt.Fprintf(&g.body, "var _ engine.JSONAppender = %s{}\n", rootName)
	g.imports["github.com/jardin-games/jardin/engine"] = true
	for i := 0; i < len(g.named); i++ { // g.named grows as types are met
		if err := g.writeNamed(g.named[i]); err != nil {
			return nil, err
		}
	}
	var out bytes.Buffer
	out.WriteString("// Code generated by viewjsongen; DO NOT EDIT.\n\n")
	fmt.Fprintf(&out, "package %s\n\nimport (\n", pkg.Name())
	paths := make([]string, 0, len(g.imports))
	for p := range g.imports {
		paths = append(paths, p)
	}
	slices.Sort(paths)
	for _, p := range paths {
		fmt.Fprintf(&out, "\t%q\n", p)
	}
	out.WriteString(")\n\n")
	out.Write(g.body.Bytes())
	src, err := format.Source(out.Bytes())
	if err != nil {
		return nil, fmt.Errorf("format the generated code: %w\n%s", err, out.Bytes())
	}
	return src, nil
}

// want queues a named struct type of the package for writing.
func (g *gen) want(n *types.Named) {
	if !g.seen[n] {
		g.seen[n] = true
		g.named = append(g.named, n)
	}
}

func funcName(n *types.Named) string { return "appendJSON" + n.Obj().Name() }

func isStruct(t types.Type) bool {
	_, ok := t.Underlying().(*types.Struct)
	return ok
}

// hasMarshaler says whether t's value method set has MarshalJSON (what
// encoding/json calls whether or not the value is addressable).
func hasMarshaler(t types.Type) bool {
	return hasMethod(t, "MarshalJSON")
}

func hasMethod(t types.Type, name string) bool {
	ms := types.NewMethodSet(t)
	for i := 0; i < ms.Len(); i++ {
		if ms.At(i).Obj().Name() == name {
			return true
		}
	}
	return false
}

// ptrOnlyMethod says whether only *t has the method: encoding/json calls it
// for addressable values only, which an appender cannot tell.
func ptrOnlyMethod(t types.Type, name string) bool {
	if _, ok := t.(*types.Pointer); ok {
		return false
	}
	return !hasMethod(t, name) && hasMethod(types.NewPointer(t), name)
}

// field is a JSON member of a struct: the Go selector path to it and how
// it is written.
type field struct {
	name      string
	path      string // ".A.B"
	typ       types.Type
	omitEmpty bool
	omitZero  bool
	depth     int
	tagged    bool
}

// fields lists st's JSON members as encoding/json's typeFields does.
func (g *gen) fields(st *types.Struct, where string) ([]field, error) {
	var all []field
	var walk func(st *types.Struct, path string, depth int) error
	walk = func(st *types.Struct, path string, depth int) error {
		for i := 0; i < st.NumFields(); i++ {
			f := st.Field(i)
			tag := reflect.StructTag(st.Tag(i)).Get("json")
			if tag == "-" {
				continue
			}
			name, opts, _ := strings.Cut(tag, ",")
			if f.Embedded() {
				t := f.Type()
				if p, ok := t.(*types.Pointer); ok {
					if isStruct(p.Elem()) && name == "" {
						return fmt.Errorf("%s: embedded pointer %s is not supported", where, f.Name())
					}
					t = p.Elem()
				}
				if !f.Exported() && !isStruct(t) {
					continue
				}
				if sub, ok := t.Underlying().(*types.Struct); ok && name == "" && !hasMarshaler(t) && !hasMethod(t, "MarshalText") {
					if err := walk(sub, path+"."+f.Name(), depth+1); err != nil {
						return err
					}
					continue
				}
			} else if !f.Exported() {
				continue
			}
			fl := field{name: f.Name(), path: path + "." + f.Name(), typ: f.Type(), depth: depth}
			if name != "" {
				if !validTag(name) {
					return fmt.Errorf("%s.%s: json name %q is not supported", where, f.Name(), name)
				}
				fl.name, fl.tagged = name, true
			}
			for _, o := range strings.Split(opts, ",") {
				switch o {
				case "":
				case "omitempty":
					fl.omitEmpty = true
				case "omitzero":
					fl.omitZero = true
				case "string":
					return fmt.Errorf("%s.%s: the \",string\" option is not supported", where, f.Name())
				}
			}
			all = append(all, fl)
		}
		return nil
	}
	if err := walk(st, "", 0); err != nil {
		return nil, err
	}
	// Dominance: of the members of one name, the shallowest; among those,
	// the one tagged; two or more left: none (encoding/json's rule).
	var out []field
	for _, f := range all {
		var rivals []field
		for _, o := range all {
			if o.name == f.name {
				rivals = append(rivals, o)
			}
		}
		minDepth := rivals[0].depth
		for _, o := range rivals {
			minDepth = min(minDepth, o.depth)
		}
		var top []field
		for _, o := range rivals {
			if o.depth == minDepth {
				top = append(top, o)
			}
		}
		if len(top) > 1 {
			var tagged []field
			for _, o := range top {
				if o.tagged {
					tagged = append(tagged, o)
				}
			}
			top = tagged
		}
		if len(top) == 1 && top[0].path == f.path {
			out = append(out, f)
		}
	}
	return out, nil
}

// validTag is encoding/json's isValidTag for the names views use; anything
// else is refused rather than guessed.
func validTag(s string) bool {
	for _, c := range s {
		if !(c == '_' || c == '-' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z') {
			return false
		}
	}
	return true
}

func (g *gen) writeNamed(n *types.Named) error {
	st := n.Underlying().(*types.Struct)
	var b bytes.Buffer
	fmt.Fprintf(&b, "func %s(b []byte, v *%s) []byte {\n", funcName(n), n.Obj().Name())
	body, err := g.structBody("v", st, n.Obj().Name())
	if err != nil {
		return err
	}
	b.WriteString(body)
	b.WriteString("\treturn b\n}\n\n")
	g.body.WriteString("\n")
	g.body.Write(b.Bytes())
	return nil
}

// structBody appends the object of the struct at v (an addressable
// expression).
func (g *gen) structBody(v string, st *types.Struct, where string) (string, error) {
	fs, err := g.fields(st, where)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	if len(fs) == 0 {
		b.WriteString("\tb = append(b, \"{}\"...)\n")
		return b.String(), nil
	}
	conds := make([]string, len(fs))
	for i, f := range fs {
		c, err := g.omitCond(v+f.path, f)
		if err != nil {
			return "", fmt.Errorf("%s.%s: %w", where, f.path[1:], err)
		}
		conds[i] = c
	}
	// A member's comma is known unless every member before it is
	// optional; then it is decided by what b holds past the brace at
	// b[open].
	dynamic := func(i int) bool {
		return i > 0 && !slices.ContainsFunc(conds[:i], func(c string) bool { return c == "" })
	}
	open := ""
	for i := range fs {
		if dynamic(i) {
			open = fmt.Sprintf("open%d", g.next())
			fmt.Fprintf(&b, "\t%s := len(b)\n", open)
			break
		}
	}
	pending := "{" // a literal not yet written
	for i, f := range fs {
		key := keyJSON(f.name)
		val, err := g.value(v+f.path, f.typ, where+f.path)
		if err != nil {
			return "", err
		}
		lead := "," + key + ":"
		switch {
		case i == 0:
			lead = key + ":"
		case dynamic(i):
			lead = ""
		}
		if conds[i] == "" && lead != "" {
			fmt.Fprintf(&b, "\tb = append(b, %s...)\n", strconv.Quote(pending+lead))
			pending = ""
			b.WriteString(val)
			continue
		}
		if pending != "" {
			fmt.Fprintf(&b, "\tb = append(b, %s...)\n", strconv.Quote(pending))
			pending = ""
		}
		if conds[i] != "" {
			fmt.Fprintf(&b, "\tif %s {\n", conds[i])
		}
		if lead == "" {
			fmt.Fprintf(&b, "\tif len(b) > %s+1 {\n\t\tb = append(b, ',')\n\t}\n", open)
			lead = key + ":"
		}
		fmt.Fprintf(&b, "\tb = append(b, %s...)\n", strconv.Quote(lead))
		b.WriteString(val)
		if conds[i] != "" {
			b.WriteString("\t}\n")
		}
	}
	if pending != "" {
		fmt.Fprintf(&b, "\tb = append(b, %s...)\n", strconv.Quote(pending))
	}
	b.WriteString("\tb = append(b, '}')\n")
	return b.String(), nil
}

func (g *gen) next() int { g.tmp++; return g.tmp }

// keyJSON is a member's name as encoding/json writes it.
func keyJSON(name string) string {
	k, err := json.Marshal(name)
	if err != nil {
		panic(err)
	}
	return string(k)
}

// omitCond is the Go condition under which an optional member is written
// ("" for a member always written).
func (g *gen) omitCond(expr string, f field) (string, error) {
	var conds []string
	if f.omitZero {
		switch {
		case hasMethod(f.typ, "IsZero"):
			conds = append(conds, "!"+expr+".IsZero()")
		default:
			c, ok := emptyCond(expr, f.typ, true)
			if !ok {
				return "", errors.New("omitzero of this type is not supported")
			}
			conds = append(conds, c)
		}
	}
	if f.omitEmpty {
		c, ok := emptyCond(expr, f.typ, false)
		if ok && c != "" {
			conds = append(conds, c)
		}
	}
	return strings.Join(conds, " && "), nil
}

// emptyCond is "expr is not empty" as omitempty (or, with zero, omitzero
// for the kinds where they agree) reads it; "" when it is never empty.
func emptyCond(expr string, t types.Type, zero bool) (string, bool) {
	switch u := t.Underlying().(type) {
	case *types.Basic:
		switch {
		case u.Info()&types.IsBoolean != 0:
			return expr, true
		case u.Info()&types.IsNumeric != 0:
			return expr + " != 0", true
		case u.Info()&types.IsString != 0:
			return expr + ` != ""`, true
		}
	case *types.Pointer, *types.Interface:
		return expr + " != nil", true
	case *types.Slice, *types.Map:
		if zero {
			return expr + " != nil", true
		}
		return "len(" + expr + ") != 0", true
	case *types.Array:
		if zero {
			return "", false
		}
		if u.Len() == 0 {
			return "false", true
		}
		return "", true
	case *types.Struct:
		if zero {
			return "", false
		}
		return "", true // omitempty never leaves out a struct
	}
	return "", false
}

// value is the code appending the JSON of expr, of type t.
func (g *gen) value(expr string, t types.Type, where string) (string, error) {
	if ptrOnlyMethod(t, "MarshalJSON") || ptrOnlyMethod(t, "MarshalText") {
		return "", fmt.Errorf("%s: %s has a pointer-receiver marshaler, which encoding/json calls only for addressable values", where, t)
	}
	g.imports["github.com/jardin-games/jardin/engine/viewjson"] = true
	if hasMarshaler(t) {
		if _, isPtr := t.Underlying().(*types.Pointer); isPtr {
			return fmt.Sprintf("\tif %s == nil {\n\t\tb = append(b, \"null\"...)\n\t} else {\n\t\tb = viewjson.Marshaler(b, %s)\n\t}\n", expr, expr), nil
		}
		if _, isIface := t.Underlying().(*types.Interface); isIface {
			return fmt.Sprintf("\tb = viewjson.Value(b, %s)\n", expr), nil
		}
		return fmt.Sprintf("\tb = viewjson.Marshaler(b, %s)\n", expr), nil
	}
	if hasMethod(t, "MarshalText") {
		return fmt.Sprintf("\tb = viewjson.Value(b, %s)\n", expr), nil
	}
	switch u := t.Underlying().(type) {
	case *types.Basic:
		switch {
		case u.Info()&types.IsBoolean != 0:
			g.imports["strconv"] = true
			return fmt.Sprintf("\tb = strconv.AppendBool(b, bool(%s))\n", expr), nil
		case u.Info()&types.IsInteger != 0 && u.Info()&types.IsUnsigned != 0:
			g.imports["strconv"] = true
			return fmt.Sprintf("\tb = strconv.AppendUint(b, uint64(%s), 10)\n", expr), nil
		case u.Info()&types.IsInteger != 0:
			g.imports["strconv"] = true
			return fmt.Sprintf("\tb = strconv.AppendInt(b, int64(%s), 10)\n", expr), nil
		case u.Info()&types.IsString != 0:
			return fmt.Sprintf("\tb = viewjson.String(b, string(%s))\n", expr), nil
		case u.Info()&types.IsFloat != 0:
			return fmt.Sprintf("\tb = viewjson.Value(b, %s)\n", expr), nil
		}
		return "", fmt.Errorf("%s: type %s is not JSON", where, t)
	case *types.Pointer:
		inner, err := g.value("(*"+expr+")", u.Elem(), where)
		if err != nil {
			return "", err
		}
		if n, ok := g.local(u.Elem()); ok {
			inner = fmt.Sprintf("\tb = %s(b, %s)\n", funcName(n), expr)
		}
		return fmt.Sprintf("\tif %s == nil {\n\t\tb = append(b, \"null\"...)\n\t} else {\n%s\t}\n", expr, inner), nil
	case *types.Slice:
		if b, ok := u.Elem().Underlying().(*types.Basic); ok && b.Kind() == types.Byte {
			return fmt.Sprintf("\tb = viewjson.Value(b, %s)\n", expr), nil // base64
		}
		loop, err := g.loop(expr, u.Elem(), where)
		if err != nil {
			return "", err
		}
		return fmt.Sprintf("\tif %s == nil {\n\t\tb = append(b, \"null\"...)\n\t} else {\n%s\t}\n", expr, loop), nil
	case *types.Array:
		return g.loop(expr, u.Elem(), where)
	case *types.Map:
		kb, ok := u.Key().Underlying().(*types.Basic)
		if !ok || kb.Info()&types.IsString == 0 || hasMethod(u.Key(), "MarshalText") {
			return fmt.Sprintf("\tb = viewjson.Value(b, %s)\n", expr), nil
		}
		g.imports["slices"] = true
		i := g.next()
		keys, k, x := fmt.Sprintf("keys%d", i), fmt.Sprintf("k%d", i), fmt.Sprintf("x%d", i)
		val, err := g.value(x, u.Elem(), where+"[]")
		if err != nil {
			return "", err
		}
		if n, ok := g.local(u.Elem()); ok {
			val = fmt.Sprintf("\tb = %s(b, &%s)\n", funcName(n), x)
		}
		return fmt.Sprintf("\tif %[1]s == nil {\n\t\tb = append(b, \"null\"...)\n\t} else {\n"+
			"\t%[2]s := make([]%[5]s, 0, len(%[1]s))\n\tfor %[3]s := range %[1]s {\n\t\t%[2]s = append(%[2]s, %[3]s)\n\t}\n"+
			"\tslices.Sort(%[2]s)\n\tb = append(b, '{')\n\tfor i, %[3]s := range %[2]s {\n\t\tif i > 0 {\n\t\t\tb = append(b, ',')\n\t\t}\n"+
			"\t\tb = append(viewjson.String(b, string(%[3]s)), ':')\n\t\t%[4]s := %[1]s[%[3]s]\n%[6]s\t}\n\tb = append(b, '}')\n\t}\n",
			expr, keys, k, x, types.TypeString(u.Key(), g.qualifier), val), nil
	case *types.Interface:
		return fmt.Sprintf("\tb = viewjson.Value(b, %s)\n", expr), nil
	case *types.Struct:
		if n, ok := g.local(t); ok {
			return fmt.Sprintf("\tb = %s(b, &%s)\n", funcName(n), expr), nil
		}
		if _, named := t.(*types.Named); named {
			// Another package's struct: its unexported fields are out of
			// reach here, and encoding/json writes it exactly.
			return fmt.Sprintf("\tb = viewjson.Value(b, %s)\n", expr), nil
		}
		return g.structBody(expr, u, where)
	}
	return "", fmt.Errorf("%s: type %s is not supported", where, t)
}

// local says whether t is a named struct of the package (written by a
// function of its own), queuing it.
func (g *gen) local(t types.Type) (*types.Named, bool) {
	n, ok := t.(*types.Named)
	if !ok || n.Obj().Pkg() != g.pkg || !isStruct(n) || hasMarshaler(n) || hasMethod(n, "MarshalText") || n.TypeArgs() != nil {
		return nil, false
	}
	g.want(n)
	return n, true
}

// loop appends the array of the elements of expr (a slice or an array).
func (g *gen) loop(expr string, elem types.Type, where string) (string, error) {
	i := fmt.Sprintf("i%d", g.next())
	val, err := g.value(expr+"["+i+"]", elem, where+"[]")
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("\tb = append(b, '[')\n\tfor %[1]s := range %[2]s {\n\t\tif %[1]s > 0 {\n\t\t\tb = append(b, ',')\n\t\t}\n%[3]s\t}\n\tb = append(b, ']')\n",
		i, expr, val), nil
}

func (g *gen) qualifier(p *types.Package) string {
	if p == g.pkg {
		return ""
	}
	g.imports[p.Path()] = true
	return p.Name()
}
