package portfolio_test

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ugcfolio/ugcfolio/internal/forms"
	"github.com/ugcfolio/ugcfolio/internal/portfolio"
	"github.com/ugcfolio/ugcfolio/internal/sitetest"
	"github.com/ugcfolio/ugcfolio/internal/store"
)

func TestAdminPortfolioLifecycle(t *testing.T) {
	t.Parallel()
	sitetest.Each(t, sitetest.Options{}, func(t *testing.T, e *sitetest.Site) {
		c := e.SignedInAdmin(t)
		var p store.PortfolioItem
		c.Do("POST", "/api/admin/portfolio", map[string]any{
			"title": "Sommerkampanje", "description": "Reels for Nordlys", "imageUrl": "https://cdn.example.com/a.jpg",
			"videoUrl": "", "language": "no",
		}).WantStatus(t, http.StatusCreated).JSON(t, &p)
		if p.ID == 0 || p.Category != "product" || p.Featured || !p.IsActive || p.Language != "no" {
			t.Fatalf("defaults: %+v", p)
		}

		path := fmt.Sprintf("/api/admin/portfolio/%d", p.ID)
		// The body may repeat the id; absent fields keep their values.
		c.Do("PATCH", path, map[string]any{
			"id": p.ID, "title": "Vinterkampanje", "category": "brand", "featured": true,
			"videoUrl": "https://www.youtube.com/watch?v=abc123",
		}).WantStatus(t, http.StatusOK).JSON(t, &p)
		if p.Title != "Vinterkampanje" || p.Category != "brand" || !p.Featured || p.Description != "Reels for Nordlys" ||
			p.ImageURL != "https://cdn.example.com/a.jpg" || p.VideoURL != "https://www.youtube.com/watch?v=abc123" || !p.IsActive {
			t.Fatalf("patched: %+v", p)
		}
		// Clearing the image keeps a valid item while the video remains.
		c.Do("PATCH", path, map[string]any{"imageUrl": "  ", "isActive": false}).WantStatus(t, http.StatusOK).JSON(t, &p)
		if p.ImageURL != "" || p.IsActive {
			t.Fatalf("patched: %+v", p)
		}
		got, err := e.Store.GetPortfolioItem(context.Background(), p.ID)
		if err != nil || got.Title != "Vinterkampanje" {
			t.Fatalf("stored %+v %v", got, err)
		}

		c.Do("PATCH", path, map[string]any{"id": p.ID + 1, "title": "X"}).
			WantMessage(t, http.StatusBadRequest, fmt.Sprintf("The id in the body (%d) does not match the id in the path (%d)", p.ID+1, p.ID))
		c.Do("DELETE", path, nil).WantStatus(t, http.StatusNoContent)
		c.Do("DELETE", path, nil).WantMessage(t, http.StatusNotFound, "Portfolio item not found")
		c.Do("PATCH", path, map[string]any{"title": "X"}).WantMessage(t, http.StatusNotFound, "Portfolio item not found")
		c.Do("PATCH", "/api/admin/portfolio/nope", map[string]any{"title": "X"}).WantStatus(t, http.StatusNotFound)
	})
}

func TestAdminPortfolioVideoURLs(t *testing.T) {
	t.Parallel()
	sitetest.Each(t, sitetest.Options{}, func(t *testing.T, e *sitetest.Site) {
		c := e.SignedInAdmin(t)
		for _, u := range []string{
			"https://www.youtube.com/watch?v=abc", "https://youtu.be/abc", "https://m.youtube.com/watch?v=abc",
			"https://vimeo.com/123456", "https://player.vimeo.com/video/1", "https://cdn.example.com/clip.MP4",
			"https://cdn.example.com/clip.webm?token=1", "http://cdn.example.com/clip.ogg", "/uploads/abc123.mp4",
		} {
			c.Do("POST", "/api/admin/portfolio", map[string]any{"title": "V", "videoUrl": u, "language": "en", "category": "social"}).
				WantStatus(t, http.StatusCreated)
		}
		for _, u := range []string{
			"https://example.com/page", "javascript:alert(1)//youtube.com", "ftp://youtube.com/x.mp4",
			"https://notyoutube.com/watch?v=1", "/uploads/../ugcfolio.db", "/uploads/", "clip.mp4",
			"https://cdn.example.com/clip.mp4.html",
		} {
			c.Do("POST", "/api/admin/portfolio", map[string]any{"title": "V", "videoUrl": u, "language": "en"}).
				WantMessage(t, http.StatusBadRequest, forms.MsgInvalidVideoURL)
		}
	})
}

