package backup

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// site makes a small SQLite database and two uploads.
// testKeys sign the tests' backups.
var testKeys = Keys{Sign: []byte("a test key of thirty-two bytes!!")}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

func site(t *testing.T) (Source, string) {
	t.Helper()
	dir := t.TempDir()
	db, err := sql.Open("sqlite", "file:"+filepath.Join(dir, DatabaseFile)+"?_pragma=journal_mode(WAL)")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	if _, err := db.Exec(`CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT); INSERT INTO notes (body) VALUES ('hei'), ('hallo')`); err != nil {
		t.Fatal(err)
	}
	uploads := filepath.Join(dir, UploadsDir)
	os.MkdirAll(uploads, 0o750)
	os.WriteFile(filepath.Join(uploads, "a.mp4"), []byte("video a"), 0o640)
	os.WriteFile(filepath.Join(uploads, "b.mp4"), []byte("video b, longer"), 0o640)
	os.WriteFile(filepath.Join(uploads, ".put-123"), []byte("half a file"), 0o640) // Put's temporary: left out
	return Source{SQLite: db, UploadsDir: uploads, TempDir: dir}, dir
}

func TestBackupManifestAndRestore(t *testing.T) {
	ctx := context.Background()
	src, _ := site(t)
	loc := &dirLocation{dir: t.TempDir()}
	res, err := Run(ctx, src, loc, time.Date(2026, 1, 2, 3, 4, 5, 6e6, time.UTC), testKeys)
	if err != nil {
		t.Fatal(err)
	}
	if res.Name != "ugcfolio-20260102T030405.006Z" {
		t.Errorf("name %s", res.Name)
	}
	var paths []string
	for _, f := range res.Manifest.Files {
		paths = append(paths, f.Path)
	}
	if strings.Join(paths, " ") != "ugcfolio.db uploads/a.mp4 uploads/b.mp4" {
		t.Errorf("files %v", paths)
	}
	if res.Manifest.Database != "sqlite" || !res.Manifest.UploadsIncluded || res.Manifest.Version == "" {
		t.Errorf("manifest %+v", res.Manifest)
	}
	if _, err := os.Stat(filepath.Join(loc.dir, partialDir(res.Name))); !os.IsNotExist(err) {
		t.Errorf("the partial directory is still there: %v", err)
	}

	data := filepath.Join(t.TempDir(), "data")
	if _, err := Restore(ctx, loc, res.Name, data, testKeys); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(filepath.Join(data, "uploads", "b.mp4")); string(b) != "video b, longer" {
		t.Errorf("restored b.mp4 = %q", b)
	}
	db, _ := sql.Open("sqlite", "file:"+filepath.Join(data, DatabaseFile))
	defer db.Close()
	var n int
	if err := db.QueryRow(`SELECT COUNT(*) FROM notes`).Scan(&n); err != nil || n != 2 {
		t.Errorf("restored notes: %d %v", n, err)
	}
	entries, _ := os.ReadDir(data)
	if len(entries) != 2 {
		t.Errorf("data directory holds %d entries, want the database and uploads", len(entries))
	}
}

