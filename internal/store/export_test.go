package store

import "database/sql"

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
