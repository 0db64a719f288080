package httpapi

import (
	"bytes"
	"context"
	"crypto/rand"
	"io/fs"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/ugcfolio/ugcfolio/internal/config"
	"github.com/ugcfolio/ugcfolio/internal/media"
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

// chunkBody is the multipart body the client sends for one chunk.
func chunkBody(id string, index, total int, chunk []byte) ([]byte, string) {
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	mw.WriteField("uploadId", id)
	mw.WriteField("chunkIndex", strconv.Itoa(index))
	mw.WriteField("totalChunks", strconv.Itoa(total))
	part, _ := mw.CreateFormFile("chunk", "blob")
	part.Write(chunk)
	mw.Close()
	return body.Bytes(), mw.FormDataContentType()
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
