package processing_test

import (
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"testing"

	"github.com/ugcfolio/ugcfolio/internal/contentversion"
	"github.com/ugcfolio/ugcfolio/internal/portfolio"
	"github.com/ugcfolio/ugcfolio/internal/sitetest"
	"github.com/ugcfolio/ugcfolio/internal/store"
)

// A processed video and image: visitors get the processed files only, and
// only when ready; the admin sees every state and the stored URLs.
func TestMediaAssetsInAnswersAndFiles(t *testing.T) {
	t.Parallel()
	e := sitetest.New(t, sitetest.SQLite(t), sitetest.Options{})
	uploads := filepath.Join(e.DataDir, "uploads")
	os.MkdirAll(uploads, 0o750)
	for name, body := range map[string]string{
		"orig.mov": "original video", "orig.jpg": "original photo", "raw.mp4": "unprocessed video",
		"p_small.mp4": "small", "p_large.mp4": "large", "p_poster.jpg": "poster",
		"p_320.webp": "w320", "p_320.jpg": "j320", "p_960.jpg": "j960",
	} {
		os.WriteFile(filepath.Join(uploads, name), []byte(body), 0o640)
	}
	ctx := t.Context()
	e.Store.PutMediaAsset(ctx, store.MediaAsset{StoredName: "orig.mov", Kind: store.MediaVideo, Status: store.MediaReady,
		Width: 1080, Height: 1920, DurationMS: 3000, Outputs: []store.MediaOutput{
			{Name: "p_large.mp4", Role: store.RoleVideo, Width: 1080, Height: 1920, Type: "video/mp4", Bytes: 5},
			{Name: "p_poster.jpg", Role: store.RolePoster, Width: 720, Height: 1280, Type: "image/jpeg", Bytes: 6},
			{Name: "p_small.mp4", Role: store.RoleVideo, Width: 720, Height: 1280, Type: "video/mp4", Bytes: 5},
		}})
	e.Store.PutMediaAsset(ctx, store.MediaAsset{StoredName: "orig.jpg", Kind: store.MediaImage, Status: store.MediaProcessing})
	admin := e.SignedInAdmin(t)
	post := func(body map[string]any) {
		admin.Do("POST", "/api/admin/portfolio", body).WantStatus(t, http.StatusCreated)
	}
	post(map[string]any{"title": "Video", "videoUrl": "/uploads/orig.mov", "language": "no"})
	post(map[string]any{"title": "Photo", "imageUrl": "/uploads/orig.jpg", "language": "no"})
	post(map[string]any{"title": "Raw", "videoUrl": "/uploads/raw.mp4", "imageUrl": "https://cdn.example.com/a.jpg", "language": "no"})

	var public []portfolio.Answer
	e.Client().Do("GET", "/api/portfolio/no", nil).WantStatus(t, http.StatusOK).JSON(t, &public)
	byTitle := map[string]portfolio.Answer{}
	for _, p := range public {
		byTitle[p.Title] = p
	}
	video := byTitle["Video"]
	if video.VideoURL != "/media/p_large.mp4" || video.VideoMedia == nil || video.VideoMedia.PosterURL != "/media/p_poster.jpg" {
		t.Fatalf("visitor's ready video: url %q media %+v", video.VideoURL, video.VideoMedia)
	}
	if s := video.VideoMedia.Sources; len(s) != 2 || s[0].URL != "/media/p_small.mp4" || s[1].Width != 1080 {
		t.Fatalf("sources not smallest first: %+v", s)
	}
	if photo := byTitle["Photo"]; photo.ImageURL != "" || photo.ImageMedia != nil {
		t.Fatalf("visitor got an image still processing: %q %+v", photo.ImageURL, photo.ImageMedia)
	}
	if raw := byTitle["Raw"]; raw.VideoURL != "/uploads/raw.mp4" || raw.VideoMedia != nil || raw.ImageURL != "https://cdn.example.com/a.jpg" {
		t.Fatalf("unprocessed upload and external image changed: %+v", raw)
	}

	var adminList []portfolio.Answer
	admin.Do("GET", "/api/portfolio/no", nil).WantStatus(t, http.StatusOK).JSON(t, &adminList)
	for _, p := range adminList {
		if p.Title == "Photo" && (p.ImageURL != "/uploads/orig.jpg" || p.ImageMedia == nil || p.ImageMedia.Status != store.MediaProcessing) {
			t.Fatalf("admin's processing photo: %+v", p)
		}
		if p.Title == "Video" && p.VideoURL != "/uploads/orig.mov" {
			t.Fatalf("admin must get the stored URL, got %q", p.VideoURL)
		}
	}

	// The image becomes ready: visitors get the largest JPEG.
	e.Store.PutMediaAsset(ctx, store.MediaAsset{StoredName: "orig.jpg", Kind: store.MediaImage, Status: store.MediaReady,
		Width: 960, Height: 640, Outputs: []store.MediaOutput{
			{Name: "p_320.webp", Role: store.RoleImage, Width: 320, Height: 213, Type: "image/webp"},
			{Name: "p_960.jpg", Role: store.RoleImage, Width: 960, Height: 640, Type: "image/jpeg"},
			{Name: "p_320.jpg", Role: store.RoleImage, Width: 320, Height: 213, Type: "image/jpeg"},
		}})
	if err := contentversion.New(e.Store).Bump(ctx); err != nil { // as the job's end does (Processor.Changed)
		t.Fatal(err)
	}
	e.Client().Do("GET", "/api/portfolio/no", nil).WantStatus(t, http.StatusOK).JSON(t, &public)
	for _, p := range public {
		if p.Title == "Photo" && (p.ImageURL != "/media/p_960.jpg" || p.ImageMedia == nil || len(p.ImageMedia.Sources) != 3) {
			t.Fatalf("visitor's ready photo: %q %+v", p.ImageURL, p.ImageMedia)
		}
	}

	// Files: processed ones immutable under /media/, private originals 404.
	r := e.Client().Do("GET", "/media/p_small.mp4", nil).WantStatus(t, http.StatusOK)
	if r.Body != "small" || r.Header.Get("Cache-Control") != "public, max-age=31536000, immutable" {
		t.Fatalf("processed file: %q, cache %q", r.Body, r.Header.Get("Cache-Control"))
	}
	for _, path := range []string{"/uploads/orig.mov", "/uploads/orig.jpg", "/api/video-proxy?url=/uploads/orig.mov",
		"/uploads/p_small.mp4", "/media/orig.mov", "/media/raw.mp4", "/media/p_missing.mp4", "/media/"} {
		if r := e.Client().Do("GET", path, nil); r.Status != http.StatusNotFound {
			t.Errorf("%s answered %d, want 404", path, r.Status)
		}
	}
	e.Client().Do("GET", "/uploads/raw.mp4", nil).WantStatus(t, http.StatusOK)

	// Deleting the item removes the original, its processed files and its row.
	for _, p := range adminList {
		if p.Title == "Video" {
			admin.Do("DELETE", fmt.Sprintf("/api/admin/portfolio/%d", p.ID), nil).WantStatus(t, http.StatusNoContent)
		}
	}
	for _, name := range []string{"orig.mov", "p_large.mp4", "p_small.mp4", "p_poster.jpg"} {
		if _, err := os.Stat(filepath.Join(uploads, name)); !os.IsNotExist(err) {
			t.Errorf("%s still stored after its item was deleted (%v)", name, err)
		}
	}
	if _, err := e.Store.GetMediaAsset(ctx, "orig.mov"); err == nil {
		t.Error("asset row kept after its item was deleted")
	}
}
