package server

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"unicode/utf8"

	"github.com/jardin-games/jardin/engine"
	"github.com/jardin-games/jardin/i18n"
	"github.com/jardin-games/jardin/store"
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
// error is a sentence a client developer can act on, from the catalogue
// (err.ws.*, connwords.go), with its code.
func decodeClient(b []byte) (clientMsg, error) {
	var m clientMsg
	if !utf8.Valid(b) {
		return m, wsErr("notUTF8")
	}
	if fm, ok := scanClient(b); ok { // protocol_scan.go: the common messages, without reflection
		m = fm
	} else if err := decodeStrict(b, &m); err != nil {
		return m, err
	}
	if len(m.ID) > maxClientID {
		return m, wsErr("idLong", i18n.N("max", maxClientID))
	}
	switch m.T {
	case msgMove:
		if m.V == nil {
			return m, wsErr("moveNoV")
		}
		if m.ID == "" {
			return m, wsErr("moveNoID")
		}
		if (m.I == nil) == (m.N == nil) {
			return m, wsErr("moveOneOf")
		}
		if m.I != nil && *m.I < 0 {
			return m, wsErr("moveNegative")
		}
		if m.N != nil && len(*m.N) > maxNotation {
			return m, wsErr("notationLong", i18n.N("max", maxNotation))
		}
	case msgUndo:
		if m.V == nil {
			return m, wsErr("undoNoV")
		}
	case msgChat:
		if m.Text == "" {
			return m, wsErr("chatEmpty")
		}
		if utf8.RuneCountInString(m.Text) > maxChatLen {
			return m, wsErr("chatLong", i18n.N("max", maxChatLen))
		}
	case msgSync, msgPing, msgLeave, msgRematch:
	case "":
		return m, wsErr("noType")
	default:
		return m, wsErr("unknownType", i18n.S("type", quoted(m.T)))
	}
	if m.T != msgMove && (m.I != nil || m.N != nil) {
		return m, wsErr("onlyMove", i18n.S("type", m.T))
	}
	if m.T != msgChat && m.Text != "" {
		return m, wsErr("onlyChat", i18n.S("type", m.T))
	}
	return m, nil
}

// decodeStrict decodes b into m with encoding/json: one object, known
// fields only, nothing after it.
func decodeStrict(b []byte, m *clientMsg) error {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(m); err != nil {
		return badFrame(err)
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return wsErr("trailing")
	}
	return nil
}

// Server message types.
const (
	outSync     = "sync"
	outUpdate   = "update"
	outAck      = "ack"
	outRefused  = "refused"
	outChat     = "chat"
	outPresence = "presence"
	outPong     = "pong"
	outError    = "error"
	outRematch  = "rematch"
	outOffer    = "offer"
)

// refusalReason says why a request was refused.
type refusalReason string

// Refusal reasons.
const (
	refStale   refusalReason = "stale"   // made on an old version: a sync follows
	refIllegal refusalReason = "illegal" // the engine refused it: rule and message say why
	refTurn    refusalReason = "turn"    // not this seat's decision
	refSeat    refusalReason = "seat"    // the connection holds no seat that may act
	refOver    refusalReason = "over"    // the table is not being played
	refUndo    refusalReason = "undo"    // nothing this seat may take back
	refRate    refusalReason = "rate"    // too many chat lines
	refStore   refusalReason = "store"   // the store failed; a sync follows
)

// seatInfo is what everyone may know of a seat.
type seatInfo struct {
	Name   string         `json:"name"`
	Kind   store.SeatKind `json:"kind"`
	Bot    string         `json:"bot,omitempty"`
	Zombie bool           `json:"zombie,omitempty"`
	// Program: a bot identity holds the seat (a program plays it, through
	// the bot API); Invited: the open seat is kept for the bot identity
	// Name until it accepts or declines.
	Program bool `json:"program,omitempty"`
	Invited bool `json:"invited,omitempty"`
	Online  bool `json:"online"`
	// HandOver: the seat to move is away, and from this time (Unix
	// milliseconds) the other players may hand it to a bot (POST
	// /api/tables/{id}/handover). Absent while its player is there, and
	// for any other seat.
	HandOver int64 `json:"handOver,omitempty"`
}

