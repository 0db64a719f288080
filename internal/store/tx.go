package store

import (
	"context"
	"database/sql"
)

// Rebind turns a query written with "?" placeholders into the dialect's
// form, for packages that keep their own tables (internal/jobs).
func (s *Store) Rebind(query string) string { return s.rebind(query) }

// InTx runs fn in one transaction, committed when fn returns nil and rolled
// back otherwise: what fn writes, with the tx, lands together or not at all.
func (s *Store) InTx(ctx context.Context, fn func(tx *sql.Tx) error) error {
	tx, err := s.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	if err := fn(tx); err != nil {
		tx.Rollback()
		return err
	}
	return tx.Commit()
}

// IsUniqueViolation reports whether err is a unique-constraint failure in
// either engine, for packages that keep their own tables (internal/deals:
// an inquiry's one deal).
func IsUniqueViolation(err error) bool { return isUniqueViolation(err) }
