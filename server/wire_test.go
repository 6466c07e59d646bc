package server

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/jardin-games/jardin/engine"
	"github.com/jardin-games/jardin/games"
)

// Every message the server sends decodes strictly (no unknown field) into
// the type declared for its tag, and encodes back to the same JSON; the
// view in a sync or an update decodes strictly into its game's view type
// and the result into engine.Result. A table of each game is played to the
// end by a person and bots, with a chat line, a ping, a stale move, a
// rematch and a protocol error on the way.
func TestWireMessagesDecodeIntoTheirTypes(t *testing.T) {
	ts := startServer(t, "", Config{QuickBots: 2})
	owner := newClient(t, ts.URL, "Owner")
	views := gameViewTypes()
	seen := map[string]bool{}
	for _, g := range games.Registry().All() {
		lo, _ := g.Players()
		seats := []string{"me"}
		for len(seats) < max(lo, 2) {
			seats = append(seats, "random")
		}
		tb := owner.create(createReq{Game: g.ID(), Seats: seats})
		s := owner.dial(tb.ID, "")
		s.next(outSync)
		s.send(map[string]any{"t": "ping", "id": "p1"})
		s.next(outPong)
		s.send(map[string]any{"t": "chat", "text": "hello <b>"})
		s.next(outChat)
		s.send(map[string]any{"t": "move", "v": 1 << 20, "id": "stale", "i": 0})
		s.next(outRefused)
		if _, err := s.play(0, rand.New(rand.NewPCG(1, 2)), nil); err != nil {
			t.Fatalf("%s: %v", g.ID(), err)
		}
		s.send(map[string]any{"t": "rematch"})
		s.next(outRematch)
		bad := owner.dial(tb.ID, "")
		bad.next(outSync)
		bad.ws.Write(t.Context(), 1, []byte(`{"t":"dance"}`))
		bad.next(outError)
		for _, all := range [][][]byte{s.all, bad.all} {
			var held any // the socket's view: an update may carry a patch of it
			for _, b := range all {
				seen[checkWire(t, g.ID(), b, views[g.ID()], &held)] = true
			}
		}
		s.close()
		bad.close()
	}
	for tag := range WireMessages() {
		if !seen[tag] {
			t.Errorf("no %q message was sent: its type is not checked", tag)
		}
	}
}

// checkWire decodes one server message strictly into its declared type and
// its view into view (an update's patch applied to *held, the view the
// socket held); it returns the message's tag.
func checkWire(t *testing.T, game string, b []byte, view reflect.Type, held *any) string {
	t.Helper()
	var head struct {
		T string `json:"t"`
	}
	if err := json.Unmarshal(b, &head); err != nil {
		t.Fatalf("%s: not JSON: %s", game, b)
	}
	proto, ok := WireMessages()[head.T]
	if !ok {
		t.Fatalf("%s: message %q has no declared type: %s", game, head.T, b)
	}
	m := reflect.New(reflect.TypeOf(proto))
	strictDecode(t, game, b, m.Interface())
	if again := mustJSON(m.Elem().Interface()); !sameJSONValue(again, b) {
		t.Errorf("%s: %s does not encode back the same:\n sent %s\n  got %s", game, head.T, b, again)
	}
	var parts struct {
		View   json.RawMessage `json:"view"`
		Patch  json.RawMessage `json:"patch"`
		Result json.RawMessage `json:"result"`
	}
	json.Unmarshal(b, &parts)
	if head.T == outSync || head.T == outUpdate {
		if len(parts.Patch) > 0 {
			if len(parts.View) > 0 {
				t.Errorf("%s: an update with a view and a patch", game)
			}
			*held = ApplyMergePatch(*held, decodeJSON(t, parts.Patch))
			parts.View = mustJSON(*held)
		} else if len(parts.View) > 0 {
			*held = decodeJSON(t, parts.View)
		}
		if len(parts.View) == 0 {
			t.Errorf("%s: %s without a view", game, head.T)
		}
		v := reflect.New(view)
		strictDecode(t, game+" view", parts.View, v.Interface())
		if again := mustJSON(v.Elem().Interface()); !sameJSONValue(again, parts.View) {
			t.Errorf("%s: the view does not encode back the same:\n sent %s\n  got %s", game, parts.View, again)
		}
	}
	if len(parts.Result) > 0 {
		strictDecode(t, game+" result", parts.Result, new(engine.Result))
	}
	return head.T
}

func strictDecode(t *testing.T, what string, b []byte, into any) {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(into); err != nil {
		t.Fatalf("%s: %T: %v\n%s", what, into, err, b)
	}
}

func sameJSONValue(a, b []byte) bool {
	var x, y any
	if json.Unmarshal(a, &x) != nil || json.Unmarshal(b, &y) != nil {
		return false
	}
	return jsonEqual(x, y)
}

// gameViewTypes is each game's view type, as its states' View returns it
// (a pointer's element).
func gameViewTypes() map[string]reflect.Type {
	out := map[string]reflect.Type{}
	for _, g := range games.Registry().All() {
		lo, _ := g.Players()
		s, err := g.New(lo, 1, nil)
		if err != nil {
			panic(fmt.Sprintf("%s: %v", g.ID(), err))
		}
		typ := reflect.TypeOf(s.View(engine.Spectator))
		if typ.Kind() == reflect.Pointer {
			typ = typ.Elem()
		}
		out[g.ID()] = typ
	}
	return out
}

// Each message type's T field declares its tag as the TypeScript literal.
func TestWireTagsMatchTheirTypes(t *testing.T) {
	for tag, m := range WireMessages() {
		f, ok := reflect.TypeOf(m).FieldByName("T")
		if !ok || f.Tag.Get("ts") != "'"+tag+"'" {
			t.Errorf("%T: T's ts tag %q, want '%s'", m, f.Tag.Get("ts"), tag)
		}
		if !strings.HasSuffix(reflect.TypeOf(m).Name(), "Msg") {
			t.Errorf("%T: message types end in Msg", m)
		}
	}
}
