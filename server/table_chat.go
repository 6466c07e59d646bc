package server

// Chat at a table.

import (
	"slices"

	"github.com/jardin-games/jardin/i18n"
	"github.com/jardin-games/jardin/store"
)

// chat adds a line from c's seat (or a spectator), escaped by every
// client when shown (the lobby's templates do; the JSON carries it as
// typed), limited in length and rate. id is the client's id for the line:
// a refusal names it, and the sender's own copy of the line carries it, so
// that a page knows which line failed and keeps it in its input.
func (t *table) chat(c *conn, id, text string) {
	// Only the players chat: a line from a stranger reached the players and
	// stayed in the table's history, and all spectators shared one rate
	// bucket, so one of them silenced the others. A person whose seat went
	// to a bot (she resigned, left or ran out of time) played this table
	// and still chats at it, under her seat's name and its rate bucket.
	seat := c.seat
	if seat < 0 {
		if was := t.formerSeat(c); was != nil {
			seat = *was
		}
	}
	if seat < 0 || t.meta.Seats[seat].Identity != c.identity {
		c.send(mustJSON(refusedMsg{T: outRefused, V: t.version, ID: id, Reason: refSeat, Message: say(c.lang, "refuse.chatSeat")}))
		return
	}
	now := t.srv.now()
	recent := t.chatAt[seat][:0]
	for _, at := range t.chatAt[seat] {
		if now.Sub(at) < t.srv.cfg.ChatWindow {
			recent = append(recent, at)
		}
	}
	if len(recent) >= t.srv.cfg.ChatLines {
		t.chatAt[seat] = recent
		c.send(mustJSON(refusedMsg{T: outRefused, V: t.version, ID: id, Reason: refRate,
			Message: say(c.lang, "refuse.chatRate", i18n.N("lines", t.srv.cfg.ChatLines), i18n.N("seconds", int(t.srv.cfg.ChatWindow.Seconds())))}))
		return
	}
	t.chatAt[seat] = append(recent, now)
	name := t.meta.Seats[seat].Name
	line := store.Chat{Table: t.id, Seq: t.chatSeq + 1, Seat: seat, Name: name, Text: text, At: now}
	if err := t.commitWrite(store.Write{Chat: &line}); err != nil {
		c.send(mustJSON(refusedMsg{T: outRefused, V: t.version, ID: id, Reason: refStore, Message: say(c.lang, "refuse.chatStore")}))
		t.storeFailed(nil, nil, err) // the line may be stored all the same: chatSeq is read back
		return
	}
	t.chatSeq++
	msg := chatMsg{T: outChat, V: t.version, Line: chatOut{Seat: line.Seat, Name: name, Text: text, At: now.UnixMilli()}}
	t.keepChat(msg.Line)
	b := mustJSON(msg)
	for cc := range t.conns {
		if cc == c && id != "" {
			msg.ID = id
			cc.send(mustJSON(msg))
			continue
		}
		cc.send(b)
	}
}

// chatKept is how many chat lines a table keeps for its syncs (lila-ws
// keeps a small history per game the same way).
const chatKept = 50

// keepChat adds a stored line to the table's history, dropping the oldest
// beyond chatKept.
func (t *table) keepChat(l chatOut) {
	if n := len(t.chatLog); n >= chatKept {
		t.chatLog = slices.Delete(t.chatLog, 0, n-chatKept+1)
	}
	t.chatLog = append(t.chatLog, l)
}
