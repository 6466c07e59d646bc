package engine

import "fmt"

// Public appends a public English sentence about actor.
//
// Deprecated: the old log API, removed once every game emits keyed events
// with Say, Reveal and Tell.
func (l *Log) Public(actor int, format string, args ...any) {
	if l != nil {
		l.Events = append(l.Events, Event{Actor: actor, Private: -1, Text: fmt.Sprintf(format, args...)})
	}
}

// Private appends an English sentence only player may see.
//
// Deprecated: see Public.
func (l *Log) Private(player int, format string, args ...any) {
	if l != nil {
		l.Events = append(l.Events, Event{Actor: player, Private: player, Text: fmt.Sprintf(format, args...)})
	}
}
