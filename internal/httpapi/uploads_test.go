package httpapi

import (
	"bytes"
	"context"
	"crypto/rand"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"

	"github.com/ugcfolio/ugcfolio/internal/config"
	"github.com/ugcfolio/ugcfolio/internal/media"
	"github.com/ugcfolio/ugcfolio/internal/media/s3test"
	"github.com/ugcfolio/ugcfolio/internal/store"
)

// uploadEnv is a server with its data dir and storage in view. (The upload
// protocol's own tests are internal/media's, uploads_http_test.go.)
type uploadEnv struct {
	*testEnv
	dataDir string
	storage media.Storage
}

// newUploadEnv starts a server over st; storage nil means local disk.
func newUploadEnv(t *testing.T, st *store.Store, storage media.Storage) *uploadEnv {
	t.Helper()
	cfg := config.Config{Addr: "127.0.0.1:0", DataDir: t.TempDir()}
	if storage == nil {
		storage = media.NewLocal(cfg.UploadsDir())
	}
	srv := New(Deps{Config: cfg, Store: st, Log: discardLog, Web: fs.FS(testWeb), Storage: storage})
	ts := httptest.NewServer(srv.Handler())
	t.Cleanup(ts.Close)
	return &uploadEnv{testEnv: &testEnv{t: t, store: st, url: ts.URL, server: srv}, dataDir: cfg.DataDir, storage: storage}
}

// sendChunk posts one chunk as the client does: the fields, then the chunk.
func (c *client) sendChunk(id string, index, total int, data []byte) response {
	c.e.t.Helper()
	body, contentType := chunkBody(id, index, total, data)
	return c.do("POST", "/api/admin/upload/chunk", string(body), "Content-Type", contentType)
}

func (c *client) initUpload(id string, size int64, fileType string, total int) response {
	c.e.t.Helper()
	return c.do("POST", "/api/admin/upload/initialize", map[string]any{
		"uploadId": id, "fileName": "clip.mp4", "fileSize": size, "fileType": fileType, "totalChunks": total,
	})
}

func (c *client) finalize(id string) response {
	c.e.t.Helper()
	return c.do("POST", "/api/admin/upload/finalize", map[string]string{"uploadId": id})
}

// fakeVideo is size bytes that start like an MP4 file.
func fakeVideo(size int) []byte {
	b := make([]byte, size)
	rand.Read(b)
	copy(b, "\x00\x00\x00\x20ftypisom\x00\x00\x02\x00")
	return b
}

func split(data []byte, size int) [][]byte {
	var out [][]byte
	for len(data) > 0 {
		n := min(size, len(data))
		out = append(out, data[:n])
		data = data[n:]
	}
	return out
}

func TestVideoProxyRefuses(t *testing.T) {
	t.Parallel()
	e := newUploadEnv(t, sqliteStore(t), nil)
	e.storage.Put(context.Background(), "clip.mp4", bytes.NewReader([]byte("0123456789")), 10)
	os.WriteFile(filepath.Join(e.dataDir, "secret.mp4"), []byte("secret"), 0o600)
	refused := []string{
		"",
		"url=",
		"url=https://evil.example/uploads/clip.mp4",
		"url=http://127.0.0.1/uploads/clip.mp4",
		"url=//evil.example/uploads/clip.mp4",
		"url=file:///etc/passwd",
		"url=javascript:alert(1)",
		"url=/uploads/../secret.mp4",
		"url=%2Fuploads%2F..%2Fsecret.mp4",
		"url=/uploads/%252e%252e%252fsecret.mp4",
		"url=/uploads/..%5Csecret.mp4",
		"url=/uploads/sub/clip.mp4",
		"url=/uploads/.hidden",
		"url=/uploads/clip.mp4%3Fx%3D1",
		"url=/api/user",
		"url=/uploads/clip.mp4&url=/uploads/clip.mp4",
	}
	for _, q := range refused {
		e.client().do("GET", "/api/video-proxy?"+q, nil).wantMessage(t, http.StatusBadRequest, errProxyURL.Message)
	}
	e.client().do("GET", "/api/video-proxy?url=/uploads/missing.mp4", nil).wantMessage(t, http.StatusNotFound, "File not found")
	e.client().do("GET", "/api/video-proxy?url=%2Fuploads%2Fclip.mp4", nil).wantStatus(t, http.StatusOK)
}

