package processing_test

import (
	"context"
	"net/http"
	"strconv"
	"strings"
	"testing"

	"github.com/ugcfolio/ugcfolio/internal/apperr"
	"github.com/ugcfolio/ugcfolio/internal/media"
	"github.com/ugcfolio/ugcfolio/internal/sitetest"
	"github.com/ugcfolio/ugcfolio/internal/store"
)

// withJobs is a site whose job queue runs (photos are processed by it).
var withJobs = sitetest.Options{Jobs: true}

func TestImageUploadProcessedAndPrivate(t *testing.T) {
	t.Parallel()
	sitetest.Each(t, withJobs, func(t *testing.T, e *sitetest.Site) {
		st := e.Store
		admin := e.SignedInAdmin(t)
		var up struct{ URL string }
		admin.UploadImage(t, "img-0001-processed", "image/png", sitetest.PNG(t, 700, 500)).WantStatus(t, http.StatusOK).JSON(t, &up)
		if !strings.HasSuffix(up.URL, ".png") {
			t.Fatalf("url %q", up.URL)
		}
		// Private from the start: the original is never served.
		e.Client().Do("GET", up.URL, nil).WantStatus(t, http.StatusNotFound)

		a := e.WaitAsset(t, up.URL)
		if a.Status != store.MediaReady || a.Width != 700 || a.Height != 500 {
			t.Fatalf("asset %+v", a)
		}
		var got []string
		for _, o := range a.Outputs {
			got = append(got, o.Role+":"+o.Type+"@"+strconv.Itoa(o.Width)+"x"+strconv.Itoa(o.Height))
			if !media.IsProcessedName(o.Name) || !e.Stored(o.Name) {
				t.Errorf("output %+v not stored as a processed file", o)
			}
		}
		// The variants, then the card's crop: the middle 281×500 (9:16).
		if want := "image:image/webp@320x229 image:image/jpeg@320x229 image:image/webp@480x343 image:image/jpeg@480x343 " +
			"image:image/webp@640x457 image:image/jpeg@640x457 image:image/webp@700x500 image:image/jpeg@700x500 " +
			"card:image/webp@281x500"; strings.Join(got, " ") != want {
			t.Fatalf("outputs %v, want %s", got, want)
		}
		r := e.Client().Do("GET", media.ProcessedURL(a.Outputs[0].Name), nil).WantStatus(t, http.StatusOK)
		if r.Header.Get("Content-Type") != "image/webp" || !strings.Contains(r.Header.Get("Cache-Control"), "immutable") {
			t.Errorf("variant served as %q, %q", r.Header.Get("Content-Type"), r.Header.Get("Cache-Control"))
		}

		// Saved on an item, visitors get the variants and never the original.
		var item struct{ ID int64 }
		admin.Do("POST", "/api/admin/portfolio", map[string]any{"title": "Foto", "description": "d", "category": "product",
			"imageUrl": up.URL, "language": "no"}).WantStatus(t, http.StatusCreated).JSON(t, &item)
		var list []struct {
			ImageURL   string `json:"imageUrl"`
			ImageMedia *struct {
				Sources     []struct{ URL string }
				CardSources []struct{ URL string }
			} `json:"imageMedia"`
		}
		e.Client().Do("GET", "/api/portfolio/no", nil).WantStatus(t, http.StatusOK).JSON(t, &list)
		if len(list) != 1 || !strings.HasPrefix(list[0].ImageURL, "/media/p_") || !strings.HasSuffix(list[0].ImageURL, ".jpg") ||
			list[0].ImageMedia == nil || len(list[0].ImageMedia.Sources) != 8 || len(list[0].ImageMedia.CardSources) != 1 {
			t.Fatalf("public list %+v", list)
		}

		// Replacing the image by an address removes the original, its
		// variants and its row.
		admin.Do("PATCH", "/api/admin/portfolio/"+strconv.Itoa(int(item.ID)), map[string]any{"imageUrl": "https://example.com/foto.jpg"}).WantStatus(t, http.StatusOK)
		name, _ := media.NameFromURL(up.URL)
		if e.Stored(name) {
			t.Error("original kept after the item let go of it")
		}
		for _, o := range a.Outputs {
			if e.Stored(o.Name) {
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
	e := sitetest.New(t, sitetest.SQLite(t), withJobs)
	admin := e.SignedInAdmin(t)
	// A text file named .jpg and declared as a JPEG: refused by its bytes.
	text := []byte("Dette er en tekstfil som later som den er et bilde.\n")
	admin.Do("POST", "/api/admin/upload/initialize", map[string]any{"uploadId": "img-text-0001", "fileName": "foto.jpg",
		"fileSize": len(text), "fileType": "image/jpeg", "totalChunks": 1}).WantStatus(t, http.StatusOK)
	admin.SendChunk("img-text-0001", 0, 1, text).WantStatus(t, http.StatusOK)
	admin.Finalize("img-text-0001").WantMessage(t, http.StatusUnsupportedMediaType,
		"Filen er ikke et bilde i et format vi støtter (JPEG, PNG, WebP eller HEIC).")
	// A photo over 25 MB is refused when declared; a video of that size is not.
	admin.InitUpload("img-big-0001", 26<<20, "image/jpeg", 6).WantMessage(t, http.StatusRequestEntityTooLarge, "Bildet er for stort: grensen er 25 MB.")
	admin.InitUpload("vid-big-0001", 26<<20, "video/mp4", 6).WantStatus(t, http.StatusOK)
	// A video declared as an image is not an image.
	admin.UploadImage(t, "img-vid-0001", "image/png", sitetest.FakeVideo(2000)).WantStatus(t, http.StatusUnsupportedMediaType)
}

// The admin's "retry" for a photo runs its job again, on a server without
// ffmpeg too (it once answered "Video processing is off on this server").
func TestRetryFailedPhotoWithVideoProcessingOff(t *testing.T) {
	t.Parallel()
	sitetest.Each(t, withJobs, func(t *testing.T, e *sitetest.Site) { // no video tools
		ctx := context.Background()
		st := e.Store
		admin := e.SignedInAdmin(t)
		var up struct{ URL string }
		admin.UploadImage(t, "img-retry-0001", "image/png", sitetest.PNG(t, 400, 300)).WantStatus(t, http.StatusOK).JSON(t, &up)
		e.WaitAsset(t, up.URL)
		name, _ := media.NameFromURL(up.URL)
		status := "/api/admin/media/" + name
		admin.Do("POST", status+"/retry", nil).WantMessage(t, http.StatusConflict, "The photo is processed already")

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
		admin.Do("POST", status+"/retry", nil).WantStatus(t, http.StatusOK).JSON(t, &again)
		if again.Status != store.MediaProcessing || again.JobState == "failed" || again.Attempts > 1 {
			t.Fatalf("after retry: %+v", again)
		}
		if a := e.WaitAsset(t, up.URL); a.Status != store.MediaReady || a.Width != 400 {
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
	e := sitetest.New(t, sitetest.SQLite(t), withJobs)
	st := e.Store
	admin := e.SignedInAdmin(t)
	var up struct{ URL string }
	admin.UploadImage(t, "img-gone-0001", "image/png", sitetest.PNG(t, 400, 300)).WantStatus(t, http.StatusOK).JSON(t, &up)
	a := e.WaitAsset(t, up.URL)
	name, _ := media.NameFromURL(up.URL)
	if err := e.Storage.Delete(ctx, name); err != nil {
		t.Fatal(err)
	}
	admin.Finalize("img-gone-0001").WantStatus(t, http.StatusBadRequest)
	if _, err := st.GetMediaAsset(ctx, name); !apperr.Is(err, apperr.CodeNotFound) {
		t.Errorf("asset row kept: %v", err)
	}
	for _, o := range a.Outputs {
		if e.Stored(o.Name) {
			t.Errorf("variant %s kept", o.Name)
		}
	}
}
