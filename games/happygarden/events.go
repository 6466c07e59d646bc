package happygarden

import (
	"strconv"

	"github.com/jardin-games/jardin/engine"
)

// events writes the keyed events of one move (data/texts.json holds their
// sentences). A move that brings hidden information out (a tile drawn from
// the bag, a turn token from the pile) makes every later public event of
// the same move depend on it, so from then on they are reveals: in another
// world the same move would have drawn something else and said other
// things.
//
// Apply builds one only when its log is on; a nil *events says nothing, so
// the bots' path allocates nothing. Callers still check on() before
// building arguments, which allocate.
type events struct {
	log    *engine.Log
	hidden bool
}

func newEvents(log *engine.Log) *events {
	if !log.On() {
		return nil
	}
	return &events{log: log}
}

func (e *events) on() bool { return e != nil }

// say is a public event about what every seat could already see.
func (e *events) say(actor int, key string, args ...engine.Arg) {
	if e == nil {
		return
	}
	if e.hidden {
		e.log.Reveal(actor, key, args...)
		return
	}
	e.log.Say(actor, key, args...)
}

// reveal is a public event showing what was hidden until now.
func (e *events) reveal(actor int, key string, args ...engine.Arg) {
	if e == nil {
		return
	}
	e.hidden = true
	e.log.Reveal(actor, key, args...)
}

// Ids shared by the view, the events and the move descriptions
// (docs/happy-garden.md). Tiles are named by their data ids ("F01", "G1",
// "W1").

// cellID is a garden cell's id, "x,y" (the notation's form).
func cellID(c int) string { return strconv.Itoa(cellX(c)) + "," + strconv.Itoa(cellY(c)) }

// slotID is a shop slot's id, "shop:B1" … "shop:T3".
func slotID(i int) string { return "shop:" + slotName(i) }

// seatID is a seat's id, "seat:1" for the first seat (the view's "seat").
func seatID(p int) string { return "seat:" + strconv.Itoa(p+1) }

// colourID and shapeID name a colour and a flower shape by letter.
func colourID(c uint8) string { return "colour:" + string(colourLet[c]) }
func shapeID(sh uint8) string { return "shape:" + string(shapeLet[sh]) }

// tokenIDs name the tokens a gust of wind moves (by ttButterfly…ttMole).
var tokenIDs = [...]string{"", "token:butterfly", "token:worm", "token:mole"}

// turnIDs name the turn tokens (by tokWheelbarrow…tokCan).
var turnIDs = [...]string{"", "turn:wheelbarrow", "turn:worm", "turn:truck", "turn:gust", "turn:drum", "turn:blank", "turn:watering-can"}

func tileArg(t uint8) engine.Arg { return engine.Comp(tileID(int(t))) }
