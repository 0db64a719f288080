package media_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ugcfolio/ugcfolio/internal/apperr"
	"github.com/ugcfolio/ugcfolio/internal/media"
	"github.com/ugcfolio/ugcfolio/internal/media/s3test"
	"github.com/ugcfolio/ugcfolio/internal/store"
	"github.com/ugcfolio/ugcfolio/internal/store/storetest"
)

func TestSniff(t *testing.T) {
	cases := []struct {
		name string
		head []byte
		want string
	}{
		{"mp4", []byte("\x00\x00\x00\x20ftypisom\x00\x00"), ".mp4"},
		{"mov", []byte("\x00\x00\x00\x14ftypqt  \x00\x00"), ".mov"},
		{"webm", []byte{0x1A, 0x45, 0xDF, 0xA3, 0x9F, 0x42, 0x86, 0x81, 1, 0, 0, 0}, ".webm"},
		{"ogg", []byte("OggS\x00\x02\x00\x00\x00\x00\x00\x00"), ".ogg"},
		{"png", []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\x0d"), ""},
		{"html", []byte("<html><body>"), ""},
		{"short ftyp", []byte("\x00\x00\x00\x20ftyp"), ""},
		{"empty", nil, ""},
	}
	for _, tc := range cases {
		if got := media.Sniff(tc.head); got != tc.want {
			t.Errorf("%s: Sniff = %q, want %q", tc.name, got, tc.want)
		}
	}
}

func TestNameFromURL(t *testing.T) {
	for url, want := range map[string]bool{
		"/uploads/abc.mp4":           true,
		"/uploads/demo-1.svg":        true,
		"/uploads/../secret":         false,
		"/uploads/a/../../b.mp4":     false,
		"/uploads/.hidden":           false,
		"/uploads/a..mp4":            false,
		"/uploads/":                  false,
		"uploads/abc.mp4":            false,
		"https://evil.example/x.mp4": false,
		"/uploads/abc.mp4?x=1":       false,
		"/uploads/a%2f..%2fb":        false,
	} {
		if _, ok := media.NameFromURL(url); ok != want {
			t.Errorf("NameFromURL(%q) ok = %v, want %v", url, ok, want)
		}
	}
}

// eachStorage runs fn on local storage and on S3 storage against a real
// versitygw server.
func eachStorage(t *testing.T, fn func(t *testing.T, s media.Storage)) {
	t.Run("local", func(t *testing.T) { fn(t, media.NewLocal(filepath.Join(t.TempDir(), "uploads"))) })
	t.Run("s3", func(t *testing.T) { fn(t, s3test.New(t)) })
}

func TestStorage(t *testing.T) {
	eachStorage(t, func(t *testing.T, s media.Storage) {
		ctx := context.Background()
		data := bytes.Repeat([]byte("0123456789"), 100_000) // 1 MB
		if err := s.Put(ctx, "clip.mp4", bytes.NewReader(data), int64(len(data))); err != nil {
			t.Fatal(err)
		}
		f, err := s.Open(ctx, "clip.mp4")
		if err != nil {
			t.Fatal(err)
		}
		if f.Size() != int64(len(data)) {
			t.Errorf("size %d, want %d", f.Size(), len(data))
		}
		// Range through http.ServeContent, as the handlers serve it.
		rec := httptest.NewRecorder()
		req := httptest.NewRequest("GET", "/uploads/clip.mp4", nil)
		req.Header.Set("Range", "bytes=500003-500012")
		http.ServeContent(rec, req, "clip.mp4", f.ModTime(), f)
		f.Close()
		if rec.Code != http.StatusPartialContent || rec.Body.String() != "3456789012" {
			t.Fatalf("range: %d %q", rec.Code, rec.Body.String())
		}
		if got := rec.Header().Get("Content-Range"); got != "bytes 500003-500012/1000000" {
			t.Errorf("Content-Range %q", got)
		}

		// PutFile moves a local file in and leaves nothing at the source.
		src := filepath.Join(t.TempDir(), "assembled")
		os.WriteFile(src, []byte("OggS moved"), 0o600)
		if err := s.PutFile(ctx, "moved.ogg", src); err != nil {
			t.Fatal(err)
		}
		if _, err := os.Stat(src); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("PutFile left its source: %v", err)
		}
		f, err = s.Open(ctx, "moved.ogg")
		if err != nil {
			t.Fatal(err)
		}
		got, _ := io.ReadAll(f)
		f.Close()
		if string(got) != "OggS moved" {
			t.Errorf("moved file reads %q", got)
		}

		if err := s.Delete(ctx, "clip.mp4"); err != nil {
			t.Fatal(err)
		}
		for _, name := range []string{"clip.mp4", "missing.mp4", "../etc/passwd", ".hidden"} {
			if _, err := s.Open(ctx, name); !errors.Is(err, media.ErrNotFound) {
				t.Errorf("Open(%q) = %v, want ErrNotFound", name, err)
			}
			if err := s.Delete(ctx, name); !errors.Is(err, media.ErrNotFound) {
				t.Errorf("Delete(%q) = %v, want ErrNotFound", name, err)
			}
		}
		if err := s.Put(ctx, "../escape.mp4", strings.NewReader("x"), 1); err == nil {
			t.Error("Put accepted a path")
		}
	})
}

