package server

// The TypeScript twins of the wire types (WireMessages and the games'
// views) for the page, in web/src/gen.
//go:generate go run ../internal/cmd/wiregen -root .. -out ../web/src/gen
