package alicesgarden

// Components names the large tiles on a player's board, for simulation
// reports that relate tiles to winning; none for a viewer that is not a seat.
func (s *state) Components(player int) []string {
	if player < 0 || player >= int(s.n) {
		return nil
	}
	b := &s.b[player]
	var seen [nTiles + 1]bool
	var out []string
	for _, c := range b.cell {
		if c >= 1 && c < cellBonus && !seen[c] {
			seen[c] = true
			out = append(out, "tile "+tiles[c-1].id)
		}
	}
	return out
}
