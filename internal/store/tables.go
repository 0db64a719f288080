package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"
)

// What `ugcfolio migrate` (internal/sitecopy) needs to copy a whole site
// between engines: the tables with their columns, in an order that keeps
// foreign keys satisfied, and the counters behind generated ids. The
// catalogue queries differ by engine, so they live here with the other
// dialect differences.

// Table is one of the site's tables (goose's own bookkeeping excluded).
type Table struct {
	Name    string
	Columns []Column
	// Identity is the column whose values the database generates ("id"),
	// or "" when the table has none.
	Identity string
	// Refs are the tables its foreign keys point at.
	Refs []string
	// autoincrement: an SQLite table whose counter is kept in
	// sqlite_sequence (ids of deleted rows are never given again).
	autoincrement bool
}

// Column is a column and the kind of value it holds.
type Column struct {
	Name string
	Kind ColumnKind
}

// ColumnKind is what a column holds, in terms both engines share.
type ColumnKind string

const (
	KindInt   ColumnKind = "int"
	KindFloat ColumnKind = "float"
	KindBool  ColumnKind = "bool"
	KindTime  ColumnKind = "time"
	KindBytes ColumnKind = "bytes"
	KindText  ColumnKind = "text"
)

// kindOf maps a declared (SQLite) or data type (PostgreSQL) to a kind.
func kindOf(declared string) ColumnKind {
	t := strings.ToUpper(declared)
	switch {
	case strings.Contains(t, "BOOL"):
		return KindBool
	case strings.Contains(t, "TIME"), strings.Contains(t, "DATE"):
		return KindTime
	case strings.Contains(t, "INT"):
		return KindInt
	case strings.Contains(t, "BLOB"), strings.Contains(t, "BYTEA"):
		return KindBytes
	case strings.Contains(t, "REAL"), strings.Contains(t, "DOUB"), strings.Contains(t, "FLOA"), strings.Contains(t, "NUMERIC"):
		return KindFloat
	}
	return KindText
}

// gooseTable is goose's record of the migrations run: each engine keeps
// its own, so it is never copied.
const gooseTable = "goose_db_version"

// Tables lists the site's tables, each after the tables it refers to.
func (s *Store) Tables(ctx context.Context) ([]Table, error) {
	names, err := s.tableNames(ctx)
	if err != nil {
		return nil, err
	}
	tables := make([]Table, 0, len(names))
	for _, name := range names {
		t := Table{Name: name}
		if s.Dialect == Postgres {
			err = s.pgTable(ctx, &t)
		} else {
			err = s.sqliteTable(ctx, &t)
		}
		if err != nil {
			return nil, fmt.Errorf("table %s: %w", name, err)
		}
		tables = append(tables, t)
	}
	return sortByRefs(tables)
}

func (s *Store) tableNames(ctx context.Context) ([]string, error) {
	q := `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name`
	if s.Dialect == Postgres {
		q = `SELECT table_name FROM information_schema.tables
		     WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name`
	}
	all, err := s.strings(ctx, q)
	return slices.DeleteFunc(all, func(n string) bool { return n == gooseTable }), err
}

func (s *Store) sqliteTable(ctx context.Context, t *Table) error {
	rows, err := s.DB.QueryContext(ctx, `SELECT name, type, pk FROM pragma_table_info(?) ORDER BY cid`, t.Name)
	if err != nil {
		return err
	}
	defer rows.Close()
	pks := 0
	var intPK string
	for rows.Next() {
		var name, declared string
		var pk int
		if err := rows.Scan(&name, &declared, &pk); err != nil {
			return err
		}
		t.Columns = append(t.Columns, Column{Name: name, Kind: kindOf(declared)})
		if pk > 0 {
			pks++
			if strings.EqualFold(declared, "INTEGER") {
				intPK = name
			}
		}
	}
	if err := rows.Err(); err != nil {
		return err
	}
	if pks == 1 { // INTEGER PRIMARY KEY alone is the rowid: generated
		t.Identity = intPK
	}
	var ddl string
	if err := s.DB.QueryRowContext(ctx, `SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?`, t.Name).Scan(&ddl); err != nil {
		return err
	}
	t.autoincrement = t.Identity != "" && strings.Contains(strings.ToUpper(ddl), "AUTOINCREMENT")
	t.Refs, err = s.strings(ctx, `SELECT DISTINCT "table" FROM pragma_foreign_key_list(?)`, t.Name)
	return err
}

func (s *Store) pgTable(ctx context.Context, t *Table) error {
	rows, err := s.DB.QueryContext(ctx, `SELECT column_name, data_type, is_identity FROM information_schema.columns
		WHERE table_schema = current_schema() AND table_name = $1 ORDER BY ordinal_position`, t.Name)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var name, dataType, identity string
		if err := rows.Scan(&name, &dataType, &identity); err != nil {
			return err
		}
		t.Columns = append(t.Columns, Column{Name: name, Kind: kindOf(dataType)})
		if identity == "YES" {
			t.Identity = name
		}
	}
	if err := rows.Err(); err != nil {
		return err
	}
	t.Refs, err = s.strings(ctx, `SELECT DISTINCT r.relname FROM pg_constraint c
		JOIN pg_class l ON l.oid = c.conrelid JOIN pg_class r ON r.oid = c.confrelid
		WHERE c.contype = 'f' AND l.relname = $1 AND l.relnamespace = current_schema()::regnamespace`, t.Name)
	return err
}

