package backup

import (
	"bytes"
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"filippo.io/age"
	_ "modernc.org/sqlite" // the integrity check of a restored database

	"github.com/ugcfolio/ugcfolio/internal/media"
)

// Find resolves SRC: the address of one backup ("…/ugcfolio-20260102T…"),
// or of a place holding backups, which means its newest complete one.
func Find(ctx context.Context, where string, s3 S3Settings) (Location, string, error) {
	parent, name := splitBackupAddress(where)
	loc, err := ParseLocation(ctx, parent, s3)
	if err != nil {
		return nil, "", err
	}
	if name != "" {
		return loc, name, nil
	}
	names, err := loc.Backups(ctx)
	if err != nil {
		return nil, "", fmt.Errorf("list backups in %s: %v", loc, err)
	}
	if len(names) == 0 {
		return nil, "", fmt.Errorf("no complete backup in %s", loc)
	}
	return loc, names[len(names)-1], nil
}

// ReadManifest reads the manifest of backup name, checks its signature
// with keys, then its contents.
func ReadManifest(ctx context.Context, loc Location, name string, keys Keys) (Manifest, error) {
	var m Manifest
	r, err := loc.Open(ctx, name+"/"+ManifestName)
	if errors.Is(err, errNotExist) {
		return m, fmt.Errorf("%s/%s has no %s: not a complete backup", loc, name, ManifestName)
	}
	if err != nil {
		return m, err
	}
	defer r.Close()
	b, err := io.ReadAll(io.LimitReader(r, 64<<20))
	if err != nil {
		return m, err
	}
	raw, err := keys.unseal(b)
	if errors.Is(err, errUnsigned) {
		return m, fmt.Errorf("backup %s was %v: restore refuses it unless told --allow-unsigned", name, err)
	}
	if err != nil {
		return m, fmt.Errorf("backup %s is refused: %v", name, err)
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&m); err != nil {
		return m, fmt.Errorf("manifest of %s is unreadable: %v", name, err)
	}
	if m.App != "ugcfolio" || m.Format > manifestFormat || m.Format < 1 || m.Format == 1 && !keys.AllowUnsigned {
		return m, fmt.Errorf("manifest of %s: not a ugcfolio backup of format %d or older", name, manifestFormat)
	}
	seen := map[string]bool{}
	for _, f := range m.Files {
		if !validPath(f.Path) || seen[f.Path] || f.Size < 0 || len(f.SHA256) != 64 {
			return m, fmt.Errorf("manifest of %s: bad file entry %q", name, f.Path)
		}
		seen[f.Path] = true
	}
	if (m.Database == "sqlite") != seen[DatabaseFile] {
		return m, fmt.Errorf("manifest of %s: database %q does not match its files", name, m.Database)
	}
	return m, nil
}

func validPath(p string) bool {
	if p == DatabaseFile {
		return true
	}
	n, ok := strings.CutPrefix(p, UploadsDir+"/")
	return ok && media.ValidName(n)
}

// ErrNotEmpty is returned when restore is pointed at a data directory that
// already holds something.
var ErrNotEmpty = errors.New("data directory is not empty")

// Restore fills dataDir, which must be missing or empty, with backup name.
// Every file is checked against the manifest and the database with PRAGMA
// integrity_check before anything appears in dataDir; on any error dataDir
// is left as it was.
func Restore(ctx context.Context, loc Location, name, dataDir string, keys Keys) (m Manifest, err error) {
	m, err = ReadManifest(ctx, loc, name, keys)
	if err != nil {
		return m, err
	}
	entries, err := os.ReadDir(dataDir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		if err := os.MkdirAll(dataDir, 0o700); err != nil {
			return m, err
		}
		// Created here: a failed restore leaves no directory behind.
		defer func() {
			if err != nil {
				os.Remove(dataDir)
			}
		}()
	case err != nil:
		return m, err
	case len(entries) > 0:
		return m, fmt.Errorf("%w: %s holds %s; restore fills an empty data directory only (move it aside first)",
			ErrNotEmpty, dataDir, entries[0].Name())
	}
	staging, err := os.MkdirTemp(dataDir, ".restore-*")
	if err != nil {
		return m, err
	}
	defer os.RemoveAll(staging)
	for _, f := range m.Files {
		if err = fetch(ctx, loc, name, f, staging, m.Encrypted, keys); err != nil {
			return m, err
		}
	}
	if m.Database == "sqlite" {
		if err = integrityCheck(ctx, filepath.Join(staging, DatabaseFile)); err != nil {
			return m, fmt.Errorf("backup %s: %v", name, err)
		}
	}
	for _, top := range []string{DatabaseFile, UploadsDir} {
		rerr := os.Rename(filepath.Join(staging, top), filepath.Join(dataDir, top))
		if rerr != nil && !errors.Is(rerr, fs.ErrNotExist) {
			return m, rerr
		}
	}
	return m, nil
}

// fetch copies one file of the backup into dir and checks its size and hash.
func fetch(ctx context.Context, loc Location, name string, f File, dir string, encrypted bool, keys Keys) error {
	stored, err := loc.Open(ctx, name+"/"+f.Path)
	if errors.Is(err, errNotExist) {
		return fmt.Errorf("backup %s is damaged: %s is missing", name, f.Path)
	}
	if err != nil {
		return err
	}
	defer stored.Close()
	var r io.Reader = stored
	if encrypted {
		if len(keys.Identities) == 0 {
			return fmt.Errorf("backup %s is encrypted: give its age identity (UGCFOLIO_BACKUP_AGE_IDENTITY_FILE)", name)
		}
		if r, err = age.Decrypt(stored, keys.Identities...); err != nil {
			return fmt.Errorf("decrypt %s of backup %s: %v", f.Path, name, err)
		}
	}
	p := filepath.Join(dir, filepath.FromSlash(f.Path))
	if err := os.MkdirAll(filepath.Dir(p), 0o700); err != nil {
		return err
	}
	out, err := os.OpenFile(p, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return err
	}
	h := sha256.New()
	// One byte past the size tells a longer file apart.
	n, err := io.Copy(io.MultiWriter(out, h), io.LimitReader(r, f.Size+1))
	if err == nil {
		err = out.Sync()
	}
	if cerr := out.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("read %s of backup %s: %v", f.Path, name, err)
	}
	if n != f.Size || hex.EncodeToString(h.Sum(nil)) != f.SHA256 {
		return fmt.Errorf("backup %s is damaged: %s does not match its checksum in the manifest", name, f.Path)
	}
	return nil
}

func integrityCheck(ctx context.Context, path string) error {
	db, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		return err
	}
	defer db.Close()
	rows, err := db.QueryContext(ctx, `PRAGMA integrity_check`)
	if err != nil {
		return fmt.Errorf("database integrity check: %v", err)
	}
	defer rows.Close()
	var problems []string
	for rows.Next() {
		var line string
		if err := rows.Scan(&line); err != nil {
			return err
		}
		if line != "ok" {
			problems = append(problems, line)
		}
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("database integrity check: %v", err)
	}
	if len(problems) > 0 {
		return fmt.Errorf("database integrity check failed: %s", strings.Join(problems, "; "))
	}
	return nil
}