// TestCleanup removes uploads older than the cut-off with their chunks, and
// orphaned chunk directories, but nothing newer.
func TestCleanup(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		admin, err := st.CreateUser(ctx, store.UserInput{Username: "a@example.no", DisplayName: "A", PasswordHash: "x", IsAdmin: true})
		if err != nil {
			t.Fatal(err)
		}
		dir := t.TempDir()
		u := &media.Uploads{Store: st, Storage: media.NewLocal(t.TempDir()), Dir: dir}
		init := media.Declaration{UploadID: "abandoned-upload", FileName: "a.mp4", FileSize: 10, FileType: "video/mp4", TotalChunks: 1}
		if err := u.Initialize(ctx, admin.ID, init); err != nil {
			t.Fatal(err)
		}
		if err := u.PutChunk(ctx, admin.ID, init.UploadID, 0, 1, strings.NewReader("0123")); err != nil {
			t.Fatal(err)
		}
		orphan := filepath.Join(dir, "orphan-dir-1")
		os.MkdirAll(orphan, 0o750)
		os.WriteFile(filepath.Join(orphan, "data"), []byte("x"), 0o600)
		old := time.Now().Add(-48 * time.Hour)
		os.Chtimes(orphan, old, old)

		// A day ago: nothing of today's upload is stale; the orphan is.
		if c, err := u.Cleanup(ctx, time.Now().Add(-media.MaxAge)); err != nil || c.Uploads != 0 {
			t.Fatalf("cleanup of fresh uploads: %d, %v", c.Uploads, err)
		}
		if _, err := st.GetUpload(ctx, init.UploadID); err != nil {
			t.Fatalf("a fresh upload was removed: %v", err)
		}
		if _, err := os.Stat(filepath.Join(dir, init.UploadID, "last")); err != nil {
			t.Fatalf("a fresh upload's chunk was removed: %v", err)
		}
		if _, err := os.Stat(orphan); !errors.Is(err, os.ErrNotExist) {
			t.Fatalf("orphaned chunks kept: %v", err)
		}

		// 25 hours later (the fake clock), the upload is abandoned.
		later := time.Now().Add(25 * time.Hour)
		if c, err := u.Cleanup(ctx, later.Add(-media.MaxAge)); err != nil || c.Uploads != 1 || len(c.Files) != 0 {
			t.Fatalf("cleanup a day later: %+v, %v", c, err)
		}
		if _, err := st.GetUpload(ctx, init.UploadID); !apperr.Is(err, apperr.CodeNotFound) {
			t.Fatalf("abandoned upload kept: %v", err)
		}
		if entries, _ := os.ReadDir(dir); len(entries) != 0 {
			t.Fatalf("chunk area not empty: %v", entries)
		}
	})
}

