package server

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/smtp"
	"strings"
	"sync"
	"syscall"
	"time"
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
	identity, table, title string
	version                int
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
func (n *notifier) yourTurn(identity, table, title string, version int) {
	if identity == "" {
		return
	}
	select {
	case n.queue <- notice{identity, table, title, version}:
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
		text := fmt.Sprintf("Your turn at %s (%s)", nt.title, url)
		if id.Webhook != "" {
			if err := n.webhook(id.Webhook, Webhook{Type: "your-turn", Table: nt.table, Game: nt.title, URL: url,
				Version: nt.version, Text: text}); err != nil {
				n.srv.log.Info("webhook failed", "identity", id.ID, "err", err)
			}
		}
		if id.Email != "" && n.srv.cfg.SMTPAddr != "" {
			if err := n.mail(id.Email, "jardin: your turn", text); err != nil {
				n.srv.log.Info("e-mail failed", "identity", id.ID, "err", err)
			}
		}
	}
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
	msg := "From: " + n.srv.cfg.SMTPFrom + "\r\nTo: " + to + "\r\nSubject: " + subject +
		"\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n" + text + "\r\n"
	return smtp.SendMail(n.srv.cfg.SMTPAddr, nil, n.srv.cfg.SMTPFrom, []string{to}, []byte(msg))
}

// validWebhook checks a webhook URL as typed by a person.
func validWebhook(u string) error {
	if u == "" {
		return nil
	}
	if len(u) > 500 || !(strings.HasPrefix(u, "https://") || strings.HasPrefix(u, "http://")) {
		return errors.New("webhook: want an http:// or https:// URL of at most 500 characters")
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
		return errors.New("email: want one address like ann@example.org")
	}
	return nil
}
