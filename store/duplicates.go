package store

import "context"

// Duplicates keeps which tables deal the same game (docs/server.md,
// "Duplicate tables"): friends play one deal at separate tables and compare
// at the end. A group is named by its first table's id; a duplicate of a
// duplicate joins the same group.
type Duplicates interface {
	// CreateDuplicate stores t (a new table with of's game, options and
	// seed) and puts it in of's group, which it starts if of had none,
	// in one transaction: no table without its group, no group row without
	// its table. ErrNotFound if of does not exist, ErrConflict if t's id
	// does.
	CreateDuplicate(ctx context.Context, t Table, of string) error
	// Duplicates lists the tables of table's group, the first (the
	// original) first, then by creation; nil if table is in none.
	Duplicates(ctx context.Context, table string) ([]string, error)
}
