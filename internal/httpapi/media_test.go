package httpapi

import (
	"net/http"
	"os"
	"path/filepath"
	"testing"

	"github.com/ugcfolio/ugcfolio/internal/config"
)

func TestServeLocalUpload(t *testing.T) {
	t.Parallel()
	var dataDir string
	e := newEnv(t, sqliteStore(t), func(c *config.Config) { dataDir = c.DataDir })
	os.MkdirAll(filepath.Join(dataDir, "uploads"), 0o750)
	os.WriteFile(filepath.Join(dataDir, "uploads", "clip.mp4"), []byte("0123456789"), 0o640)
	os.WriteFile(filepath.Join(dataDir, "secret.txt"), []byte("secret"), 0o640)

	r := e.client().do("GET", "/uploads/clip.mp4", nil, "Range", "bytes=2-5").wantStatus(t, http.StatusPartialContent)
	if r.body != "2345" || r.header.Get("Content-Type") != "video/mp4" {
		t.Fatalf("range answer %q, type %q", r.body, r.header.Get("Content-Type"))
	}
	for _, path := range []string{"/uploads/missing.mp4", "/uploads/..%2fsecret.txt", "/uploads/.hidden", "/uploads/"} {
		if r := e.client().do("GET", path, nil); r.status != http.StatusNotFound {
			t.Errorf("%s answered %d, want 404: %q", path, r.status, r.body)
		}
	}
}
