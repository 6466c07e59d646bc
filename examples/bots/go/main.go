// Command jardin-bot is an example bot for jardin's bot API
// (docs/bot-api.md): it makes itself a bot identity (once), reads its
// stream, accepts every invitation it has room for, and plays a legal move
// chosen at random on each of its turns, by HTTP, until it is stopped (or,
// with -games N, until N of its tables have ended).
//
//	go run ./examples/bots/go -server http://localhost:8080 -name "Random Robin"
//
// It prints its token the first time: pass it back with -token so that it
// stays the same bot. It uses only the standard library and the documented
// calls, so that it reads as a recipe for a bot in any language.
package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"log"
	"math/rand/v2"
	"net/http"
	"os"
	"os/signal"
	"strconv"
	"time"
)

// confirm is the sentence the server asks for before making an identity a
// bot, which cannot be undone.
const confirm = "I understand that this cannot be undone"

// Bot is one bot identity talking to one server.
type Bot struct {
	Server string // http://host:port
	Token  string
	HTTP   *http.Client
	Rand   *rand.Rand
	Log    *log.Logger
	// Ended counts the tables that ended, for -games.
	Ended int
}

// Event is one line of the stream (the fields the bot reads).
type Event struct {
	Type   string            `json:"type"`
	Table  string            `json:"table"`
	Game   string            `json:"game"`
	Seat   int               `json:"seat"`
	V      int               `json:"v"`
	Legal  []json.RawMessage `json:"legal"`
	Status string            `json:"status"`
}

// APIError is a refusal the server answered.
type APIError struct {
	Status  int
	Message string `json:"error"`
	Reason  string `json:"reason"`
}

func (e *APIError) Error() string { return fmt.Sprintf("%d %s (%s)", e.Status, e.Message, e.Reason) }

