// Package engine is the contract every jardin game implements: games,
// states, moves, views, results and events, plus the pieces every game
// shares (a seeded generator, options, a registry).
//
// A game is a value implementing Game. Each position is a State. Exactly one
// player decides at a time; the decision is a small step (take a card, then
// place it), offered as a deterministic list of legal moves. Applying a move
// is atomic: an illegal move returns a *RuleError naming the rule and leaves
// the state untouched.
package engine

// Spectator is the player index for a view that shows no private part at all.
const Spectator = -1

// Move is one decision, packed by its game into 64 bits. Moves are opaque to
// everything but their game: callers get them from State.LegalMoves or
// State.ParseMove and print them with State.FormatMove. A packed integer keeps
// move generation free of allocation, which bots rely on.
type Move uint64

// Game describes one game. Implementations are immutable and safe for
// concurrent use.
type Game interface {
	// ID is the stable identifier used on the command line and in records.
	ID() string
	// Title returns the title in lang (message title of its catalogue).
	Title(lang string) string
	// Players returns the inclusive range of supported player counts.
	Players() (min, max int)
	// Options lists the game's options with their defaults and allowed values.
	Options() []OptionSpec
	// New sets up a game. Options not given take their defaults; unknown
	// options, disallowed values and player counts out of range are errors.
	New(players int, seed uint64, opts Options) (State, error)
	// Rules is a summary of the rules as implemented, in Markdown.
	Rules() string
	// Texter: the game's catalogue, its words in every language it has.
	Texter
}

// State is one position of a game.
type State interface {
	// Game returns the game this state belongs to.
	Game() Game
	// NumPlayers is the number of seats.
	NumPlayers() int
	// ToMove is the player who decides now, or -1 when the game is over.
	ToMove() int
	// LegalMoves appends the legal moves of the current decision to buf, in a
	// deterministic order, and returns the extended slice. It is empty if and
	// only if the game is over.
	LegalMoves(buf []Move) []Move
	// Apply plays m for ToMove(). If m is illegal it returns a *RuleError and
	// the state is unchanged. When log is not nil, events are appended to it.
	Apply(m Move, log *Log) error
	// Clone returns a deep copy: mutating either never changes the other.
	Clone() State
	// Over reports whether the game has ended.
	Over() bool
	// Score is player's running total as the score pad would count it now.
	// Bots call it often, so it does not allocate.
	Score(player int) int
	// Result is the score pad with ranks. Before the end it is provisional.
	Result() Result
	// View returns what player may see (Spectator: no private part), as a
	// JSON-serialisable value sufficient to draw the whole table.
	View(player int) any
	// Determinize returns a copy in which everything player cannot see
	// (other hands, deck and bag orders, the generator) is re-sampled from
	// seed, consistently with what player sees. View(player) of the copy is
	// byte-identical to View(player) of the original.
	Determinize(player int, seed uint64) State
	// FormatMove writes m in the game's notation.
	FormatMove(m Move) string
	// ParseMove reads the game's notation. ParseMove(FormatMove(m)) == m
	// for every legal move m. A parsed move still has to pass Apply.
	ParseMove(s string) (Move, error)
	// Describer: legal moves as a user interface clicks them.
	Describer
}

// Drawer is implemented by states that can draw the table as text for a
// terminal, as seen by player.
type Drawer interface {
	Draw(player int, style Style) string
}

// Style controls text drawing.
type Style struct {
	Color bool   // use ANSI colours; the drawing must read without them too
	Lang  string // a language of the game's catalogue; any other reads English
}

// Evaluator is implemented by states that offer a heuristic value of a
// position for player, in score-pad points: the running score plus what the
// position promises (potential, tempo, penalties ahead). Greedy bots use it
// to break ties between moves of equal immediate gain; search bots use it to
// value positions they do not play out to the end.
type Evaluator interface {
	Evaluate(player int) float64
}

// PositionScorer is implemented by games whose finished gardens can be
// scored from a position file (see each game's documentation).
type PositionScorer interface {
	ScorePosition(data []byte) (Score, error)
}

// ComponentReporter is implemented by states of card and tile games that can
// name the components a player holds (e.g. "trophy #12"), so that
// simulations can relate components to winning.
type ComponentReporter interface {
	Components(player int) []string
}

// SearchAdvice tells search bots how a game's positions are best valued.
type SearchAdvice struct {
	// Rollout is how many decisions a search plays out beyond its tree
	// before valuing the position with Evaluate: -1 to the end of the game,
	// 0 for none (the heuristic is better than any quick play-out, e.g.
	// when random play almost never reaches the end).
	Rollout int
	// RolloutTurns, when positive, ends play-outs instead at a turn
	// boundary: once the player to move has changed that many times (1:
	// the rest of the current turn). For games whose turns are several
	// decisions, whose heuristic is only fair between turns.
	RolloutTurns int
	// Sample, when positive, is how many legal moves a play-out compares
	// by Evaluate at each decision (every move when there are no more);
	// 0 leaves the bot's default. Games whose play-outs must play well to
	// mean anything ask for more.
	Sample int
	// Widen, when positive, asks for progressive widening with this
	// exponent: a node visited n times considers only its ceil(n^Widen)
	// best moves by Evaluate. For decisions with very many moves (a tile
	// placed anywhere on a board), where trying each once starves the rest
	// of the tree.
	Widen float64
	// IterationScale multiplies the iteration counts of the named
	// difficulty levels, so that a level means about the same thinking
	// time in every game (cheap iterations: a scale above 1).
	IterationScale float64
	// RankWeight, when positive, is the share of the rank in a search's
	// reward, the rest being the score margin (docs/bots.md); 0 leaves the
	// bot's default. Games where a close margin decides most games gain
	// from weighing the margin more.
	RankWeight float64
	// Exploration, when positive, is the exploration constant of a
	// search's UCB (bots' default 0.7); 0 leaves the bot's default. Games
	// whose moves differ by a small share of the reward's range ask for
	// less, so that the search's visits follow the values it finds.
	Exploration float64
}

// SearchAdvisor is implemented by states whose game has search advice.
// Games without it get full play-outs and a scale of 1.
type SearchAdvisor interface {
	SearchAdvice() SearchAdvice
}

// Copier is implemented by states that can copy themselves into another
// state of the same game, reusing its memory: bots that try many moves
// from one position copy instead of cloning, and do not allocate.
type Copier interface {
	// CopyInto makes dst a deep copy of the receiver and reports true, or
	// reports false (changing nothing) if dst is of another game.
	CopyInto(dst State) bool
}
