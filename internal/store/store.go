// Package store is the database: migrations for SQLite and PostgreSQL, the
// domain types, and one query layer that serves both engines. Queries are
// written once with "?" placeholders; rebind turns them into PostgreSQL's
// "$n" form. That, the migrations, the connection settings and the drivers'
// error codes (isUniqueViolation) are the only places the two dialects differ.
package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"math"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
	_ "github.com/jackc/pgx/v5/stdlib" // registers the "pgx" driver
	"modernc.org/sqlite"               // registers the "sqlite" driver
	sqlite3 "modernc.org/sqlite/lib"

	"github.com/ugcfolio/ugcfolio/internal/config"
)

// Dialect names the database engine.
type Dialect string

const (
	SQLite   Dialect = "sqlite"
	Postgres Dialect = "postgres"
)

// Store holds the database handle. All methods are safe for concurrent use.
type Store struct {
	DB      *sql.DB
	Dialect Dialect
	wal     *walWatch // SQLite only: keeps the WAL file small

	secrets sync.Map // name → []byte: site secrets already read (secrets.go)

	uploadUses uploadUses // what capabilities registered (upload_uses.go)
}

// Open connects to PostgreSQL when databaseURL is a postgres:// URL and to an
// SQLite file at sqlitePath otherwise, checks that the database answers and
// runs every pending migration.
func Open(ctx context.Context, databaseURL, sqlitePath string) (*Store, error) {
	var s *Store
	var err error
	if databaseURL != "" {
		s, err = openPostgres(databaseURL)
	} else {
		s, err = openSQLite(sqlitePath)
	}
	if err != nil {
		return nil, err
	}
	pingCtx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	if err := s.DB.PingContext(pingCtx); err != nil {
		s.DB.Close()
		return nil, fmt.Errorf("no answer: %w", err)
	}
	if err := s.migrate(ctx); err != nil {
		s.DB.Close()
		return nil, err
	}
	if s.Dialect == SQLite {
		s.startWALWatch(sqlitePath)
	}
	return s, nil
}

func openPostgres(databaseURL string) (*Store, error) {
	if !config.IsPostgresURL(databaseURL) {
		return nil, config.ErrDatabaseURL
	}
	db, err := sql.Open("pgx", databaseURL)
	if err != nil {
		return nil, fmt.Errorf("open PostgreSQL: %w", err)
	}
	db.SetMaxOpenConns(20)
	db.SetMaxIdleConns(20)
	db.SetConnMaxIdleTime(5 * time.Minute)
	return &Store{DB: db, Dialect: Postgres}, nil
}

// busyTimeout is how long an SQLite statement waits for a lock. Generous:
// a writer kept waiting by another writer or by a WAL checkpoint (wal.go)
// should answer late rather than lose an inquiry to "database is locked";
// at 5 s, 4 writers under a checkpoint on a loaded machine failed.
const busyTimeout = 30 * time.Second

func openSQLite(path string) (*Store, error) {
	// Owner-only: the database holds password hashes, sessions and every
	// inquiry. SQLite gives its -wal and -shm files the database's mode.
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return nil, fmt.Errorf("create database directory: %w", err)
	}
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, fmt.Errorf("create database: %w", err)
	}
	f.Close()
	// WAL lets readers run beside the one writer; busy_timeout makes a writer
	// wait for the lock instead of failing; synchronous=FULL because an
	// accepted inquiry must survive a power cut; secure_delete zeroes what a
	// DELETE removes, so a deleted secret (yesterday's analytics salt, an
	// ended session) does not stay readable in the file's free space.
	q := url.Values{}
	for _, p := range []string{"journal_mode(WAL)", fmt.Sprintf("busy_timeout(%d)", busyTimeout.Milliseconds()), "foreign_keys(1)", "synchronous(FULL)", "journal_size_limit(4194304)", "secure_delete(1)"} {
		q.Add("_pragma", p)
	}
	q.Set("_time_format", "sqlite")
	// Transactions take the write lock when they begin: one that reads
	// before it writes (placing an item in a hand-ordered list, order.go)
	// would otherwise fail at once with "database is locked" when another
	// writer committed in between, instead of waiting its turn.
	q.Set("_txlock", "immediate")
	db, err := sql.Open("sqlite", "file:"+path+"?"+q.Encode())
	if err != nil {
		return nil, fmt.Errorf("open SQLite: %w", err)
	}
	db.SetMaxOpenConns(8)
	db.SetMaxIdleConns(8)
	return &Store{DB: db, Dialect: SQLite}, nil
}

// Close closes the database.
func (s *Store) Close() error {
	if s.wal != nil {
		s.wal.close()
		s.checkpoint(context.Background())
	}
	return s.DB.Close()
}

// Ping checks that the database answers (used by /healthz).
func (s *Store) Ping(ctx context.Context) error { return s.DB.PingContext(ctx) }

// rebind turns "?" placeholders into "$1", "$2"… for PostgreSQL. Our queries
// never contain a literal question mark.
func (s *Store) rebind(query string) string {
	if s.Dialect != Postgres {
		return query
	}
	var b strings.Builder
	n := 0
	for _, r := range query {
		if r == '?' {
			n++
			b.WriteString("$" + strconv.Itoa(n))
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

func (s *Store) exec(ctx context.Context, query string, args ...any) (sql.Result, error) {
	return s.DB.ExecContext(ctx, s.rebind(query), args...)
}

func (s *Store) query(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	return s.DB.QueryContext(ctx, s.rebind(query), args...)
}

func (s *Store) queryRow(ctx context.Context, query string, args ...any) *sql.Row {
	return s.DB.QueryRowContext(ctx, s.rebind(query), args...)
}

// affectedOne turns "no row changed" into a not-found error.
func affectedOne(res sql.Result, err error, notFound error) error {
	if err != nil {
		return err
	}
	n, err := res.RowsAffected()
	if err != nil {
		return err
	}
	if n == 0 {
		return notFound
	}
	return nil
}

// isUniqueViolation reports whether err is a unique-constraint failure in
// either engine, by the drivers' error codes rather than message text:
// SQLite's extended code SQLITE_CONSTRAINT_UNIQUE (and PRIMARYKEY), and
// PostgreSQL's SQLSTATE 23505.
func isUniqueViolation(err error) bool {
	var sqliteErr *sqlite.Error
	if errors.As(err, &sqliteErr) {
		code := sqliteErr.Code()
		return code == sqlite3.SQLITE_CONSTRAINT_UNIQUE || code == sqlite3.SQLITE_CONSTRAINT_PRIMARYKEY
	}
	var pgErr *pgconn.PgError
	return errors.As(err, &pgErr) && pgErr.Code == pgUniqueViolation
}

// sqlLimit turns "no limit" (0) into a LIMIT both engines accept.
func sqlLimit(limit int) int64 {
	if limit <= 0 {
		return math.MaxInt64
	}
	return int64(limit)
}

// pgUniqueViolation is PostgreSQL's SQLSTATE for unique_violation.
const pgUniqueViolation = "23505"

func noRows(err error) bool { return errors.Is(err, sql.ErrNoRows) }

// now is the one clock of the store: UTC, so SQLite's text timestamps sort.
func now() time.Time { return time.Now().UTC().Truncate(time.Microsecond) }