// clockInfo is the state of the clocks at the time of a message.
type clockInfo struct {
	Mode store.ClockMode `json:"mode"`
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
	// Why: a seat handed to a bot (key server.zombie) says why: "left",
	// "resign", "time" or "away" (docs/server.md); empty for the entries
	// of older tables, which did not say.
	Why string `json:"why,omitempty"`
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
	Status  store.Status      `json:"status"`
	Public  bool              `json:"public"`
	Undo    bool              `json:"undo"`
	Hints   bool              `json:"hints"` // the person to move may ask for a hint (hints.go)
	Rated   bool              `json:"rated"` // the result changes the players' ratings (ratings.go)
	Clock   clockSpec         `json:"clock"`
	Rematch string            `json:"rematch,omitempty"`
	// Fork: the table plays on from a finished table's step (fork.go).
	Fork *forkInfo `json:"fork,omitempty"`
}

// Server messages: one type per message type, each with its tag in T (the
// constant beside it). They are the protocol's declaration: web/src/gen
// holds their TypeScript twins (go generate ./server, internal/cmd/wiregen),
// and TestWireMessagesDecodeIntoTheirTypes decodes what the server sends
// into them strictly. A ts tag gives a field's TypeScript type where the Go
// type says less than the wire (a literal tag, the game's view, a result
// spliced in as raw JSON); ",required" keeps a field the encoder always
// writes required in TypeScript.

// syncMsg is the whole table as a seat may see it: the first message of a
// connection, and the answer to a sync request or a stale move.
type syncMsg struct {
	T     string    `json:"t" ts:"'sync'"`
	V     int       `json:"v"`
	Table tableInfo `json:"table"`
	You   int       `json:"you"`
	// Was: the seat the connection's person held before a bot took it over
	// (they resigned, left or ran out of time): they watch, and may still
	// offer or answer a rematch (absent otherwise).
	Was    *int              `json:"was,omitempty"`
	From   *int              `json:"from,omitempty"` // events are exactly those after From (a resumed connection)
	Status store.Status      `json:"status"`
	ToMove int               `json:"toMove"`
	Prompt string            `json:"prompt,omitempty"` // the decision now, as this seat reads it (engine.Describer.Prompt)
	Legal  []engine.MoveDesc `json:"legal,omitempty"`
	Events []eventOut        `json:"events,omitempty"`
	Seats  []seatInfo        `json:"seats"`
	Clocks clockInfo         `json:"clocks"`
	Chat   []chatOut         `json:"chat,omitempty"`
	// Watching counts the spectators' sockets.
	Watching int  `json:"watching"`
	Undo     *int `json:"undo,omitempty"`
	// Record and Rematch: once the game is over (table.finish).
	Record  string `json:"record,omitempty"`
	Rematch string `json:"rematch,omitempty"`
	// Offer: the rematch offered once the game is over (absent before
	// anyone offered one).
	Offer *offerInfo `json:"offer,omitempty"`
	// Texts: the catalogue's components in the connection's language
	// (replay.go), once per connection rather than in every update.
	Texts map[string]compText `json:"texts,omitempty"`
	// View and Result are written by encoders.state after the rest, as
	// they are: the caller leaves them empty in the value it encodes.
	View   any             `json:"view,omitzero" ts:"GameView,required"`
	Result json.RawMessage `json:"result,omitempty" ts:"Result"`
}

// updateMsg tells a seat what changed since version From.
type updateMsg struct {
	T       string            `json:"t" ts:"'update'"`
	V       int               `json:"v"`
	From    int               `json:"from"`
	Status  store.Status      `json:"status"`
	ToMove  int               `json:"toMove"`
	Prompt  string            `json:"prompt,omitempty"`
	Legal   []engine.MoveDesc `json:"legal,omitempty"`
	Events  []eventOut        `json:"events,omitempty"`
	Seats   []seatInfo        `json:"seats"`
	Clocks  clockInfo         `json:"clocks"`
	Undo    *int              `json:"undo,omitempty"`
	Record  string            `json:"record,omitempty"`
	Rematch string            `json:"rematch,omitempty"`
	Offer   *offerInfo        `json:"offer,omitempty"`
	// View is the seat's whole view, or (when absent) Patch turns the view
	// of version From into this version's (docs/server.md, "update").
	View   any             `json:"view,omitzero" ts:"GameView"`
	Patch  json.RawMessage `json:"patch,omitempty" ts:"unknown"`
	Result json.RawMessage `json:"result,omitempty" ts:"Result"`
}

