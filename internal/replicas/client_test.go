//go:build replicas

package replicas

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"net/http/cookiejar"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"
	"time"
)

// client talks to the cluster as a browser would: one cookie jar (cookies
// go to every port of 127.0.0.1, so a session made through the proxy is
// sent to each replica asked directly), and a request that fails on the
// way (a replica down: 502, or no connection) is tried again, as the web
// app tries an upload chunk again.
type client struct {
	t    *testing.T
	http *http.Client
}

func newClient(t *testing.T) *client {
	jar, _ := cookiejar.New(nil)
	return &client{t: t, http: &http.Client{Jar: jar, Timeout: 60 * time.Second}}
}

// reply is an answer read whole, with the replica that gave it.
type reply struct {
	status  int
	header  http.Header
	body    []byte
	replica int // -1: asked directly
	tries   int
}

func (r reply) json(t *testing.T, v any) {
	t.Helper()
	if err := json.Unmarshal(r.body, v); err != nil {
		t.Fatalf("answer %d %s: %v", r.status, r.body, err)
	}
}

// do sends a request, again on 502/503 or a broken connection (6 tries).
func (c *client) do(method, url, ctype string, body []byte, header ...string) reply {
	c.t.Helper()
	var last reply
	for try := 1; try <= 6; try++ {
		req, _ := http.NewRequest(method, url, bytes.NewReader(body))
		if ctype != "" {
			req.Header.Set("Content-Type", ctype)
		}
		for i := 0; i+1 < len(header); i += 2 {
			req.Header.Set(header[i], header[i+1])
		}
		res, err := c.http.Do(req)
		if err != nil {
			last = reply{status: 0, body: []byte(err.Error()), tries: try}
			time.Sleep(200 * time.Millisecond)
			continue
		}
		b, _ := io.ReadAll(res.Body)
		res.Body.Close()
		last = reply{status: res.StatusCode, header: res.Header, body: b, replica: -1, tries: try}
		if v := res.Header.Get(ReplicaHeader); v != "" {
			last.replica, _ = strconv.Atoi(v)
		}
		if res.StatusCode != http.StatusBadGateway && res.StatusCode != http.StatusServiceUnavailable {
			return last
		}
		time.Sleep(200 * time.Millisecond)
	}
	return last
}

func (c *client) get(url string, header ...string) reply { return c.do("GET", url, "", nil, header...) }

func (c *client) send(method, url string, v any) reply {
	b, _ := json.Marshal(v)
	return c.do(method, url, "application/json", b)
}

// must fails the test unless the answer is 2xx.
func (r reply) must(t *testing.T, what string) reply {
	t.Helper()
	if r.status/100 != 2 {
		t.Fatalf("%s: %d %s", what, r.status, r.body)
	}
	return r
}

// chunk sends one upload chunk.
func (c *client) chunk(base, id string, index, total int, data []byte) reply {
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	mw.WriteField("uploadId", id)
	mw.WriteField("chunkIndex", strconv.Itoa(index))
	mw.WriteField("totalChunks", strconv.Itoa(total))
	part, _ := mw.CreateFormFile("chunk", "blob")
	part.Write(data)
	mw.Close()
	return c.do("POST", base+"/api/admin/upload/chunk", mw.FormDataContentType(), body.Bytes())
}

// makeVideo is a 6-second 960×540 H.264 clip of about 20 MB: noise keeps
// the encoder from making it small, so it is quick to make and to process.
func makeVideo(t *testing.T) []byte {
	t.Helper()
	path := filepath.Join(t.TempDir(), "twenty.mp4")
	out, err := exec.Command("ffmpeg", "-nostdin", "-hide_banner", "-loglevel", "error", "-y",
		"-f", "lavfi", "-i", "testsrc2=size=960x540:rate=25,noise=alls=30:allf=t", "-f", "lavfi", "-i", "sine",
		"-t", "6", "-c:v", "libx264", "-preset", "ultrafast", "-b:v", "28M", "-maxrate", "28M", "-bufsize", "8M",
		"-pix_fmt", "yuv420p", "-c:a", "aac", path).CombinedOutput()
	if err != nil {
		t.Fatalf("ffmpeg (apt-get install ffmpeg): %v\n%s", err, out)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(b) < 20_000_000 {
		t.Fatalf("the clip has %d bytes, want 20 MB", len(b))
	}
	return b
}

func waitUntil(t *testing.T, within time.Duration, what string, ok func() bool) {
	t.Helper()
	deadline := time.Now().Add(within)
	for !ok() {
		if time.Now().After(deadline) {
			t.Fatalf("%s: not within %v", what, within)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

func mb(n int) string { return fmt.Sprintf("%.1f MB", float64(n)/1e6) }