func (s *Store) strings(ctx context.Context, q string, args ...any) ([]string, error) {
	rows, err := s.DB.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var v string
		if err := rows.Scan(&v); err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, rows.Err()
}

// sortByRefs orders tables so that each comes after those it refers to
// (a table referring to itself is fine: its rows are copied in id order).
func sortByRefs(tables []Table) ([]Table, error) {
	var out []Table
	placed := map[string]bool{}
	for len(out) < len(tables) {
		progress := false
		for _, t := range tables {
			if placed[t.Name] {
				continue
			}
			ready := true
			for _, r := range t.Refs {
				if r != t.Name && !placed[r] {
					ready = false
				}
			}
			if ready {
				out, placed[t.Name], progress = append(out, t), true, true
			}
		}
		if !progress {
			return nil, errors.New("the foreign keys between tables form a cycle")
		}
	}
	return out, nil
}

// Quote quotes an identifier the catalogue gave (a table or column name).
func Quote(name string) string { return `"` + strings.ReplaceAll(name, `"`, `""`) + `"` }

// NextID is the id the database would give the next row of t: past every
// id it has given, including those of rows deleted since.
func (s *Store) NextID(ctx context.Context, q Querier, t Table) (int64, error) {
	if t.Identity == "" {
		return 0, nil
	}
	var maxID sql.NullInt64
	if err := q.QueryRowContext(ctx, `SELECT MAX(`+Quote(t.Identity)+`) FROM `+Quote(t.Name)).Scan(&maxID); err != nil {
		return 0, err
	}
	next := maxID.Int64 + 1
	var given sql.NullInt64
	var err error
	switch {
	case s.Dialect == Postgres:
		// last_value is the last id given once is_called; before any, the first to give.
		var seq string
		var called bool
		if err = q.QueryRowContext(ctx, `SELECT pg_get_serial_sequence($1, $2)`, t.Name, t.Identity).Scan(&seq); err != nil {
			return 0, err
		}
		// seq comes from the catalogue, already quoted where it needs to be.
		err = q.QueryRowContext(ctx, `SELECT last_value, is_called FROM `+seq).Scan(&given, &called)
		if err == nil && !called {
			given.Int64--
		}
	case t.autoincrement:
		err = q.QueryRowContext(ctx, `SELECT seq FROM sqlite_sequence WHERE name = ?`, t.Name).Scan(&given)
		if noRows(err) {
			err = nil
		}
	}
	return max(next, given.Int64+1), err
}

// SetNextID makes the database give next as the next id of t (after rows
// were inserted with their ids).
func (s *Store) SetNextID(ctx context.Context, tx *sql.Tx, t Table, next int64) error {
	if t.Identity == "" || next < 1 {
		return nil
	}
	if s.Dialect == Postgres {
		_, err := tx.ExecContext(ctx, `SELECT setval(pg_get_serial_sequence($1, $2), $3, false)`, t.Name, t.Identity, next)
		return err
	}
	if !t.autoincrement { // the rowid follows the largest id by itself
		return nil
	}
	res, err := tx.ExecContext(ctx, `UPDATE sqlite_sequence SET seq = ? WHERE name = ?`, next-1, t.Name)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		_, err = tx.ExecContext(ctx, `INSERT INTO sqlite_sequence (name, seq) VALUES (?, ?)`, t.Name, next-1)
	}
	return err
}

// Querier is a *sql.DB or a *sql.Tx.
type Querier interface {
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

// OpenExisting connects to a site's database like Open, but creates and
// migrates nothing: the database must exist and be at this binary's schema
// version (migrate reads a site another process may be serving).
func OpenExisting(ctx context.Context, databaseURL, sqlitePath string) (*Store, error) {
	var s *Store
	var err error
	if databaseURL != "" {
		s, err = openPostgres(databaseURL)
	} else {
		if _, err := os.Stat(sqlitePath); err != nil {
			return nil, fmt.Errorf("no database at %s: %w", sqlitePath, errors.Unwrap(err))
		}
		s, err = openSQLite(sqlitePath)
	}
	if err != nil {
		return nil, err
	}
	if err := s.checkVersion(ctx); err != nil {
		s.DB.Close()
		return nil, err
	}
	return s, nil
}

// checkVersion answers an error unless every migration of this binary, and
// none other, has run on the database.
func (s *Store) checkVersion(ctx context.Context) error {
	p, err := migrationProvider(s.DB, s.Dialect)
	if err != nil {
		return err
	}
	sources := p.ListSources()
	want := sources[len(sources)-1].Version
	have, err := p.GetDBVersion(ctx)
	if err != nil {
		return fmt.Errorf("read the schema version: %w", err)
	}
	if have != want {
		return fmt.Errorf("the database is at schema version %d and this ugcfolio at %d: run the same version of ugcfolio as the site (serve migrates it at start)", have, want)
	}
	return nil
}
