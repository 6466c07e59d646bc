package alicesgarden

// Components names the large tiles on a player's board, for simulation
// reports that relate tiles to winning.
func (s *state) Components(player int) []string {
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
