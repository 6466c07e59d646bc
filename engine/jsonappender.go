package engine

// JSONAppender is a value that writes its own JSON: AppendJSON appends to b
// exactly the bytes json.Marshal would give for the value, and returns the
// extended slice. A game's View may implement it (the five games' views do,
// written by internal/cmd/viewjsongen) so that the server encodes each
// seat's view on every move without encoding/json's reflection; the server
// falls back to encoding/json for a view that does not.
//
// "Exactly" is the contract: a client that holds a view by patches must end
// with the bytes a whole view would carry, and the server diffs one
// version's bytes against the next. A game that implements it tests it
// against json.Marshal (see the games' TestViewJSONIsMarshal).
type JSONAppender interface {
	AppendJSON(b []byte) []byte
}
