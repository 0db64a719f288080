package httpapi

import (
	"bytes"
	"errors"
	"io"
	"io/fs"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
)

// lockedBuffer is a log's output that handlers write from many goroutines.
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// A room's token is the key to the room: it never reaches the request log,
// however the path that carries it is spelled — doubled or dot segments,
// another case, percent-encoded once more — and under the room's
// sub-paths too.
func TestRoomTokenNeverLoggedInAnySpelling(t *testing.T) {
	t.Parallel()
	const token = "S3cr3tT0kenQ9x_S3cr3tT0kenQ9x-Zw" // the form of a real token (32 of A-Za-z0-9_-)
	var logs lockedBuffer
	srv := New(Deps{Store: sqliteStore(t), Log: slog.New(slog.NewTextHandler(&logs, nil)), Web: fs.FS(testWeb)})
	ts := httptest.NewServer(srv.Handler())
	defer ts.Close()

	paths := []string{
		"/room/" + token,
		"//room/" + token,
		"/room//" + token,
		"/x/../room/" + token,
		"/./room/" + token,
		"/ROOM/" + token,
		"/Room/" + token + "/licences",
		"/%72oom/" + token,
		"/%2572oom/" + token, // encoded twice: decoded once by the server, once more by a proxy
		"/%2F/room/" + token,
		"/room/%2E/" + token,
		"/room/" + token + "/..",
		"/room/x/../" + token,
		"/room/%2554" + token[1:], // the token's first character encoded twice
		"//room/" + token + "/drafts/1/media/p_a.mp4",
		"/x/../room/" + token + "/drafts/1/final",
		"/ROOM//" + token + "/drafts/1/answer",
	}
	for _, p := range paths {
		resp := rawGet(t, ts.URL, p)
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
	}
	ts.Close() // waits for every request's handler, and so its log line, to finish

	out := logs.String()
	if n := strings.Count(out, "msg=request"); n != len(paths) {
		t.Fatalf("%d request lines for %d requests:\n%s", n, len(paths), out)
	}
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		if strings.Contains(line, token[1:]) {
			t.Errorf("the token reached the log: %s", line)
		}
	}
}

// The panic and internal-error lines hide the token the same way.
func TestRoomTokenNeverInPanicOrErrorLogs(t *testing.T) {
	t.Parallel()
	const token = "S3cr3tT0kenQ9x_S3cr3tT0kenQ9x-Zw"
	for _, p := range []string{"//room/" + token, "/x/../room/" + token + "/drafts/1/final", "/ROOM/" + token} {
		var logs bytes.Buffer
		log := slog.New(slog.NewTextHandler(&logs, nil))
		h := logRequests(log, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			writeError(w, r, log, errors.New("the database is gone"))
			panic("after the answer")
		}))
		h.ServeHTTP(httptest.NewRecorder(), &http.Request{Method: "GET", URL: &url.URL{Path: p}})
		out := logs.String()
		if !strings.Contains(out, "msg=panic") || !strings.Contains(out, `msg="internal error"`) {
			t.Fatalf("%s: no panic or error line:\n%s", p, out)
		}
		if strings.Contains(out, token) {
			t.Errorf("%s: the token reached the log:\n%s", p, out)
		}
	}
}