// The upload limits and the id pattern are shared with the web client
// (testdata/rules.json; web/src/lib/rules-parity.test.ts checks its side).
func TestUploadRulesMatchTheSharedFile(t *testing.T) {
	raw, err := os.ReadFile("../../testdata/rules.json")
	if err != nil {
		t.Fatal(err)
	}
	var r struct {
		Upload struct {
			MaxFileBytes        int64    `json:"maxFileBytes"`
			MaxChunkBytes       int64    `json:"maxChunkBytes"`
			PortfolioChunkBytes int64    `json:"portfolioChunkBytes"`
			DefaultChunkBytes   int64    `json:"defaultChunkBytes"`
			IDPattern           string   `json:"idPattern"`
			ValidIDs            []string `json:"validIds"`
			InvalidIDs          []string `json:"invalidIds"`
		} `json:"upload"`
	}
	if err := json.Unmarshal(raw, &r); err != nil {
		t.Fatal(err)
	}
	u := r.Upload
	if u.MaxFileBytes != media.MaxFileSize || u.MaxChunkBytes != media.MaxChunkSize {
		t.Errorf("limits: server %d/%d, rules.json %d/%d", media.MaxFileSize, media.MaxChunkSize, u.MaxFileBytes, u.MaxChunkBytes)
	}
	if u.PortfolioChunkBytes > media.MaxChunkSize || u.DefaultChunkBytes > media.MaxChunkSize {
		t.Errorf("the client's chunks (%d, %d) exceed the server's %d", u.PortfolioChunkBytes, u.DefaultChunkBytes, media.MaxChunkSize)
	}
	if u.IDPattern != media.UploadIDPattern {
		t.Errorf("id pattern: server %s, rules.json %s", media.UploadIDPattern, u.IDPattern)
	}
	for _, id := range u.ValidIDs {
		if !media.ValidUploadID(id) {
			t.Errorf("id %q refused", id)
		}
	}
	for _, id := range u.InvalidIDs {
		if media.ValidUploadID(id) {
			t.Errorf("id %q accepted", id)
		}
	}
}

// crashingStorage plays a server killed around the move into storage: it
// panics before or after the real PutFile, as often as told.
type crashingStorage struct {
	media.Storage
	crashBefore, crashAfter int
}

func (s *crashingStorage) PutFile(ctx context.Context, name, path string) error {
	if s.crashBefore > 0 {
		s.crashBefore--
		panic("killed before the file moved")
	}
	err := s.Storage.PutFile(ctx, name, path)
	if s.crashAfter > 0 {
		s.crashAfter--
		panic("killed after the file moved")
	}
	return err
}

