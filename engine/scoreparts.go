package engine

// ScorePart is one part of a score category: the things on the drawing it
// counts and the points they give together (a flower bed and its 12
// points, a chess piece on a chessboard square and its 5). IDs are the ids
// the game's view gives those things as drawn for the seat asked (the ids
// its renderer puts in data-id), so that a page can show a newcomer what a
// score line counts.
type ScorePart struct {
	IDs    []string `json:"ids"`
	Points int      `json:"points"`
}

// ScoreParter is implemented by states that can say what each line of a
// seat's score pad counts: ScoreParts(p)[i] are the parts of category i of
// Result().Categories, and their points sum to Result().Players[p].Points[i]
// (a category that counts nothing has no parts). The parts come from the
// game's own scoring code, never from a second count, so that the two
// cannot disagree.
type ScoreParter interface {
	ScoreParts(player int) [][]ScorePart
}
