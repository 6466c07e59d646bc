package schlossgarten

// Components names the garden elements a player has on the board at the
// end, for simulation reports that relate elements to winning.
func (s *state) Components(player int) []string {
	if player < 0 || player >= int(s.n) {
		return nil
	}
	var out []string
	for e := 0; e < nElems; e++ {
		if s.elem[player][e] != 0 {
			out = append(out, "element "+elems[e].id)
		}
	}
	return out
}
