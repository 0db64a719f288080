package config

import (
	"errors"
	"strings"
)

// ErrDatabaseURL is the one answer to a DATABASE_URL that names no
// PostgreSQL server, from config's validation and from store.Open alike.
var ErrDatabaseURL = errors.New("DATABASE_URL must start with postgres:// or postgresql://")

// IsPostgresURL reports whether dsn names a PostgreSQL server. It lives in
// config, which imports no package of ours, so that the store can use it
// without config depending on the store.
func IsPostgresURL(dsn string) bool {
	return strings.HasPrefix(dsn, "postgres://") || strings.HasPrefix(dsn, "postgresql://")
}
