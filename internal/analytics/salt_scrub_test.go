package analytics

import (
	"bytes"
	"context"
	"encoding/hex"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/ugcfolio/ugcfolio/internal/config"
	"github.com/ugcfolio/ugcfolio/internal/store"
)

// openSQLiteAt opens a migrated SQLite store at a path the test can read.
func openSQLiteAt(t *testing.T) (*store.Store, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "ugcfolio.db")
	st, err := store.Open(context.Background(), "", path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return st, path
}

// saltOnDisk reports which of the database's files still hold salt, in its
// stored (hex) form or raw.
func saltOnDisk(t *testing.T, path, saltHex string) []string {
	t.Helper()
	raw, err := hex.DecodeString(saltHex)
	if err != nil || len(raw) == 0 {
		t.Fatalf("salt %q: %v", saltHex, err)
	}
	var found []string
	for _, p := range []string{path, path + "-wal"} {
		b, err := os.ReadFile(p)
		if os.IsNotExist(err) {
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		if bytes.Contains(b, []byte(saltHex)) || bytes.Contains(b, raw) {
			found = append(found, filepath.Base(p))
		}
	}
	return found
}

func storedSalt(t *testing.T, st *store.Store, day string) string {
	t.Helper()
	var s string
	if err := st.DB.QueryRow(`SELECT salt FROM analytics_salts WHERE day = ?`, day).Scan(&s); err != nil {
		t.Fatalf("salt of %s: %v", day, err)
	}
	return s
}

// Yesterday's salt must leave the disk when it is deleted, not only the
// table: a copy of the file (or of its WAL) would otherwise let anyone who
// holds it recompute yesterday's visitor hashes from addresses.
func TestRotatedSaltLeavesTheDatabaseFiles(t *testing.T) {
	cases := []struct {
		name string
		// inFile: the salt was checkpointed into the database file before
		// it rotated (else it is still in the WAL only).
		inFile bool
		// byPrune: no visitor came after midnight; the rollup's prune
		// deletes the salt instead of the next day's first visitor.
		byPrune bool
	}{
		{"in the WAL, rotated by a visitor", false, false},
		{"in the file, rotated by a visitor", true, false},
		{"in the file, deleted by the rollup", true, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			st, path := openSQLiteAt(t)
			f := newFixture(t, st, config.AnalyticsConfig{}, 0)
			ctx := context.Background()
			if _, err := f.s.visitorHash(ctx, request("GET", "/", "192.0.2.7"), f.now); err != nil {
				t.Fatal(err)
			}
			old := storedSalt(t, st, dayOf(f.now))
			if c.inFile {
				if _, err := st.DB.Exec(`PRAGMA wal_checkpoint(TRUNCATE)`); err != nil {
					t.Fatal(err)
				}
			}
			if found := saltOnDisk(t, path, old); len(found) == 0 {
				t.Fatal("the salt is on no file before it rotates: the test looks in the wrong place")
			}
			f.now = f.now.Add(24 * time.Hour)
			if c.byPrune {
				f.rollup()
			} else if _, err := f.s.visitorHash(ctx, request("GET", "/", "192.0.2.7"), f.now); err != nil {
				t.Fatal(err)
			}
			if n := f.count(`SELECT COUNT(*) FROM analytics_salts WHERE salt = ?`, old); n != 0 {
				t.Fatalf("the old salt is still a row")
			}
			if found := saltOnDisk(t, path, old); len(found) > 0 {
				t.Fatalf("the deleted salt's bytes are still in %v", found)
			}
		})
	}
}
