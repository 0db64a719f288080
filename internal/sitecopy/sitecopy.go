// Package sitecopy moves a whole site from one database and storage to
// another (`ugcfolio migrate`): every row of every table, ids and all, and
// every stored file, originals and processed files alike, under the same
// names, so every URL and id of the old site means the same on the new one.
//
// It is safe to run again: files already in the target with the same size
// are skipped, and the rows are written in one transaction on the target,
// last, so a run that fails leaves the target's database as it was. A
// target database that holds rows is refused unless Replace says to empty
// it first (in the same transaction).
package sitecopy

import (
	"context"
	"database/sql"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/ugcfolio/ugcfolio/internal/media"
	"github.com/ugcfolio/ugcfolio/internal/store"
)

// Files is storage that can be listed and copied from or into.
type Files interface {
	media.Storage
	media.Lister
}

// Site is one end of a move.
type Site struct {
	Store *store.Store
	// Files are its stored files; nil when they are not moved (the
	// database alone changes, the files stay where they are).
	Files Files
}

// Options say what Run moves where.
type Options struct {
	From, To Site
	// Replace empties the target's tables before copying, instead of
	// refusing a target that holds rows.
	Replace bool
	// Out gets a line per step (nil: nothing is printed).
	Out io.Writer
}

// Report is what Run did.
type Report struct {
	Tables []TableReport
	Files  FileReport
	Took   time.Duration
}

// TableReport is one table copied.
type TableReport struct {
	Name   string
	Rows   int64
	NextID int64 // the id its next row gets (0: no generated id)
}

// Rows is the number of rows copied in all.
func (r Report) Rows() (n int64) {
	for _, t := range r.Tables {
		n += t.Rows
	}
	return n
}

// NotEmptyError is the refusal of a target database that holds rows.
type NotEmptyError struct{ Tables []string }

func (e *NotEmptyError) Error() string {
	return "the target database is not empty (" + strings.Join(e.Tables, ", ") +
		"): give --replace to replace what it holds with the site's rows"
}

// Run copies the site From into To.
func Run(ctx context.Context, o Options) (Report, error) {
	start := time.Now()
	var rep Report
	from, to, err := matchingTables(ctx, o.From.Store, o.To.Store)
	if err != nil {
		return rep, err
	}
	full, err := inUse(ctx, o.To.Store, to)
	if err != nil {
		return rep, err
	}
	if len(full) > 0 && !o.Replace {
		return rep, &NotEmptyError{Tables: full}
	}

	// One read transaction on the source: every row comes from the same
	// moment, and files are listed after it began, so every file a copied
	// row names is there (files are stored before rows name them).
	src, err := beginSnapshot(ctx, o.From.Store)
	if err != nil {
		return rep, err
	}
	defer src.Rollback()
	if _, err := o.From.Store.RowCounts(ctx, src); err != nil { // the snapshot starts at its first read
		return rep, err
	}
	if o.From.Files != nil && o.To.Files != nil {
		if rep.Files, err = copyFiles(ctx, o.From.Files, o.To.Files, o.Out); err != nil {
			return rep, err
		}
		printf(o.Out, "Files: %d copied (%s), %d already there%s\n", rep.Files.Copied, size(rep.Files.Bytes), rep.Files.Skipped, rep.Files.vanishedNote())
	}
	if rep.Tables, err = copyDatabase(ctx, o, src, from, to); err != nil {
		return rep, err
	}
	rep.Took = time.Since(start)
	return rep, nil
}

// matchingTables lists both databases' tables, in the target's order, and
// checks that they have the same tables and columns (the same schema
// version should guarantee it; a difference would lose data).
func matchingTables(ctx context.Context, fromStore, toStore *store.Store) (from map[string]store.Table, to []store.Table, err error) {
	fromList, err := fromStore.Tables(ctx)
	if err != nil {
		return nil, nil, fmt.Errorf("source database: %w", err)
	}
	if to, err = toStore.Tables(ctx); err != nil {
		return nil, nil, fmt.Errorf("target database: %w", err)
	}
	from = map[string]store.Table{}
	for _, t := range fromList {
		from[t.Name] = t
	}
	if len(from) != len(to) {
		return nil, nil, fmt.Errorf("the databases have different tables (%d and %d)", len(from), len(to))
	}
	for _, t := range to {
		f, ok := from[t.Name]
		if !ok {
			return nil, nil, fmt.Errorf("the source database has no table %s", t.Name)
		}
		if !slices.Equal(sorted(columnNames(f)), sorted(columnNames(t))) {
			return nil, nil, fmt.Errorf("table %s has columns %v in the source and %v in the target", t.Name, columnNames(f), columnNames(t))
		}
	}
	return from, to, nil
}

func columnNames(t store.Table) []string {
	names := make([]string, len(t.Columns))
	for i, c := range t.Columns {
		names[i] = c.Name
	}
	return names
}

func sorted(s []string) []string { return slices.Sorted(slices.Values(s)) }

// inUse names the tables of a database that hold more rows than its
// migrations put there, with their counts: a database in use.
func inUse(ctx context.Context, st *store.Store, tables []store.Table) ([]string, error) {
	fresh, err := store.FreshRowCounts(ctx)
	if err != nil {
		return nil, err
	}
	counts, err := st.RowCounts(ctx, st.DB)
	if err != nil {
		return nil, err
	}
	var full []string
	for _, t := range tables {
		if n := counts[t.Name]; n > fresh[t.Name] {
			full = append(full, fmt.Sprintf("%s: %d", t.Name, n))
		}
	}
	return full, nil
}

// beginSnapshot opens a read transaction that sees one moment of the
// database while the site goes on writing (SQLite: WAL readers; PostgreSQL:
// repeatable read).
func beginSnapshot(ctx context.Context, s *store.Store) (*sql.Tx, error) {
	var opts *sql.TxOptions
	if s.Dialect == store.Postgres {
		opts = &sql.TxOptions{Isolation: sql.LevelRepeatableRead, ReadOnly: true}
	}
	return s.DB.BeginTx(ctx, opts)
}

// copyDatabase writes every table's rows into the target in one
// transaction, after emptying its tables: of what Replace allowed, or of the
// rows its migrations put there (the source has its own of those).
func copyDatabase(ctx context.Context, o Options, src *sql.Tx, from map[string]store.Table, to []store.Table) ([]TableReport, error) {
	var reports []TableReport
	err := o.To.Store.InTx(ctx, func(dst *sql.Tx) error {
		for _, t := range slices.Backward(to) { // those that refer to others first
			if _, err := dst.ExecContext(ctx, `DELETE FROM `+store.Quote(t.Name)); err != nil {
				return fmt.Errorf("empty %s: %w", t.Name, err)
			}
		}
		for _, t := range to {
			r, err := copyTable(ctx, o.From.Store, o.To.Store, src, dst, from[t.Name], t)
			if err != nil {
				return fmt.Errorf("table %s: %w", t.Name, err)
			}
			reports = append(reports, r)
			printf(o.Out, "  %-24s %8d rows\n", t.Name, r.Rows)
		}
		return nil
	})
	return reports, err
}

func printf(w io.Writer, format string, args ...any) {
	if w != nil {
		fmt.Fprintf(w, format, args...)
	}
}

// size writes a byte count for people.
func size(n int64) string {
	switch {
	case n >= 1<<30:
		return fmt.Sprintf("%.1f GB", float64(n)/(1<<30))
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%.1f KB", float64(n)/(1<<10))
	}
	return fmt.Sprintf("%d bytes", n)
}
