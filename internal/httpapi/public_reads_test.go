package httpapi

import (
	"context"
	"encoding/json"
	"net/http"
	"reflect"
	"strings"
	"testing"

	"github.com/ugcfolio/ugcfolio/internal/store"
)

func TestGetLanguageContent(t *testing.T) {
	t.Parallel()
	eachEnv(t, func(t *testing.T, e *testEnv) {
		c := e.client()
		// Nothing saved: an empty object, not 404.
		if r := c.do("GET", "/api/content/no", nil).wantStatus(t, http.StatusOK); strings.TrimSpace(r.body) != "{}" {
			t.Fatalf("no content saved: %q", r.body)
		}
		ctx := context.Background()
		for _, s := range []struct{ section, lang, body string }{
			{"hero", "en", `{"tagline":"UGC creator"}`},
			{"about", "en", `{"title":"About me"}`},
			{"hero", "no", `{"tagline":"UGC-skaper"}`},
		} {
			if _, err := e.store.SaveContent(ctx, s.section, s.lang, json.RawMessage(s.body)); err != nil {
				t.Fatal(err)
			}
		}
		cases := []struct {
			lang string
			want map[string]map[string]string
		}{
			{"en", map[string]map[string]string{"hero": {"tagline": "UGC creator"}, "about": {"title": "About me"}}},
			{"no", map[string]map[string]string{"hero": {"tagline": "UGC-skaper"}}},
		}
		for _, tc := range cases {
			var got map[string]map[string]string
			c.do("GET", "/api/content/"+tc.lang, nil).wantStatus(t, http.StatusOK).json(t, &got)
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("%s: got %v, want %v", tc.lang, got, tc.want)
			}
		}
		c.do("GET", "/api/content/de", nil).wantMessage(t, http.StatusBadRequest, `Language must be "no" or "en"`)
		// The per-section call is unchanged: 404 for a section never saved.
		c.do("GET", "/api/content/about/no", nil).wantMessage(t, http.StatusNotFound, "Content not found")
	})
}

func TestGetContent(t *testing.T) {
	t.Parallel()
	eachEnv(t, func(t *testing.T, e *testEnv) {
		ctx := context.Background()
		if _, err := e.store.SaveContent(ctx, "hero", "en", json.RawMessage(`{"tagline":"UGC creator","greeting":"Hi","intro":"I am","description":"Videos"}`)); err != nil {
			t.Fatal(err)
		}
		c := e.client()
		var got store.Content
		c.do("GET", "/api/content/hero/en", nil).wantStatus(t, http.StatusOK).json(t, &got)
		var fields map[string]string
		if err := json.Unmarshal(got.Content, &fields); err != nil {
			t.Fatal(err)
		}
		if got.Section != "hero" || got.Language != "en" || got.ID == 0 || got.UpdatedAt.IsZero() || fields["tagline"] != "UGC creator" {
			t.Fatalf("content %+v %v", got, fields)
		}
		// Saved in English only: Norwegian is missing, so the client uses its built-in texts.
		c.do("GET", "/api/content/hero/no", nil).wantMessage(t, http.StatusNotFound, "Content not found")
		c.do("GET", "/api/content/about/en", nil).wantMessage(t, http.StatusNotFound, "Content not found")
		c.do("GET", "/api/content/hero/de", nil).wantMessage(t, http.StatusBadRequest, `Language must be "no" or "en"`)
		c.do("GET", "/api/content/HERO%20x/en", nil).wantMessage(t, http.StatusNotFound, "Content not found")
	})
}

func TestPublicListsAreRoleAware(t *testing.T) {
	t.Parallel()
	eachEnv(t, func(t *testing.T, e *testEnv) {
		ctx := context.Background()
		for _, in := range []store.PortfolioInput{
			{Title: "Old", Category: "product", Language: "no", IsActive: true},
			{Title: "Hidden", Category: "brand", Language: "no", IsActive: false},
			{Title: "Featured", Category: "social", Language: "no", IsActive: true, Featured: true},
			{Title: "New", Category: "lifestyle", Language: "no", IsActive: true},
			{Title: "English", Category: "product", Language: "en", IsActive: true},
		} {
			if _, err := e.store.CreatePortfolioItem(ctx, in); err != nil {
				t.Fatal(err)
			}
		}
		for _, in := range []store.TestimonialInput{
			{Name: "Kari", Company: "A", Rating: 5, Testimonial: "Bra", Language: "no", IsActive: true},
			{Name: "Skjult", Company: "B", Rating: 4, Testimonial: "Skjult", Language: "no", IsActive: false},
			{Name: "Ola", Company: "C", Rating: 5, Testimonial: "Fint", Language: "no", IsActive: true},
			{Name: "Anna", Company: "D", Rating: 5, Testimonial: "Great", Language: "en", IsActive: true},
		} {
			if _, err := e.store.CreateTestimonial(ctx, in); err != nil {
				t.Fatal(err)
			}
		}
		titles := func(c *client, path string) []string {
			t.Helper()
			var list []struct {
				Title string `json:"title"`
				Name  string `json:"name"`
			}
			c.do("GET", path, nil).wantStatus(t, http.StatusOK).json(t, &list)
			out := []string{}
			for _, it := range list {
				out = append(out, it.Title+it.Name)
			}
			return out
		}
		visitor := e.client()
		admin := e.signedInAdmin(t)
		cases := []struct {
			name string
			c    *client
			path string
			want []string
		}{
			{"visitor portfolio no", visitor, "/api/portfolio/no", []string{"Featured", "New", "Old"}},
			{"admin portfolio no", admin, "/api/portfolio/no", []string{"Featured", "New", "Hidden", "Old"}},
			{"visitor portfolio en", visitor, "/api/portfolio/en", []string{"English"}},
			{"visitor testimonials no", visitor, "/api/testimonials/no", []string{"Kari", "Ola"}},
			{"admin testimonials no", admin, "/api/testimonials/no", []string{"Kari", "Skjult", "Ola"}},
			{"visitor testimonials en", visitor, "/api/testimonials/en", []string{"Anna"}},
		}
		for _, tc := range cases {
			got := titles(tc.c, tc.path)
			if len(got) != len(tc.want) {
				t.Fatalf("%s: got %v, want %v", tc.name, got, tc.want)
			}
			for i := range got {
				if got[i] != tc.want[i] {
					t.Fatalf("%s: got %v, want %v", tc.name, got, tc.want)
				}
			}
		}
		// An empty language answers [] (not null), and a bad language is 400.
		if r := visitor.do("GET", "/api/testimonials/en", nil); r.status != 200 {
			t.Fatal(r.body)
		}
		visitor.do("GET", "/api/portfolio/sv", nil).wantMessage(t, http.StatusBadRequest, `Language must be "no" or "en"`)
		visitor.do("GET", "/api/testimonials/xx", nil).wantMessage(t, http.StatusBadRequest, `Language must be "no" or "en"`)
	})
}

func TestPublicListsEmptyIsArray(t *testing.T) {
	t.Parallel()
	e := newEnv(t, sqliteStore(t), nil)
	for _, p := range []string{"/api/portfolio/en", "/api/testimonials/no"} {
		if r := e.client().do("GET", p, nil).wantStatus(t, http.StatusOK); r.body != "[]\n" {
			t.Fatalf("%s answered %q, want []", p, r.body)
		}
	}
}
