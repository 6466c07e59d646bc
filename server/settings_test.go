package server

import (
	"strings"
	"testing"
	"time"
)

// TestMyTablesCarryTheDeadline: GET /api/tables?mine=1 gives a live async
// table's deadline (Unix ms, as stored), and a realtime table's the moment
// the seat to move runs out of its clock: within its 10 minutes from now.
func TestMyTablesCarryTheDeadline(t *testing.T) {
	ts := startServer(t, "", Config{})
	ann, bob := newClient(t, ts.URL, "Ann"), newClient(t, ts.URL, "Bob")
	id, _ := asyncTurn(t, ann, bob, 24)
	rt := bob.create(createReq{Game: "english-gardens", Seats: []string{"me", "open"}, Options: map[string]string{"first": "1"},
		Clock: clockSpec{Mode: "realtime", Minutes: 10}})
	ann.join(rt.ID, rt.Invite)
	row, _ := ts.db.Table(t.Context(), id)
	var mine []lobbyJSON
	if code := ann.call("GET", "/api/tables?mine=1", nil, &mine); code != 200 {
		t.Fatalf("mine: %d", code)
	}
	found := 0
	for _, l := range mine {
		switch l.ID {
		case id:
			found++
			if l.Deadline == 0 || l.Deadline != row.Deadline.UnixMilli() {
				t.Errorf("async row deadline %d, stored %d", l.Deadline, row.Deadline.UnixMilli())
			}
		case rt.ID:
			found++
			now := time.Now().UnixMilli()
			if l.Deadline <= now || l.Deadline > now+10*60*1000 {
				t.Errorf("realtime row deadline %d, want within 10 minutes of %d", l.Deadline, now)
			}
		}
	}
	if found != 2 {
		t.Errorf("my tables: %+v", mine)
	}
}

// TestSettingsRefuseBadAddresses: a webhook that is not a web address
// with a host, or a bad e-mail, is refused with a sentence in the page's
// language and changes nothing.
func TestSettingsRefuseBadAddresses(t *testing.T) {
	ts := startServer(t, "", Config{})
	ann := newClient(t, ts.URL, "Ann")
	if code := ann.call("POST", "/api/me", map[string]string{"name": "Ann", "webhook": "https://ntfy.sh/ann", "email": "ann@example.org"}, nil); code != 200 {
		t.Fatalf("good settings: %d", code)
	}
	for _, bad := range []map[string]string{
		{"name": "Ann", "webhook": "ftp://example.org/hook"},
		{"name": "Ann", "webhook": "http://"},
		{"name": "Ann", "webhook": "https://user:secret@example.org/"},
		{"name": "Ann", "webhook": "ntfy.sh/ann"},
		{"name": "Ann", "email": "ann at example.org"},
	} {
		var body string
		if code := ann.call("POST", "/api/me?lang=fr", bad, &body); code != 400 || !strings.Contains(body, "doit être") {
			t.Errorf("%v: %d %s", bad, code, body)
		}
	}
	var me meJSON
	ann.call("GET", "/api/me", nil, &me)
	if me.Webhook != "https://ntfy.sh/ann" || me.Email != "ann@example.org" {
		t.Errorf("refused settings changed the identity: %+v", me)
	}
}