// Finalize can be retried after the server died on either side
// of the move into storage; the retry gives one URL for one stored file.
// A finalized upload no item takes up is removed with its file after 24
// hours; one that an item uses keeps its file.
func TestFinalizeIsIdempotent(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		admin, err := st.CreateUser(ctx, store.UserInput{Username: "a@example.no", DisplayName: "A", PasswordHash: "x", IsAdmin: true})
		if err != nil {
			t.Fatal(err)
		}
		local := media.NewLocal(t.TempDir())
		storage := &crashingStorage{Storage: local}
		used := map[string]bool{}
		u := &media.Uploads{Store: st, Storage: storage, Dir: t.TempDir(),
			InUse: func(_ context.Context, url string) (bool, error) { return used[url], nil }}
		video := []byte("\x00\x00\x00\x20ftypisom\x00\x00\x02\x00" + strings.Repeat("v", 2000))
		upload := func(id string) {
			t.Helper()
			if err := u.Initialize(ctx, admin.ID, media.Declaration{UploadID: id, FileName: "a.mp4",
				FileSize: int64(len(video)), FileType: "video/mp4", TotalChunks: 2}); err != nil {
				t.Fatal(err)
			}
			for i, part := range [][]byte{video[:1008], video[1008:]} {
				if err := u.PutChunk(ctx, admin.ID, id, i, 2, bytes.NewReader(part)); err != nil {
					t.Fatal(err)
				}
			}
		}
		finalizeCrashing := func(id string) {
			t.Helper()
			defer func() {
				if recover() == nil {
					t.Fatal("no crash")
				}
			}()
			u.Finalize(ctx, admin.ID, id)
		}
		stored := func(url string) []byte {
			t.Helper()
			name, _ := media.NameFromURL(url)
			f, err := local.Open(ctx, name)
			if err != nil {
				return nil
			}
			defer f.Close()
			b, _ := io.ReadAll(f)
			return b
		}

		for _, tc := range []struct {
			id                      string
			crashBefore, crashAfter int
		}{{"crash-after-move", 0, 1}, {"crash-before-move", 1, 0}} {
			upload(tc.id)
			storage.crashBefore, storage.crashAfter = tc.crashBefore, tc.crashAfter
			finalizeCrashing(tc.id)
			url, err := u.Finalize(ctx, admin.ID, tc.id)
			if err != nil {
				t.Fatalf("%s: retried finalize: %v", tc.id, err)
			}
			if !bytes.Equal(stored(url), video) {
				t.Fatalf("%s: %s does not hold the upload", tc.id, url)
			}
			again, err := u.Finalize(ctx, admin.ID, tc.id)
			if err != nil || again != url {
				t.Fatalf("%s: third finalize %q %v, want %q", tc.id, again, err, url)
			}
		}

		// A finalize after the stored file went fails (the chunks are gone),
		// discards the upload and answers the URL of the file, so that the
		// caller can forget what was made of it.
		upload("gone-after-store")
		gone, err := u.Finalize(ctx, admin.ID, "gone-after-store")
		if err != nil {
			t.Fatal(err)
		}
		name, _ := media.NameFromURL(gone)
		if err := local.Delete(ctx, name); err != nil {
			t.Fatal(err)
		}
		if url, err := u.Finalize(ctx, admin.ID, "gone-after-store"); err == nil || url != gone {
			t.Fatalf("finalize without its file: %q %v, want %q and an error", url, err, gone)
		}

		// Two finalized uploads: an item uses the first, none the second.
		first, _ := u.Finalize(ctx, admin.ID, "crash-after-move")
		second, _ := u.Finalize(ctx, admin.ID, "crash-before-move")
		used[first] = true
		// It answers the file it removed (what was made of it is the caller's).
		if c, err := u.Cleanup(ctx, time.Now().Add(time.Hour)); err != nil || c.Uploads != 2 || len(c.Files) != 1 || c.Files[0] != second {
			t.Fatalf("cleanup: %+v %v (want the 2 uploads and %s)", c, err, second)
		}
		if stored(first) == nil || stored(second) != nil {
			t.Fatalf("after cleanup: used file kept %v, unused file removed %v", stored(first) != nil, stored(second) == nil)
		}
	})
}

func TestPutProcessedNamesByContent(t *testing.T) {
	s := media.NewLocal(t.TempDir())
	put := func(body string) (string, int64) {
		path := filepath.Join(t.TempDir(), "out.webp")
		os.WriteFile(path, []byte(body), 0o640)
		name, size, err := media.PutProcessed(context.Background(), s, path, ".webp")
		if err != nil {
			t.Fatal(err)
		}
		if _, err := os.Stat(path); !os.IsNotExist(err) {
			t.Fatalf("local file left behind: %v", err)
		}
		return name, size
	}
	a, size := put("same bytes")
	b, _ := put("same bytes")
	c, _ := put("other bytes")
	if a != b || a == c || size != 10 || !media.IsProcessedName(a) || !strings.HasSuffix(a, ".webp") || len(a) != len("p_")+32+len(".webp") {
		t.Fatalf("names %q %q %q, size %d", a, b, c, size)
	}
	if media.IsProcessedName("0123abcd.mp4") || media.IsProcessedName("p_../x") {
		t.Fatal("an original or a bad name taken for a processed one")
	}
	fromMemory, err := media.PutProcessedData(context.Background(), s, []byte("same bytes"), ".webp")
	if err != nil || fromMemory != a {
		t.Fatalf("bytes in memory named %q (%v), the same bytes from a file %q", fromMemory, err, a)
	}
	if f, err := s.Open(context.Background(), fromMemory); err != nil || f.Size() != 10 {
		t.Fatalf("stored from memory: %v", err)
	} else {
		f.Close()
	}
	if media.ProcessedURL(a) != "/media/"+a {
		t.Fatalf("url %q", media.ProcessedURL(a))
	}
}
