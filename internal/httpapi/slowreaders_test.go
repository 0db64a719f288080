package httpapi

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ugcfolio/ugcfolio/internal/config"
	"github.com/ugcfolio/ugcfolio/internal/media"
)

// slowReaderEnv is a server whose connections have small kernel buffers,
// so that a write blocks as soon as its client stops reading (loopback
// buffers would otherwise hold megabytes), and that tells the test when it
// closes a connection.
type slowReaderEnv struct {
	url    string
	mu     sync.Mutex
	closed map[string]chan struct{} // by the client's address
}

func newSlowReaderEnv(t *testing.T, times writeTimes, files map[string][]byte) *slowReaderEnv {
	t.Helper()
	cfg := config.Config{Addr: "127.0.0.1:0", DataDir: t.TempDir()}
	storage := media.NewLocal(cfg.UploadsDir())
	for name, b := range files {
		if err := storage.Put(context.Background(), name, bytes.NewReader(b), int64(len(b))); err != nil {
			t.Fatal(err)
		}
	}
	s := New(Deps{Config: cfg, Store: sqliteStore(t), Log: discardLog, Web: fs.FS(testWeb), Storage: storage})
	s.writeTimes = times
	// A large answer that is not media: it has the fixed deadline.
	s.mux.HandleFunc("GET /api/test-large", func(w http.ResponseWriter, r *http.Request) {
		w.Write(files["large.json"])
	})
	e := &slowReaderEnv{closed: map[string]chan struct{}{}}
	ts := httptest.NewUnstartedServer(s.Handler())
	ts.Listener = smallBuffers{ts.Listener}
	ts.Config.ConnState = func(c net.Conn, state http.ConnState) {
		if state == http.StateClosed {
			close(e.closedChan(c.RemoteAddr().String()))
		}
	}
	ts.Start()
	t.Cleanup(ts.Close)
	e.url = ts.URL
	return e
}

func (e *slowReaderEnv) closedChan(addr string) chan struct{} {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.closed[addr] == nil {
		e.closed[addr] = make(chan struct{})
	}
	return e.closed[addr]
}

// smallBuffer is the kernel buffer of each side: explicit, so that
// loopback's own tuning (megabytes) does not take a whole file.
const smallBuffer = 64 << 10

type smallBuffers struct{ net.Listener }

func (l smallBuffers) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if tc, ok := c.(*net.TCPConn); ok {
		tc.SetWriteBuffer(smallBuffer)
	}
	return c, err
}

