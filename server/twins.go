package server

import "github.com/jardin-games/jardin/i18n"

// twinNames tells apart the seats that would read alike: each name shown
// at more than one seat is numbered among those seats, in seat order
// ("Quick bot 1", "Quick bot 2"; plain.seatTwin). Two bots of one strength
// at a table otherwise read as one player in the seats, the log, the score
// pad and the winner's sentence. The page numbers them the same way
// (web/src/twins.ts). names is changed in place and returned.
func twinNames(lang string, names []string) []string {
	count := make(map[string]int, len(names))
	for _, n := range names {
		count[n]++
	}
	seen := make(map[string]int, len(names))
	for i, n := range names {
		if n == "" || count[n] < 2 {
			continue
		}
		seen[n]++
		names[i] = say(lang, "plain.seatTwin", i18n.S("name", n), i18n.N("n", seen[n]))
	}
	return names
}
