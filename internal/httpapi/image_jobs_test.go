package httpapi

import (
	"bytes"
	"context"
	"image"
	"image/color"
	"image/png"
	"net/http"
	"strconv"
	"strings"
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

func TestImageUploadProcessedAndPrivate(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		e := imageEnv(t, st)
		admin := e.signedIn(t, "admin@example.no", true)
		var up struct{ URL string }
		uploadImage(t, admin, "img-0001-processed", "image/png", testPNG(t, 700, 500)).wantStatus(t, http.StatusOK).json(t, &up)
		if !strings.HasSuffix(up.URL, ".png") {
			t.Fatalf("url %q", up.URL)
		}
		// Private from the start: the original is never served.
		e.client().do("GET", up.URL, nil).wantStatus(t, http.StatusNotFound)

		a := waitAsset(t, st, up.URL)
		if a.Status != store.MediaReady || a.Width != 700 || a.Height != 500 {
			t.Fatalf("asset %+v", a)
		}
		var got []string
		for _, o := range a.Outputs {
			got = append(got, o.Role+":"+o.Type+"@"+strconv.Itoa(o.Width)+"x"+strconv.Itoa(o.Height))
			if !media.IsProcessedName(o.Name) || !e.stored(o.Name) {
				t.Errorf("output %+v not stored as a processed file", o)
			}
		}
		// The variants, then the card's crop: the middle 281×500 (9:16).
		if want := "image:image/webp@320x229 image:image/jpeg@320x229 image:image/webp@480x343 image:image/jpeg@480x343 " +
			"image:image/webp@640x457 image:image/jpeg@640x457 image:image/webp@700x500 image:image/jpeg@700x500 " +
			"card:image/webp@281x500"; strings.Join(got, " ") != want {
			t.Fatalf("outputs %v, want %s", got, want)
		}
		r := e.client().do("GET", media.ProcessedURL(a.Outputs[0].Name), nil).wantStatus(t, http.StatusOK)
		if r.header.Get("Content-Type") != "image/webp" || !strings.Contains(r.header.Get("Cache-Control"), "immutable") {
			t.Errorf("variant served as %q, %q", r.header.Get("Content-Type"), r.header.Get("Cache-Control"))
		}

		// Saved on an item, visitors get the variants and never the original.
		var item struct{ ID int64 }
		admin.do("POST", "/api/admin/portfolio", map[string]any{"title": "Foto", "description": "d", "category": "product",
			"imageUrl": up.URL, "language": "no"}).wantStatus(t, http.StatusCreated).json(t, &item)
		var list []struct {
			ImageURL   string `json:"imageUrl"`
			ImageMedia *struct {
				Sources     []struct{ URL string }
				CardSources []struct{ URL string }
			} `json:"imageMedia"`
		}
		e.client().do("GET", "/api/portfolio/no", nil).wantStatus(t, http.StatusOK).json(t, &list)
		if len(list) != 1 || !strings.HasPrefix(list[0].ImageURL, "/media/p_") || !strings.HasSuffix(list[0].ImageURL, ".jpg") ||
			list[0].ImageMedia == nil || len(list[0].ImageMedia.Sources) != 8 || len(list[0].ImageMedia.CardSources) != 1 {
			t.Fatalf("public list %+v", list)
		}

		// Replacing the image by an address removes the original, its
		// variants and its row.
		admin.do("PATCH", "/api/admin/portfolio/"+strconv.Itoa(int(item.ID)), map[string]any{"imageUrl": "https://example.com/foto.jpg"}).wantStatus(t, http.StatusOK)
		name, _ := media.NameFromURL(up.URL)
		if e.stored(name) {
			t.Error("original kept after the item let go of it")
		}
		for _, o := range a.Outputs {
			if e.stored(o.Name) {
				t.Errorf("variant %s kept", o.Name)
			}
		}
		if _, err := st.GetMediaAsset(context.Background(), name); !apperr.Is(err, apperr.CodeNotFound) {
			t.Errorf("asset row kept: %v", err)
		}
	})
}

