// Package record reads, writes and replays game records: JSON documents
// holding a game's id, options, seed, seats and moves in notation, like PGN
// for chess (docs/records.md).
package record

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/jardin-games/jardin/engine"
)

// Version is the record format version this package writes for a game
// played from its setup; it reads it and VersionFork.
const Version = 1

// VersionFork is the format of a record whose game was forked from another
// one's position (Forks): readers that know only Version refuse it rather
// than replay it to a different game.
const VersionFork = 2

// Record is one game.
type Record struct {
	Format  int            `json:"format"`
	Game    string         `json:"game"`
	Options engine.Options `json:"options,omitempty"`
	Seed    uint64         `json:"seed,string"`
	Players []Seat         `json:"players"`
	Moves   []Step         `json:"moves"`
	// Forks, in a VersionFork record only: where the game went on from a
	// position with its hidden parts dealt again, in order (a game forked
	// from a forked game has two).
	Forks  []Fork         `json:"forks,omitempty"`
	Result *engine.Result `json:"result,omitempty"`
}

// Fork is a re-deal in the middle of a record: after After moves, the state
// becomes State.Determinize(Seat, Seed): what Seat could see stays, every
// hidden part (other hands, deck and bag orders, the generator) is dealt
// again from Seed. A game forked from a replay ("play from here") is
// recorded so: the original's moves up to the step, the re-deal, then the
// new game's moves.
type Fork struct {
	After int    `json:"after"` // moves of the record made before the re-deal (0 … len(moves))
	Seat  int    `json:"seat"`  // 0-based seat whose information the re-deal keeps
	Seed  uint64 `json:"seed,string"`
}

// FormatOf is the format a record with these forks is written in.
func FormatOf(forks []Fork) int {
	if len(forks) > 0 {
		return VersionFork
	}
	return Version
}

// Seat is one player of the game.
type Seat struct {
	Name string `json:"name"`
	Kind string `json:"kind"` // "human", or the bot kind: "random", "greedy", …
	// Replaced says that a bot played this seat from some move on (an online
	// player out of time or gone: Board Game Arena's zombie).
	Replaced *Replacement `json:"replaced,omitempty"`
}

// Replacement is a bot taking over a seat for the rest of the game.
type Replacement struct {
	By    string `json:"by"`    // the bot's kind
	After int    `json:"after"` // moves of the record made before it took over (0 … len(moves))
	// Why the bot took over: "left", "resign", "time" or "away"
	// (docs/records.md); absent in records written before it was kept.
	Why string `json:"why,omitempty"`
}

// Step is one move: who made it and its notation.
type Step struct {
	Player int    `json:"player"`
	Move   string `json:"move"`
}

// stepRE matches one indented move object, to put it on a single line.
var stepRE = regexp.MustCompile(`\{\n\s*"player": (\d+),\n\s*"move": ("(?:[^"\\]|\\.)*")\n\s*\}`)

// Marshal writes r as indented JSON with one move per line, which reads
// like a score sheet and diffs well.
func (r *Record) Marshal() ([]byte, error) {
	b, err := json.MarshalIndent(r, "", "  ")
	if err != nil {
		return nil, err
	}
	b = stepRE.ReplaceAll(b, []byte(`{"player": $1, "move": $2}`))
	return append(b, '\n'), nil
}

// Limits on the free text of a record. A record comes from anywhere, and
// its names are printed to terminals: a name is a label, not a document.
const (
	MaxName     = 64  // characters of a player's name or kind, a game id, an option name or value
	MaxMove     = 256 // bytes of a move's notation (the longest real ones are under 40)
	maxPlayers  = 16  // far above every game's maximum
	maxEchoNote = 40  // characters of a bad value quoted back in an error
)

// bom is the UTF-8 byte-order mark.
var bom = []byte{0xEF, 0xBB, 0xBF}

