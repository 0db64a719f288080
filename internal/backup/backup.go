// Package backup takes consistent backups of a running ugcfolio and restores
// them: the SQLite database through VACUUM INTO (a snapshot in one read
// transaction, never a copy of the live file) and the uploaded files of
// local storage, to a directory or an S3-compatible bucket. Every backup
// carries a manifest (version, time, size and SHA-256 of every file) that
// restore checks before it writes anything into the data directory.
package backup

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"runtime/debug"
	"sort"
	"strings"
	"syscall"
	"time"
)

// ManifestName is the manifest's file name inside a backup.
const ManifestName = "manifest.json"

// DatabaseFile is the SQLite snapshot's name inside a backup (and in the
// data directory).
const DatabaseFile = "ugcfolio.db"

// UploadsDir is where uploaded files go inside a backup (and the data directory).
const UploadsDir = "uploads"

// manifestFormat 2: manifest.json holds the manifest with its HMAC (seal.go).
const manifestFormat = 2

// Manifest describes one backup.
type Manifest struct {
	Format  int       `json:"format"`
	App     string    `json:"app"`
	Version string    `json:"version"` // the binary that took it
	Created time.Time `json:"created"`
	// Database is "sqlite" when DatabaseFile is included, "postgres" when
	// the database was left to pg_dump.
	Database      string `json:"database"`
	SchemaVersion int64  `json:"schema_version,omitempty"`
	// UploadsIncluded is false when uploads live in S3 storage.
	UploadsIncluded bool   `json:"uploads_included"`
	Files           []File `json:"files"`
	// Vanished lists uploads deleted while the backup ran.
	Vanished []string `json:"vanished,omitempty"`
	// Encrypted: every file is age-encrypted; sizes and checksums are of
	// the plain files.
	Encrypted bool `json:"encrypted,omitempty"`
}

// File is one file of a backup.
type File struct {
	Path   string `json:"path"` // slash-separated, relative to the backup
	Size   int64  `json:"size"`
	SHA256 string `json:"sha256"`
}

// Source is what a backup copies.
type Source struct {
	// SQLite is the live database; nil on PostgreSQL (Postgres set).
	SQLite   *sql.DB
	Postgres bool
	// UploadsDir is the local storage's directory; "" when uploads are in S3.
	UploadsDir string
	// TempDir holds the database snapshot until it is copied (the data
	// directory: same disk, and room for the database). Default os.TempDir.
	TempDir string
}

// Result says what a backup did.
type Result struct {
	Name     string
	Manifest Manifest
	Bytes    int64
	Duration time.Duration
}

var nameRe = regexp.MustCompile(`^ugcfolio-\d{8}T\d{6}\.\d{3}Z$`)

func isBackupName(s string) bool { return nameRe.MatchString(s) }

// NameFor is the name of a backup taken at t; names sort by time.
func NameFor(t time.Time) string {
	return "ugcfolio-" + t.UTC().Format("20060102T150405.000Z")
}

// TimeOf is the time in a backup's name.
func TimeOf(name string) (time.Time, bool) {
	t, err := time.Parse("20060102T150405.000Z", strings.TrimPrefix(name, "ugcfolio-"))
	return t, err == nil && isBackupName(name)
}

// Version is the running binary's version, as recorded in manifests.
func Version() string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "unknown"
	}
	v := info.Main.Version
	for _, s := range info.Settings {
		if s.Key == "vcs.revision" {
			v += " " + s.Value
		}
	}
	return v
}

// Run takes one backup of src into loc, signed (and encrypted) with keys. The database snapshot comes first:
// every upload a snapshotted row points at was stored before that row was
// written, so it is still there when the files are copied. A failed backup
// is removed and never listed as complete.
func Run(ctx context.Context, src Source, loc Location, now time.Time, keys Keys) (Result, error) {
	start := time.Now()
	name := NameFor(now)
	m := Manifest{
		Format: manifestFormat, App: "ugcfolio", Version: Version(), Created: now.UTC(),
		Database: "sqlite", UploadsIncluded: src.UploadsDir != "", Files: []File{},
		Encrypted: len(keys.Recipients) > 0,
	}
	res := Result{Name: name}
	if _, err := keys.seal(m); err != nil {
		return res, err // before anything is written
	}
	put := func(rel string, f *os.File) (File, error) { return putFile(ctx, loc, name, rel, f, keys, src.TempDir) }
	fail := func(err error) (Result, error) {
		// Remove what was written, with a context that outlives a cancelled one.
		rmCtx, cancel := context.WithTimeout(context.WithoutCancel(ctx), time.Minute)
		defer cancel()
		loc.Remove(rmCtx, name)
		return res, fmt.Errorf("backup to %s: %w", loc, err)
	}
	switch {
	case src.Postgres:
		m.Database = "postgres"
	case src.SQLite == nil:
		return res, errors.New("backup: no database given")
	default:
		f, err := snapshotSQLite(ctx, src.SQLite, src.TempDir)
		if err != nil {
			return fail(err)
		}
		m.SchemaVersion = schemaVersion(ctx, src.SQLite)
		entry, err := put(DatabaseFile, f)
		f.Close()
		os.Remove(f.Name())
		if err != nil {
			return fail(err)
		}
		m.Files = append(m.Files, entry)
	}
	if src.UploadsDir != "" {
		names, err := listUploads(src.UploadsDir)
		if err != nil {
			return fail(err)
		}
		for _, n := range names {
			f, err := openUpload(src.UploadsDir, n)
			if errors.Is(err, fs.ErrNotExist) {
				m.Vanished = append(m.Vanished, n) // deleted since the listing
				continue
			}
			if err != nil {
				return fail(err)
			}
			entry, err := put(UploadsDir+"/"+n, f)
			f.Close()
			if err != nil {
				return fail(err)
			}
			m.Files = append(m.Files, entry)
		}
	}
	for _, f := range m.Files {
		res.Bytes += f.Size
	}
	b, err := keys.seal(m)
	if err != nil {
		return fail(err)
	}
	if err := loc.Commit(ctx, name, b); err != nil {
		return fail(err)
	}
	res.Manifest = m
	res.Duration = time.Since(start)
	return res, nil
}

