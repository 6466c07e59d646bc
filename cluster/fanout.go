package cluster

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"sync"

	"github.com/nats-io/nats.go"
)

// route delivers the messages of subject to fn, through the node's shared
// inbox (fn runs on the dispatch goroutine and must not block).
func (n *Node) route(subject string, fn func(*nats.Msg)) error {
	sub, err := n.nc.ChanSubscribe(subject, n.inbox)
	if err != nil {
		return fmt.Errorf("cluster: subscribe %s: %w", subject, err)
	}
	n.mu.Lock()
	if n.closed {
		n.mu.Unlock()
		sub.Unsubscribe()
		return ErrClosed
	}
	old := n.subs[subject]
	n.subs[subject] = &Subscription{n: n, subject: subject, sub: sub, fn: fn}
	n.mu.Unlock()
	// Not under n.mu: an unsubscription writes to the NATS connection,
	// which may stall (docs/concurrency.md); dispatch ignores the old
	// subscription's messages from now on (s.sub == m.Sub).
	if old != nil {
		old.sub.Unsubscribe()
	}
	return nil
}

func (n *Node) unroute(subject string) {
	n.mu.Lock()
	s := n.subs[subject]
	delete(n.subs, subject)
	n.mu.Unlock()
	if s != nil {
		s.sub.Unsubscribe()
	}
}

// dispatch hands each message of the shared inbox to its subject's
// function, in arrival order.
func (n *Node) dispatch() {
	defer n.wg.Done()
	for {
		select {
		case <-n.ctx.Done():
			return
		case m := <-n.inbox:
			n.mu.Lock()
			s := n.subs[m.Subject]
			n.mu.Unlock()
			if s != nil && s.sub == m.Sub {
				s.fn(m)
			}
		}
	}
}

// Update is one message of a table's owner to one viewer.
type Update struct {
	Table, Viewer string
	// Token is the publishing lease's token; Seq counts its updates to
	// this viewer from 1.
	Token, Seq uint64
	// Gap: updates may have been missed before this one (NATS dropped
	// some for a slow subscriber, or the table changed owner): the
	// subscriber should resynchronise its clients from the owner.
	Gap  bool
	Data []byte
}

// header is the token and sequence number ahead of an update's data.
const header = 16

// Publish sends data to the nodes subscribed to this table's viewer (a
// seat "s0", "s1"…, "spectators": the server chooses). Updates of one
// lease to one viewer arrive in order.
func (l *Lease) Publish(viewer string, data []byte) error {
	if err := validName(viewer); err != nil {
		return err
	}
	if !l.Valid() {
		return fmt.Errorf("table %s: lease ended: %w", l.table, ErrNoOwner)
	}
	l.mu.Lock()
	l.seq[viewer]++
	seq := l.seq[viewer]
	l.mu.Unlock()
	msg := make([]byte, header+len(data))
	binary.BigEndian.PutUint64(msg, l.token)
	binary.BigEndian.PutUint64(msg[8:], seq)
	copy(msg[header:], data)
	if err := l.n.nc.Publish(l.n.cfg.Prefix+".t."+l.table+".up."+viewer, msg); err != nil {
		return fmt.Errorf("cluster: publish to %s/%s: %w", l.table, viewer, err)
	}
	l.n.st.published.Add(1)
	return nil
}

// Subscription receives one table's updates for one viewer, or (for a
// lease) its requests.
type Subscription struct {
	n       *Node
	subject string
	sub     *nats.Subscription
	fn      func(*nats.Msg)
	heard   *heard // a viewer's subscription: the last update passed on
}

// heard is the token and sequence number of the last update a
// subscription passed on (written on the dispatch goroutine).
type heard struct {
	mu         sync.Mutex
	token, seq uint64
}

func (h *heard) set(token, seq uint64) {
	h.mu.Lock()
	h.token, h.seq = token, seq
	h.mu.Unlock()
}

