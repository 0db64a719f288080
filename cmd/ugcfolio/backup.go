package main

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"net/url"
	"os"
	"strings"
	"time"

	"filippo.io/age"

	"github.com/ugcfolio/ugcfolio/internal/backup"
	"github.com/ugcfolio/ugcfolio/internal/config"
	"github.com/ugcfolio/ugcfolio/internal/store"
)

const backupHelp = `Usage: ugcfolio backup --to DEST [--data DIR] [--keep N]

Writes a consistent backup of the site while it runs: the SQLite database
(a VACUUM INTO snapshot) and the uploaded files of local storage, with a
manifest of checksums. DEST is a directory or s3://bucket/prefix. Each backup
is a new ugcfolio-TIME folder in DEST.

On PostgreSQL (DATABASE_URL) the database is not included: back it up with
pg_dump. With S3 storage (UGCFOLIO_S3_ENDPOINT) the uploads are not
included: they are in the bucket.

Environment:
  UGCFOLIO_DATA                   default for --data
  UGCFOLIO_BACKUP_KEY             required: the secret (32+ characters) the backup is signed
                                  with; restore needs the same one, so keep a copy elsewhere
  UGCFOLIO_BACKUP_AGE_RECIPIENTS  encrypt every file for these age public keys (age1…)
  DATABASE_URL                    postgres://… (then files only)
  UGCFOLIO_BACKUP_S3_ENDPOINT, _ACCESS_KEY, _SECRET_KEY, _REGION, _TLS
                                  the server of an s3:// DEST (default: the UGCFOLIO_S3_* ones)

Flags:
`

const restoreHelp = `Usage: ugcfolio restore --from SRC [--data DIR] [--allow-unsigned]

Fills an empty data directory from a backup, after checking the manifest's
signature with UGCFOLIO_BACKUP_KEY, every file against the manifest, and the
database with PRAGMA integrity_check. An encrypted backup is decrypted with
the age identity in UGCFOLIO_BACKUP_AGE_IDENTITY_FILE.
A data directory that holds anything is refused. SRC is one backup
(…/ugcfolio-TIME) or a place holding backups (its newest is used): a
directory or s3://bucket/prefix. Start "ugcfolio serve" on the directory
afterwards.

Flags:
`

// backupCmd is `ugcfolio backup`.
func backupCmd(ctx context.Context, args []string, stdout, stderr io.Writer, getenv config.Getenv) error {
	fs := newFlagSet("backup", backupHelp, stderr)
	to := fs.String("to", "", "where the backup goes: a directory or s3://bucket/prefix")
	dataDir := fs.String("data", or(getenv("UGCFOLIO_DATA"), "data"), "the data directory of the site (env UGCFOLIO_DATA)")
	keep := fs.Int("keep", 0, "afterwards, remove all but the newest N backups in DEST (0 keeps all)")
	if err := fs.Parse(args); err != nil {
		return parseErr(err)
	}
	if *to == "" || fs.NArg() > 0 {
		return errors.New("backup needs --to DEST (a directory or s3://bucket/prefix) and nothing else")
	}
	databaseURL, err := config.Secret(getenv, "DATABASE_URL")
	if err != nil {
		return err
	}
	cfg := config.Config{DataDir: *dataDir, DatabaseURL: databaseURL}
	bc, err := config.LoadBackup(getenv)
	if err != nil {
		return err
	}
	keys, err := backupKeys(bc, false)
	if err != nil {
		return err
	}
	loc, err := backup.ParseLocation(ctx, *to, backupS3(bc))
	if err != nil {
		return err
	}
	src := backup.Source{Postgres: databaseURL != "", TempDir: cfg.DataDir}
	if getenv("UGCFOLIO_S3_ENDPOINT") == "" {
		src.UploadsDir = cfg.UploadsDir()
	} else {
		fmt.Fprintln(stdout, "Uploads are in S3 storage (UGCFOLIO_S3_ENDPOINT) and are not included: back up that bucket with its own tools.")
	}
	if src.Postgres {
		fmt.Fprintln(stdout, "The database is PostgreSQL and is not included: back it up with its own tools, e.g. pg_dump -Fc \"$DATABASE_URL\" > ugcfolio.dump")
	} else {
		db, err := openLiveSQLite(cfg.SQLitePath())
		if err != nil {
			return err
		}
		defer db.Close()
		src.SQLite = db
	}
	res, err := backup.Run(ctx, src, loc, time.Now(), keys)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "Backup %s written to %s: %d files, %d bytes in %s\n",
		res.Name, loc, len(res.Manifest.Files), res.Bytes, res.Duration.Round(time.Millisecond))
	removed, err := backup.Prune(ctx, loc, *keep)
	for _, n := range removed {
		fmt.Fprintf(stdout, "Removed old backup %s\n", n)
	}
	return err
}

