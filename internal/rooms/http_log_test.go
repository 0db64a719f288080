package rooms_test

import (
	"bufio"
	"bytes"
	"io"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ugcfolio/ugcfolio/internal/httpapi"
	"github.com/ugcfolio/ugcfolio/internal/sitetest"
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

// rawGet sends target exactly as written (Go's client would clean it) and
// reads the answer.
func rawGet(t *testing.T, baseURL, target string, headers ...string) *http.Response {
	t.Helper()
	c, err := net.Dial("tcp", strings.TrimPrefix(baseURL, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	c.SetDeadline(time.Now().Add(30 * time.Second)) // a hung server fails the test instead of hanging it
	req := "GET " + target + " HTTP/1.1\r\nHost: test\r\nConnection: close\r\n"
	for _, h := range headers {
		req += h + "\r\n"
	}
	if _, err := io.WriteString(c, req+"\r\n"); err != nil {
		t.Fatal(err)
	}
	resp, err := http.ReadResponse(bufio.NewReader(c), nil)
	if err != nil {
		t.Fatalf("GET %s: %v", target, err)
	}
	t.Cleanup(func() { resp.Body.Close() })
	return resp
}

// A room's token is the key to the room: it never reaches the request log,
// however the path that carries it is spelled — doubled or dot segments,
// another case, percent-encoded once more — and under the room's
// sub-paths too.
func TestRoomTokenNeverLoggedInAnySpelling(t *testing.T) {
	t.Parallel()
	const token = "S3cr3tT0kenQ9x_S3cr3tT0kenQ9x-Zw" // the form of a real token (32 of A-Za-z0-9_-)
	var logs lockedBuffer
	e := sitetest.New(t, sitetest.SQLite(t), sitetest.Options{Deps: func(d *httpapi.Deps) { d.Log = slog.New(slog.NewTextHandler(&logs, nil)) }})

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
		"/room/print.js", // a file beside the tokens, not one: written as it is
	}
	for _, p := range paths {
		resp := rawGet(t, e.URL, p)
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
	}
	// A request's line is written as its handler ends: wait for them all.
	out := logs.String()
	for deadline := time.Now().Add(10 * time.Second); strings.Count(out, "msg=request") < len(paths) && time.Now().Before(deadline); out = logs.String() {
		time.Sleep(10 * time.Millisecond)
	}
	if n := strings.Count(out, "msg=request"); n != len(paths) {
		t.Fatalf("%d request lines for %d requests:\n%s", n, len(paths), out)
	}
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		if strings.Contains(line, token[1:]) {
			t.Errorf("the token reached the log: %s", line)
		}
	}
	if !strings.Contains(out, "path=/room/print.js ") {
		t.Errorf("the room's script is not logged by its path:\n%s", out)
	}
}
