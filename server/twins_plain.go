package server

import "github.com/jardin-games/jardin/store"

// seatNames names a table's seats for the pages without JavaScript (the
// plain lobby, the player page) as seatName does, with seats that would
// read alike numbered among themselves (twinNames: "Quick bot 1", "Quick
// bot 2"), as the page and the replay number them. An open seat keeps
// seatName's word and takes no part in the numbering.
func seatNames(seats []lobbySeat, lang string) []string {
	return namesApart(seats, func(st lobbySeat) store.SeatKind { return st.Kind }, lang)
}

// joinNames is seatNames for the invite page's seats (a live table's).
func joinNames(seats []seatInfo, lang string) []string {
	return namesApart(seats, func(st seatInfo) store.SeatKind { return st.Kind }, lang)
}

// namesApart is seatNames for either shape of a seat (a listed table's or a
// live one's): seatName reads both.
func namesApart[S any](seats []S, kind func(S) store.SeatKind, lang string) []string {
	names := make([]string, len(seats))
	var named []string
	var at []int
	for i, st := range seats {
		names[i] = seatName(st, lang)
		if kind(st) != store.SeatOpen {
			named = append(named, names[i])
			at = append(at, i)
		}
	}
	for k, n := range twinNames(lang, named) {
		names[at[k]] = n
	}
	return names
}
