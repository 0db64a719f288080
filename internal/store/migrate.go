package store

import (
	"context"
	"database/sql"
	"embed"
	"fmt"
	"io/fs"
	"strings"

	"github.com/pressly/goose/v3"
)

//go:embed migrations
var migrations embed.FS

func (s *Store) migrate(ctx context.Context) error {
	p, err := migrationProvider(s.DB, s.Dialect)
	if err != nil {
		return fmt.Errorf("prepare migrations: %w", err)
	}
	if _, err := p.Up(ctx); err != nil {
		return fmt.Errorf("run migrations: %w", err)
	}
	return nil
}

// Migrations live in one folder, in goatcounter's layout: "00002_name.sql"
// serves both engines, and a migration whose SQL differs is a pair
// "00001_name-sqlite.sql" and "00001_name-postgres.sql". Goose reads the
// version from the digits before "_" and records only that number, so a pair
// is one version; each engine sees its own half and the shared files.
func migrationProvider(db *sql.DB, d Dialect) (*goose.Provider, error) {
	dir, err := fs.Sub(migrations, "migrations")
	if err != nil {
		return nil, err
	}
	entries, err := fs.ReadDir(dir, ".")
	if err != nil {
		return nil, err
	}
	var otherEngines []string
	for _, e := range entries {
		if engine := migrationDialect(e.Name()); engine != "" && engine != d {
			otherEngines = append(otherEngines, e.Name())
		}
	}
	gooseDialect := goose.DialectSQLite3
	if d == Postgres {
		gooseDialect = goose.DialectPostgres
	}
	return goose.NewProvider(gooseDialect, db, dir, goose.WithExcludeNames(otherEngines))
}

// migrationDialect names the engine a migration file is for, or "" when it
// serves both.
func migrationDialect(name string) Dialect {
	for _, d := range []Dialect{SQLite, Postgres} {
		if strings.HasSuffix(name, "-"+string(d)+".sql") {
			return d
		}
	}
	return ""
}
