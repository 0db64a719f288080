package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/url"
	"path/filepath"

	"github.com/ugcfolio/ugcfolio/internal/config"
	"github.com/ugcfolio/ugcfolio/internal/media"
	"github.com/ugcfolio/ugcfolio/internal/sitecopy"
	"github.com/ugcfolio/ugcfolio/internal/store"
)

const migrateHelp = `Usage: ugcfolio migrate --from-data DIR [--replace]
       ugcfolio migrate --to-data DIR [--replace]

Moves a site between one server's shape (SQLite and files in a data
directory) and the shape several replicas share (PostgreSQL and an
S3-compatible bucket):

  --from-data DIR   copies DIR/ugcfolio.db and the files in DIR/uploads into
                    the database of DATABASE_URL and the bucket of UGCFOLIO_S3_*
  --to-data DIR     copies the database of DATABASE_URL and the bucket of
                    UGCFOLIO_S3_* into DIR/ugcfolio.db and DIR/uploads

Every row of every table is copied with its id (accounts, sessions, texts,
portfolio, testimonials, inquiries, media, jobs, analytics), and every stored
file (originals and processed files) under its own name, so every address of
the site stays the same. Without UGCFOLIO_S3_ENDPOINT the files are not moved.

The site may keep running: the rows are read in one snapshot. What it
writes after that is not copied, so stop it, run migrate again with
--replace (files already copied are skipped, so this is quick), and start
serve on the new settings. A target database that holds rows is refused
unless --replace says to replace them. A run that fails changes nothing in
the target database, and can simply be run again.

Environment:
  DATABASE_URL (or DATABASE_URL_FILE)   postgres://… (required)
  UGCFOLIO_S3_ENDPOINT, _BUCKET, _ACCESS_KEY, _SECRET_KEY, _REGION, _TLS
                                        the bucket, as serve reads them

Flags:
`

// migrateCmd is `ugcfolio migrate`.
func migrateCmd(ctx context.Context, args []string, stdout, stderr io.Writer, getenv config.Getenv) error {
	fs := newFlagSet("migrate", migrateHelp, stderr)
	fromData := fs.String("from-data", "", "move the site in this data directory to PostgreSQL and S3")
	toData := fs.String("to-data", "", "move the site on PostgreSQL and S3 into this data directory")
	replace := fs.Bool("replace", false, "empty the target database's tables first instead of refusing a target that holds rows")
	if err := fs.Parse(args); err != nil {
		return parseErr(err)
	}
	if (*fromData == "") == (*toData == "") || fs.NArg() > 0 {
		return errors.New("migrate needs exactly one of --from-data DIR and --to-data DIR (see ugcfolio migrate --help)")
	}
	databaseURL, err := config.DatabaseURL(getenv)
	if err != nil {
		return err
	}
	if !config.IsPostgresURL(databaseURL) {
		return errors.New("migrate needs DATABASE_URL=postgres://… : the database on the other side of the move")
	}
	s3cfg, err := config.LoadS3(getenv)
	if err != nil {
		return err
	}

	local := *fromData + *toData
	sqlitePath := filepath.Join(local, "ugcfolio.db")
	var from, to sitecopy.Site
	var localStore, pgStore *store.Store
	if *fromData != "" {
		if localStore, err = store.OpenExisting(ctx, "", sqlitePath); err != nil {
			return fmt.Errorf("the site's database: %v", err)
		}
		defer localStore.Close()
		if pgStore, err = store.Open(ctx, databaseURL, ""); err != nil {
			return fmt.Errorf("PostgreSQL: %v", err)
		}
		defer pgStore.Close()
	} else {
		if pgStore, err = store.OpenExisting(ctx, databaseURL, ""); err != nil {
			return fmt.Errorf("PostgreSQL: %v", err)
		}
		defer pgStore.Close()
		if localStore, err = store.Open(ctx, "", sqlitePath); err != nil {
			return fmt.Errorf("database: %v", err)
		}
		defer localStore.Close()
	}
	localSite := sitecopy.Site{Store: localStore}
	pgSite := sitecopy.Site{Store: pgStore}
	filesNote := "the files stay where they are (no UGCFOLIO_S3_ENDPOINT)"
	if s3cfg.Endpoint != "" {
		bucket, err := openStorage(ctx, config.Config{S3: s3cfg})
		if err != nil {
			return err
		}
		localSite.Files = media.NewLocal(filepath.Join(local, "uploads"))
		pgSite.Files = bucket.(*media.S3)
		filesNote = fmt.Sprintf("files: %s ⇄ bucket %s at %s", filepath.Join(local, "uploads"), s3cfg.Bucket, s3cfg.Endpoint)
	}
	from, to = localSite, pgSite
	direction := fmt.Sprintf("Moving the site from SQLite at %s to PostgreSQL at %s; %s", sqlitePath, pgName(databaseURL), filesNote)
	if *toData != "" {
		from, to = pgSite, localSite
		direction = fmt.Sprintf("Moving the site from PostgreSQL at %s to SQLite at %s; %s", pgName(databaseURL), sqlitePath, filesNote)
	}
	fmt.Fprintln(stdout, direction)

	rep, err := sitecopy.Run(ctx, sitecopy.Options{From: from, To: to, Replace: *replace, Out: stdout})
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "Done in %s: %d rows in %d tables, ids kept; %d files copied, %d already there.\n",
		rep.Took.Round(1e6), rep.Rows(), len(rep.Tables), rep.Files.Copied, rep.Files.Skipped)
	if *fromData != "" {
		fmt.Fprintln(stdout, "Start serve with DATABASE_URL and the UGCFOLIO_S3_* settings (and stop the site on the old data directory).")
	} else {
		fmt.Fprintf(stdout, "Start serve with --data %s and without DATABASE_URL and UGCFOLIO_S3_*.\n", local)
	}
	return nil
}

// pgName is where a PostgreSQL URL points, without its password.
func pgName(databaseURL string) string {
	u, err := url.Parse(databaseURL)
	if err != nil {
		return "DATABASE_URL"
	}
	return u.Host + u.Path
}