// ackMsg acknowledges the client's move or undo ID, applied as version V.
type ackMsg struct {
	T  string `json:"t" ts:"'ack'"`
	V  int    `json:"v"`
	ID string `json:"id"`
}

// refusedMsg refuses a client's request (ID: the move's, when it had one).
type refusedMsg struct {
	T       string        `json:"t" ts:"'refused'"`
	V       int           `json:"v"`
	ID      string        `json:"id,omitempty"`
	Reason  refusalReason `json:"reason"`
	Rule    string        `json:"rule,omitempty"` // the rule the engine cited
	Message string        `json:"message"`
}

// chatMsg is a new chat line.
type chatMsg struct {
	T    string  `json:"t" ts:"'chat'"`
	V    int     `json:"v"`
	Line chatOut `json:"line"`
	// ID is the client's id of the line, in the copy sent to the socket
	// that sent it only: that page's line got through.
	ID string `json:"id,omitempty"`
}

// presenceMsg: who holds the seats and who is online changed.
type presenceMsg struct {
	T     string     `json:"t" ts:"'presence'"`
	V     int        `json:"v"`
	Seats []seatInfo `json:"seats"`
	// Watching counts the spectators' sockets (sent at most once a second).
	Watching int `json:"watching"`
}

// rematchMsg: the players' next table is Rematch.
type rematchMsg struct {
	T       string `json:"t" ts:"'rematch'"`
	V       int    `json:"v"`
	Rematch string `json:"rematch"`
}

// offerInfo is a rematch offer: who offered, who agreed so far, whose
// answer is awaited, and who declined it (which ends it). The seats are
// numbers; the page names them.
type offerInfo struct {
	By      int   `json:"by"`
	Agreed  []int `json:"agreed"`  // the seats that agreed, the one that offered first
	Waiting []int `json:"waiting"` // the people whose answer is awaited (none once declined)
	// Declined is the seat that declined: the offer is over, anyone may
	// offer again.
	Declined *int `json:"declined,omitempty"`
}

// offerMsg: the rematch offer changed (offered, agreed, declined).
type offerMsg struct {
	T     string    `json:"t" ts:"'offer'"`
	V     int       `json:"v"`
	Offer offerInfo `json:"offer"`
}

// pongMsg answers a ping with its ID. V is 0: a pong is not about the
// table (kept for the clients that read every message's v).
type pongMsg struct {
	T  string `json:"t" ts:"'pong'"`
	V  int    `json:"v"`
	ID string `json:"id,omitempty"`
}

// errorMsg is a protocol error, sent just before the socket closes. V is 0
// as in pongMsg.
type errorMsg struct {
	T string `json:"t" ts:"'error'"`
	V int    `json:"v"`
	// Code tells a program which error this is (docs/server.md lists
	// them); Message is its sentence, in the socket's language.
	Code    string `json:"code"`
	Message string `json:"message"`
}

// WireMessages is every server message type by its tag, for the
// TypeScript generator (internal/cmd/wiregen) and the tests.
func WireMessages() map[string]any {
	return map[string]any{outSync: syncMsg{}, outUpdate: updateMsg{}, outAck: ackMsg{}, outRefused: refusedMsg{},
		outChat: chatMsg{}, outPresence: presenceMsg{}, outRematch: rematchMsg{}, outOffer: offerMsg{}, outPong: pongMsg{}, outError: errorMsg{}}
}

// WireClientMessage is what a client sends (one type for every kind, told
// apart by t), for the TypeScript generator (internal/cmd/wiregen).
func WireClientMessage() any { return clientMsg{} }

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
