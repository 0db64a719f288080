package store_test

import (
	"errors"
	"testing"

	"github.com/ugcfolio/ugcfolio/internal/store"
	"github.com/ugcfolio/ugcfolio/internal/store/storetest"
)

// Unique violations are recognised by the drivers' codes on both engines,
// and an error that merely mentions the words is not one.
func TestUniqueViolationByCode(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		if _, err := s.DB.ExecContext(ctx, `CREATE TABLE uv (k TEXT PRIMARY KEY, u TEXT UNIQUE)`); err != nil {
			t.Fatal(err)
		}
		if _, err := s.DB.ExecContext(ctx, `INSERT INTO uv (k, u) VALUES ('a', 'x')`); err != nil {
			t.Fatal(err)
		}
		_, dupUnique := s.DB.ExecContext(ctx, `INSERT INTO uv (k, u) VALUES ('b', 'x')`)
		_, dupKey := s.DB.ExecContext(ctx, `INSERT INTO uv (k, u) VALUES ('a', 'y')`)
		_, notNull := s.DB.ExecContext(ctx, `INSERT INTO uv (k, u) VALUES (NULL, 'z')`)
		if !store.IsUniqueViolation(dupUnique) || !store.IsUniqueViolation(dupKey) {
			t.Fatalf("duplicates not recognised: %v / %v", dupUnique, dupKey)
		}
		if notNull == nil && s.Dialect == store.Postgres {
			t.Fatal("NULL primary key accepted")
		}
		if store.IsUniqueViolation(notNull) {
			t.Fatalf("%v taken for a unique violation", notNull)
		}
	})
	for _, msg := range []string{"UNIQUE constraint failed: users.username", "ERROR: duplicate key (SQLSTATE 23505)"} {
		if store.IsUniqueViolation(errors.New(msg)) {
			t.Errorf("plain error %q taken for a unique violation", msg)
		}
	}
}
