package server

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"unicode/utf8"

	"github.com/jardin-games/jardin/engine"
)

// Client message types (docs/server.md, "WebSocket protocol").
const (
	msgMove    = "move"
	msgUndo    = "undo"
	msgChat    = "chat"
	msgSync    = "sync"
	msgPing    = "ping"
	msgLeave   = "leave"
	msgRematch = "rematch"
)

// Limits on client messages.
const (
	maxClientID = 64
	maxChatLen  = 300 // characters
	maxNotation = 200
)

// clientMsg is one message from a client. Pointers tell a missing field from
// a zero one.
type clientMsg struct {
	T    string  `json:"t"`
	V    *int    `json:"v,omitempty"`    // the table version the move was made on
	ID   string  `json:"id,omitempty"`   // the client's id for the move (applied once)
	I    *int    `json:"i,omitempty"`    // index of the move in the legal list of version v
	N    *string `json:"n,omitempty"`    // or the move in the game's notation
	Text string  `json:"text,omitempty"` // chat
}

// decodeClient reads one client message strictly: one JSON object, known
// fields and type, each field where it belongs and within its limits. Every
// error is a sentence a client developer can act on.
func decodeClient(b []byte) (clientMsg, error) {
	var m clientMsg
	if !utf8.Valid(b) {
		return m, errors.New("message is not UTF-8 text")
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&m); err != nil {
		return m, fmt.Errorf("message is not a protocol JSON object: %v", err)
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return m, errors.New("message has data after its JSON object")
	}
	if len(m.ID) > maxClientID {
		return m, fmt.Errorf("id longer than %d bytes", maxClientID)
	}
	switch m.T {
	case msgMove:
		if m.V == nil {
			return m, errors.New(`move: "v" (the version the move was made on) is missing`)
		}
		if m.ID == "" {
			return m, errors.New(`move: "id" (the client's id for this move) is missing`)
		}
		if (m.I == nil) == (m.N == nil) {
			return m, errors.New(`move: give exactly one of "i" (index in the legal list) and "n" (notation)`)
		}
		if m.I != nil && *m.I < 0 {
			return m, errors.New(`move: "i" is negative`)
		}
		if m.N != nil && len(*m.N) > maxNotation {
			return m, fmt.Errorf("move: notation longer than %d bytes", maxNotation)
		}
	case msgUndo:
		if m.V == nil {
			return m, errors.New(`undo: "v" is missing`)
		}
	case msgChat:
		if m.Text == "" {
			return m, errors.New(`chat: "text" is empty`)
		}
		if utf8.RuneCountInString(m.Text) > maxChatLen {
			return m, fmt.Errorf("chat: text longer than %d characters", maxChatLen)
		}
	case msgSync, msgPing, msgLeave, msgRematch:
	case "":
		return m, errors.New(`message has no "t" (type)`)
	default:
		return m, fmt.Errorf("unknown message type %q", m.T)
	}
	if m.T != msgMove && (m.I != nil || m.N != nil) {
		return m, fmt.Errorf(`%s: "i" and "n" belong to move messages`, m.T)
	}
	if m.T != msgChat && m.Text != "" {
		return m, fmt.Errorf(`%s: "text" belongs to chat messages`, m.T)
	}
	return m, nil
}

// Server message types.
const (
	outSync     = "sync"
	outUpdate   = "update"
	outAck      = "ack"
	outRefused  = "refused"
	outChat     = "chat"
	outPresence = "presence"
	outUndo     = "undo"
	outPong     = "pong"
	outError    = "error"
	outRematch  = "rematch"
)

// Refusal reasons.
const (
	refStale   = "stale"   // made on an old version: a sync follows
	refIllegal = "illegal" // the engine refused it: rule and message say why
	refTurn    = "turn"    // not this seat's decision
	refSeat    = "seat"    // the connection holds no seat that may act
	refOver    = "over"    // the table is not being played
	refUndo    = "undo"    // nothing this seat may take back
	refRate    = "rate"    // too many chat lines
	refStore   = "store"   // the store failed; a sync follows
)

// seatInfo is what everyone may know of a seat.
type seatInfo struct {
	Name   string `json:"name"`
	Kind   string `json:"kind"` // open, human, bot
	Bot    string `json:"bot,omitempty"`
	Zombie bool   `json:"zombie,omitempty"`
	Online bool   `json:"online"`
}

// clockInfo is the state of the clocks at the time of a message.
type clockInfo struct {
	Mode string `json:"mode"`
	// Remaining is each seat's realtime clock in milliseconds.
	Remaining []int64 `json:"remaining,omitempty"`
	// Running is the seat whose clock runs (-1: none).
	Running int `json:"running"`
	// Deadline is when Running runs out of time (Unix milliseconds, 0:
	// none).
	Deadline int64 `json:"deadline,omitempty"`
}

// eventOut is one event as a viewer sees it.
type eventOut struct {
	V      int          `json:"v"` // the version the event belongs to
	Actor  int          `json:"actor"`
	Key    string       `json:"key,omitempty"`
	Args   []engine.Arg `json:"args,omitempty"`
	Reveal bool         `json:"reveal,omitempty"`
	Text   string       `json:"text"`
}

type chatOut struct {
	Seat int    `json:"seat"`
	Name string `json:"name"`
	Text string `json:"text"`
	At   int64  `json:"at"`
}

type tableInfo struct {
	ID      string            `json:"id"`
	Game    string            `json:"game"`
	Title   string            `json:"title"`
	Players int               `json:"players"`
	Options map[string]string `json:"options"`
	Status  string            `json:"status"`
	Public  bool              `json:"public"`
	Undo    bool              `json:"undo"`
	Clock   clockSpec         `json:"clock"`
	Rematch string            `json:"rematch,omitempty"`
}

// serverMsg is one message to a client. Which fields are set depends on T.
// A state message's view is not a field: encoders.state writes it.
type serverMsg struct {
	T       string            `json:"t"`
	V       int               `json:"v"`
	ID      string            `json:"id,omitempty"`
	Table   *tableInfo        `json:"table,omitempty"`
	You     *int              `json:"you,omitempty"`
	From    *int              `json:"from,omitempty"`
	Status  string            `json:"status,omitempty"`
	ToMove  *int              `json:"toMove,omitempty"`
	Legal   []engine.MoveDesc `json:"legal,omitempty"`
	Events  []eventOut        `json:"events,omitempty"`
	Seats   []seatInfo        `json:"seats,omitempty"`
	Clocks  *clockInfo        `json:"clocks,omitempty"`
	Chat    []chatOut         `json:"chat,omitempty"`
	Line    *chatOut          `json:"line,omitempty"`
	Result  json.RawMessage   `json:"result,omitempty"`
	Record  string            `json:"record,omitempty"`
	Undo    *int              `json:"undo,omitempty"`
	Reason  string            `json:"reason,omitempty"`
	Rule    string            `json:"rule,omitempty"`
	Message string            `json:"message,omitempty"`
	Rematch string            `json:"rematch,omitempty"`
	// Texts: sync only, the catalogue's components in the connection's
	// language (replay.go).
	Texts map[string]compText `json:"texts,omitempty"`
}

func intp(i int) *int { return &i }

func mustJSON(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		// Only our own message types are marshalled here, and views that
		// the engine contract makes JSON-serialisable.
		panic(fmt.Sprintf("server: marshal %T: %v", v, err))
	}
	return b
}
