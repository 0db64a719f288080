package processing_test

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ugcfolio/ugcfolio/internal/jobs"
	"github.com/ugcfolio/ugcfolio/internal/sitetest"
	"github.com/ugcfolio/ugcfolio/internal/store"
)

// withVideo is a site with video processing on (the real ffmpeg) and its
// job queue running.
var withVideo = sitetest.Options{Video: true}

// Reasons the admin reads when a video fails (internal/processing/video.go).
const (
	reasonUnreadable = "Filen kunne ikke leses som video (den er skadet, ufullstendig eller ikke en video). Den er fjernet: last opp videoen på nytt."
	reasonGone       = "Den opplastede filen finnes ikke lenger. Last opp videoen på nytt."
)

// wantNoWorkFiles fails the test if ffmpeg's work directory holds anything.
func wantNoWorkFiles(t *testing.T, e *sitetest.Site) {
	t.Helper()
	entries, err := os.ReadDir(filepath.Join(e.DataDir, "video-work"))
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
	clip := sitetest.PortraitClip(t)
	sitetest.Each(t, withVideo, func(t *testing.T, e *sitetest.Site) {
		admin := e.SignedInAdmin(t)
		var settings map[string]bool
		admin.Do("GET", "/api/admin/media", nil).WantStatus(t, http.StatusOK).JSON(t, &settings)
		if !settings["videoProcessing"] {
			t.Fatalf("settings %v", settings)
		}
		url := admin.UploadVideo(t, "portrait-clip-1", clip)
		// Saved while it may still run; a visitor's list is read (and cached) meanwhile.
		admin.Do("POST", "/api/admin/portfolio", map[string]any{"title": "Portrett", "videoUrl": url, "language": "no"}).
			WantStatus(t, http.StatusCreated)
		visitor := e.Client()
		visitor.Do("GET", "/api/portfolio/no", nil).WantStatus(t, http.StatusOK)

		got := sitetest.WaitVideo(t, admin, url)
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
		visitor.Do("GET", "/api/portfolio/no", nil).WantStatus(t, http.StatusOK).JSON(t, &list)
		if len(list) != 1 || list[0].VideoURL != got.Sources[0].URL || list[0].VideoMedia == nil ||
			list[0].VideoMedia.PosterURL != got.PosterURL {
			t.Fatalf("visitor's list right after processing: %+v", list)
		}
		poster := visitor.Do("GET", got.PosterURL, nil).WantStatus(t, http.StatusOK)
		if poster.Header.Get("Content-Type") != "image/jpeg" {
			t.Fatalf("poster: %v", poster.Header)
		}
		part := visitor.Do("GET", got.Sources[0].URL, nil, "Range", "bytes=0-99").WantStatus(t, http.StatusPartialContent)
		if len(part.Body) != 100 || part.Header.Get("Content-Type") != "video/mp4" {
			t.Fatalf("rendition range: %d bytes, %v", len(part.Body), part.Header)
		}
		// The original is kept, but no longer served.
		visitor.Do("GET", url, nil).WantStatus(t, http.StatusNotFound)
		if _, err := e.Storage.Open(context.Background(), strings.TrimPrefix(url, "/uploads/")); err != nil {
			t.Fatalf("the original is gone: %v", err)
		}
		wantNoWorkFiles(t, e)
	})
}

// A retried finalize (its first answer lost) does not process the video twice.
func TestRetriedFinalizeEnqueuesOnce(t *testing.T) {
	t.Parallel()
	clip := sitetest.PortraitClip(t)
	e := sitetest.New(t, sitetest.SQLite(t), withVideo)
	admin := e.SignedInAdmin(t)
	url := admin.UploadVideo(t, "portrait-clip-2", clip)
	admin.Finalize("portrait-clip-2").WantStatus(t, http.StatusOK)
	sitetest.WaitVideo(t, admin, url)
	var n int
	if err := e.Store.DB.QueryRow(`SELECT COUNT(*) FROM jobs WHERE kind = 'video'`).Scan(&n); err != nil || n != 1 {
		t.Fatalf("%d video jobs (%v), want 1", n, err)
	}
}

