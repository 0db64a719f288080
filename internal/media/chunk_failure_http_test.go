package media_test

import (
	"bytes"
	"crypto/rand"
	"io"
	"log/slog"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/ugcfolio/ugcfolio/internal/httpapi"
	"github.com/ugcfolio/ugcfolio/internal/media"
	"github.com/ugcfolio/ugcfolio/internal/sitetest"
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
	var logs serverLog
	e := sitetest.New(t, sitetest.SQLite(t), sitetest.Options{Deps: func(d *httpapi.Deps) { d.Log = slog.New(slog.NewTextHandler(&logs, nil)) }})
	admin := e.SignedIn(t, "admin@example.no", true)

	const id = "chunk-size-fails-1"
	data := make([]byte, 2500)
	rand.Read(data)
	copy(data, "\x00\x00\x00\x20ftypisom\x00\x00\x02\x00")
	chunks := split(data, 1000) // 1000, 1000, 500
	admin.InitUpload(id, int64(len(data)), "video/mp4", len(chunks)).WantStatus(t, http.StatusOK)
	admin.SendChunk(id, 2, 3, chunks[2]).WantStatus(t, http.StatusOK)

	area := filepath.Join(e.DataDir, "upload-chunks", id)
	sizeFile := filepath.Join(area, "chunk-size")
	if err := os.Mkdir(sizeFile, 0o700); err != nil {
		t.Fatal(err)
	}
	r := admin.SendChunk(id, 0, 3, chunks[0])
	if r.Status != http.StatusInternalServerError {
		t.Fatalf("chunk whose size cannot be recorded: %d %s, want 500", r.Status, r.Body)
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
	admin.SendChunk(id, 0, 3, chunks[0]).WantStatus(t, http.StatusOK)
	admin.SendChunk(id, 1, 3, chunks[1]).WantStatus(t, http.StatusOK)
	var up struct{ URL string }
	admin.Finalize(id).WantStatus(t, http.StatusOK).JSON(t, &up)
	name, _ := media.NameFromURL(up.URL)
	f, err := e.Storage.Open(t.Context(), name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if got, _ := io.ReadAll(f); !bytes.Equal(got, data) {
		t.Fatalf("stored %d bytes, not the %d sent", len(got), len(data))
	}
}
