package postgres

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/jardin-games/jardin/store"
)

// key is a log entry's or a chat line's (table, seq).
type key struct {
	tbl string
	seq int
}

// Commit applies writes in one transaction, in one round trip for all of
// them (plus BEGIN and COMMIT): every entry of every write in one INSERT …
// ON CONFLICT DO NOTHING, the tables' rows, the chat lines. When some write
// finds one of its entries already stored, the transaction is rolled back
// and tried again without that write, which is then refused with
// ErrConflict; the others are stored. Group commit: one WAL flush for many
// tables' moves.
func (d *DB) Commit(ctx context.Context, writes []store.Write) []error {
	errs := make([]error, len(writes))
	refuseDuplicates(writes, errs)
	for attempt := 0; ; attempt++ {
		refused, err := d.commitOnce(ctx, writes, errs)
		if err == nil && !refused {
			return errs
		}
		if err == nil {
			continue // some writes were refused: again without them
		}
		if retryable(err) && attempt < 8 {
			// Two nodes racing for the same tables may deadlock on their
			// rows; PostgreSQL aborts one, which tries again.
			time.Sleep(time.Duration(attempt+1) * 5 * time.Millisecond)
			continue
		}
		for i := range errs {
			if errs[i] == nil {
				errs[i] = err
			}
		}
		return errs
	}
}

// refuseDuplicates refuses a write that repeats the (table, seq) of an
// entry or chat line of an earlier write of the same group (or of its own):
// both cannot be stored.
func refuseDuplicates(writes []store.Write, errs []error) {
	entries, chats := map[key]bool{}, map[key]bool{}
	for i, w := range writes {
		var ek []key
		dup := false
		for _, e := range w.Entries {
			k := key{e.Table, e.Seq}
			dup = dup || entries[k] || slices.Contains(ek, k)
			ek = append(ek, k)
		}
		if c := w.Chat; c != nil && chats[key{c.Table, c.Seq}] {
			dup = true
		}
		if dup {
			errs[i] = fmt.Errorf("write %d repeats an entry or chat line of the same commit: %w", i, store.ErrConflict)
			continue
		}
		for _, k := range ek {
			entries[k] = true
		}
		if c := w.Chat; c != nil {
			chats[key{c.Table, c.Seq}] = true
		}
	}
}

const (
	insertEntries = `INSERT INTO entries(tbl, seq, kind, seat, move, client, at, clocks)
		SELECT tbl, seq, kind, seat, move, client, at, clocks::bigint[]
		FROM unnest($1::text[], $2::int[], $3::text[], $4::int[], $5::text[], $6::text[], $7::timestamptz[], $8::text[])
			AS u(tbl, seq, kind, seat, move, client, at, clocks)
		ON CONFLICT (tbl, seq) DO NOTHING
		RETURNING tbl, seq`
	bumpVersions = `UPDATE tables t SET version = GREATEST(t.version, u.seq)
		FROM unnest($1::text[], $2::int[]) AS u(id, seq) WHERE t.id = u.id`
	insertChat = `INSERT INTO chat(tbl, seq, seat, name, text, at)
		SELECT * FROM unnest($1::text[], $2::int[], $3::int[], $4::text[], $5::text[], $6::timestamptz[])
		ON CONFLICT (tbl, seq) DO NOTHING
		RETURNING tbl, seq`
)

// entryRow is an entry of write w.
type entryRow struct {
	w int
	e *store.Entry
}