func TestImageUploadRefusals(t *testing.T) {
	t.Parallel()
	e := imageEnv(t, sqliteStore(t))
	admin := e.signedIn(t, "admin@example.no", true)
	// A text file named .jpg and declared as a JPEG: refused by its bytes.
	text := []byte("Dette er en tekstfil som later som den er et bilde.\n")
	admin.do("POST", "/api/admin/upload/initialize", map[string]any{"uploadId": "img-text-0001", "fileName": "foto.jpg",
		"fileSize": len(text), "fileType": "image/jpeg", "totalChunks": 1}).wantStatus(t, http.StatusOK)
	admin.sendChunk("img-text-0001", 0, 1, text).wantStatus(t, http.StatusOK)
	admin.finalize("img-text-0001").wantMessage(t, http.StatusUnsupportedMediaType,
		"Filen er ikke et bilde i et format vi støtter (JPEG, PNG, WebP eller HEIC).")
	// A photo over 25 MB is refused when declared; a video of that size is not.
	admin.initUpload("img-big-0001", 26<<20, "image/jpeg", 6).wantMessage(t, http.StatusRequestEntityTooLarge, "Bildet er for stort: grensen er 25 MB.")
	admin.initUpload("vid-big-0001", 26<<20, "video/mp4", 6).wantStatus(t, http.StatusOK)
	// A video declared as an image is not an image.
	uploadImage(t, admin, "img-vid-0001", "image/png", fakeVideo(2000)).wantStatus(t, http.StatusUnsupportedMediaType)
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

// The admin's "retry" for a photo runs its job again, on a server without
// ffmpeg too (it once answered "Video processing is off on this server").
func TestRetryFailedPhotoWithVideoProcessingOff(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		e := imageEnv(t, st) // no video tools
		admin := e.signedIn(t, "admin@example.no", true)
		var up struct{ URL string }
		uploadImage(t, admin, "img-retry-0001", "image/png", testPNG(t, 400, 300)).wantStatus(t, http.StatusOK).json(t, &up)
		waitAsset(t, st, up.URL)
		name, _ := media.NameFromURL(up.URL)
		status := "/api/admin/media/" + name
		admin.do("POST", status+"/retry", nil).wantMessage(t, http.StatusConflict, "The photo is processed already")

		// Its processing failed (as after a storage outage on each try).
		if err := st.PutMediaAsset(ctx, store.MediaAsset{StoredName: name, Kind: store.MediaImage, Status: store.MediaFailed,
			Error: "Bildet kunne ikke behandles. Prøv igjen, eller last opp bildet på nytt."}); err != nil {
			t.Fatal(err)
		}
		if _, err := st.DB.Exec(`UPDATE jobs SET state = 'failed', attempts = 3 WHERE kind = 'image'`); err != nil {
			t.Fatal(err)
		}
		var again struct {
			Status   string
			JobState string
			Attempts int
		}
		admin.do("POST", status+"/retry", nil).wantStatus(t, http.StatusOK).json(t, &again)
		if again.Status != store.MediaProcessing || again.JobState == "failed" || again.Attempts > 1 {
			t.Fatalf("after retry: %+v", again)
		}
		if a := waitAsset(t, st, up.URL); a.Status != store.MediaReady || a.Width != 400 {
			t.Fatalf("after retry the photo is %+v", a)
		}
		var n int
		if err := st.DB.QueryRow(`SELECT COUNT(*) FROM jobs WHERE kind = 'image'`).Scan(&n); err != nil || n != 1 {
			t.Fatalf("%d image jobs (%v), want its one job run again", n, err)
		}
	})
}

// A finalize retried after its stored file went (as an unreadable video
// is removed) discards the upload, and what was made of the file with it.
func TestFailedFinalizeForgetsWhatWasMade(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := sqliteStore(t)
	e := imageEnv(t, st)
	admin := e.signedIn(t, "admin@example.no", true)
	var up struct{ URL string }
	uploadImage(t, admin, "img-gone-0001", "image/png", testPNG(t, 400, 300)).wantStatus(t, http.StatusOK).json(t, &up)
	a := waitAsset(t, st, up.URL)
	name, _ := media.NameFromURL(up.URL)
	if err := e.storage.Delete(ctx, name); err != nil {
		t.Fatal(err)
	}
	admin.finalize("img-gone-0001").wantStatus(t, http.StatusBadRequest)
	if _, err := st.GetMediaAsset(ctx, name); !apperr.Is(err, apperr.CodeNotFound) {
		t.Errorf("asset row kept: %v", err)
	}
	for _, o := range a.Outputs {
		if e.stored(o.Name) {
			t.Errorf("variant %s kept", o.Name)
		}
	}
}