// call sends a JSON request and decodes the JSON answer into out.
func (b *Bot) call(ctx context.Context, method, path string, body, out any) error {
	var rd io.Reader
	if body != nil {
		buf, err := json.Marshal(body)
		if err != nil {
			return err
		}
		rd = bytes.NewReader(buf)
	}
	req, err := http.NewRequestWithContext(ctx, method, b.Server+path, rd)
	if err != nil {
		return err
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if b.Token != "" {
		req.Header.Set("Authorization", "Bearer "+b.Token)
	}
	resp, err := b.HTTP.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 300 {
		e := &APIError{Status: resp.StatusCode}
		json.NewDecoder(resp.Body).Decode(e)
		return e
	}
	if out == nil {
		return nil
	}
	return json.NewDecoder(resp.Body).Decode(out)
}

// Register makes a new identity named name and turns it into a bot
// identity; its token is then b.Token.
func (b *Bot) Register(ctx context.Context, name string) error {
	var me struct{ Token string }
	if err := b.call(ctx, "POST", "/api/me", map[string]string{"name": name}, &me); err != nil {
		return fmt.Errorf("new identity: %w", err)
	}
	b.Token = me.Token
	if err := b.call(ctx, "POST", "/api/bot/account/upgrade", map[string]string{"confirm": confirm}, nil); err != nil {
		return fmt.Errorf("become a bot: %w", err)
	}
	return nil
}

// ID is the bot identity's id (what people invite: seat "bot:ID").
func (b *Bot) ID(ctx context.Context) (string, error) {
	var me struct{ ID string }
	err := b.call(ctx, "GET", "/api/me", nil, &me)
	return me.ID, err
}

// Run reads the stream and acts on it until ctx ends, the stream ends, or
// games tables have ended (0: no end).
func (b *Bot) Run(ctx context.Context, games int) error {
	req, err := http.NewRequestWithContext(ctx, "GET", b.Server+"/api/bot/stream", nil)
	if err != nil {
		return err
	}
	req.Header.Set("Authorization", "Bearer "+b.Token)
	resp, err := b.HTTP.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode != 200 {
		e := &APIError{Status: resp.StatusCode}
		json.NewDecoder(resp.Body).Decode(e)
		return fmt.Errorf("stream: %w", e)
	}
	sc := bufio.NewScanner(resp.Body)
	sc.Buffer(make([]byte, 1<<16), 1<<24) // a view can be tens of kilobytes
	for sc.Scan() {
		if len(bytes.TrimSpace(sc.Bytes())) == 0 {
			continue // keep-alive
		}
		var ev Event
		if err := json.Unmarshal(sc.Bytes(), &ev); err != nil {
			return fmt.Errorf("stream: %w", err)
		}
		if err := b.handle(ctx, ev); err != nil {
			return err
		}
		if games > 0 && b.Ended >= games {
			return nil
		}
	}
	if err := sc.Err(); err != nil && ctx.Err() == nil {
		return fmt.Errorf("stream: %w", err)
	}
	return ctx.Err()
}

func (b *Bot) handle(ctx context.Context, ev Event) error {
	b.Log.Printf("%s %s seat %d v %d", ev.Type, ev.Table, ev.Seat, ev.V)
	switch ev.Type {
	case "invitation":
		err := b.call(ctx, "POST", "/api/tables/"+ev.Table+"/accept", struct{}{}, nil)
		var ae *APIError
		if errors.As(err, &ae) && ae.Status == http.StatusTooManyRequests {
			// At its limit of tables: say no, so that the seat opens to others.
			b.Log.Printf("%s: declining, %s", ev.Table, ae.Message)
			return b.call(ctx, "POST", "/api/tables/"+ev.Table+"/decline", struct{}{}, nil)
		}
		if errors.As(err, &ae) && ae.Status == http.StatusConflict {
			return nil // withdrawn meanwhile (the table was given up), or accepted already
		}
		return err
	case "turn":
		return b.play(ctx, ev)
	case "end":
		b.Ended++
		b.Log.Printf("%s (%s): %s", ev.Table, ev.Game, ev.Status)
	}
	return nil
}

// play picks one of the legal moves at random and sends it. A move the
// table refuses as stale (it moved on meanwhile) is left: the stream
// brings the next turn.
func (b *Bot) play(ctx context.Context, ev Event) error {
	if len(ev.Legal) == 0 {
		return nil
	}
	i := b.Rand.IntN(len(ev.Legal))
	body := map[string]any{"v": ev.V, "i": i, "id": ev.Table + "-" + strconv.Itoa(ev.V)}
	for {
		err := b.call(ctx, "POST", "/api/tables/"+ev.Table+"/move", body, nil)
		var ae *APIError
		switch {
		case errors.As(err, &ae) && ae.Status == http.StatusTooManyRequests:
			time.Sleep(200 * time.Millisecond) // its moves per second: wait, and send again
			continue
		case errors.As(err, &ae) && ae.Status == http.StatusConflict:
			b.Log.Printf("%s: move at version %d refused: %s", ev.Table, ev.V, ae.Message)
			return nil
		}
		return err
	}
}

func main() {
	server := flag.String("server", "http://localhost:8080", "the jardin server")
	token := flag.String("token", "", "the bot identity's token (empty: make a new bot identity)")
	name := flag.String("name", "Random Robin", "a new bot identity's name")
	games := flag.Int("games", 0, "stop after this many tables ended (0: never)")
	flag.Parse()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	b := &Bot{Server: *server, Token: *token, HTTP: &http.Client{}, Rand: rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 1)),
		Log: log.New(os.Stderr, "jardin-bot: ", log.LstdFlags)}
	if b.Token == "" {
		if err := b.Register(ctx, *name); err != nil {
			b.Log.Fatal(err)
		}
		fmt.Println("token:", b.Token, "(pass it with -token next time)")
	}
	id, err := b.ID(ctx)
	if err != nil {
		b.Log.Fatal(err)
	}
	b.Log.Printf("bot %s: people invite it with the seat \"bot:%s\"", id, id)
	for {
		err := b.Run(ctx, *games)
		if err == nil || ctx.Err() != nil {
			return
		}
		// The stream ended (a restart, a slow read): open it again; it starts
		// with what is pending.
		b.Log.Printf("%v; reconnecting", err)
		time.Sleep(time.Second)
	}
}
