// Package storetest opens fresh databases for tests: always an SQLite file in
// a temp dir, and also PostgreSQL when TEST_DATABASE_URL is set, each in a
// schema of its own that is dropped afterwards.
package storetest

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"net/url"
	"os"
	"path/filepath"
	"testing"

	"github.com/ugcfolio/ugcfolio/internal/store"
)

// Each runs fn once per available engine, as a subtest named after it.
func Each(t *testing.T, fn func(t *testing.T, s *store.Store)) {
	t.Helper()
	t.Run("sqlite", func(t *testing.T) { fn(t, SQLite(t)) })
	if os.Getenv("TEST_DATABASE_URL") != "" {
		t.Run("postgres", func(t *testing.T) { fn(t, Postgres(t)) })
	}
}

// SQLite opens a migrated store on a new file in t.TempDir().
func SQLite(t testing.TB) *store.Store {
	t.Helper()
	s, err := store.Open(context.Background(), "", filepath.Join(t.TempDir(), "test.db"))
	if err != nil {
		t.Fatalf("open sqlite: %v", err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// Postgres opens a migrated store in a fresh schema of TEST_DATABASE_URL.
func Postgres(t testing.TB) *store.Store {
	t.Helper()
	dsn, err := FreshPostgresURL(t)
	if err != nil {
		t.Fatalf("postgres: %v", err)
	}
	s, err := store.Open(context.Background(), dsn, "")
	if err != nil {
		t.Fatalf("open postgres: %v", err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// FreshPostgresURL creates an empty schema in TEST_DATABASE_URL and answers a
// URL whose search_path points at it; the schema is dropped at cleanup.
func FreshPostgresURL(t testing.TB) (string, error) {
	t.Helper()
	base := os.Getenv("TEST_DATABASE_URL")
	if base == "" {
		t.Skip("TEST_DATABASE_URL not set")
	}
	b := make([]byte, 6)
	rand.Read(b)
	schema := "test_" + hex.EncodeToString(b)
	admin, err := sql.Open("pgx", base)
	if err != nil {
		return "", err
	}
	if _, err := admin.Exec(`CREATE SCHEMA ` + schema); err != nil {
		admin.Close()
		return "", err
	}
	t.Cleanup(func() {
		admin.Exec(`DROP SCHEMA ` + schema + ` CASCADE`)
		admin.Close()
	})
	u, err := url.Parse(base)
	if err != nil {
		return "", err
	}
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	return u.String(), nil
}
