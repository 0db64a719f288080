package store

import (
	"context"
	"os"
	"path/filepath"
)

// FreshRowCounts is how many rows each table holds in a database that has
// just been migrated, before any use: some migrations put a row in (a
// counter every replica reads, say). migrate counts a database as empty
// when it holds no more than that. It is read from a throwaway SQLite file:
// both engines run the same migrations (migrate_test checks that they
// reach the same schema).
func FreshRowCounts(ctx context.Context) (map[string]int64, error) {
	dir, err := os.MkdirTemp("", "ugcfolio-fresh-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	s, err := Open(ctx, "", filepath.Join(dir, "fresh.db"))
	if err != nil {
		return nil, err
	}
	defer s.Close()
	return s.RowCounts(ctx, s.DB)
}

// RowCounts counts the rows of every table (goose's excepted).
func (s *Store) RowCounts(ctx context.Context, q Querier) (map[string]int64, error) {
	names, err := s.tableNames(ctx)
	if err != nil {
		return nil, err
	}
	counts := make(map[string]int64, len(names))
	for _, name := range names {
		var n int64
		if err := q.QueryRowContext(ctx, `SELECT COUNT(*) FROM `+Quote(name)).Scan(&n); err != nil {
			return nil, err
		}
		counts[name] = n
	}
	return counts, nil
}
