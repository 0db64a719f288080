package sitecopy

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/ugcfolio/ugcfolio/internal/media"
	"github.com/ugcfolio/ugcfolio/internal/media/s3test"
	"github.com/ugcfolio/ugcfolio/internal/store"
	"github.com/ugcfolio/ugcfolio/internal/store/storetest"
)

var ctx = context.Background()

// A site on SQLite and local files goes to the other engine (PostgreSQL
// with TEST_DATABASE_URL, else another SQLite file) and to an S3 bucket,
// then back into a fresh SQLite file: every row comes back the same, with
// its id, ids go on where the site's stopped (past deleted rows), every
// file is there under its name, and a second run is refused unless told,
// then copies no file twice.
func TestMoveThereAndBack(t *testing.T) {
	source := storetest.SQLite(t)
	fill(t, source)
	localDir := t.TempDir()
	localFiles := media.NewLocal(localDir)
	files := map[string][]byte{"a1b2c3d4.mp4": bytes.Repeat([]byte("video"), 40000), "p_0123abcd.webp": []byte("webp bytes")}
	for name, b := range files {
		if err := localFiles.Put(ctx, name, bytes.NewReader(b), int64(len(b))); err != nil {
			t.Fatal(err)
		}
	}
	os.WriteFile(filepath.Join(localDir, ".put-123"), []byte("half a file"), 0o600)
	want := dump(t, source)

	target := storetest.SQLite(t)
	if os.Getenv("TEST_DATABASE_URL") != "" {
		target = storetest.Postgres(t)
	}
	o := s3test.Start(t)
	bucket, err := media.NewS3(ctx, o)
	if err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	rep, err := Run(ctx, Options{From: Site{source, localFiles}, To: Site{target, bucket}, Out: &out})
	if err != nil {
		t.Fatalf("run: %v\n%s", err, out.String())
	}
	t.Logf("%s", out.String())
	if rep.Files.Copied != 2 || rep.Files.Skipped != 0 || rep.Rows() == 0 {
		t.Fatalf("report %+v", rep)
	}
	if got := dump(t, target); got != want {
		t.Fatalf("rows on %s differ:\n got %s\nwant %s", target.Dialect, got, want)
	}
	for name, b := range files {
		f, err := bucket.Open(ctx, name)
		if err != nil {
			t.Fatalf("%s not in the bucket: %v", name, err)
		}
		got, err := io.ReadAll(f)
		f.Close()
		if err != nil || !bytes.Equal(got, b) {
			t.Fatalf("%s differs in the bucket", name)
		}
	}
	if _, err := bucket.Open(ctx, ".put-123"); !errors.Is(err, media.ErrNotFound) {
		t.Fatalf("a temporary file was copied: %v", err)
	}
	// Ids go on past the deleted item 3, as they would have on the site.
	item, err := target.CreatePortfolioItem(ctx, store.PortfolioInput{Title: "Ny", Category: "product", Language: "no", IsActive: true})
	if err != nil || item.ID != 4 {
		t.Fatalf("next item on the target: id %d, %v (want 4)", item.ID, err)
	}
	if _, err := target.DeletePortfolioItem(ctx, item.ID); err != nil {
		t.Fatal(err)
	}

	// Again: refused, and the target keeps what it has.
	_, err = Run(ctx, Options{From: Site{source, localFiles}, To: Site{target, bucket}})
	var notEmpty *NotEmptyError
	if !errors.As(err, &notEmpty) || !strings.Contains(err.Error(), "users: 1") {
		t.Fatalf("second run: %v", err)
	}
	// Told to replace: the rows again, and no file copied twice.
	rep, err = Run(ctx, Options{From: Site{source, localFiles}, To: Site{target, bucket}, Replace: true})
	if err != nil || rep.Files.Copied != 0 || rep.Files.Skipped != 2 {
		t.Fatalf("run with Replace: %+v, %v", rep, err)
	}
	if got := dump(t, target); got != want {
		t.Fatalf("rows after Replace differ:\n got %s\nwant %s", got, want)
	}

	// And back to one server: a fresh SQLite file and a directory. A key
	// that is no stored file's name (work in progress of another tool) stays.
	s3test.Put(t, s3test.Client(t, o), o.Bucket, "chunks/upload-1/0", []byte("a chunk"))
	back := storetest.SQLite(t)
	backDir := t.TempDir()
	backFiles := media.NewLocal(backDir)
	if _, err := Run(ctx, Options{From: Site{target, bucket}, To: Site{back, backFiles}}); err != nil {
		t.Fatal(err)
	}
	if got := dump(t, back); got != want {
		t.Fatalf("rows back on SQLite differ:\n got %s\nwant %s", got, want)
	}
	item, err = back.CreatePortfolioItem(ctx, store.PortfolioInput{Title: "Ny", Category: "product", Language: "no", IsActive: true})
	if err != nil || item.ID != 4 { // Replace took the site's counter too
		t.Fatalf("next item back on SQLite: id %d, %v (want 4)", item.ID, err)
	}
	for name, b := range files {
		if got, err := os.ReadFile(filepath.Join(backDir, name)); err != nil || !bytes.Equal(got, b) {
			t.Fatalf("%s back on disk: %v", name, err)
		}
	}
	if back, _ := os.ReadDir(backDir); len(back) != len(files) {
		t.Fatalf("back on disk: %v", back)
	}
}

