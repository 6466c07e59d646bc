package hanginggardens

// The view writes its own JSON (viewjson_gen.go: View.AppendJSON, the
// engine.JSONAppender the server encodes views with), generated from the
// view's types: run go generate here after changing them.
//go:generate go run ../../internal/cmd/viewjsongen