// Damage of every kind is refused, and the target is left as it was.
func TestRestoreRefusesDamage(t *testing.T) {
	ctx := context.Background()
	src, _ := site(t)
	for _, tc := range []struct {
		name, want string
		damage     func(dir string)
	}{
		{"missing file", "uploads/a.mp4 is missing", func(dir string) { os.Remove(filepath.Join(dir, "uploads", "a.mp4")) }},
		{"longer file", "does not match its checksum", func(dir string) {
			f, _ := os.OpenFile(filepath.Join(dir, "uploads", "b.mp4"), os.O_APPEND|os.O_WRONLY, 0)
			f.Write([]byte("!"))
			f.Close()
		}},
		{"no manifest", "not a complete backup", func(dir string) { os.Remove(filepath.Join(dir, ManifestName)) }},
		{"path outside the backup", "bad file entry", func(dir string) {
			editManifest(t, dir, func(m *Manifest) { m.Files[1].Path = "uploads/../../etc/passwd" })
		}},
		{"other format", "not a ugcfolio backup", func(dir string) { editManifest(t, dir, func(m *Manifest) { m.Format = 99 }) }},
		{"damaged database", "integrity check", func(dir string) {
			// A consistent lie: the database's pages are garbage and the
			// manifest agrees, so only the integrity check can tell.
			p := filepath.Join(dir, DatabaseFile)
			b, _ := os.ReadFile(p)
			for i := 4096; i < len(b); i++ {
				b[i] = 0x5a
			}
			os.WriteFile(p, b, 0o640)
			editManifest(t, dir, func(m *Manifest) { m.Files[0].SHA256 = sha(b) })
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			loc := &dirLocation{dir: t.TempDir()}
			res, err := Run(ctx, src, loc, time.Now(), testKeys)
			if err != nil {
				t.Fatal(err)
			}
			tc.damage(filepath.Join(loc.dir, res.Name))
			data := filepath.Join(t.TempDir(), "data")
			_, err = Restore(ctx, loc, res.Name, data, testKeys)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("restore: %v, want an error with %q", err, tc.want)
			}
			if _, err := os.Stat(data); !os.IsNotExist(err) {
				t.Errorf("a refused restore left %s behind", data)
			}
		})
	}
}

func editManifest(t *testing.T, dir string, edit func(*Manifest)) {
	t.Helper()
	p := filepath.Join(dir, ManifestName)
	raw, err := testKeys.unseal(must(os.ReadFile(p)))
	if err != nil {
		t.Fatal(err)
	}
	var m Manifest
	if err := json.Unmarshal(raw, &m); err != nil {
		t.Fatal(err)
	}
	edit(&m)
	b, err := testKeys.seal(m) // the key's holder lies: only later checks can tell
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(p, b, 0o640)
}

func sha(b []byte) string {
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

func TestRestoreRefusesNonEmptyDirectory(t *testing.T) {
	ctx := context.Background()
	src, _ := site(t)
	loc := &dirLocation{dir: t.TempDir()}
	res, err := Run(ctx, src, loc, time.Now(), testKeys)
	if err != nil {
		t.Fatal(err)
	}
	data := t.TempDir()
	os.WriteFile(filepath.Join(data, "notes.txt"), []byte("mine"), 0o600)
	if _, err := Restore(ctx, loc, res.Name, data, testKeys); err == nil || !strings.Contains(err.Error(), "not empty") {
		t.Fatalf("restore into a non-empty directory: %v", err)
	}
	entries, _ := os.ReadDir(data)
	if len(entries) != 1 {
		t.Errorf("the directory changed: %d entries", len(entries))
	}
}

// On PostgreSQL only the files are backed up, and restore says so.
func TestPostgresBacksUpFilesOnly(t *testing.T) {
	ctx := context.Background()
	src, _ := site(t)
	src.SQLite, src.Postgres = nil, true
	loc := &dirLocation{dir: t.TempDir()}
	res, err := Run(ctx, src, loc, time.Now(), testKeys)
	if err != nil {
		t.Fatal(err)
	}
	if res.Manifest.Database != "postgres" || len(res.Manifest.Files) != 2 {
		t.Fatalf("manifest %+v", res.Manifest)
	}
	data := filepath.Join(t.TempDir(), "data")
	m, err := Restore(ctx, loc, res.Name, data, testKeys)
	if err != nil || m.Database != "postgres" {
		t.Fatalf("restore: %v %+v", err, m)
	}
	if _, err := os.Stat(filepath.Join(data, DatabaseFile)); !os.IsNotExist(err) {
		t.Error("a database appeared from a PostgreSQL backup")
	}
}

// Find takes one backup's own address, or the place holding several (the
// newest is used); incomplete ones are never picked.
func TestFindAndPrune(t *testing.T) {
	ctx := context.Background()
	src, _ := site(t)
	dir := t.TempDir()
	loc := &dirLocation{dir: dir}
	base := time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC)
	for i := range 4 {
		if _, err := Run(ctx, src, loc, base.Add(time.Duration(i)*time.Hour), testKeys); err != nil {
			t.Fatal(err)
		}
	}
	// An interrupted backup, newer than all.
	os.MkdirAll(filepath.Join(dir, partialDir(NameFor(base.Add(10*time.Hour)))), 0o750)

	_, name, err := Find(ctx, dir, S3Settings{})
	if err != nil || name != NameFor(base.Add(3*time.Hour)) {
		t.Fatalf("Find(dir) = %s, %v", name, err)
	}
	_, name, err = Find(ctx, filepath.Join(dir, NameFor(base.Add(time.Hour))), S3Settings{})
	if err != nil || name != NameFor(base.Add(time.Hour)) {
		t.Fatalf("Find(one backup) = %s, %v", name, err)
	}
	removed, err := Prune(ctx, loc, 2)
	if err != nil || len(removed) != 2 || removed[0] != NameFor(base) {
		t.Fatalf("Prune = %v, %v", removed, err)
	}
	names, _ := loc.Backups(ctx)
	if len(names) != 2 || names[1] != NameFor(base.Add(3*time.Hour)) {
		t.Errorf("left %v", names)
	}
	if _, _, err := Find(ctx, t.TempDir(), S3Settings{}); err == nil || !strings.Contains(err.Error(), "no complete backup") {
		t.Errorf("Find in an empty place: %v", err)
	}
}

