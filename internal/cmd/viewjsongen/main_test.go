package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// -check passes on the committed sample, fails once a view type changes
// without regenerating (naming the file), and passes again after go
// generate's run; the regenerated appender writes the new member.
func TestCheckFailsWhenAViewTypeChanges(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"sample.go", outName} {
		b, err := os.ReadFile(filepath.Join("internal", "sample", name))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var out bytes.Buffer
	if st := run([]string{"-check", dir}, &out); st != 0 {
		t.Fatalf("-check of the committed sample: status %d: %s", st, &out)
	}

	src := filepath.Join(dir, "sample.go")
	b, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	changed := strings.Replace(string(b), "\tB int    `json:\"b,omitempty\"`\n", "\tB int    `json:\"b,omitempty\"`\n\tFresh int `json:\"fresh\"`\n", 1)
	if changed == string(b) {
		t.Fatal("the sample's Cell is not as the test expects")
	}
	if err := os.WriteFile(src, []byte(changed), 0o644); err != nil {
		t.Fatal(err)
	}
	out.Reset()
	if st := run([]string{"-check", dir}, &out); st != 1 || !strings.Contains(out.String(), outName) {
		t.Fatalf("-check after a change: status %d, %q; want 1 naming %s", st, &out, outName)
	}

	out.Reset()
	if st := run([]string{dir}, &out); st != 0 {
		t.Fatalf("generate: status %d: %s", st, &out)
	}
	gen, err := os.ReadFile(filepath.Join(dir, outName))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(gen, []byte(`"fresh\":`)) {
		t.Errorf("the regenerated appender does not write the new member")
	}
	if st := run([]string{"-check", dir}, &out); st != 0 {
		t.Fatalf("-check after generating: status %d: %s", st, &out)
	}
}

// What the generator cannot write exactly is refused, not guessed.
func TestRefusesWhatItCannotSayExactly(t *testing.T) {
	for name, src := range map[string]string{
		"pointer-receiver marshaler": "type M struct{}\nfunc (*M) MarshalJSON() ([]byte, error) { return nil, nil }\ntype View struct{ M M }\n",
		"string option":              "type View struct{ N int `json:\",string\"` }\n",
		"embedded pointer":           "type E struct{ A int }\ntype View struct{ *E }\n",
		"no view":                    "type Other struct{}\n",
	} {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			if err := os.WriteFile(filepath.Join(dir, "v.go"), []byte("package v\n\n"+src), 0o644); err != nil {
				t.Fatal(err)
			}
			var out bytes.Buffer
			if st := run([]string{dir}, &out); st != 1 {
				t.Fatalf("status %d, want 1 (%s)", st, &out)
			}
			if _, err := os.Stat(filepath.Join(dir, outName)); err == nil {
				t.Error("a file was written")
			}
			t.Log(strings.TrimSpace(out.String()))
		})
	}
}
