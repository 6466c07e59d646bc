package server

import (
	"bytes"
	"encoding/json"
	"net/http"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/jardin-games/jardin/games"
	"github.com/jardin-games/jardin/record"
)

// waitOver polls a table until its game is over.
func waitOver(t *testing.T, c *client, id string) {
	t.Helper()
	deadline := time.Now().Add(60 * time.Second)
	for time.Now().Before(deadline) {
		var tj tableJSON
		if code := c.call("GET", "/api/tables/"+id, nil, &tj); code != 200 {
			t.Fatalf("GET table %s: %d", id, code)
		}
		if tj.Status == "over" {
			return
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatalf("table %s: not over after 60 s", id)
}

func compactJSON(t *testing.T, b []byte) string {
	t.Helper()
	var buf bytes.Buffer
	if err := json.Compact(&buf, b); err != nil {
		t.Fatalf("not JSON: %v: %.200s", err, b)
	}
	return buf.String()
}

// A live or open table's replay is refused with nothing of its game in the
// answer; a finished one replays its record step by step as a spectator
// sees it, in the language asked, ending on the final scores.
func TestReplay(t *testing.T) {
	ts := startServer(t, "", Config{QuickBots: 2})
	ann := newClient(t, ts.URL, "Ann")
	stranger := &client{t: t, base: ts.URL}

	live := ann.create(createReq{Game: "english-gardens", Seats: []string{"me", "greedy"}})
	open := ann.create(createReq{Game: "english-gardens", Seats: []string{"me", "open"}})
	for _, tc := range []struct {
		name, id string
		who      *client
	}{
		{"live, seated", live.ID, ann},
		{"live, anyone", live.ID, stranger},
		{"open", open.ID, ann},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var body string
			if code := tc.who.call("GET", "/api/tables/"+tc.id+"/replay?lang=fr", nil, &body); code != http.StatusConflict {
				t.Fatalf("replay of a table not over: %d %s, want 409", code, body)
			}
			if !strings.Contains(body, "une fois terminée") { // ?lang=fr: the error speaks it too
				t.Errorf("the refusal does not say why: %s", body)
			}
			var fields map[string]any
			json.Unmarshal([]byte(body), &fields)
			for k := range fields {
				if k != "error" && k != "code" && k != "request" {
					t.Errorf("the refusal carries %q: %s", k, body)
				}
			}
		})
	}
	if code := ann.call("GET", "/api/tables/nosuchtable/replay", nil, nil); code != http.StatusNotFound {
		t.Errorf("replay of no table: %d, want 404", code)
	}

	done := ann.create(createReq{Game: "happy-garden", Seats: []string{"random", "greedy"}})
	waitOver(t, ann, done.ID)
	var raw string
	if code := stranger.call("GET", "/api/tables/"+done.ID+"/record", nil, &raw); code != 200 {
		t.Fatalf("record: %d %s", code, raw)
	}
	rec, err := record.Parse([]byte(raw))
	if err != nil {
		t.Fatal(err)
	}
	watcher := stranger.dial(done.ID, "seat=-1")
	defer watcher.close()
	spectatorView := compactJSON(t, watcher.next(outSync)["view"])
	g, _ := games.Registry().Lookup("happy-garden")

	texts := map[string][]string{} // the first event's text of each step, per language
	for _, lang := range []string{"en", "fr"} {
		var rp struct {
			replayJSON
			Steps []struct {
				replayStep
				View  json.RawMessage `json:"view"`
				Patch json.RawMessage `json:"patch"`
			} `json:"steps"`
		}
		if code := stranger.call("GET", "/api/tables/"+done.ID+"/replay?lang="+lang, nil, &rp); code != 200 {
			t.Fatalf("replay %s: %d", lang, code)
		}
		if len(rp.Steps) != len(rec.Moves)+1 {
			t.Fatalf("%s: %d steps for %d moves", lang, len(rp.Steps), len(rec.Moves))
		}
		if rp.Steps[0].Player != -1 || rp.Steps[0].Move != "" {
			t.Errorf("%s: step 0 is %+v, want the setup", lang, rp.Steps[0].replayStep)
		}
		events := 0
		for i, m := range rec.Moves {
			st := rp.Steps[i+1]
			if st.Player != m.Player || st.Move != m.Move {
				t.Fatalf("%s: step %d is %d %q, the record's move %d %q", lang, i+1, st.Player, st.Move, m.Player, m.Move)
			}
			if len(st.View)+len(st.Patch) == 0 || len(st.Scores) != len(rec.Players) {
				t.Fatalf("%s: step %d has no view, patch or scores", lang, i+1)
			}
			for _, e := range st.Events {
				if e.Text == "" {
					t.Errorf("%s: step %d: an event without text: %+v", lang, i+1, e)
				}
			}
			if len(st.Events) > 0 {
				texts[lang] = append(texts[lang], st.Events[0].Text)
			} else {
				texts[lang] = append(texts[lang], "")
			}
			events += len(st.Events)
		}
		if events == 0 {
			t.Errorf("%s: no event in the whole replay", lang)
		}
		last := rp.Steps[len(rp.Steps)-1]
		if last.ToMove != -1 {
			t.Errorf("%s: the last step has seat %d to move", lang, last.ToMove)
		}
		// The last view, rebuilt from the first and the patches.
		var view any
		for _, st := range rp.Steps {
			if len(st.View) > 0 {
				view = decodeJSON(t, st.View)
			} else {
				view = ApplyMergePatch(view, decodeJSON(t, st.Patch))
			}
		}
		if !reflect.DeepEqual(view, decodeJSON(t, []byte(spectatorView))) {
			t.Errorf("%s: the last step's view is not the spectator's view of the finished table", lang)
		}
		want, _ := json.Marshal(rec.Result)
		got, _ := json.Marshal(rp.Result)
		if rp.Result == nil || !rp.Result.Final || string(got) != string(want) {
			t.Errorf("%s: result %s, want the record's %s", lang, got, want)
		}
		for i, p := range rp.Result.Players {
			if last.Scores[i] != p.Total {
				t.Errorf("%s: the last step's score of seat %d is %d, the result's total %d", lang, i, last.Scores[i], p.Total)
			}
		}
		bot := map[string]string{"en": "Quick bot", "fr": "Robot rapide"}[lang] // a bot is named in the language
		if rp.Title != g.Title(lang) || rp.Names[1] != bot || rp.Record != "/api/tables/"+done.ID+"/record" {
			t.Errorf("%s: title %q names %q record %q", lang, rp.Title, rp.Names, rp.Record)
		}
		for _, c := range g.Texts().Components {
			if rp.Texts[c.ID].Name != g.Texts().Name(c.ID, lang) || rp.Texts[c.ID].Help != g.Texts().Help(c.ID, lang) {
				t.Errorf("%s: texts[%s] = %+v, want %q", lang, c.ID, rp.Texts[c.ID], g.Texts().Name(c.ID, lang))
				break
			}
		}
	}
	differ := 0
	for i := range texts["en"] {
		if texts["en"][i] != texts["fr"][i] {
			differ++
		}
	}
	if differ == 0 {
		t.Error("the French replay's events read as the English ones")
	}
}

