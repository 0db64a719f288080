package httpapi

import (
	"context"
	"fmt"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ugcfolio/ugcfolio/internal/config"
	"github.com/ugcfolio/ugcfolio/internal/jobs"
	"github.com/ugcfolio/ugcfolio/internal/media"
	"github.com/ugcfolio/ugcfolio/internal/store"
	"github.com/ugcfolio/ugcfolio/internal/store/storetest"
	"github.com/ugcfolio/ugcfolio/internal/video"
)

// Reasons the admin reads when a video fails (internal/processing/video.go).
const (
	reasonUnreadable = "Filen kunne ikke leses som video (den er skadet, ufullstendig eller ikke en video). Den er fjernet: last opp videoen på nytt."
	reasonGone       = "Den opplastede filen finnes ikke lenger. Last opp videoen på nytt."
)

// videoEnv is an upload server with video processing on (the real
// ffmpeg) and its job queue running.
func videoEnv(t *testing.T, st *store.Store) (*uploadEnv, *jobs.Queue) {
	t.Helper()
	tools, err := video.Find(context.Background())
	if err != nil {
		t.Fatalf("these tests run the real ffmpeg: %v (apt-get install ffmpeg)", err)
	}
	cfg := config.Config{Addr: "127.0.0.1:0", DataDir: t.TempDir()}
	storage := media.NewLocal(cfg.UploadsDir())
	q := jobs.New(st, discardLog)
	q.Poll = 10 * time.Millisecond
	srv := New(Deps{Config: cfg, Store: st, Log: discardLog, Web: fs.FS(testWeb), Storage: storage, Jobs: q, Video: &tools})
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { q.Run(ctx); close(done) }()
	t.Cleanup(func() { cancel(); <-done })
	ts := httptest.NewServer(srv.Handler())
	t.Cleanup(ts.Close)
	return &uploadEnv{testEnv: &testEnv{t: t, store: st, url: ts.URL, server: srv}, dataDir: cfg.DataDir, storage: storage}, q
}

// portraitClip is a 2 s clip filmed "in portrait": 320×180 coded with a
// 90° display matrix, with the place of the shoot in its metadata. Made
// once per test binary.
func portraitClip(t *testing.T) []byte {
	t.Helper()
	portraitOnce.Do(func() { portraitBytes, portraitErr = makePortraitClip() })
	if portraitErr != nil {
		t.Fatal(portraitErr)
	}
	return portraitBytes
}

var (
	portraitOnce  sync.Once
	portraitBytes []byte
	portraitErr   error
)

