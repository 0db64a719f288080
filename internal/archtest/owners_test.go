// Package archtest holds the checks of the code's shape that no one
// package can make about itself.
package archtest

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// owners names the one package (under internal/) that runs SQL on each
// table: a capability's tables are its own, and what another capability
// must know it asks the owner for. "store" still owns the tables of the
// home page's lists and of accounts, which it serves to the packages that
// hold their routes.
var owners = map[string]string{
	"analytics_daily":        "analytics",
	"analytics_events":       "analytics",
	"analytics_hourly":       "analytics",
	"analytics_pitch_events": "analytics",
	"analytics_pitch_links":  "analytics",
	"analytics_pitch_visits": "analytics",
	"analytics_salts":        "analytics",
	"analytics_state":        "analytics",
	"billing_profile":        "billing",
	"invoice_lines":          "billing",
	"invoice_payments":       "billing",
	"invoice_reminders":      "billing",
	"invoice_series":         "billing",
	"invoices":               "billing",
	"card_sessions":          "billing/card",
	"card_payments":          "billing/card",
	"quotes":                 "quotes",
	"quote_lines":            "quotes",
	"deals":                  "deals",
	"deal_events":            "deals",
	"deal_rooms":             "rooms",
	"room_drafts":            "rooms",
	"room_licences":          "rooms",
	"room_links":             "rooms",
	"licence_reminders":      "rooms",
	"mail_autoreplies":       "store",
	"jobs":                   "jobs",
	"rate_limits":            "ratelimit",
	"content_version":        "contentversion",
	"media_assets":           "store",
	"upload_chunks":          "store",
	"uploads":                "store",
	"site_secrets":           "store",
	"sessions":               "store",
	"users":                  "store",
	"portfolio_items":        "store",
	"testimonials":           "store",
	"client_logos":           "store",
	"website_content":        "store",
	"contact_inquiries":      "store",
	"mediakit_settings":      "mediakit",
	"fiken_connection":       "billing/fiken",
	"fiken_documents":        "billing/fiken",
	"fiken_payments":         "billing/fiken",
}

// everyTable is allowed to name any table: it copies or checks the whole
// database (the engine-to-engine copy, the backup, the migrations' own
// checks).
var everyTable = []string{"sitecopy", "backup", "store/storetest"}

// crossings are the places where a package still runs SQL on another's
// table, each with why; the list only shrinks: a new crossing fails the
// test, and so does one listed here that is gone (remove it).
var crossings = map[string]string{
	"analytics contact_inquiries":    "a pitch link is written on the inquiry's row (pitch_link_id) and counted from it; the activity feed lists the newest inquiries",
	"analytics portfolio_items":      "plays count only for videos that are portfolio items",
	"analytics media_assets":         "the activity feed lists finished photos and videos",
	"analytics room_drafts":          "the activity feed leaves out drafts' files",
	"rooms media_assets":             "a draft's processing state and the check that a file is only a draft's",
	"billing/fiken invoice_payments": "a payment queued for Fiken is read with its amount and date from billing's row",
	"deals contact_inquiries":        "the media kit's time to first reply starts at the inquiry a deal was made of",
}

// sqlTable finds the table a statement reads or writes.
var sqlTable = regexp.MustCompile(`(?i)\b(?:FROM|JOIN|INTO|UPDATE|TABLE)\s+([a-z_]+)\b`)

// TestEachTableHasOneOwner reads every non-test Go file under internal/
// and fails when a package runs SQL on a table it does not own.
func TestEachTableHasOneOwner(t *testing.T) {
	for _, table := range migratedTables(t) {
		if owners[table] == "" {
			t.Errorf("table %s (a migration makes it) has no owner: add it to owners", table)
		}
	}
	found := tablesNamedByPackage(t, "..")
	seen := map[string]bool{}
	for pkg, tables := range found {
		if slices.Contains(everyTable, pkg) {
			continue
		}
		for _, table := range tables {
			owner, known := owners[table]
			crossing := pkg + " " + table
			switch {
			case !known:
				t.Errorf("package %s runs SQL on table %s, which has no owner here: add it to owners", pkg, table)
			case owner == pkg:
			case crossings[crossing] != "":
				seen[crossing] = true
			default:
				t.Errorf("package %s runs SQL on table %s, which is %s's: ask %s for it", pkg, table, owner, owner)
			}
		}
	}
	for crossing := range crossings {
		if !seen[crossing] {
			t.Errorf("crossing %q is gone: remove it from crossings", crossing)
		}
	}
	for table, owner := range owners {
		if !slices.Contains(found[owner], table) {
			t.Errorf("owners says %s owns %s, but it runs no SQL on it", owner, table)
		}
	}
}

// migratedTables are the tables the migrations create.
func migratedTables(t *testing.T) []string {
	files, err := filepath.Glob("../store/migrations/*.sql")
	if err != nil || len(files) == 0 {
		t.Fatalf("no migrations found: %v", err)
	}
	create := regexp.MustCompile(`(?i)CREATE TABLE (?:IF NOT EXISTS )?([a-z_]+)`)
	var out []string
	for _, f := range files {
		for _, m := range create.FindAllStringSubmatch(string(must(os.ReadFile(f))), -1) {
			if !slices.Contains(out, m[1]) {
				out = append(out, m[1])
			}
		}
	}
	return out
}

// tablesNamedByPackage maps each package directory (relative to root) to
// the known tables its non-test Go files name in SQL string literals.
func tablesNamedByPackage(t *testing.T, root string) map[string][]string {
	t.Helper()
	known := map[string]bool{}
	for table := range maps.Keys(owners) {
		known[table] = true
	}
	found := map[string][]string{}
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return err
		}
		pkg := filepath.ToSlash(filepath.Dir(must(filepath.Rel(root, path))))
		for _, table := range tablesIn(t, path) {
			if (known[table] || looksLikeTable(table)) && !slices.Contains(found[pkg], table) {
				found[pkg] = append(found[pkg], table)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return found
}

// looksLikeTable keeps names that are tables of the schema; words such as
// "from a" in prose are not.
func looksLikeTable(name string) bool {
	_, ok := owners[name]
	return ok
}

// tablesIn lists the table names that the SQL in a file's string literals
// names.
func tablesIn(t *testing.T, path string) []string {
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	f, err := parser.ParseFile(token.NewFileSet(), path, src, parser.SkipObjectResolution)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	ast.Inspect(f, func(n ast.Node) bool {
		lit, ok := n.(*ast.BasicLit)
		if !ok || lit.Kind != token.STRING {
			return true
		}
		s, err := strconv.Unquote(lit.Value)
		if err != nil {
			return true
		}
		for _, m := range sqlTable.FindAllStringSubmatch(s, -1) {
			out = append(out, strings.ToLower(m[1]))
		}
		return true
	})
	return out
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}