// A sync carries the catalogue's component names and help, and the game's
// title, in the connection's language; updates do not repeat them.
func TestSyncTexts(t *testing.T) {
	ts := startServer(t, "", Config{})
	ann := newClient(t, ts.URL, "Ann")
	tb := ann.create(createReq{Game: "hanging-gardens", Seats: []string{"me", "random"}})
	g, _ := games.Registry().Lookup("hanging-gardens")
	cat := g.Texts()
	comps := cat.Components
	if len(comps) == 0 {
		t.Fatal("hanging-gardens' catalogue has no component")
	}
	for _, lang := range []string{"fr", "en"} {
		s := ann.dial(tb.ID, "lang="+lang)
		m := s.next(outSync)
		var texts map[string]compText
		var info tableInfo
		if err := json.Unmarshal(m["texts"], &texts); err != nil {
			t.Fatalf("%s: texts: %v in %.200s", lang, err, m["texts"])
		}
		json.Unmarshal(m["table"], &info)
		if info.Title != g.Title(lang) {
			t.Errorf("%s: title %q, want %q", lang, info.Title, g.Title(lang))
		}
		if len(texts) != len(comps)+len(cat.Sources(lang, "score."))+len(cat.Sources(lang, "rating."))+len(cat.Sources(lang, "page."))+len(cat.Sources(lang, "move."))+len(cat.Sources(lang, "part.")) {
			t.Errorf("%s: %d texts for %d components", lang, len(texts), len(comps))
		}
		for _, c := range comps {
			if got := texts[c.ID]; got.Name != cat.Name(c.ID, lang) || got.Help != cat.Help(c.ID, lang) {
				t.Errorf("%s: %s is %+v, want %q / %q", lang, c.ID, got, cat.Name(c.ID, lang), cat.Help(c.ID, lang))
			}
		}
		// A move: the update carries no texts.
		s.send(map[string]any{"t": "move", "v": s.v, "id": "t-" + lang, "i": 0})
		if u := s.next(outUpdate); u["texts"] != nil {
			t.Errorf("%s: an update repeats the texts", lang)
		}
		s.close()
	}
}