// Heard is the token and sequence number of the last update passed on to
// the subscriber (zeros: none yet). Compared with what the owner says it
// published (Lease.Sent), it finds updates lost at the end of a stream,
// which no later update reveals as a gap.
func (s *Subscription) Heard() (token, seq uint64) {
	if s.heard == nil {
		return 0, 0
	}
	s.heard.mu.Lock()
	defer s.heard.mu.Unlock()
	return s.heard.token, s.heard.seq
}

// Sent is the lease's token and the number of updates it published to
// viewer.
func (l *Lease) Sent(viewer string) (token, seq uint64) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.token, l.seq[viewer]
}

// Subscribe calls fn with every update the owner of table publishes for
// viewer from the moment it returns, in order; an update from an older owner than one
// already heard is dropped. fn runs on the node's dispatch goroutine: it
// must not block (hand the update to the sockets' queues). One
// subscription per (table, viewer) per node: a second replaces the first.
// Subscribe first, then ask the owner for a full state, and apply only the
// updates newer than that state.
func (n *Node) Subscribe(table, viewer string, fn func(Update)) (*Subscription, error) {
	if err := validName(table); err != nil {
		return nil, err
	}
	if err := validName(viewer); err != nil {
		return nil, err
	}
	subject := n.cfg.Prefix + ".t." + table + ".up." + viewer
	var token, seq uint64
	heard := &heard{}
	err := n.route(subject, func(m *nats.Msg) {
		if len(m.Data) < header {
			return
		}
		u := Update{Table: table, Viewer: viewer, Token: binary.BigEndian.Uint64(m.Data),
			Seq: binary.BigEndian.Uint64(m.Data[8:]), Data: m.Data[header:]}
		if drop := n.cfg.DropUpdate; drop != nil && drop(table, viewer, u.Seq) {
			return
		}
		switch {
		case u.Token < token:
			n.st.dropped.Add(1)
			return
		case u.Token > token:
			u.Gap = token != 0 // a new owner: what the old one sent last may be lost
		default:
			u.Gap = u.Seq != seq+1
		}
		token, seq = u.Token, u.Seq
		heard.set(token, seq)
		n.st.delivered.Add(1)
		fn(u)
	})
	if err != nil {
		return nil, err
	}
	n.mu.Lock()
	s := n.subs[subject]
	if s != nil {
		s.heard = heard
	}
	n.mu.Unlock()
	if s == nil {
		return nil, errors.New("cluster: subscription closed at once")
	}
	// Updates published after Subscribe returns reach fn.
	if err := n.flush(context.Background()); err != nil {
		s.Stop()
		return nil, fmt.Errorf("cluster: subscribe %s/%s: %w", table, viewer, err)
	}
	return s, nil
}

// Stop ends the subscription.
func (s *Subscription) Stop() {
	s.n.mu.Lock()
	cur := s.n.subs[s.subject]
	if cur == s {
		delete(s.n.subs, s.subject)
	}
	s.n.mu.Unlock()
	s.sub.Unsubscribe()
}

// MaxPayload is the largest message NATS takes from this node (the
// server's max_payload, 1 MB by default): a request or an answer must fit.
func (n *Node) MaxPayload() int64 { return n.nc.MaxPayload() }

// Broadcast sends data to every node that listens to topic with
// OnBroadcast, this one included: what one node tells all the others
// (the live lobby's events). Delivery is NATS's: at most once, no order
// between nodes, nothing kept for a node that is away.
func (n *Node) Broadcast(topic string, data []byte) error {
	if err := validName(topic); err != nil {
		return err
	}
	if err := n.nc.Publish(n.cfg.Prefix+".b."+topic, data); err != nil {
		return fmt.Errorf("cluster: broadcast %s: %w", topic, err)
	}
	return nil
}

// OnBroadcast delivers what any node broadcasts on topic to fn (on the
// node's dispatch goroutine: fn must not block).
func (n *Node) OnBroadcast(topic string, fn func(data []byte)) error {
	if err := validName(topic); err != nil {
		return err
	}
	return n.route(n.cfg.Prefix+".b."+topic, func(m *nats.Msg) { fn(m.Data) })
}
