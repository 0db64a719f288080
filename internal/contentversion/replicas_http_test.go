package contentversion_test

import (
	"context"
	"net/http"
	"strconv"
	"strings"
	"testing"

	"github.com/ugcfolio/ugcfolio/internal/contentversion"
	"github.com/ugcfolio/ugcfolio/internal/sitetest"
	"github.com/ugcfolio/ugcfolio/internal/store"
	"github.com/ugcfolio/ugcfolio/internal/store/storetest"
)

// Several servers over one database behave as one. Each site
// here is a replica: its own server (its own caches in memory), the same
// store.

// An admin's edit through one replica shows on the next request to another,
// whose caches (the visitor lists, the rendered home page) were warm.
func TestEditShowsOnEveryReplica(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		a, b := sitetest.New(t, st, sitetest.Options{Home: true}), sitetest.New(t, st, sitetest.Options{Home: true})
		visitor := b.Client()
		page := func() string { return visitor.Do("GET", "/", nil).WantStatus(t, http.StatusOK).Body }
		list := func(path string) string { return visitor.Do("GET", path, nil).WantStatus(t, http.StatusOK).Body }
		// Warm b's caches.
		if strings.Contains(page(), "Ny-video") || list("/api/portfolio/no") != "[]\n" || list("/api/testimonials/no") != "[]\n" {
			t.Fatal("a fresh site shows content")
		}

		admin := a.SignedInAdmin(t)
		var item store.PortfolioItem
		admin.Do("POST", "/api/admin/portfolio", map[string]any{"title": "Ny-video", "description": "d", "category": "product",
			"imageUrl": "https://cdn.example.no/poster.jpg", "language": "no", "isActive": true}).WantStatus(t, http.StatusCreated).JSON(t, &item)
		admin.Do("POST", "/api/admin/testimonials", map[string]any{"name": "Ny-kunde", "company": "AS", "rating": 5,
			"testimonial": "Ny-omtale", "language": "no", "isActive": true}).WantStatus(t, http.StatusCreated)
		hero := `{"tagline":"Skaper-NO","greeting":"Hei fra en annen replika","intro":"Intro-NO","description":"Beskrivelse-NO <b>&"}`
		admin.Do("POST", "/api/admin/content", `{"section":"hero","language":"no","content":`+hero+`}`).WantStatus(t, http.StatusOK)

		if got := list("/api/portfolio/no"); !strings.Contains(got, "Ny-video") {
			t.Errorf("the other replica's list after the edit: %s", got)
		}
		if got := list("/api/testimonials/no"); !strings.Contains(got, "Ny-omtale") {
			t.Errorf("the other replica's testimonials after the edit: %s", got)
		}
		got := page()
		for _, want := range []string{"Ny-video", "Ny-kunde", "Hei fra en annen replika"} {
			if !strings.Contains(got, want) {
				t.Errorf("the other replica's home page lacks %q", want)
			}
		}

		// Hidden through b this time: a shows it gone at once.
		admin.On(b).Do("PATCH", "/api/admin/portfolio/"+strconv.FormatInt(item.ID, 10), map[string]any{"isActive": false}).WantStatus(t, http.StatusOK)
		if got := a.Client().Do("GET", "/api/portfolio/no", nil).Body; got != "[]\n" {
			t.Errorf("a hidden item still listed by the first replica: %s", got)
		}
		if strings.Contains(a.Client().Do("GET", "/", nil).Body, "Ny-video") {
			t.Error("a hidden item still on the first replica's home page")
		}

		// A change no admin request made (a photo or video job finishing on a): b sees it too.
		list("/api/portfolio/no") // b's cache, at the version of the last edit
		if _, err := st.CreatePortfolioItem(context.Background(), store.PortfolioInput{Title: "Fra-jobben", Category: "product",
			ImageURL: "https://x/y.jpg", Language: "no", IsActive: true}); err != nil {
			t.Fatal(err)
		}
		if strings.Contains(list("/api/portfolio/no"), "Fra-jobben") {
			t.Fatal("the list was not served from the cache before the change was recorded")
		}
		if err := contentversion.New(st).Bump(context.Background()); err != nil { // as a job's change does (Processor.Changed)
			t.Fatal(err)
		}
		if got := list("/api/portfolio/no"); !strings.Contains(got, "Fra-jobben") {
			t.Errorf("after a job's change on another replica: %s", got)
		}
	})
}
