// Command build bundles the page's TypeScript and CSS (web/src) into the
// files the server embeds (web/static) with esbuild's Go API. It is its own
// module so that esbuild is a dependency of the build only, never of the
// jardin binary. Run it through `go generate ./web`; `-check` builds in
// memory and fails when the committed bundle differs from the sources.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"github.com/evanw/esbuild/pkg/api"
)

func main() {
	src := flag.String("src", "../src", "TypeScript and CSS sources")
	out := flag.String("out", "../dist", "where the bundle is written")
	check := flag.Bool("check", false, "compare with the files in -out instead of writing them")
	flag.Parse()
	if err := run(*src, *out, *check); err != nil {
		fmt.Fprintln(os.Stderr, "web/build:", err)
		os.Exit(1)
	}
}

func run(src, out string, check bool) error {
	res := api.Build(api.BuildOptions{
		EntryPointsAdvanced: []api.EntryPoint{
			{InputPath: filepath.Join(src, "main.ts"), OutputPath: "table"},
			{InputPath: filepath.Join(src, "app.css"), OutputPath: "style"},
		},
		Bundle:            true,
		MinifyWhitespace:  true,
		MinifyIdentifiers: true,
		MinifySyntax:      true,
		Format:            api.FormatIIFE,
		Target:            api.ES2020,
		Platform:          api.PlatformBrowser,
		Outdir:            out,
		EntryNames:        "[name]",
		LegalComments:     api.LegalCommentsNone,
		Charset:           api.CharsetUTF8,
		Write:             false,
		LogLevel:          api.LogLevelWarning,
	})
	if len(res.Errors) > 0 {
		msgs := api.FormatMessages(res.Errors, api.FormatMessagesOptions{Kind: api.ErrorMessage})
		return fmt.Errorf("esbuild failed:\n%s", bytes.Join(toBytes(msgs), nil))
	}
	// Pages kept as they are (the lobby's shell) are copied beside the bundle.
	pages, _ := filepath.Glob(filepath.Join(src, "*.html"))
	for _, p := range pages {
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		res.OutputFiles = append(res.OutputFiles, api.OutputFile{Path: p, Contents: b})
	}
	stale := 0
	for _, f := range res.OutputFiles {
		name := filepath.Join(out, filepath.Base(f.Path))
		if check {
			old, err := os.ReadFile(name)
			if err != nil || !bytes.Equal(old, f.Contents) {
				fmt.Fprintf(os.Stderr, "%s is not the bundle of %s: run go generate ./web\n", name, src)
				stale++
			}
			continue
		}
		if err := os.WriteFile(name, f.Contents, 0o644); err != nil {
			return err
		}
		fmt.Printf("%s %d bytes\n", name, len(f.Contents))
	}
	if stale > 0 {
		return fmt.Errorf("%d stale file(s)", stale)
	}
	return nil
}

func toBytes(ss []string) [][]byte {
	b := make([][]byte, len(ss))
	for i, s := range ss {
		b[i] = []byte(s)
	}
	return b
}
