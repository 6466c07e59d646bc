package engine

// ViewRecycler is a view (State.View's value) that may be given back once
// its JSON is written, for the game's next view to reuse. The server
// builds and encodes every seat's view on every move and drops it at once;
// a large view (a board of structs) was then most of a move's garbage.
//
// Recycle is called at most once, by the only holder of the view, after
// which nobody reads it. A view nobody recycles is an ordinary value
// (bots, replays and tests keep theirs): recycling is an option of the
// caller, never required.
type ViewRecycler interface {
	Recycle()
}