// A file that passes the upload's signature check but that ffprobe cannot
// read fails at once with the reason in Norwegian, and is removed; a retry
// then says the file is gone.
func TestUnreadableVideoFailsAndIsRemoved(t *testing.T) {
	t.Parallel()
	sitetest.Each(t, withVideo, func(t *testing.T, e *sitetest.Site) {
		admin := e.SignedInAdmin(t)
		url := admin.UploadVideo(t, "not-a-real-video", sitetest.FakeVideo(200<<10))
		got := sitetest.WaitVideo(t, admin, url)
		if got.Status != store.MediaFailed || got.Error != reasonUnreadable || got.JobState != "failed" || got.Attempts != 1 {
			t.Fatalf("failed: %+v", got)
		}
		e.Client().Do("GET", url, nil).WantStatus(t, http.StatusNotFound)
		if f := e.Files(t); len(f) != 0 {
			t.Fatalf("files left: %v", f)
		}
		wantNoWorkFiles(t, e)

		var again sitetest.VideoStatus
		admin.Do("POST", "/api/admin/media/"+strings.TrimPrefix(url, "/uploads/")+"/retry", nil).
			WantStatus(t, http.StatusOK).JSON(t, &again)
		got = sitetest.WaitVideo(t, admin, url)
		if got.Status != store.MediaFailed || got.Error != reasonGone {
			t.Fatalf("after retry: %+v", got)
		}
	})
}

// Without ffmpeg (no tools): uploads are served as they arrived, nothing
// is enqueued, and the admin is told processing is off.
func TestVideoProcessingOff(t *testing.T) {
	t.Parallel()
	e := sitetest.New(t, sitetest.SQLite(t), sitetest.Options{})
	admin := e.SignedInAdmin(t)
	var settings map[string]bool
	admin.Do("GET", "/api/admin/media", nil).WantStatus(t, http.StatusOK).JSON(t, &settings)
	if settings["videoProcessing"] {
		t.Fatalf("settings %v", settings)
	}
	data := sitetest.FakeVideo(100 << 10)
	url := admin.UploadVideo(t, "unprocessed-1", data)
	admin.Do("GET", "/api/admin/media/"+strings.TrimPrefix(url, "/uploads/"), nil).WantStatus(t, http.StatusNotFound)
	if got := e.Client().Do("GET", url, nil).WantStatus(t, http.StatusOK); got.Body != string(data) {
		t.Fatal("the upload is not served as it arrived")
	}
	var n int
	if err := e.Store.DB.QueryRow(`SELECT COUNT(*) FROM jobs`).Scan(&n); err != nil || n != 0 {
		t.Fatalf("%d jobs (%v)", n, err)
	}
}

// The admin's media endpoints are the admin's.
func TestMediaStatusNeedsAnAdmin(t *testing.T) {
	t.Parallel()
	e := sitetest.New(t, sitetest.SQLite(t), sitetest.Options{})
	for _, r := range []struct{ method, path string }{
		{"GET", "/api/admin/media"}, {"GET", "/api/admin/media/x.mp4"}, {"POST", "/api/admin/media/x.mp4/retry"},
	} {
		got := e.Client().Do(r.method, r.path, nil)
		if got.Status != http.StatusUnauthorized {
			t.Errorf("%s %s: %d", r.method, r.path, got.Status)
		}
	}
}

// An item deleted while its video is processed: whenever the job gets to
// it, nothing of the upload is left (no asset, no original, no output).
func TestItemDeletedDuringProcessingLeavesNothing(t *testing.T) {
	t.Parallel()
	clip := sitetest.PortraitClip(t)
	e := sitetest.New(t, sitetest.SQLite(t), withVideo)
	admin := e.SignedInAdmin(t)
	url := admin.UploadVideo(t, "deleted-meanwhile", clip)
	var item struct{ ID int64 }
	admin.Do("POST", "/api/admin/portfolio", map[string]any{"title": "Borte", "videoUrl": url, "language": "no"}).
		WantStatus(t, http.StatusCreated).JSON(t, &item)
	admin.Do("DELETE", fmt.Sprintf("/api/admin/portfolio/%d", item.ID), nil).WantStatus(t, http.StatusNoContent)
	deadline := time.Now().Add(60 * time.Second)
	for {
		// The video's job (its subject is the stored name), through the queue.
		j, ok, err := e.Jobs.Latest(context.Background(), "video", strings.TrimPrefix(url, "/uploads/"))
		if err != nil || !ok {
			t.Fatalf("the video's job: %v, %v", ok, err)
		}
		state := j.State
		if state == jobs.Done || state == jobs.Failed {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("job still %s", state)
		}
		time.Sleep(20 * time.Millisecond)
	}
	admin.Do("GET", "/api/admin/media/"+strings.TrimPrefix(url, "/uploads/"), nil).WantStatus(t, http.StatusNotFound)
	if f := e.Files(t); len(f) != 0 {
		t.Fatalf("files left: %v", f)
	}
	wantNoWorkFiles(t, e)
}
