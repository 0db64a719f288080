package store_test

import (
	"context"
	"database/sql"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/ugcfolio/ugcfolio/internal/store"
	"github.com/ugcfolio/ugcfolio/internal/store/storetest"
)

// A migration whose SQL differs per engine is a pair: a file for one engine
// without its twin would leave the other engine a version short, which
// fails here rather than on the first server that runs the other engine.
func TestMigrationPairsAreComplete(t *testing.T) {
	entries, err := fs.ReadDir(store.Migrations, "migrations")
	if err != nil {
		t.Fatal(err)
	}
	names := map[string]bool{}
	for _, e := range entries {
		names[e.Name()] = true
	}
	shared := 0
	for name := range names {
		stem, ok := strings.CutSuffix(name, "-sqlite.sql")
		switch {
		case ok:
			if !names[stem+"-postgres.sql"] {
				t.Errorf("%s has no %s-postgres.sql", name, stem)
			}
		case strings.HasSuffix(name, "-postgres.sql"):
			if !names[strings.TrimSuffix(name, "-postgres.sql")+"-sqlite.sql"] {
				t.Errorf("%s has no -sqlite.sql twin", name)
			}
		default:
			shared++
		}
	}
	if shared == 0 {
		t.Error("no shared migration: is the layout still one folder with -sqlite/-postgres pairs?")
	}
}

// The versions goose has recorded in every database since the first release.
// A released migration keeps its number forever: renumbered, it would run
// again on an upgraded site (or be skipped on a new one).
var releasedVersions = []int64{1, 2, 10, 11, 12}

func TestEachEngineSeesEveryVersionOnce(t *testing.T) {
	for _, d := range []store.Dialect{store.SQLite, store.Postgres} {
		got, err := store.MigrationVersions(d)
		if err != nil {
			t.Fatalf("%s: %v", d, err)
		}
		if len(got) < len(releasedVersions) || !slices.Equal(got[:len(releasedVersions)], releasedVersions) {
			t.Errorf("%s versions %v, want %v first", d, got, releasedVersions)
		}
	}
}

// A site upgraded from the last binary with two migration folders runs no
// migration again: it ends with exactly the schema and version rows of a
// fresh database (the migrations made since are applied once, in order).
func TestUpgradeFromReleasedDatabaseRunsOnlyWhatIsNew(t *testing.T) {
	dump, err := os.ReadFile("testdata/released-bd2091b.sql")
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "ugcfolio.db")
	db, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(string(dump)); err != nil {
		t.Fatalf("load the released database: %v", err)
	}
	db.Close()

	s, err := store.Open(context.Background(), "", path)
	if err != nil {
		t.Fatalf("open the released database: %v", err)
	}
	defer s.Close()
	fresh := storetest.SQLite(t)
	if upgraded, want := sqliteState(t, s.DB), sqliteState(t, fresh.DB); upgraded != want {
		t.Errorf("the upgraded database differs from a fresh one:\nupgraded:\n%s\nfresh:\n%s", upgraded, want)
	}
}

// sqliteState is the schema and the goose version rows, as text to compare.
func sqliteState(t *testing.T, db *sql.DB) string {
	t.Helper()
	var b strings.Builder
	for _, q := range []string{
		`SELECT name || ': ' || sql FROM sqlite_master WHERE sql IS NOT NULL ORDER BY name`,
		`SELECT version_id || ' ' || is_applied FROM goose_db_version ORDER BY id`,
	} {
		for _, line := range strings1(t, db, q) {
			b.WriteString(line + "\n")
		}
	}
	return b.String()
}

// Both engines reach the same tables, columns and indexes, whichever files
// each of them ran.
func TestBothEnginesReachTheSameSchema(t *testing.T) {
	lite, pg := storetest.SQLite(t), storetest.Postgres(t)
	sqliteSchema := columnsByTable(t, lite.DB, `
		SELECT m.name, p.name FROM sqlite_master m, pragma_table_info(m.name) p
		WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite_%'`)
	pgSchema := columnsByTable(t, pg.DB, `
		SELECT table_name, column_name FROM information_schema.columns
		WHERE table_schema = current_schema()`)
	if !maps.EqualFunc(sqliteSchema, pgSchema, slices.Equal) {
		t.Errorf("columns differ:\n sqlite:   %v\n postgres: %v", sqliteSchema, pgSchema)
	}
	// Indexes we create by name; the engines name those behind UNIQUE and
	// PRIMARY KEY constraints each their own way.
	sqliteIndexes := strings1(t, lite.DB, `SELECT name FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL ORDER BY name`)
	pgIndexes := strings1(t, pg.DB, `
		SELECT indexname FROM pg_indexes WHERE schemaname = current_schema()
		AND indexname NOT IN (SELECT conname FROM pg_constraint) ORDER BY indexname`)
	if len(sqliteIndexes) == 0 || !slices.Equal(sqliteIndexes, pgIndexes) {
		t.Errorf("indexes differ:\n sqlite:   %v\n postgres: %v", sqliteIndexes, pgIndexes)
	}
}

func columnsByTable(t *testing.T, db *sql.DB, query string) map[string][]string {
	t.Helper()
	rows, err := db.Query(query)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	out := map[string][]string{}
	for rows.Next() {
		var table, column string
		if err := rows.Scan(&table, &column); err != nil {
			t.Fatal(err)
		}
		out[table] = append(out[table], column)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	for _, cols := range out {
		slices.Sort(cols)
	}
	return out
}

// strings1 answers the one text column of every row of query.
func strings1(t *testing.T, db *sql.DB, query string) []string {
	t.Helper()
	rows, err := db.Query(query)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var s string
		if err := rows.Scan(&s); err != nil {
			t.Fatal(err)
		}
		out = append(out, s)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}
