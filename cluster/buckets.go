package cluster

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/nats-io/nats.go/jetstream"
)

// MinServerVersion is the oldest NATS server the cluster works with: the
// session bucket's limit markers (which tell every node of an expiry) came
// with per-message TTLs in 2.11; 2.9 and 2.10 refuse the bucket.
const MinServerVersion = "2.11.0"

// VersionError: the NATS server is older than MinServerVersion.
type VersionError struct{ Found string }

func (e *VersionError) Error() string {
	return fmt.Sprintf("cluster: NATS server %s is too old: jardin needs %s or newer (per-key TTLs and limit markers)",
		e.Found, MinServerVersion)
}

// checkVersion refuses a server older than MinServerVersion.
func checkVersion(found string) error {
	have, ok := parseVersion(found)
	want, _ := parseVersion(MinServerVersion)
	if !ok {
		return &VersionError{Found: strconv.Quote(found)}
	}
	for i := range have {
		if have[i] != want[i] {
			if have[i] < want[i] {
				return &VersionError{Found: found}
			}
			return nil
		}
	}
	return nil
}

// parseVersion reads "2.11.3" (or "2.11.3-beta.1", "v2.11") into numbers.
func parseVersion(s string) ([3]int, bool) {
	var v [3]int
	s = strings.TrimPrefix(s, "v")
	s, _, _ = strings.Cut(s, "-")
	parts := strings.Split(s, ".")
	if len(parts) < 2 || len(parts) > 3 {
		return v, false
	}
	for i, p := range parts {
		x, err := strconv.Atoi(p)
		if err != nil || x < 0 {
			return v, false
		}
		v[i] = x
	}
	return v, true
}

// errNotConnected: the NATS connection is not (yet, or any more) up.
var errNotConnected = errors.New("not connected to NATS")

// permanent marks an error that waiting will not cure.
type permanent struct{ error }

func (p permanent) Unwrap() error { return p.error }

// start does what Join needs NATS for: the server's version, the buckets,
// a first session. It waits for NATS (a node may start before it, or
// while it restarts) with a growing pause between attempts, logging each
// failure, until it succeeds, fails for good, or ctx ends.
func (n *Node) start(ctx context.Context) error {
	pause := 250 * time.Millisecond
	for attempt := 1; ; attempt++ {
		err := n.startOnce(ctx)
		if err == nil {
			return nil
		}
		var p permanent
		if errors.As(err, &p) {
			return p.error
		}
		if ctx.Err() != nil {
			return fmt.Errorf("cluster: waiting for NATS: %w (last: %w)", ctx.Err(), err)
		}
		n.cfg.Log.Warn("cluster waiting for NATS", "attempt", attempt, "retry_in", pause, "err", err)
		select {
		case <-ctx.Done():
			return fmt.Errorf("cluster: waiting for NATS: %w (last: %w)", ctx.Err(), err)
		case <-time.After(pause):
		}
		pause = min(2*pause, 5*time.Second)
	}
}

// startOnce is one attempt of start, bounded in time so that a request
// buffered while NATS is away does not hold the loop.
func (n *Node) startOnce(ctx context.Context) error {
	if !n.nc.IsConnected() {
		if last := n.nc.LastError(); last != nil {
			return fmt.Errorf("%w: %w", errNotConnected, last)
		}
		return errNotConnected
	}
	if err := checkVersion(n.nc.ConnectedServerVersion()); err != nil {
		return permanent{err}
	}
	ctx, cancel := context.WithTimeout(ctx, max(2*time.Second, n.cfg.TTL))
	defer cancel()
	if err := n.ensureBuckets(ctx, true); err != nil {
		return err
	}
	return n.newSession(ctx)
}

func (n *Node) nodesBucket() jetstream.KeyValueConfig {
	storage := jetstream.FileStorage
	if n.cfg.Memory {
		storage = jetstream.MemoryStorage
	}
	return jetstream.KeyValueConfig{
		Bucket: n.cfg.Prefix + "_nodes", Description: "jardin node sessions (expire TTL after the last renewal)",
		History: 1, TTL: n.cfg.TTL, Storage: storage, Replicas: n.cfg.Replicas,
		// Markers make the expiry of a session visible to watchers.
		LimitMarkerTTL: max(time.Second, n.cfg.TTL),
	}
}