// TestRangeRequests seeks in a stored video through /uploads/ and the proxy,
// on local storage and on S3.
func TestRangeRequests(t *testing.T) {
	t.Parallel()
	storages := map[string]func(t *testing.T) media.Storage{
		"local": func(t *testing.T) media.Storage { return nil },
		"s3":    func(t *testing.T) media.Storage { return s3Storage(t) },
	}
	for name, mk := range storages {
		t.Run(name, func(t *testing.T) {
			e := newUploadEnv(t, sqliteStore(t), mk(t))
			data := fakeVideo(2_000_000)
			if err := e.storage.Put(context.Background(), "seek.mp4", bytes.NewReader(data), int64(len(data))); err != nil {
				t.Fatal(err)
			}
			for _, path := range []string{"/uploads/seek.mp4", "/api/video-proxy?url=/uploads/seek.mp4"} {
				cases := []struct {
					rng, contentRange string
					from, to          int
				}{
					{"bytes=0-1", "bytes 0-1/2000000", 0, 2},
					{"bytes=1000000-1000999", "bytes 1000000-1000999/2000000", 1000000, 1001000},
					{"bytes=-100", "bytes 1999900-1999999/2000000", 1999900, 2000000},
					{"bytes=1999990-", "bytes 1999990-1999999/2000000", 1999990, 2000000},
				}
				for _, tc := range cases {
					r := e.client().do("GET", path, nil, "Range", tc.rng).wantStatus(t, http.StatusPartialContent)
					if r.body != string(data[tc.from:tc.to]) || r.header.Get("Content-Range") != tc.contentRange || r.header.Get("Content-Type") != "video/mp4" {
						t.Fatalf("%s %s: %d bytes, Content-Range %q, type %q", path, tc.rng, len(r.body), r.header.Get("Content-Range"), r.header.Get("Content-Type"))
					}
				}
				e.client().do("GET", path, nil, "Range", "bytes=3000000-").wantStatus(t, http.StatusRequestedRangeNotSatisfiable)
				if r := e.client().do("HEAD", path, nil); r.header.Get("Accept-Ranges") != "bytes" {
					t.Errorf("%s: Accept-Ranges %q", path, r.header.Get("Accept-Ranges"))
				}
			}
		})
	}
}

func TestRemoveUploadIfUnused(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := sqliteStore(t)
	cfg := config.Config{DataDir: t.TempDir()}
	storage := media.NewLocal(cfg.UploadsDir())
	s := New(Deps{Config: cfg, Store: st, Log: discardLog, Web: fs.FS(testWeb), Storage: storage})
	storage.Put(ctx, "shared.mp4", bytes.NewReader([]byte("video")), 5)
	url := "/uploads/shared.mp4"
	var ids []int64
	for _, lang := range []string{"no", "en"} {
		item, err := st.CreatePortfolioItem(ctx, store.PortfolioInput{Title: "Film", Category: "product", VideoURL: url, Language: lang, IsActive: true})
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, item.ID)
	}
	exists := func() bool {
		_, err := os.Stat(filepath.Join(cfg.UploadsDir(), "shared.mp4"))
		return err == nil
	}
	st.DeletePortfolioItem(ctx, ids[0])
	if err := s.removeUploadIfUnused(ctx, url); err != nil || !exists() {
		t.Fatalf("file used by another item removed (err %v)", err)
	}
	st.DeletePortfolioItem(ctx, ids[1])
	if err := s.removeUploadIfUnused(ctx, url); err != nil || exists() {
		t.Fatalf("unused file kept (err %v)", err)
	}
	for _, other := range []string{url, "https://vimeo.com/1", "/uploads/../ugcfolio.db", ""} {
		if err := s.removeUploadIfUnused(ctx, other); err != nil {
			t.Errorf("removeUploadIfUnused(%q) = %v", other, err)
		}
	}
}

func s3Storage(t *testing.T) media.Storage { return s3test.New(t) }