// restoreCmd is `ugcfolio restore`.
func restoreCmd(ctx context.Context, args []string, stdout, stderr io.Writer, getenv config.Getenv) error {
	fs := newFlagSet("restore", restoreHelp, stderr)
	from := fs.String("from", "", "the backup: a directory or s3://bucket/prefix, of one backup or holding several")
	dataDir := fs.String("data", or(getenv("UGCFOLIO_DATA"), "data"), "the empty data directory to fill (env UGCFOLIO_DATA)")
	allowUnsigned := fs.Bool("allow-unsigned", false, "also take a backup made before backups were signed (check where it was kept first)")
	if err := fs.Parse(args); err != nil {
		return parseErr(err)
	}
	if *from == "" || fs.NArg() > 0 {
		return errors.New("restore needs --from SRC (a directory or s3://bucket/prefix) and nothing else")
	}
	bc, err := config.LoadBackup(getenv)
	if err != nil {
		return err
	}
	keys, err := backupKeys(bc, true)
	if err != nil {
		return err
	}
	keys.AllowUnsigned = *allowUnsigned
	loc, name, err := backup.Find(ctx, *from, backupS3(bc))
	if err != nil {
		return err
	}
	m, err := backup.Restore(ctx, loc, name, *dataDir, keys)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "Restored backup %s (taken %s by ugcfolio %s) into %s: %d files checked\n",
		name, m.Created.Format(time.RFC3339), m.Version, *dataDir, len(m.Files))
	if m.Database == "postgres" {
		fmt.Fprintln(stdout, "This backup holds no database (it was taken on PostgreSQL): restore the database from your pg_dump with pg_restore.")
	}
	if !m.UploadsIncluded {
		fmt.Fprintln(stdout, "This backup holds no uploads (they were in S3 storage).")
	}
	return nil
}

// openLiveSQLite opens the site's database beside a running server, without
// migrating it: a backup reads only.
func openLiveSQLite(path string) (*sql.DB, error) {
	if _, err := os.Stat(path); err != nil {
		return nil, fmt.Errorf("no database at %s (give --data DIR): %v", path, errors.Unwrap(err))
	}
	q := url.Values{}
	q.Add("_pragma", "busy_timeout(10000)")
	db, err := sql.Open("sqlite", "file:"+path+"?"+q.Encode())
	if err != nil {
		return nil, err
	}
	db.SetMaxOpenConns(1)
	return db, nil
}

// backupKeys are the signing key and the age keys of the settings: the
// recipients to encrypt for, and (forRestore) the identities to decrypt with.
func backupKeys(b config.BackupConfig, forRestore bool) (backup.Keys, error) {
	if err := b.CheckKey(); err != nil {
		return backup.Keys{}, err
	}
	keys := backup.Keys{Sign: []byte(b.Key)}
	if b.AgeRecipients != "" {
		rs, err := age.ParseRecipients(strings.NewReader(strings.ReplaceAll(b.AgeRecipients, ",", "\n")))
		if err != nil {
			return keys, fmt.Errorf("UGCFOLIO_BACKUP_AGE_RECIPIENTS: %v", err)
		}
		keys.Recipients = rs
	}
	if forRestore && b.AgeIdentityFile != "" {
		f, err := os.Open(b.AgeIdentityFile)
		if err != nil {
			return keys, fmt.Errorf("UGCFOLIO_BACKUP_AGE_IDENTITY_FILE: %v", err)
		}
		defer f.Close()
		if keys.Identities, err = age.ParseIdentities(f); err != nil {
			return keys, fmt.Errorf("UGCFOLIO_BACKUP_AGE_IDENTITY_FILE: %v", err)
		}
	}
	return keys, nil
}

func backupS3(b config.BackupConfig) backup.S3Settings {
	return backup.S3Settings{Endpoint: b.S3.Endpoint, AccessKey: b.S3.AccessKey, SecretKey: b.S3.SecretKey, Region: b.S3.Region, UseTLS: b.S3.UseTLS}
}

// startBackups runs scheduled backups in serve when UGCFOLIO_BACKUP_TO is
// set; the returned function stops them and waits.
func startBackups(ctx context.Context, cfg config.Config, st *store.Store, deps serveDeps) (func(), error) {
	if cfg.Backup.To == "" {
		return func() {}, nil
	}
	loc, err := backup.ParseLocation(ctx, cfg.Backup.To, backupS3(cfg.Backup))
	if err != nil {
		return nil, fmt.Errorf("UGCFOLIO_BACKUP_TO: %v", err)
	}
	src := backup.Source{TempDir: cfg.DataDir}
	if st.Dialect == store.Postgres {
		src.Postgres = true
		deps.log.Warn("scheduled backups hold the uploaded files only: back up PostgreSQL with pg_dump")
	} else {
		src.SQLite = st.DB
	}
	if cfg.S3.Endpoint == "" {
		src.UploadsDir = cfg.UploadsDir()
	}
	keys, err := backupKeys(cfg.Backup, false)
	if err != nil {
		return nil, err
	}
	sched := backup.Schedule{Every: cfg.Backup.Every, Keep: cfg.Backup.Keep, Source: src, Location: loc, Keys: keys, Log: deps.log, Done: deps.backupDone}
	ctx, cancel := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() { defer close(done); sched.Run(ctx) }()
	return func() { cancel(); <-done }, nil
}