func makePortraitClip() ([]byte, error) {
	dir, err := os.MkdirTemp("", "ugcfolio-portrait-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	plain, rotated := filepath.Join(dir, "plain.mp4"), filepath.Join(dir, "rotated.mp4")
	for _, args := range [][]string{
		{"-f", "lavfi", "-i", "testsrc2=size=320x180:rate=25", "-f", "lavfi", "-i", "sine=frequency=440", "-t", "2",
			"-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac",
			"-metadata", "location=+59.9139+010.7522/", plain},
		{"-i", plain, "-c", "copy", "-metadata:s:v:0", "rotate=90", rotated},
	} {
		cmd := exec.Command("ffmpeg", append([]string{"-nostdin", "-hide_banner", "-loglevel", "error", "-y"}, args...)...)
		if out, err := cmd.CombinedOutput(); err != nil {
			return nil, fmt.Errorf("ffmpeg (these tests need it: apt-get install ffmpeg): %v\n%s", err, out)
		}
	}
	return os.ReadFile(rotated)
}

// uploadBytes sends data through the chunked protocol and answers its URL.
func (c *client) uploadBytes(t *testing.T, id string, data []byte) string {
	t.Helper()
	chunks := split(data, 64<<10)
	c.initUpload(id, int64(len(data)), "video/mp4", len(chunks)).wantStatus(t, http.StatusOK)
	for i, ch := range chunks {
		c.sendChunk(id, i, len(chunks), ch).wantStatus(t, http.StatusOK)
	}
	var out struct{ URL string }
	c.finalize(id).wantStatus(t, http.StatusOK).json(t, &out)
	return out.URL
}

// waitVideo polls the admin's status of the upload until it has left
// processing and its job has recorded the end of its try.
func waitVideo(t *testing.T, admin *client, url string) videoStatusJSON {
	t.Helper()
	deadline := time.Now().Add(60 * time.Second)
	for {
		var st videoStatusJSON
		admin.do("GET", "/api/admin/media/"+strings.TrimPrefix(url, "/uploads/"), nil).wantStatus(t, http.StatusOK).json(t, &st)
		if st.Status != store.MediaProcessing && st.JobState != "running" && st.JobState != "queued" {
			return st
		}
		if time.Now().After(deadline) {
			t.Fatalf("still processing: %+v", st)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

type videoStatusJSON struct {
	Status    string
	Error     string
	Width     int
	Height    int
	PosterURL string
	Sources   []struct {
		URL           string
		Width, Height int
		Type          string
		Bytes         int64
	}
	Progress *int
	JobState string
	Attempts int
}

func (e *uploadEnv) wantNoWorkFiles(t *testing.T) {
	t.Helper()
	entries, err := os.ReadDir(filepath.Join(e.dataDir, "video-work"))
	if err != nil && !os.IsNotExist(err) {
		t.Fatal(err)
	}
	if len(entries) != 0 {
		t.Fatalf("left in video-work: %v", entries)
	}
}

// An uploaded video is processed in the background while the item is
// saved; once ready, visitors get the rendition and the poster at once
// (the public cache is emptied), and the original is private.
func TestUploadedVideoIsProcessed(t *testing.T) {
	t.Parallel()
	clip := portraitClip(t)
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		e, _ := videoEnv(t, st)
		admin := e.signedInAdmin(t)
		var settings map[string]bool
		admin.do("GET", "/api/admin/media", nil).wantStatus(t, http.StatusOK).json(t, &settings)
		if !settings["videoProcessing"] {
			t.Fatalf("settings %v", settings)
		}
		url := admin.uploadBytes(t, "portrait-clip-1", clip)
		// Saved while it may still run; a visitor's list is read (and cached) meanwhile.
		admin.do("POST", "/api/admin/portfolio", map[string]any{"title": "Portrett", "videoUrl": url, "language": "no"}).
			wantStatus(t, http.StatusCreated)
		visitor := e.client()
		visitor.do("GET", "/api/portfolio/no", nil).wantStatus(t, http.StatusOK)

		got := waitVideo(t, admin, url)
		if got.Status != store.MediaReady || got.Width != 180 || got.Height != 320 || len(got.Sources) != 1 ||
			got.Sources[0].Width != 180 || got.Sources[0].Height != 320 || got.Sources[0].Type != "video/mp4" ||
			!strings.HasPrefix(got.PosterURL, "/media/p_") || got.JobState != "done" || got.Attempts != 1 {
			t.Fatalf("ready: %+v", got)
		}

		var list []struct {
			VideoURL   string `json:"videoUrl"`
			VideoMedia *struct {
				PosterURL string `json:"posterUrl"`
				Error     string `json:"error"`
			} `json:"videoMedia"`
		}
		visitor.do("GET", "/api/portfolio/no", nil).wantStatus(t, http.StatusOK).json(t, &list)
		if len(list) != 1 || list[0].VideoURL != got.Sources[0].URL || list[0].VideoMedia == nil ||
			list[0].VideoMedia.PosterURL != got.PosterURL {
			t.Fatalf("visitor's list right after processing: %+v", list)
		}
		poster := visitor.do("GET", got.PosterURL, nil).wantStatus(t, http.StatusOK)
		if poster.header.Get("Content-Type") != "image/jpeg" {
			t.Fatalf("poster: %v", poster.header)
		}
		part := visitor.do("GET", got.Sources[0].URL, nil, "Range", "bytes=0-99").wantStatus(t, http.StatusPartialContent)
		if len(part.body) != 100 || part.header.Get("Content-Type") != "video/mp4" {
			t.Fatalf("rendition range: %d bytes, %v", len(part.body), part.header)
		}
		// The original is kept, but no longer served.
		visitor.do("GET", url, nil).wantStatus(t, http.StatusNotFound)
		if _, err := e.storage.Open(context.Background(), strings.TrimPrefix(url, "/uploads/")); err != nil {
			t.Fatalf("the original is gone: %v", err)
		}
		e.wantNoWorkFiles(t)
	})
}

// A retried finalize (its first answer lost) does not process the video twice.
func TestRetriedFinalizeEnqueuesOnce(t *testing.T) {
	t.Parallel()
	clip := portraitClip(t)
	e, _ := videoEnv(t, sqliteStore(t))
	admin := e.signedInAdmin(t)
	url := admin.uploadBytes(t, "portrait-clip-2", clip)
	admin.finalize("portrait-clip-2").wantStatus(t, http.StatusOK)
	waitVideo(t, admin, url)
	var n int
	if err := e.store.DB.QueryRow(`SELECT COUNT(*) FROM jobs WHERE kind = 'video'`).Scan(&n); err != nil || n != 1 {
		t.Fatalf("%d video jobs (%v), want 1", n, err)
	}
}

// A file that passes the upload's signature check but that ffprobe cannot
// read fails at once with the reason in Norwegian, and is removed; a retry
// then says the file is gone.
func TestUnreadableVideoFailsAndIsRemoved(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		e, _ := videoEnv(t, st)
		admin := e.signedInAdmin(t)
		url := admin.uploadBytes(t, "not-a-real-video", fakeVideo(200<<10))
		got := waitVideo(t, admin, url)
		if got.Status != store.MediaFailed || got.Error != reasonUnreadable || got.JobState != "failed" || got.Attempts != 1 {
			t.Fatalf("failed: %+v", got)
		}
		e.client().do("GET", url, nil).wantStatus(t, http.StatusNotFound)
		if f := e.files(t); len(f) != 0 {
			t.Fatalf("files left: %v", f)
		}
		e.wantNoWorkFiles(t)

		var again videoStatusJSON
		admin.do("POST", "/api/admin/media/"+strings.TrimPrefix(url, "/uploads/")+"/retry", nil).
			wantStatus(t, http.StatusOK).json(t, &again)
		got = waitVideo(t, admin, url)
		if got.Status != store.MediaFailed || got.Error != reasonGone {
			t.Fatalf("after retry: %+v", got)
		}
	})
}

