package server

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"mime"
	"net"
	"net/http"
	"net/smtp"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/jardin-games/jardin/engine"
	"github.com/jardin-games/jardin/i18n"
	"github.com/jardin-games/jardin/shelltext"
	"github.com/jardin-games/jardin/store"
)

// notifier tells people it is their turn at an async table: a JSON POST to
// their webhook (ntfy, Discord and Slack relays accept one) and an e-mail
// through the configured SMTP server. It works off a bounded queue on its
// own goroutine: a slow webhook never holds a table.
type notifier struct {
	srv    *Server
	queue  chan notice
	client *http.Client
	wg     sync.WaitGroup
	once   sync.Once
}

type notice struct {
	identity, table string
	game            engine.Game
	version         int
}

// Webhook is the JSON body a webhook receives.
type Webhook struct {
	Type    string `json:"type"` // "your-turn"
	Table   string `json:"table"`
	Game    string `json:"game"`
	URL     string `json:"url"`
	Version int    `json:"version"`
	Text    string `json:"text"`
}

func newNotifier(s *Server) *notifier {
	n := &notifier{srv: s, queue: make(chan notice, 1024)}
	dialer := &net.Dialer{Timeout: 5 * time.Second}
	if !s.cfg.WebhookPrivate {
		dialer.Control = func(network, address string, _ syscall.RawConn) error {
			host, _, _ := net.SplitHostPort(address)
			ip := net.ParseIP(host)
			if ip == nil || ip.IsLoopback() || ip.IsPrivate() || ip.IsLinkLocalUnicast() || ip.IsUnspecified() ||
				ip.IsLinkLocalMulticast() {
				return fmt.Errorf("webhook address %s is not public", address)
			}
			return nil
		}
	}
	n.client = &http.Client{Timeout: 10 * time.Second,
		Transport:     &http.Transport{DialContext: dialer.DialContext, MaxIdleConns: 8},
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	n.wg.Add(1)
	go n.loop()
	return n
}

// yourTurn queues a notice; a full queue drops it (and says so in the log).
func (n *notifier) yourTurn(identity, table string, game engine.Game, version int) {
	if identity == "" {
		return
	}
	select {
	case n.queue <- notice{identity, table, game, version}:
	default:
		n.srv.log.Warn("notification dropped: queue full", "table", table)
	}
}

func (n *notifier) close() {
	n.once.Do(func() { close(n.queue) })
	n.wg.Wait()
}

func (n *notifier) loop() {
	defer n.wg.Done()
	for nt := range n.queue {
		id, err := n.srv.st.Identity(context.Background(), nt.identity)
		if err != nil {
			continue
		}
		url := strings.TrimSuffix(n.srv.cfg.BaseURL, "/") + "/t/" + nt.table
		subject, title, text := yourTurnText(id.Lang, nt.game, url)
		if id.Webhook != "" {
			if err := n.webhook(id.Webhook, Webhook{Type: "your-turn", Table: nt.table, Game: title, URL: url,
				Version: nt.version, Text: text}); err != nil {
				n.srv.log.Info("webhook failed", "identity", id.ID, "err", err)
			}
		}
		if id.Email != "" && n.srv.cfg.SMTPAddr != "" {
			if err := n.mail(id.Email, subject, text); err != nil {
				n.srv.log.Info("e-mail failed", "identity", id.ID, "err", err)
			}
		}
	}
}

// yourTurnText is a "your turn" notice in the identity's language ("" is
// the source language): the e-mail's subject, the game's title, the text.
func yourTurnText(lang string, g engine.Game, url string) (subject, title, text string) {
	if !shelltext.Known(lang) {
		lang = i18n.Source
	}
	title = g.Title(lang)
	return say(lang, "notify.subject"), title, say(lang, "notify.text", i18n.S("game", title), i18n.S("url", url))
}

func (n *notifier) webhook(url string, body Webhook) error {
	b, _ := json.Marshal(body)
	req, err := http.NewRequest(http.MethodPost, url, bytes.NewReader(b))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("User-Agent", "jardin")
	resp, err := n.client.Do(req)
	if err != nil {
		return err
	}
	resp.Body.Close()
	if resp.StatusCode >= 300 {
		return fmt.Errorf("webhook answered %s", resp.Status)
	}
	return nil
}

func (n *notifier) mail(to, subject, text string) error {
	if strings.ContainsAny(to, "\r\n") || strings.ContainsAny(subject, "\r\n") {
		return errors.New("header injection")
	}
	// A subject in French or German is not ASCII: RFC 2047 encodes it.
	msg := "From: " + n.srv.cfg.SMTPFrom + "\r\nTo: " + to + "\r\nSubject: " + mime.QEncoding.Encode("utf-8", subject) +
		"\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n" + text + "\r\n"
	return smtp.SendMail(n.srv.cfg.SMTPAddr, nil, n.srv.cfg.SMTPFrom, []string{to}, []byte(msg))
}

// followLang makes the identity's notices speak lang, the language of the
// page it plays in (a seated socket's): the language switch only writes a
// cookie, so an identity named before the person chose a language kept the
// first page's (English, most often) and every e-mail and webhook with it.
// A failed write is logged: the notices keep the previous language.
func (s *Server) followLang(ctx context.Context, id store.Identity, lang string) {
	if id.ID == "" || id.Lang == lang || !shelltext.Known(lang) {
		return
	}
	id.Lang = lang
	if err := s.st.UpdateIdentity(ctx, id); err != nil {
		s.log.Warn("identity language not saved", "identity", id.ID, "err", err)
	}
}

// validWebhook checks a webhook URL as typed by a person.
func validWebhook(u string) error {
	if u == "" {
		return nil
	}
	if len(u) > 500 || !(strings.HasPrefix(u, "https://") || strings.HasPrefix(u, "http://")) {
		return shelltext.Errorf("err.webhook")
	}
	return nil
}

// validEmail checks an e-mail address lightly (the SMTP server decides).
func validEmail(e string) error {
	if e == "" {
		return nil
	}
	at := strings.IndexByte(e, '@')
	if len(e) > 254 || at < 1 || at == len(e)-1 || strings.ContainsAny(e, " \r\n<>,;") {
		return shelltext.Errorf("err.email")
	}
	return nil
}
