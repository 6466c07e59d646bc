package hanginggardens

// Components names the garden cards and enhancements in a player's garden,
// for simulation reports that relate components to winning.
func (s *state) Components(player int) []string {
	if player < 0 || player >= int(s.n) {
		return nil
	}
	p := &s.pl[player]
	var out []string
	for i := range p.Cards {
		if p.Cards[i] != 0 {
			out = append(out, "card "+comp.Cards[p.Cards[i]-1].ID)
		}
		if p.Enh[i] != 0 {
			out = append(out, "enhancement "+comp.Enh[p.Enh[i]-1].ID)
		}
	}
	return out
}
