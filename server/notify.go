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
	"net/url"
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
	// deadline, when set, makes the notice a reminder: a quarter of the
	// decision's time is left, and the decision is due then.
	deadline time.Time
}

// Webhook is the JSON body a webhook receives.
type Webhook struct {
	Type    string `json:"type"` // "your-turn", or "reminder" (a quarter of the decision's time is left)
	Table   string `json:"table"`
	Game    string `json:"game"`
	URL     string `json:"url"`
	Version int    `json:"version"`
	Text    string `json:"text"`
	// Deadline (a reminder's): when the decision is due, Unix ms.
	Deadline int64 `json:"deadline,omitempty"`
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
	n.enqueue(notice{identity: identity, table: table, game: game, version: version})
}

// remind queues a reminder: the decision at table version is due at
// deadline, and a quarter of its time is left.
func (n *notifier) remind(identity, table string, game engine.Game, version int, deadline time.Time) {
	if identity == "" {
		return
	}
	n.enqueue(notice{identity: identity, table: table, game: game, version: version, deadline: deadline})
}

func (n *notifier) enqueue(nt notice) {
	select {
	case n.queue <- nt:
	default:
		n.srv.log.Warn("notification dropped: queue full", "table", nt.table)
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
		kind, deadline := "your-turn", int64(0)
		if !nt.deadline.IsZero() {
			kind, deadline = "reminder", nt.deadline.UnixMilli()
			subject, title, text = reminderText(id.Lang, nt.game, url, nt.deadline.Sub(n.srv.now()))
		}
		if id.Webhook != "" {
			if err := n.webhook(id.Webhook, Webhook{Type: kind, Table: nt.table, Game: title, URL: url,
				Version: nt.version, Text: text, Deadline: deadline}); err != nil {
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

// reminderText is a reminder in the identity's language: the e-mail's
// subject, the game's title, the text, with the time left in words.
func reminderText(lang string, g engine.Game, url string, left time.Duration) (subject, title, text string) {
	if !shelltext.Known(lang) {
		lang = i18n.Source
	}
	title = g.Title(lang)
	l := timeLeft(lang, left)
	return say(lang, "notify.remindSubject", i18n.S("left", l)), title,
		say(lang, "notify.remindText", i18n.S("left", l), i18n.S("game", title), i18n.S("url", url))
}

// timeLeft says a duration in words, rounded down to its two largest
// units ("2 days 3 hours", "5 hours 20 minutes", "less than a minute"):
// a reminder never promises more time than there is.
func timeLeft(lang string, d time.Duration) string {
	m := int(d / time.Minute)
	days, hours, mins := m/(24*60), m/60%24, m%60
	switch {
	case days > 0 && hours > 0:
		return say(lang, "notify.daysHours", i18n.N("days", days), i18n.N("hours", hours))
	case days > 0:
		return say(lang, "notify.days", i18n.N("days", days))
	case hours > 0 && mins > 0:
		return say(lang, "notify.hoursMinutes", i18n.N("hours", hours), i18n.N("minutes", mins))
	case hours > 0:
		return say(lang, "notify.hours", i18n.N("hours", hours))
	case mins > 0:
		return say(lang, "notify.minutes", i18n.N("minutes", mins))
	}
	return say(lang, "notify.lessThanAMinute")
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
// The write counts against the identity's write limit (limits.go), as a
// POST would: sockets opened in alternating languages cannot make the
// server write more than that. A write refused by the limit or failed
// (logged) leaves the previous language, until the next socket.
func (s *Server) followLang(r *http.Request, id store.Identity, lang string) {
	if id.ID == "" || id.Lang == lang || !shelltext.Known(lang) {
		return
	}
	if ok, _ := s.writes.allow("id " + string(hashToken(requestToken(r)))); !ok {
		return
	}
	id.Lang = lang
	if err := s.st.UpdateIdentity(r.Context(), id); err != nil {
		s.log.Warn("identity language not saved", "identity", id.ID, "err", err)
	}
}

// validWebhook checks a webhook URL as typed by a person.
func validWebhook(u string) error {
	if u == "" {
		return nil
	}
	p, err := url.Parse(u)
	if len(u) > 500 || err != nil || (p.Scheme != "https" && p.Scheme != "http") || p.Host == "" || p.User != nil {
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