// snapshotSQLite writes a consistent copy of the live database to a new
// temporary file with VACUUM INTO, which reads in one transaction while
// writers go on (WAL), and returns it open at its start.
func snapshotSQLite(ctx context.Context, db *sql.DB, tempDir string) (*os.File, error) {
	dir, err := os.MkdirTemp(tempDir, ".backup-*")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir) // the open file stays readable on Unix
	p := filepath.Join(dir, DatabaseFile)
	if _, err := db.ExecContext(ctx, `VACUUM INTO ?`, p); err != nil {
		return nil, fmt.Errorf("database snapshot: %v", err)
	}
	if err := emptySecretTables(ctx, p); err != nil {
		return nil, fmt.Errorf("database snapshot: %v", err)
	}
	return os.Open(p)
}

// secretTables are emptied in a backup's copy of the database. The day's
// analytics salt would let whoever holds a backup recompute that day's
// visitor hashes from addresses; a restored site makes a new one.
var secretTables = []string{"analytics_salts"}

// emptySecretTables deletes the rows of secretTables (those the snapshot
// has) with secure_delete, so their bytes are zeroed in the file, not only
// unlinked, and with the rollback journal in memory, so no copy of them is
// written beside it.
func emptySecretTables(ctx context.Context, path string) error {
	db, err := sql.Open("sqlite", "file:"+path+"?_pragma=secure_delete(1)&_pragma=journal_mode(MEMORY)")
	if err != nil {
		return err
	}
	defer db.Close()
	db.SetMaxOpenConns(1)
	for _, table := range secretTables {
		var n int
		if err := db.QueryRowContext(ctx, `SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name = ?`, table).Scan(&n); err != nil {
			return err
		}
		if n == 0 {
			continue
		}
		if _, err := db.ExecContext(ctx, `DELETE FROM `+table); err != nil {
			return fmt.Errorf("empty %s: %v", table, err)
		}
	}
	return db.Close()
}

func schemaVersion(ctx context.Context, db *sql.DB) int64 {
	var v sql.NullInt64
	db.QueryRowContext(ctx, `SELECT MAX(version_id) FROM goose_db_version WHERE is_applied`).Scan(&v)
	return v.Int64
}

// listUploads lists the stored files (not the temporaries of Put: dot
// files). Symbolic links are skipped, never followed: a link in the data
// directory must not carry a file from elsewhere into a backup.
func listUploads(dir string) ([]string, error) {
	entries, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var names []string
	for _, e := range entries {
		if e.Type().IsRegular() && !strings.HasPrefix(e.Name(), ".") {
			names = append(names, e.Name())
		}
	}
	sort.Strings(names)
	return names, nil
}

// openUpload opens a stored file without following a symbolic link, so a
// link planted after the listing is an error, not a copy of its target.
func openUpload(dir, name string) (*os.File, error) {
	return os.OpenFile(filepath.Join(dir, name), os.O_RDONLY|syscall.O_NOFOLLOW, 0)
}

// putFile copies an open file into the backup, hashing it on the way, and
// encrypting it first when keys have recipients.
func putFile(ctx context.Context, loc Location, name, rel string, f *os.File, keys Keys, tempDir string) (File, error) {
	st, err := f.Stat()
	if err != nil {
		return File{}, err
	}
	h := sha256.New()
	// The file is read to its size at open: a file replaced meanwhile is a
	// new inode, and ours stays whole.
	var r io.Reader = io.TeeReader(io.LimitReader(f, st.Size()), h)
	size := st.Size()
	if len(keys.Recipients) > 0 {
		enc, n, err := keys.encryptToTemp(r, tempDir)
		if err != nil {
			return File{}, fmt.Errorf("%s: %v", rel, err)
		}
		defer enc.Close()
		r, size = enc, n
	}
	if err := loc.Put(ctx, name+"/"+rel, r, size); err != nil {
		return File{}, fmt.Errorf("copy %s: %v", rel, err)
	}
	return File{Path: rel, Size: st.Size(), SHA256: hex.EncodeToString(h.Sum(nil))}, nil
}
