package store_test

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/ugcfolio/ugcfolio/internal/store"
	"github.com/ugcfolio/ugcfolio/internal/store/storetest"
)

// Tables lists every table but goose's, each after those it refers to,
// with the column that holds generated ids; NextID goes past deleted rows.
func TestTablesForMigrate(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		tables, err := s.Tables(ctx)
		if err != nil {
			t.Fatal(err)
		}
		pos := map[string]int{}
		byName := map[string]store.Table{}
		for i, tb := range tables {
			pos[tb.Name], byName[tb.Name] = i, tb
		}
		if _, ok := pos["goose_db_version"]; ok || len(tables) < 15 {
			t.Fatalf("tables: %v", pos)
		}
		for _, tb := range tables {
			for _, ref := range tb.Refs {
				if pos[ref] > pos[tb.Name] {
					t.Errorf("%s comes before %s, which it refers to", tb.Name, ref)
				}
			}
		}
		if !slices.Contains(byName["contact_inquiries"].Refs, "analytics_pitch_links") || !slices.Contains(byName["uploads"].Refs, "users") {
			t.Errorf("foreign keys not found: %+v %+v", byName["contact_inquiries"], byName["uploads"])
		}
		for name, want := range map[string]string{"users": "id", "portfolio_items": "id", "jobs": "id", "analytics_events": "id", "sessions": "", "media_assets": "", "analytics_daily": ""} {
			if got := byName[name].Identity; got != want {
				t.Errorf("%s: identity %q, want %q", name, got, want)
			}
		}
		kinds := map[string]store.ColumnKind{}
		for _, c := range byName["users"].Columns {
			kinds[c.Name] = c.Kind
		}
		if kinds["is_admin"] != store.KindBool || kinds["created_at"] != store.KindTime || kinds["id"] != store.KindInt || kinds["username"] != store.KindText {
			t.Errorf("users' column kinds: %v", kinds)
		}

		items := byName["portfolio_items"]
		for range 3 {
			if _, err := s.CreatePortfolioItem(ctx, store.PortfolioInput{Title: "x", Category: "product", Language: "no"}); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := s.DeletePortfolioItem(ctx, 3); err != nil {
			t.Fatal(err)
		}
		if next, err := s.NextID(ctx, s.DB, items); err != nil || next != 4 {
			t.Fatalf("next id after deleting the last of 3: %d, %v", next, err)
		}
	})
}

// OpenExisting opens a database at this binary's schema version only, and
// creates nothing.
func TestOpenExistingChecksTheVersion(t *testing.T) {
	path := filepath.Join(t.TempDir(), "site.db")
	if _, err := store.OpenExisting(ctx, "", path); err == nil || !strings.Contains(err.Error(), "no database at") {
		t.Fatalf("missing file: %v", err)
	}
	s, err := store.Open(ctx, "", path)
	if err != nil {
		t.Fatal(err)
	}
	s.Close()
	same, err := store.OpenExisting(ctx, "", path)
	if err != nil {
		t.Fatalf("same version: %v", err)
	}
	if _, err := same.DB.Exec(`DELETE FROM goose_db_version WHERE id = (SELECT MAX(id) FROM goose_db_version)`); err != nil {
		t.Fatal(err)
	}
	same.Close()
	if _, err := store.OpenExisting(ctx, "", path); err == nil || !strings.Contains(err.Error(), "schema version") {
		t.Fatalf("an older schema: %v", err)
	}
}
