package httpapi

import (
	"bytes"
	"context"
	"image"
	"image/color"
	"image/png"
	"net/http"
	"strconv"
	"testing"
	"time"

	"github.com/ugcfolio/ugcfolio/internal/apperr"
	"github.com/ugcfolio/ugcfolio/internal/jobs"
	"github.com/ugcfolio/ugcfolio/internal/media"
	"github.com/ugcfolio/ugcfolio/internal/store"
	"github.com/ugcfolio/ugcfolio/internal/store/storetest"
)

// imageEnv is an upload server whose job queue runs.
func imageEnv(t *testing.T, st *store.Store) *uploadEnv {
	t.Helper()
	e := newUploadEnv(t, st, nil)
	e.server.jobs.Poll = 10 * time.Millisecond
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { e.server.jobs.Run(ctx); close(done) }()
	t.Cleanup(func() { cancel(); <-done })
	return e
}

// cleanUploads runs a janitor round and waits for the upload cleanup job
// that it schedules to finish.
func (e *uploadEnv) cleanUploads(t *testing.T) {
	t.Helper()
	ctx := context.Background()
	before, _, err := e.server.jobs.Latest(ctx, media.CleanupKind, media.CleanupSubject)
	if err != nil {
		t.Fatal(err)
	}
	e.server.tidy(ctx)
	deadline := time.Now().Add(10 * time.Second)
	for {
		j, ok, err := e.server.jobs.Latest(ctx, media.CleanupKind, media.CleanupSubject)
		switch {
		case err != nil:
			t.Fatal(err)
		case ok && j.ID != before.ID && j.State == jobs.Failed:
			t.Fatalf("upload cleanup failed: %s", j.LastError)
		case ok && j.ID != before.ID && j.State == jobs.Done:
			return
		case time.Now().After(deadline):
			t.Fatalf("the upload cleanup job did not finish: %+v", j)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// testPNG is a w×h picture, left half red, right half blue.
func testPNG(t *testing.T, w, h int) []byte {
	m := image.NewNRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			c := color.NRGBA{200, 30, 30, 255}
			if x >= w/2 {
				c = color.NRGBA{30, 30, 200, 255}
			}
			m.SetNRGBA(x, y, c)
		}
	}
	var b bytes.Buffer
	if err := png.Encode(&b, m); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// uploadImage sends data through the chunked protocol as fileType.
func uploadImage(t *testing.T, c *client, id, fileType string, data []byte) response {
	t.Helper()
	c.initUpload(id, int64(len(data)), fileType, 1).wantStatus(t, http.StatusOK)
	c.sendChunk(id, 0, 1, data).wantStatus(t, http.StatusOK)
	return c.finalize(id)
}

// waitAsset polls until the asset of url leaves "processing".
func waitAsset(t *testing.T, st *store.Store, url string) store.MediaAsset {
	t.Helper()
	name, _ := media.NameFromURL(url)
	deadline := time.Now().Add(60 * time.Second)
	for {
		a, err := st.GetMediaAsset(context.Background(), name)
		if err != nil {
			t.Fatal(err)
		}
		if a.Status != store.MediaProcessing {
			return a
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s still processing", url)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func (e *uploadEnv) stored(name string) bool {
	f, err := e.storage.Open(context.Background(), name)
	if err != nil {
		return false
	}
	f.Close()
	return true
}

func TestUnusedImageRemovedAfter24Hours(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		e := imageEnv(t, st)
		admin := e.signedIn(t, "admin@example.no", true)
		var unused, kept struct{ URL string }
		uploadImage(t, admin, "img-unused-0001", "image/png", testPNG(t, 400, 300)).wantStatus(t, http.StatusOK).json(t, &unused)
		uploadImage(t, admin, "img-kept-0001", "image/png", testPNG(t, 500, 320)).wantStatus(t, http.StatusOK).json(t, &kept)
		ua, ka := waitAsset(t, st, unused.URL), waitAsset(t, st, kept.URL)
		var tm struct{ ID int64 }
		admin.do("POST", "/api/admin/testimonials", map[string]any{"name": "Kari", "company": "Firma", "testimonial": "Bra",
			"imageUrl": kept.URL, "rating": 5, "language": "no", "isActive": true}).wantStatus(t, http.StatusCreated).json(t, &tm)

		// An hour before the 24 hours are up, the janitor leaves both.
		e.server.now = func() time.Time { return time.Now().Add(23 * time.Hour) }
		e.cleanUploads(t)
		un, _ := media.NameFromURL(unused.URL)
		if !e.stored(un) {
			t.Fatal("removed before its 24 hours")
		}
		e.server.now = func() time.Time { return time.Now().Add(25 * time.Hour) }
		e.cleanUploads(t)
		if e.stored(un) {
			t.Error("unused original kept after 24 hours")
		}
		for _, o := range ua.Outputs {
			if e.stored(o.Name) {
				t.Errorf("unused variant %s kept", o.Name)
			}
		}
		if _, err := st.GetMediaAsset(ctx, un); !apperr.Is(err, apperr.CodeNotFound) {
			t.Errorf("unused asset row kept: %v", err)
		}
		kn, _ := media.NameFromURL(kept.URL)
		if !e.stored(kn) || !e.stored(ka.Outputs[0].Name) {
			t.Fatal("the testimonial's image was removed")
		}
		// Deleting the testimonial lets go of its image.
		admin.do("DELETE", "/api/admin/testimonials/"+strconv.Itoa(int(tm.ID)), nil).wantStatus(t, http.StatusNoContent)
		if e.stored(kn) || e.stored(ka.Outputs[0].Name) {
			t.Error("testimonial deleted, its image kept")
		}
	})
}
