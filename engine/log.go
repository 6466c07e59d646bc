package engine

import "fmt"

// Event is one human-readable line of the game log.
type Event struct {
	// Actor is the seat the event is about, or -1. Text does not name the
	// actor: front ends prefix the player's name.
	Actor int `json:"actor"`
	// Private is the only seat allowed to see the event, or -1 if public.
	Private int    `json:"private"`
	Text    string `json:"text"`
}

// VisibleTo reports whether player may see e.
func (e Event) VisibleTo(player int) bool { return e.Private < 0 || e.Private == player }

// Log collects events. A nil *Log collects nothing, so hot paths pass nil;
// games check On before formatting text.
type Log struct {
	Events []Event
}

// On reports whether events are being collected.
func (l *Log) On() bool { return l != nil }

// Public appends a public event about actor.
func (l *Log) Public(actor int, format string, args ...any) {
	if l != nil {
		l.Events = append(l.Events, Event{Actor: actor, Private: -1, Text: fmt.Sprintf(format, args...)})
	}
}

// Private appends an event only player may see.
func (l *Log) Private(player int, format string, args ...any) {
	if l != nil {
		l.Events = append(l.Events, Event{Actor: player, Private: player, Text: fmt.Sprintf(format, args...)})
	}
}
