package happygarden

// Components names the tiles of a player's garden (flowers, gnomes,
// windmills), for simulation reports that relate tiles to winning.
func (s *state) Components(player int) []string {
	var out []string
	for _, t := range s.gtiles[player][:s.gn[player]] {
		if t >= 1 && int(t) <= numTiles {
			out = append(out, "tile "+tiles[t].id)
		}
	}
	return out
}