func TestAdminPortfolioValidation(t *testing.T) {
	t.Parallel()
	sitetest.Each(t, sitetest.Options{}, func(t *testing.T, e *sitetest.Site) {
		c := e.SignedInAdmin(t)
		var existing store.PortfolioItem
		valid := func() map[string]any {
			return map[string]any{"title": "Sommer", "description": "", "imageUrl": "/uploads/a.jpg", "videoUrl": "",
				"category": "lifestyle", "featured": false, "language": "no"}
		}
		c.Do("POST", "/api/admin/portfolio", valid()).WantStatus(t, http.StatusCreated).JSON(t, &existing)
		with := func(k string, v any) map[string]any { b := valid(); b[k] = v; return b }

		cases := []struct {
			name string
			body any
			msg  string
		}{
			{"blank title", with("title", "  "), "Title is required"},
			{"long title", with("title", strings.Repeat("t", 201)), "Title must be at most 200 characters"},
			{"long description", with("description", strings.Repeat("d", 5001)), "Description must be at most 5000 characters"},
			{"no media", map[string]any{"title": "T", "imageUrl": " ", "videoUrl": "", "language": "no"}, portfolio.MsgImageOrVideo},
			{"bad video", with("videoUrl", "https://example.com/x"), forms.MsgInvalidVideoURL},
			{"javascript image", with("imageUrl", "javascript:alert(1)"), "Image URL must start with http://, https:// or /uploads/"},
			{"category", with("category", "music"), "Category must be one of product, lifestyle, brand, social, other"},
			{"language", with("language", "sv"), `Language must be "no" or "en"`},
			{"featured text", with("featured", "yes"), `Field "featured" must be of type bool`},
			{"unknown field", with("createdAt", "2025-01-01"), `Unknown field "createdAt"`},
		}
		for _, tc := range cases {
			t.Run(tc.name, func(t *testing.T) {
				c.Do("POST", "/api/admin/portfolio", tc.body).WantMessage(t, http.StatusBadRequest, tc.msg)
				c.Do("PATCH", fmt.Sprintf("/api/admin/portfolio/%d", existing.ID), tc.body).WantMessage(t, http.StatusBadRequest, tc.msg)
			})
		}
		c.Do("POST", "/api/admin/portfolio", with("id", 5)).WantMessage(t, http.StatusBadRequest, "A new portfolio item cannot have an id")
		// A POST without a language is refused too (no silent default).
		b := valid()
		delete(b, "language")
		c.Do("POST", "/api/admin/portfolio", b).WantMessage(t, http.StatusBadRequest, `Language must be "no" or "en"`)

		list, _ := e.Store.ListPortfolio(context.Background(), "no", true, 0)
		if len(list) != 1 || list[0].Title != "Sommer" || list[0].ImageURL != "/uploads/a.jpg" {
			t.Fatalf("stored after refusals: %+v", list)
		}
	})
}

// An uploaded video leaves storage when the last item using it lets it go:
// by deletion, or by an edit that points the item elsewhere.
func TestPortfolioChangesRemoveUnusedUploads(t *testing.T) {
	t.Parallel()
	e := sitetest.New(t, sitetest.SQLite(t), sitetest.Options{})
	dataDir := e.DataDir
	admin := e.SignedInAdmin(t)
	file := filepath.Join(dataDir, "uploads", "clip.mp4")
	os.MkdirAll(filepath.Dir(file), 0o750)
	os.WriteFile(file, []byte("video"), 0o640)
	exists := func() bool { _, err := os.Stat(file); return err == nil }

	var first, second store.PortfolioItem
	for _, p := range []*store.PortfolioItem{&first, &second} {
		admin.Do("POST", "/api/admin/portfolio", map[string]any{"title": "Film", "videoUrl": "/uploads/clip.mp4", "language": "no"}).
			WantStatus(t, http.StatusCreated).JSON(t, p)
	}
	admin.Do("DELETE", fmt.Sprintf("/api/admin/portfolio/%d", first.ID), nil).WantStatus(t, http.StatusNoContent)
	if !exists() {
		t.Fatal("file removed while another item still uses it")
	}
	admin.Do("PATCH", fmt.Sprintf("/api/admin/portfolio/%d", second.ID), map[string]any{"videoUrl": "https://vimeo.com/76979871"}).
		WantStatus(t, http.StatusOK)
	if exists() {
		t.Fatal("file kept after the last item using it moved to another video")
	}
}

// A visitor's list is capped; the admin still gets every item.
func TestVisitorListIsCapped(t *testing.T) {
	t.Parallel()
	sitetest.Each(t, sitetest.Options{}, func(t *testing.T, e *sitetest.Site) {
		for i := range portfolio.MaxPublic + 5 {
			if _, err := e.Store.CreatePortfolioItem(context.Background(), store.PortfolioInput{Title: fmt.Sprint("Arbeid ", i),
				Category: "product", ImageURL: "https://cdn.example.com/a.jpg", Language: "no", IsActive: true, Featured: i == 0}); err != nil {
				t.Fatal(err)
			}
		}
		var items []store.PortfolioItem
		e.Client().Do("GET", "/api/portfolio/no", nil).WantStatus(t, http.StatusOK).JSON(t, &items)
		if len(items) != portfolio.MaxPublic || !items[0].Featured {
			t.Fatalf("visitor got %d items (featured first: %v), want %d", len(items), len(items) > 0 && items[0].Featured, portfolio.MaxPublic)
		}
		e.SignedInAdmin(t).Do("GET", "/api/portfolio/no", nil).WantStatus(t, http.StatusOK).JSON(t, &items)
		if len(items) != portfolio.MaxPublic+5 {
			t.Fatalf("admin got %d items, want all %d", len(items), portfolio.MaxPublic+5)
		}
	})
}