// Parse reads a record and checks its shape (not its moves: see Replay).
// Unknown fields are errors, so that a typo is not silently ignored. Text
// fields are checked too: names, kinds, ids and moves must be valid UTF-8
// without control characters, and not longer than the limits above.
func Parse(data []byte) (*Record, error) {
	if bytes.HasPrefix(data, bom) {
		// jardin writes records without one, and a record is exchanged
		// byte for byte: refuse it plainly rather than as a syntax error.
		return nil, fmt.Errorf("record: the file starts with a UTF-8 byte-order mark; records are plain UTF-8 (save it without the mark)")
	}
	if len(bytes.TrimSpace(data)) == 0 {
		return nil, fmt.Errorf("record: the file is empty")
	}
	if !utf8.Valid(data) {
		// encoding/json would replace the bad bytes silently, printing a
		// name other than the one written.
		line, col := engine.LineCol(data, int64(firstInvalid(data))+1) // LineCol counts bytes read, the bad one included
		return nil, fmt.Errorf("record: line %d, column %d: not valid UTF-8", line, col)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var r Record
	if err := dec.Decode(&r); err != nil {
		return nil, fmt.Errorf("record: %w", describeJSONError(data, err))
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return nil, fmt.Errorf("record: unexpected data after the JSON document")
	}
	switch {
	case r.Format != Version && r.Format != VersionFork:
		return nil, fmt.Errorf("record: format %d, this version of jardin reads formats %d and %d", r.Format, Version, VersionFork)
	case r.Format == Version && r.Forks != nil:
		return nil, fmt.Errorf("record: \"forks\" in a format %d record; a forked game's record is format %d", Version, VersionFork)
	case r.Format == VersionFork && len(r.Forks) == 0:
		return nil, fmt.Errorf("record: format %d without \"forks\"; a record without them is format %d", VersionFork, Version)
	}
	if r.Game == "" {
		return nil, fmt.Errorf("record: missing \"game\"")
	}
	if err := CheckText(r.Game, MaxName); err != nil {
		return nil, fmt.Errorf("record: \"game\": %w", err)
	}
	for k, v := range r.Options {
		if err := CheckText(k, MaxName); err != nil {
			return nil, fmt.Errorf("record: option name: %w", err)
		}
		if err := CheckText(v, MaxName); err != nil {
			return nil, fmt.Errorf("record: option %s: %w", k, err)
		}
	}
	if len(r.Players) == 0 {
		return nil, fmt.Errorf("record: \"players\" is empty")
	}
	if len(r.Players) > maxPlayers {
		return nil, fmt.Errorf("record: %d players; no game has more than %d", len(r.Players), maxPlayers)
	}
	for i, p := range r.Players {
		if err := CheckText(p.Name, MaxName); err != nil {
			return nil, fmt.Errorf("record: player %d's name: %w", i+1, err)
		}
		if err := CheckText(p.Kind, MaxName); err != nil {
			return nil, fmt.Errorf("record: player %d's kind: %w", i+1, err)
		}
		if rp := p.Replaced; rp != nil {
			if err := CheckText(rp.By, MaxName); err != nil {
				return nil, fmt.Errorf("record: player %d replaced by: %w", i+1, err)
			}
			if rp.By == "" {
				return nil, fmt.Errorf("record: player %d replaced: \"by\" names no bot", i+1)
			}
			if err := CheckText(rp.Why, MaxName); err != nil {
				return nil, fmt.Errorf("record: player %d replaced, why: %w", i+1, err)
			}
			if rp.After < 0 || rp.After > len(r.Moves) {
				return nil, fmt.Errorf("record: player %d replaced after move %d: the record has %d moves", i+1, rp.After, len(r.Moves))
			}
		}
	}
	for i, m := range r.Moves {
		if m.Player < 0 || m.Player >= len(r.Players) {
			return nil, fmt.Errorf("record: move %d: player %d does not exist (%d players)", i+1, m.Player, len(r.Players))
		}
		if err := checkBytes(m.Move, MaxMove); err != nil {
			return nil, fmt.Errorf("record: move %d: %w", i+1, err)
		}
	}
	for i, f := range r.Forks {
		if f.After < 0 || f.After > len(r.Moves) {
			return nil, fmt.Errorf("record: fork %d after move %d: the record has %d moves", i+1, f.After, len(r.Moves))
		}
		if i > 0 && f.After < r.Forks[i-1].After {
			return nil, fmt.Errorf("record: fork %d after move %d comes before fork %d's move %d", i+1, f.After, i, r.Forks[i-1].After)
		}
		if f.Seat < 0 || f.Seat >= len(r.Players) {
			return nil, fmt.Errorf("record: fork %d for player %d: the record has %d players", i+1, f.Seat+1, len(r.Players))
		}
	}
	return &r, nil
}

// firstInvalid is the offset of the first byte of data that is not valid UTF-8.
func firstInvalid(data []byte) int {
	for i := 0; i < len(data); {
		r, n := utf8.DecodeRune(data[i:])
		if r == utf8.RuneError && n <= 1 {
			return i
		}
		i += n
	}
	return len(data)
}

// Forbidden reports whether a name may not hold c: a control character
// (escape sequences would reach a terminal: a screen clear, a window
// title…), a bidirectional control (it reverses the text around it, a name
// shown backwards or a line disguised) or another invisible format
// character (zero-width spaces, word joiners, a byte-order mark), except the
// zero-width joiner and non-joiner that emoji sequences and some scripts
// need. The one rule for names: the server refuses them on entry with it,
// and a record holding one is refused.
func Forbidden(c rune) bool {
	if c == '\u200c' || c == '\u200d' {
		return false
	}
	return unicode.IsControl(c) || unicode.Is(unicode.Bidi_Control, c) || unicode.Is(unicode.Cf, c)
}

// CheckText reports why s is not fit to print as a name: invalid UTF-8, a
// control character (escape sequences would reach the terminal: a screen
// clear, a window title…), a bidirectional override (it would disguise the
// text around it), or more than max characters.
func CheckText(s string, max int) error {
	if !utf8.ValidString(s) {
		return errors.New("not valid UTF-8")
	}
	n := 0
	for _, c := range s {
		if Forbidden(c) {
			return fmt.Errorf("control character %U in %s", c, Clip(s, maxEchoNote))
		}
		n++
	}
	if n > max {
		return fmt.Errorf("%d characters, at most %d allowed: %s", n, max, Clip(s, maxEchoNote))
	}
	return nil
}

// checkBytes is CheckText with the limit in bytes, checked first, so that a
// huge value is refused without scanning it.
func checkBytes(s string, max int) error {
	if len(s) > max {
		return fmt.Errorf("%d bytes, at most %d allowed: %s", len(s), max, Clip(s, maxEchoNote))
	}
	return CheckText(s, max)
}

// Clip quotes s for an error message, escaping what is not printable and
// keeping at most max characters of it, so that no input, however long or
// strange, is echoed whole.
func Clip(s string, max int) string {
	n, cut := 0, len(s)
	for i := range s {
		if n == max {
			cut = i
			break
		}
		n++
	}
	if cut < len(s) {
		return strconv.Quote(s[:cut]) + "…"
	}
	return strconv.Quote(s)
}

func describeJSONError(data []byte, err error) error {
	// The seed is the only number read from a string (JSON numbers lose
	// precision past 2^53 in browsers), and encoding/json does not name it.
	if strings.Contains(err.Error(), "into uint64") {
		return fmt.Errorf("\"seed\": want a whole number in quotes, e.g. \"seed\": \"42\"")
	}
	err = engine.JSONError(data, err)
	// An unknown field is quoted back, and a field name can be megabytes.
	if msg := err.Error(); len(msg) > 200 {
		return errors.New(strings.ToValidUTF8(msg[:200], "") + "…")
	}
	return err
}

// MoveError is a record move that could not be replayed.
type MoveError struct {
	Number int // 1-based move number
	Move   string
	Err    error
}

func (e *MoveError) Error() string {
	return fmt.Sprintf("move %d %q: %v", e.Number, e.Move, e.Err)
}

func (e *MoveError) Unwrap() error { return e.Err }

// Lookup finds games by id; *engine.Registry implements it.
type Lookup interface {
	Lookup(id string) (engine.Game, error)
}

// Replay sets the game up again and applies every move, dealing the hidden
// parts again where the record forks. It fails at the first move that is
// illegal or made by the wrong player, and when the record's result differs
// from the replayed one. each, if not nil, is called after every move with
// its number, the state (re-dealt, after the fork's move) and the events
// the move produced.
func Replay(games Lookup, r *Record, each func(n int, s engine.State, events []engine.Event)) (engine.State, error) {
	g, err := games.Lookup(r.Game)
	if err != nil {
		return nil, err
	}
	s, err := g.New(len(r.Players), r.Seed, r.Options)
	if err != nil {
		return nil, fmt.Errorf("record setup: %w", err)
	}
	forks := r.Forks
	redeal := func(n int) {
		for len(forks) > 0 && forks[0].After == n {
			s = s.Determinize(forks[0].Seat, forks[0].Seed)
			forks = forks[1:]
		}
	}
	redeal(0)
	for i, st := range r.Moves {
		if s.Over() {
			return nil, &MoveError{i + 1, st.Move, fmt.Errorf("the game is already over")}
		}
		if s.ToMove() != st.Player {
			return nil, &MoveError{i + 1, st.Move, fmt.Errorf("made by player %d, but player %d is to move", st.Player+1, s.ToMove()+1)}
		}
		m, err := s.ParseMove(st.Move)
		if err != nil {
			return nil, &MoveError{i + 1, st.Move, err}
		}
		var log engine.Log
		if err := s.Apply(m, &log); err != nil {
			return nil, &MoveError{i + 1, st.Move, err}
		}
		redeal(i + 1)
		if each != nil {
			each(i+1, s, log.Events)
		}
	}
	if r.Result != nil {
		got := s.Result()
		if !reflect.DeepEqual(normalise(*r.Result), normalise(got)) {
			return s, fmt.Errorf("the recorded result differs from the replayed one")
		}
	}
	return s, nil
}

// normalise makes results comparable after a JSON round trip.
func normalise(r engine.Result) engine.Result {
	b, _ := json.Marshal(r)
	var out engine.Result
	_ = json.Unmarshal(b, &out)
	return out
}
