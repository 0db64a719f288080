package store_test

import (
	"errors"
	"io/fs"
	"slices"
	"testing"

	"github.com/ugcfolio/ugcfolio/internal/store"
	"github.com/ugcfolio/ugcfolio/internal/store/storetest"
)

// The two engines' migration folders must hold the same file names, so a
// migration written for one and forgotten for the other fails here rather
// than on the first server that runs the other engine.
func TestMigrationFoldersPairUp(t *testing.T) {
	names := func(dialect store.Dialect) []string {
		entries, err := fs.ReadDir(store.Migrations, "migrations/"+string(dialect))
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, e := range entries {
			out = append(out, e.Name())
		}
		return out
	}
	sqlite, postgres := names(store.SQLite), names(store.Postgres)
	if len(sqlite) == 0 || !slices.Equal(sqlite, postgres) {
		t.Fatalf("migration files differ:\n sqlite:   %v\n postgres: %v", sqlite, postgres)
	}
}

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