// The schedule takes a backup after its first delay, then keeps the newest Keep.
func TestScheduleBacksUpAndPrunes(t *testing.T) {
	src, _ := site(t)
	loc := &dirLocation{dir: t.TempDir()}
	old := time.Now().Add(-72 * time.Hour)
	for i := range 3 {
		if _, err := Run(context.Background(), src, loc, old.Add(time.Duration(i)*time.Hour), testKeys); err != nil {
			t.Fatal(err)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan Result, 1)
	s := Schedule{Every: 24 * time.Hour, Keep: 2, Source: src, Location: loc, Keys: testKeys, FirstDelay: 10 * time.Millisecond,
		Log: slog.New(slog.NewTextHandler(io.Discard, nil)), Done: func(r Result, err error) {
			if err != nil {
				t.Error(err)
			}
			done <- r
		}}
	stopped := make(chan struct{})
	go func() { defer close(stopped); s.Run(ctx) }()
	var res Result
	select {
	case res = <-done:
	case <-time.After(30 * time.Second):
		t.Fatal("no scheduled backup")
	}
	// Prune runs after Done; wait for it before stopping.
	deadline := time.Now().Add(10 * time.Second)
	for {
		names, _ := loc.Backups(context.Background())
		if len(names) == 2 && names[1] == res.Name {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("after the scheduled backup: %v", names)
		}
		time.Sleep(10 * time.Millisecond)
	}
	cancel()
	<-stopped
}

// A backup taken within Every of the newest one waits its turn.
func TestScheduleWaitsForTheNextDay(t *testing.T) {
	src, _ := site(t)
	loc := &dirLocation{dir: t.TempDir()}
	if _, err := Run(context.Background(), src, loc, time.Now().Add(-time.Hour), testKeys); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	ran := false
	Schedule{Every: 24 * time.Hour, Keep: 7, Source: src, Location: loc, Keys: testKeys, FirstDelay: time.Millisecond,
		Log: slog.New(slog.NewTextHandler(io.Discard, nil)), Done: func(Result, error) { ran = true }}.Run(ctx)
	if ran {
		t.Error("a backup ran an hour after the last one, with a day between backups")
	}
}
