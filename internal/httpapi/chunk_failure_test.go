package httpapi

import (
	"bytes"
	"crypto/rand"
	"io"
	"io/fs"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/ugcfolio/ugcfolio/internal/config"
	"github.com/ugcfolio/ugcfolio/internal/media"
)

// serverLog is what a test server logged, written by its goroutines.
type serverLog struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (l *serverLog) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.Write(p)
}

func (l *serverLog) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.String()
}

// A chunk whose size cannot be recorded on the server's disk (here the
// size file is a directory, as a broken disk would leave it) is the
// server's fault: 500 with the cause in the log, never the client's 400
// "chunk size mismatch" that would make it give up. The chunks already
// kept stay, and the upload completes once the disk is right.
func TestChunkSizeThatCannotBeRecordedIsAServerError(t *testing.T) {
	t.Parallel()
	st := sqliteStore(t)
	var logs serverLog
	cfg := config.Config{Addr: "127.0.0.1:0", DataDir: t.TempDir()}
	storage := media.NewLocal(cfg.UploadsDir())
	srv := New(Deps{Config: cfg, Store: st, Log: slog.New(slog.NewTextHandler(&logs, nil)), Web: fs.FS(testWeb), Storage: storage})
	ts := httptest.NewServer(srv.Handler())
	t.Cleanup(ts.Close)
	e := &uploadEnv{testEnv: &testEnv{t: t, store: st, url: ts.URL, server: srv}, dataDir: cfg.DataDir, storage: storage}
	admin := e.signedIn(t, "admin@example.no", true)

	const id = "chunk-size-fails-1"
	data := make([]byte, 2500)
	rand.Read(data)
	copy(data, "\x00\x00\x00\x20ftypisom\x00\x00\x02\x00")
	chunks := split(data, 1000) // 1000, 1000, 500
	admin.initUpload(id, int64(len(data)), "video/mp4", len(chunks)).wantStatus(t, http.StatusOK)
	admin.sendChunk(id, 2, 3, chunks[2]).wantStatus(t, http.StatusOK)

	area := filepath.Join(cfg.ChunksDir(), id)
	sizeFile := filepath.Join(area, "chunk-size")
	if err := os.Mkdir(sizeFile, 0o700); err != nil {
		t.Fatal(err)
	}
	r := admin.sendChunk(id, 0, 3, chunks[0])
	if r.status != http.StatusInternalServerError {
		t.Fatalf("chunk whose size cannot be recorded: %d %s, want 500", r.status, r.body)
	}
	if log := logs.String(); !strings.Contains(log, "internal error") || !strings.Contains(log, "chunk size") ||
		!strings.Contains(log, "is a directory") {
		t.Fatalf("the log does not tell the cause:\n%s", log)
	}
	if last, err := os.ReadFile(filepath.Join(area, "last")); err != nil || !bytes.Equal(last, chunks[2]) {
		t.Fatalf("the chunk kept before the failure is gone: %v", err)
	}

	// The disk is right again: the missing chunks come, and the file is whole.
	if err := os.Remove(sizeFile); err != nil {
		t.Fatal(err)
	}
	admin.sendChunk(id, 0, 3, chunks[0]).wantStatus(t, http.StatusOK)
	admin.sendChunk(id, 1, 3, chunks[1]).wantStatus(t, http.StatusOK)
	var up struct{ URL string }
	admin.finalize(id).wantStatus(t, http.StatusOK).json(t, &up)
	name, _ := media.NameFromURL(up.URL)
	f, err := storage.Open(t.Context(), name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if got, _ := io.ReadAll(f); !bytes.Equal(got, data) {
		t.Fatalf("stored %d bytes, not the %d sent", len(got), len(data))
	}
}