// Without ffmpeg (no tools): uploads are served as they arrived, nothing
// is enqueued, and the admin is told processing is off.
func TestVideoProcessingOff(t *testing.T) {
	t.Parallel()
	e := newUploadEnv(t, sqliteStore(t), nil)
	admin := e.signedInAdmin(t)
	var settings map[string]bool
	admin.do("GET", "/api/admin/media", nil).wantStatus(t, http.StatusOK).json(t, &settings)
	if settings["videoProcessing"] {
		t.Fatalf("settings %v", settings)
	}
	data := fakeVideo(100 << 10)
	url := admin.uploadBytes(t, "unprocessed-1", data)
	admin.do("GET", "/api/admin/media/"+strings.TrimPrefix(url, "/uploads/"), nil).wantStatus(t, http.StatusNotFound)
	if got := e.client().do("GET", url, nil).wantStatus(t, http.StatusOK); got.body != string(data) {
		t.Fatal("the upload is not served as it arrived")
	}
	var n int
	if err := e.store.DB.QueryRow(`SELECT COUNT(*) FROM jobs`).Scan(&n); err != nil || n != 0 {
		t.Fatalf("%d jobs (%v)", n, err)
	}
}

// The admin's media endpoints are the admin's.
func TestMediaStatusNeedsAnAdmin(t *testing.T) {
	t.Parallel()
	e := newUploadEnv(t, sqliteStore(t), nil)
	for _, r := range []struct{ method, path string }{
		{"GET", "/api/admin/media"}, {"GET", "/api/admin/media/x.mp4"}, {"POST", "/api/admin/media/x.mp4/retry"},
	} {
		got := e.client().do(r.method, r.path, nil)
		if got.status != http.StatusUnauthorized {
			t.Errorf("%s %s: %d", r.method, r.path, got.status)
		}
	}
}

// An item deleted while its video is processed: whenever the job gets to
// it, nothing of the upload is left (no asset, no original, no output).
func TestItemDeletedDuringProcessingLeavesNothing(t *testing.T) {
	t.Parallel()
	clip := portraitClip(t)
	e, _ := videoEnv(t, sqliteStore(t))
	admin := e.signedInAdmin(t)
	url := admin.uploadBytes(t, "deleted-meanwhile", clip)
	var item struct{ ID int64 }
	admin.do("POST", "/api/admin/portfolio", map[string]any{"title": "Borte", "videoUrl": url, "language": "no"}).
		wantStatus(t, http.StatusCreated).json(t, &item)
	admin.do("DELETE", fmt.Sprintf("/api/admin/portfolio/%d", item.ID), nil).wantStatus(t, http.StatusNoContent)
	deadline := time.Now().Add(60 * time.Second)
	for {
		var state string
		if err := e.store.DB.QueryRow(`SELECT state FROM jobs WHERE kind = 'video'`).Scan(&state); err != nil {
			t.Fatal(err)
		}
		if state == "done" || state == "failed" {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("job still %s", state)
		}
		time.Sleep(20 * time.Millisecond)
	}
	admin.do("GET", "/api/admin/media/"+strings.TrimPrefix(url, "/uploads/"), nil).wantStatus(t, http.StatusNotFound)
	if f := e.files(t); len(f) != 0 {
		t.Fatalf("files left: %v", f)
	}
	e.wantNoWorkFiles(t)
}
