package backup

import (
	"bytes"
	"context"
	"database/sql"
	"io/fs"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// The day's analytics salt stays out of every backup: whoever holds a
// backup could otherwise recompute that day's visitor hashes from
// addresses. The restored site makes a new salt when it needs one.
func TestBackupLeavesTheAnalyticsSaltOut(t *testing.T) {
	ctx := context.Background()
	src, _ := site(t)
	const salt = "5a17c0ffee5a17c0ffee5a17c0ffee5a17c0ffee5a17c0ffee5a17c0ffee5a17"
	if _, err := src.SQLite.Exec(`CREATE TABLE analytics_salts (day TEXT PRIMARY KEY, salt TEXT NOT NULL);
		INSERT INTO analytics_salts (day, salt) VALUES ('2026-01-02', ?)`, salt); err != nil {
		t.Fatal(err)
	}
	loc := &dirLocation{dir: t.TempDir()}
	res, err := Run(ctx, src, loc, time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC), testKeys)
	if err != nil {
		t.Fatal(err)
	}
	filepath.WalkDir(loc.dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		if b, _ := os.ReadFile(p); bytes.Contains(b, []byte(salt)) {
			t.Errorf("%s holds the salt", p)
		}
		return nil
	})
	// The live site keeps its salt, and the backup restores to a database
	// whose salts table is there and empty.
	var live int
	src.SQLite.QueryRow(`SELECT COUNT(*) FROM analytics_salts`).Scan(&live)
	if live != 1 {
		t.Errorf("the live database has %d salts after the backup, want 1", live)
	}
	data := filepath.Join(t.TempDir(), "data")
	if _, err := Restore(ctx, loc, res.Name, data, testKeys); err != nil {
		t.Fatal(err)
	}
	db, _ := sql.Open("sqlite", "file:"+filepath.Join(data, DatabaseFile))
	defer db.Close()
	var n, notes int
	if err := db.QueryRow(`SELECT (SELECT COUNT(*) FROM analytics_salts), (SELECT COUNT(*) FROM notes)`).Scan(&n, &notes); err != nil || n != 0 || notes != 2 {
		t.Errorf("restored: %d salts, %d notes (%v), want 0 and 2", n, notes, err)
	}
}

// A backup holds what the live database holds (mode 0600): its files are
// the owner's only, and so are its directories.
func TestBackupFilesAreOwnerOnly(t *testing.T) {
	src, _ := site(t)
	dest := filepath.Join(t.TempDir(), "backups", "site") // made by the backup
	loc, err := ParseLocation(context.Background(), dest, S3Settings{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Run(context.Background(), src, loc, time.Now(), testKeys); err != nil {
		t.Fatal(err)
	}
	n := 0
	filepath.WalkDir(filepath.Dir(dest), func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		info, _ := d.Info()
		want := fs.FileMode(0o600)
		if d.IsDir() {
			want = 0o700
		}
		if info.Mode().Perm() != want {
			t.Errorf("%s: mode %v, want %v", p, info.Mode().Perm(), want)
		}
		n++
		return nil
	})
	if n < 5 { // backups, site, the backup, its manifest, database and uploads
		t.Fatalf("only %d entries looked at", n)
	}
}

// A restored data directory is the owner's only, like the one serve makes.
func TestRestoredFilesAreOwnerOnly(t *testing.T) {
	ctx := context.Background()
	src, _ := site(t)
	loc := &dirLocation{dir: t.TempDir()}
	res, err := Run(ctx, src, loc, time.Now(), testKeys)
	if err != nil {
		t.Fatal(err)
	}
	data := filepath.Join(t.TempDir(), "data")
	if _, err := Restore(ctx, loc, res.Name, data, testKeys); err != nil {
		t.Fatal(err)
	}
	filepath.WalkDir(data, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		info, _ := d.Info()
		if info.Mode().Perm()&0o077 != 0 {
			t.Errorf("%s: mode %v, want the owner's only", p, info.Mode().Perm())
		}
		return nil
	})
}