// get asks for path on a raw connection and reads the answer at about
// rate bytes per second (0: as fast as it comes); once the server has
// closed the connection, the rest is read at once. It answers how many
// body bytes arrived and whether the answer broke off before its end;
// reading stops (not cut off) after stopAfter bytes.
func (e *slowReaderEnv) get(t *testing.T, path string, rate, stopAfter int) (n int64, cutOff bool) {
	t.Helper()
	c, err := net.Dial("tcp", strings.TrimPrefix(e.url, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	c.(*net.TCPConn).SetReadBuffer(smallBuffer)
	c.SetDeadline(time.Now().Add(3 * time.Minute)) // a hung server fails the test, never hangs it
	fmt.Fprintf(c, "GET %s HTTP/1.1\r\nHost: test\r\n\r\n", path)
	pr := &pacedReader{c: c, rate: rate, stopAfter: stopAfter, closed: e.closedChan(c.LocalAddr().String())}
	resp, err := http.ReadResponse(bufio.NewReader(pr), nil)
	if err != nil {
		t.Fatalf("GET %s: %v", path, err)
	}
	n, err = io.Copy(io.Discard, resp.Body)
	switch {
	case errors.Is(err, errStopReading):
		return n, false
	case err != nil:
		return n, true // io.ErrUnexpectedEOF, or a reset
	case resp.StatusCode != http.StatusOK:
		t.Fatalf("GET %s: status %d", path, resp.StatusCode)
	}
	return n, false
}

var errStopReading = errors.New("read enough")

// pacedReader reads a connection at about rate bytes per second until the
// server closes it.
type pacedReader struct {
	c         net.Conn
	rate, n   int
	stopAfter int
	closed    <-chan struct{}
}

func (p *pacedReader) Read(b []byte) (int, error) {
	if p.n >= p.stopAfter {
		return 0, errStopReading
	}
	m, err := p.c.Read(b[:min(len(b), 4<<10)])
	p.n += m
	select {
	case <-p.closed:
	default:
		if p.rate > 0 {
			time.Sleep(time.Duration(m) * time.Second / time.Duration(p.rate))
		}
	}
	return m, err
}

// A client that reads media under the minimum rate is cut off
// (the server closes the connection) long before the file's end, while a
// client that reads normally gets the whole file.
func TestSlowMediaReadersAreCutOff(t *testing.T) {
	t.Parallel()
	video := fakeVideo(2 << 20)
	// Every 64 KB must leave within a second: at least 64 KB/s.
	e := newSlowReaderEnv(t, writeTimes{fixed: time.Hour, mediaWindow: 64 << 10, minRate: 64 << 10},
		map[string][]byte{"clip.mp4": video, "p_rendition.mp4": video})
	for _, path := range []string{"/uploads/clip.mp4", "/api/video-proxy?url=/uploads/clip.mp4", "/media/p_rendition.mp4"} {
		if n, cut := e.get(t, path, 0, len(video)*2); cut || n != int64(len(video)) {
			t.Errorf("%s, a normal reader: %d bytes of %d (cut off: %v)", path, n, len(video), cut)
		}
		// A quarter of the minimum rate: cut off once the buffers are full.
		if n, cut := e.get(t, path, 16<<10, 512<<10); !cut {
			t.Errorf("%s, a reader at 16 KB/s: not cut off after %d bytes", path, n)
		}
	}
}

// Every other answer must leave within the fixed time of its
// first byte, and media is exempt from it: a reader well above media's
// minimum rate gets the whole file however long it takes.
func TestFixedWriteDeadlineOutsideMedia(t *testing.T) {
	t.Parallel()
	large := bytes.Repeat([]byte("x"), 512<<10)
	// Fixed: one second. Media: 64 KB within 4 s (16 KB/s).
	e := newSlowReaderEnv(t, writeTimes{fixed: time.Second, mediaWindow: 64 << 10, minRate: 16 << 10},
		map[string][]byte{"clip.mp4": large, "large.json": large})
	const rate = 128 << 10 // 512 KB takes four times the fixed second
	if n, cut := e.get(t, "/api/test-large", rate, len(large)*2); !cut || n >= int64(len(large)) {
		t.Errorf("a large answer that is not media: %d bytes of %d (cut off: %v)", n, len(large), cut)
	}
	if n, cut := e.get(t, "/uploads/clip.mp4", rate, len(large)*2); cut || n != int64(len(large)) {
		t.Errorf("media at 128 KB/s: %d bytes of %d (cut off: %v)", n, len(large), cut)
	}
	if n, cut := e.get(t, "/api/test-large", 0, len(large)*2); cut || n != int64(len(large)) {
		t.Errorf("a normal reader of a large answer: %d bytes of %d (cut off: %v)", n, len(large), cut)
	}
}

// The moving deadline goes to the host's file paths and to the routes a
// capability declares Media (a delivery room's drafts, for the brand and in
// the admin), and to nothing else.
func TestMediaAnswersAreTheHostsFilesAndTheRoutesDeclaredMedia(t *testing.T) {
	t.Parallel()
	var srv *Server
	newServerEnv(t, sqliteStore(t), nil, func(s *Server) { srv = s })
	tok := strings.Repeat("a", 43)
	for p, want := range map[string]bool{
		"/uploads/x.mp4":                           true,
		"/media/p_0123456789abcdef0123456.mp4":     true,
		"/api/video-proxy":                         true,
		"/room/" + tok + "/drafts/3/media/p_a.mp4": true,
		"/room/" + tok + "/drafts/3/final":         true,
		"/api/admin/deals/3/drafts/4/media/x.mp4":  true,
		"/api/admin/deals/3/drafts/4/file":         true,
		"/room/" + tok:                             false,
		"/room/" + tok + "/licences":               false,
		"/api/admin/deals/3/drafts":                false,
		"/api/portfolio/no":                        false,
	} {
		if got := srv.servesMedia(httptest.NewRequest("GET", p, nil)); got != want {
			t.Errorf("servesMedia(%s) = %v, want %v", p, got, want)
		}
	}
}
