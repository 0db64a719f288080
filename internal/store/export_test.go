package store

import (
	"context"
	"database/sql"
)

// Unexported names the external tests check.
var (
	Migrations = migrations
)

// MigrationVersions lists the versions goose finds for engine d, in order.
// Goose wants a handle but listing touches no database: an unopened one does.
func MigrationVersions(d Dialect) ([]int64, error) {
	db, err := sql.Open("sqlite", "file::memory:")
	if err != nil {
		return nil, err
	}
	defer db.Close()
	p, err := migrationProvider(db, d)
	if err != nil {
		return nil, err
	}
	var out []int64
	for _, m := range p.ListSources() {
		out = append(out, m.Version)
	}
	return out, nil
}

// OpenUnmigrated opens a database as Open does (PostgreSQL for a URL, else
// the SQLite file) without running any migration.
func OpenUnmigrated(databaseURL, sqlitePath string) (*Store, error) {
	if databaseURL != "" {
		return openPostgres(databaseURL)
	}
	return openSQLite(sqlitePath)
}

// MigrateTo runs the migrations up to version, as an older binary did.
func (s *Store) MigrateTo(ctx context.Context, version int64) error {
	p, err := migrationProvider(s.DB, s.Dialect)
	if err != nil {
		return err
	}
	_, err = p.UpTo(ctx, version)
	return err
}