func (n *Node) tablesBucket() jetstream.KeyValueConfig {
	c := n.nodesBucket()
	c.Bucket, c.Description = n.cfg.Prefix+"_tables", "jardin table owners (the owner's session)"
	c.TTL, c.LimitMarkerTTL = 0, 0
	return c
}

// ensureBuckets opens the two buckets, creating those missing (a first
// start, or NATS restarted without its storage): idempotent, and safe when
// several nodes do it at once. An existing bucket is never rewritten: the
// lease TTL is the cluster's, set by whoever created the session bucket.
// At Join (first), a node whose TTL differs adopts the bucket's; later it
// can only say so (its timers run on the TTL it started with).
func (n *Node) ensureBuckets(ctx context.Context, first bool) error {
	nodes, created, err := n.openBucket(ctx, n.nodesBucket())
	if err != nil {
		return err
	}
	if !created {
		if err := n.checkTTL(ctx, nodes, first); err != nil {
			return err
		}
	}
	tables, _, err := n.openBucket(ctx, n.tablesBucket())
	if err != nil {
		return err
	}
	if first {
		n.nodes, n.tables = nodes, tables
	}
	return nil
}

// openBucket returns the bucket of cfg, made if missing.
func (n *Node) openBucket(ctx context.Context, cfg jetstream.KeyValueConfig) (kv jetstream.KeyValue, created bool, err error) {
	kv, err = n.js.KeyValue(ctx, cfg.Bucket)
	if err == nil {
		return kv, false, nil
	}
	if !errors.Is(err, jetstream.ErrBucketNotFound) {
		return nil, false, fmt.Errorf("cluster: bucket %s: %w", cfg.Bucket, err)
	}
	kv, err = n.js.CreateKeyValue(ctx, cfg)
	if errors.Is(err, jetstream.ErrBucketExists) {
		// Another node made it first, with another configuration.
		kv, err = n.js.KeyValue(ctx, cfg.Bucket)
		created = false
	} else {
		created = err == nil
	}
	if err != nil {
		return nil, false, fmt.Errorf("cluster: bucket %s: %w", cfg.Bucket, err)
	}
	if created {
		n.cfg.Log.Info("cluster bucket created", "bucket", cfg.Bucket, "ttl", cfg.TTL, "replicas", cfg.Replicas)
	}
	return kv, created, nil
}

// checkTTL compares the session bucket's TTL, the cluster's lease TTL,
// with the node's. Every node must use the bucket's: a node trusting its
// session for 3/4 of a longer TTL than NATS applies would keep acting as
// owner after the others may take its tables.
func (n *Node) checkTTL(ctx context.Context, kv jetstream.KeyValue, first bool) error {
	st, err := kv.Status(ctx)
	if err != nil {
		return fmt.Errorf("cluster: bucket %s: %w", kv.Bucket(), err)
	}
	if r := st.Config().Replicas; r != n.cfg.Replicas && first {
		n.cfg.Log.Warn("cluster buckets keep their replicas (docs/deploy.md says how to change them)",
			"bucket", kv.Bucket(), "replicas", r, "flag", n.cfg.Replicas)
	}
	ttl := st.TTL()
	if ttl == n.cfg.TTL || ttl <= 0 {
		return nil
	}
	if !first {
		n.cfg.Log.Error("cluster lease TTL differs from the session bucket's (remade by another node?): restart this node",
			"bucket", kv.Bucket(), "bucket_ttl", ttl, "node_ttl", n.cfg.TTL)
		return nil
	}
	if ttl < minTTL {
		return permanent{fmt.Errorf("cluster: bucket %s has a TTL of %v: want at least %v", kv.Bucket(), ttl, minTTL)}
	}
	n.cfg.Log.Warn("cluster lease TTL: using the cluster's, not this node's (it is one setting for all nodes; docs/deploy.md)",
		"bucket", kv.Bucket(), "cluster_ttl", ttl, "flag", n.cfg.TTL)
	n.cfg.TTL = ttl
	return nil
}