// commitOnce tries the writes whose errs are nil in one transaction. If
// some are refused (an entry or chat line already stored, a missing table),
// it sets their errs, rolls back and reports refused: the caller tries the
// others again. err is a failure of the whole transaction.
func (d *DB) commitOnce(ctx context.Context, writes []store.Write, errs []error) (refused bool, err error) {
	var rows []entryRow
	bump := map[string]int{}
	var updates []int // writes with a table row, in order
	var chats []int   // writes with a chat line
	for i := range writes {
		if errs[i] != nil {
			continue
		}
		w := &writes[i]
		for j := range w.Entries {
			rows = append(rows, entryRow{i, &w.Entries[j]})
			if w.Table == nil {
				bump[w.Entries[j].Table] = max(bump[w.Entries[j].Table], w.Entries[j].Seq)
			}
		}
		if w.Table != nil {
			updates = append(updates, i)
		}
		if w.Chat != nil {
			chats = append(chats, i)
		}
	}
	if len(rows)+len(updates)+len(chats) == 0 {
		return false, nil
	}
	// Rows in key order: two transactions inserting the same keys take
	// their locks in the same order and do not deadlock.
	slices.SortFunc(rows, func(a, b entryRow) int {
		if c := strings.Compare(a.e.Table, b.e.Table); c != 0 {
			return c
		}
		return a.e.Seq - b.e.Seq
	})

	tx, err := d.pool.Begin(ctx)
	if err != nil {
		return false, fmt.Errorf("postgres: begin: %w", err)
	}
	defer tx.Rollback(context.Background())
	b := &pgx.Batch{}
	if len(rows) > 0 {
		n := len(rows)
		tbl, kind, move, client := make([]string, n), make([]string, n), make([]string, n), make([]string, n)
		seq, seat := make([]int32, n), make([]int32, n)
		at, clocks := make([]*time.Time, n), make([]*string, n)
		for i, r := range rows {
			e := r.e
			tbl[i], seq[i], kind[i], seat[i], move[i], client[i] = e.Table, int32(e.Seq), string(e.Kind), int32(e.Seat), e.Move, e.Client
			at[i] = ts(e.At)
			if e.Clocks != nil {
				clocks[i] = arrayLiteral(e.Clocks)
			}
		}
		b.Queue(insertEntries, tbl, seq, kind, seat, move, client, at, clocks)
	}
	if len(bump) > 0 {
		ids, seqs := make([]string, 0, len(bump)), make([]int32, 0, len(bump))
		for _, id := range slices.Sorted(maps.Keys(bump)) {
			ids, seqs = append(ids, id), append(seqs, int32(bump[id]))
		}
		b.Queue(bumpVersions, ids, seqs)
	}
	for _, i := range updates {
		last := 0
		for _, e := range writes[i].Entries {
			last = max(last, e.Seq)
		}
		query, args, err := d.UpdateTableSQL(writes[i].Table, last)
		if err != nil {
			return false, err
		}
		b.Queue(query, args...)
	}
	if len(chats) > 0 {
		n := len(chats)
		tbl, name, text := make([]string, n), make([]string, n), make([]string, n)
		seq, seat := make([]int32, n), make([]int32, n)
		at := make([]*time.Time, n)
		for j, i := range chats {
			c := writes[i].Chat
			tbl[j], seq[j], seat[j], name[j], text[j], at[j] = c.Table, int32(c.Seq), int32(c.Seat), c.Name, c.Text, ts(c.At)
		}
		b.Queue(insertChat, tbl, seq, seat, name, text, at)
	}

	br := tx.SendBatch(ctx, b)
	stored := func() (map[key]bool, error) {
		rs, err := br.Query()
		if err != nil {
			return nil, err
		}
		got := map[key]bool{}
		for rs.Next() {
			var k key
			if err := rs.Scan(&k.tbl, &k.seq); err != nil {
				rs.Close()
				return nil, err
			}
			got[k] = true
		}
		rs.Close()
		return got, rs.Err()
	}
	if len(rows) > 0 {
		got, err := stored()
		if err != nil {
			br.Close()
			return false, fmt.Errorf("postgres: append entries: %w", err)
		}
		for _, r := range rows {
			if !got[key{r.e.Table, r.e.Seq}] && errs[r.w] == nil {
				errs[r.w] = fmt.Errorf("entry %s#%d: %w", r.e.Table, r.e.Seq, store.ErrConflict)
				refused = true
			}
		}
	}
	if len(bump) > 0 {
		if _, err := br.Exec(); err != nil {
			br.Close()
			return false, fmt.Errorf("postgres: table versions: %w", err)
		}
	}
	for _, i := range updates {
		tag, err := br.Exec()
		if err != nil {
			br.Close()
			return false, fmt.Errorf("postgres: update table %s: %w", writes[i].Table.ID, err)
		}
		if tag.RowsAffected() == 0 && errs[i] == nil {
			errs[i] = fmt.Errorf("table %s: %w", writes[i].Table.ID, store.ErrNotFound)
			refused = true
		}
	}
	if len(chats) > 0 {
		got, err := stored()
		if err != nil {
			br.Close()
			return false, fmt.Errorf("postgres: chat: %w", err)
		}
		for _, i := range chats {
			c := writes[i].Chat
			if !got[key{c.Table, c.Seq}] && errs[i] == nil {
				errs[i] = fmt.Errorf("chat %s#%d: %w", c.Table, c.Seq, store.ErrConflict)
				refused = true
			}
		}
	}
	if err := br.Close(); err != nil {
		return false, fmt.Errorf("postgres: commit batch: %w", err)
	}
	if refused {
		return true, nil // deferred rollback; the caller tries the rest again
	}
	if err := tx.Commit(ctx); err != nil {
		return false, fmt.Errorf("postgres: commit: %w", err)
	}
	return false, nil
}

// arrayLiteral is a bigint[] literal: {1,2,3}.
func arrayLiteral(v []int64) *string {
	var sb strings.Builder
	sb.WriteByte('{')
	for i, x := range v {
		if i > 0 {
			sb.WriteByte(',')
		}
		sb.WriteString(strconv.FormatInt(x, 10))
	}
	sb.WriteByte('}')
	s := sb.String()
	return &s
}