// A run that fails midway leaves the target's database as it was, so it
// can be run again once the cause is fixed.
func TestFailedRunWritesNothing(t *testing.T) {
	source := storetest.SQLite(t)
	fill(t, source)
	// SQLite keeps what it is given: a size that is no number cannot be
	// copied into an integer column.
	if _, err := source.DB.Exec(`INSERT INTO uploads (id, user_id, file_name, file_size, file_type, total_chunks) VALUES ('broken-upload', 1, 'a.mp4', 'big', 'video/mp4', 1)`); err != nil {
		t.Fatal(err)
	}
	target := storetest.SQLite(t)
	_, err := Run(ctx, Options{From: Site{Store: source}, To: Site{Store: target}})
	if err == nil || !strings.Contains(err.Error(), "uploads") || !strings.Contains(err.Error(), "file_size") {
		t.Fatalf("run: %v", err)
	}
	tables, err := target.Tables(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if full, err := inUse(ctx, target, tables); err != nil || len(full) > 0 {
		t.Fatalf("the failed run left rows: %v %v", full, err)
	}
}

// fill writes a row into the tables with the awkward values: booleans,
// times, bytes, NULLs, foreign keys, a deleted row behind the counter.
func fill(t *testing.T, s *store.Store) {
	t.Helper()
	at := time.Date(2026, 3, 4, 5, 6, 7, 891011000, time.UTC)
	for _, q := range []struct {
		sql  string
		args []any
	}{
		{`INSERT INTO users (username, display_name, password_hash, is_admin, created_at) VALUES (?, ?, ?, ?, ?)`, []any{"owner@example.no", "Eier", "$argon2id$x", true, at}},
		{`INSERT INTO sessions (token, data, expiry) VALUES (?, ?, ?)`, []any{"tok", []byte{0, 1, 2, 255}, at}},
		{`INSERT INTO website_content (section, language, content, updated_at) VALUES (?, ?, ?, ?)`, []any{"hero", "no", `{"title":"Hei"}`, at}},
		{`INSERT INTO portfolio_items (title, category, video_url, featured, language, is_active, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)`, []any{"En", "brand", "/uploads/a1b2c3d4.mp4", true, "no", true, at}},
		{`INSERT INTO portfolio_items (title, category, language, is_active, created_at) VALUES (?, ?, ?, ?, ?)`, []any{"To", "social", "en", false, at}},
		{`INSERT INTO portfolio_items (title, category, language, created_at) VALUES (?, ?, ?, ?)`, []any{"Tre", "other", "en", at}},
		{`DELETE FROM portfolio_items WHERE id = 3`, nil},
		{`INSERT INTO testimonials (name, company, rating, testimonial, language, is_active) VALUES (?, ?, ?, ?, ?, ?)`, []any{"Kari", "Firma", 4, "Bra", "no", false}},
		{`INSERT INTO client_logos (name, image_url, link_url, sort_position, created_at) VALUES (?, ?, ?, ?, ?)`, []any{"Fjellkaffe", "/uploads/a1b2c3d4.png", "", -2, at}},
		{`INSERT INTO analytics_pitch_links (token, name, created_at) VALUES (?, ?, ?)`, []any{"abcdefgh12345678", "Merke", at}},
		{`INSERT INTO contact_inquiries (name, email, message, is_read, created_at, pitch_link_id, notified_at) VALUES (?, ?, ?, ?, ?, ?, ?)`, []any{"Ola", "ola@example.no", "Hei", true, at, 1, nil}},
		{`INSERT INTO analytics_events (at, day, hour, visitor, kind, item, value) VALUES (?, ?, ?, ?, ?, ?, ?)`, []any{at, "2026-03-04", "2026-03-04T05", "v1", "play", 1, 50}},
		{`INSERT INTO jobs (kind, subject, state, max_attempts, run_at, created_at, updated_at, progress) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`, []any{"video", "a1b2c3d4.mp4", "done", 3, at, at, at, 100}},
		{`INSERT INTO media_assets (stored_name, kind, status, outputs, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)`, []any{"a1b2c3d4.mp4", "video", "ready", `[{"name":"p_0123abcd.webp"}]`, at, at}},
		{`INSERT INTO uploads (id, user_id, file_name, file_size, file_type, total_chunks, stored_name, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`, []any{"upload-1", 1, "a.mp4", 200000, "video/mp4", 1, "a1b2c3d4.mp4", at}},
	} {
		if _, err := s.DB.Exec(s.Rebind(q.sql), q.args...); err != nil {
			t.Fatalf("%s: %v", q.sql, err)
		}
	}
}

// dump is every row of every table as text both engines write alike.
func dump(t *testing.T, s *store.Store) string {
	t.Helper()
	tables, err := s.Tables(ctx)
	if err != nil {
		t.Fatal(err)
	}
	slices.SortFunc(tables, func(a, b store.Table) int { return strings.Compare(a.Name, b.Name) })
	var b strings.Builder
	for _, tb := range tables {
		cols := slices.Clone(tb.Columns)
		slices.SortFunc(cols, func(a, b store.Column) int { return strings.Compare(a.Name, b.Name) })
		names := make([]string, len(cols))
		for i, c := range cols {
			names[i] = store.Quote(c.Name)
		}
		rows, err := s.DB.Query(`SELECT ` + strings.Join(names, ", ") + ` FROM ` + store.Quote(tb.Name))
		if err != nil {
			t.Fatal(err)
		}
		var lines []string
		for rows.Next() {
			vals := make([]any, len(cols))
			ptrs := make([]any, len(cols))
			for i := range vals {
				ptrs[i] = &vals[i]
			}
			if err := rows.Scan(ptrs...); err != nil {
				t.Fatal(err)
			}
			var line []string
			for i, c := range cols {
				v, err := convert(vals[i], c.Kind)
				if err != nil {
					t.Fatal(err)
				}
				if tm, ok := v.(time.Time); ok {
					v = tm.Format(time.RFC3339Nano)
				}
				line = append(line, fmt.Sprintf("%s=%v", c.Name, v))
			}
			lines = append(lines, strings.Join(line, " "))
		}
		rows.Close()
		slices.Sort(lines)
		fmt.Fprintf(&b, "\n%s: %s", tb.Name, strings.Join(lines, " | "))
	}
	return b.String()
}
