package portfolio_test

import (
	"context"
	"net/http"
	"testing"

	"github.com/ugcfolio/ugcfolio/internal/sitetest"
	"github.com/ugcfolio/ugcfolio/internal/store"
)

// The public lists of the portfolio and the testimonials: what a visitor
// and the admin each get.

func TestPublicListsAreRoleAware(t *testing.T) {
	t.Parallel()
	sitetest.Each(t, sitetest.Options{}, func(t *testing.T, e *sitetest.Site) {
		ctx := context.Background()
		for _, in := range []store.PortfolioInput{
			{Title: "Old", Category: "product", Language: "no", IsActive: true},
			{Title: "Hidden", Category: "brand", Language: "no", IsActive: false},
			{Title: "Featured", Category: "social", Language: "no", IsActive: true, Featured: true},
			{Title: "New", Category: "lifestyle", Language: "no", IsActive: true},
			{Title: "English", Category: "product", Language: "en", IsActive: true},
		} {
			if _, err := e.Store.CreatePortfolioItem(ctx, in); err != nil {
				t.Fatal(err)
			}
		}
		for _, in := range []store.TestimonialInput{
			{Name: "Kari", Company: "A", Rating: 5, Testimonial: "Bra", Language: "no", IsActive: true},
			{Name: "Skjult", Company: "B", Rating: 4, Testimonial: "Skjult", Language: "no", IsActive: false},
			{Name: "Ola", Company: "C", Rating: 5, Testimonial: "Fint", Language: "no", IsActive: true},
			{Name: "Anna", Company: "D", Rating: 5, Testimonial: "Great", Language: "en", IsActive: true},
		} {
			if _, err := e.Store.CreateTestimonial(ctx, in); err != nil {
				t.Fatal(err)
			}
		}
		visitor := e.Client()
		admin := e.SignedInAdmin(t)
		cases := []struct {
			name string
			c    *sitetest.Client
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
			got := tc.c.Titles(t, tc.path)
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
		if r := visitor.Do("GET", "/api/testimonials/en", nil); r.Status != 200 {
			t.Fatal(r.Body)
		}
		visitor.Do("GET", "/api/portfolio/sv", nil).WantMessage(t, http.StatusBadRequest, `Language must be "no" or "en"`)
		visitor.Do("GET", "/api/testimonials/xx", nil).WantMessage(t, http.StatusBadRequest, `Language must be "no" or "en"`)
	})
}

func TestPublicListsEmptyIsArray(t *testing.T) {
	t.Parallel()
	e := sitetest.New(t, sitetest.SQLite(t), sitetest.Options{})
	for _, p := range []string{"/api/portfolio/en", "/api/testimonials/no"} {
		if r := e.Client().Do("GET", p, nil).WantStatus(t, http.StatusOK); r.Body != "[]\n" {
			t.Fatalf("%s answered %q, want []", p, r.Body)
		}
	}
}
