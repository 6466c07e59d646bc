package happygarden

// Components names the tiles of a player's garden (flowers, gnomes,
// windmills), for simulation reports that relate tiles to winning.
func (s *state) Components(player int) []string {
	if player < 0 || player >= int(s.n) {
		return nil
	}
	var out []string
	for _, t := range s.gtiles[player][:s.gn[player]] {
		out = append(out, "tile "+tiles[t].id)
	}
	return out
}
