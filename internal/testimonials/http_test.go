package testimonials_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/ugcfolio/ugcfolio/internal/sitetest"
	"github.com/ugcfolio/ugcfolio/internal/store"
	"github.com/ugcfolio/ugcfolio/internal/testimonials"
)

func TestAdminTestimonialLifecycle(t *testing.T) {
	t.Parallel()
	sitetest.Each(t, sitetest.Options{}, func(t *testing.T, e *sitetest.Site) {
		c := e.SignedInAdmin(t)
		var tm store.Testimonial
		// rating and isActive default to 5 and true.
		c.Do("POST", "/api/admin/testimonials", map[string]any{
			"name": " Ingrid ", "company": "Nordlys AS", "imageUrl": "", "testimonial": "Fantastiske videoer!", "language": "en",
		}).WantStatus(t, http.StatusCreated).JSON(t, &tm)
		if tm.ID == 0 || tm.Name != "Ingrid" || tm.Rating != 5 || !tm.IsActive || tm.Language != "en" {
			t.Fatalf("created %+v", tm)
		}

		path := fmt.Sprintf("/api/admin/testimonials/%d", tm.ID)
		c.Do("PUT", path, map[string]any{
			"name": "Ingrid H.", "company": "Nordlys AS", "imageUrl": "/uploads/ingrid.jpg", "rating": 4,
			"testimonial": "Still great", "language": "en", "isActive": false,
		}).WantStatus(t, http.StatusOK).JSON(t, &tm)
		if tm.Name != "Ingrid H." || tm.Rating != 4 || tm.IsActive || tm.ImageURL != "/uploads/ingrid.jpg" {
			t.Fatalf("updated %+v", tm)
		}
		list, err := e.Store.ListTestimonials(context.Background(), "en", true, 0)
		if err != nil || len(list) != 1 || list[0].IsActive {
			t.Fatalf("stored %+v %v", list, err)
		}

		c.Do("DELETE", path, nil).WantStatus(t, http.StatusNoContent)
		c.Do("DELETE", path, nil).WantMessage(t, http.StatusNotFound, "Testimonial not found")
		c.Do("PUT", path, map[string]any{"name": "A", "company": "B", "testimonial": "C", "language": "en"}).
			WantMessage(t, http.StatusNotFound, "Testimonial not found")
		c.Do("PUT", "/api/admin/testimonials/0", map[string]any{"name": "A", "company": "B", "testimonial": "C", "language": "en"}).
			WantStatus(t, http.StatusNotFound)
	})
}

func TestAdminTestimonialValidation(t *testing.T) {
	t.Parallel()
	sitetest.Each(t, sitetest.Options{}, func(t *testing.T, e *sitetest.Site) {
		c := e.SignedInAdmin(t)
		var existing store.Testimonial
		valid := func() map[string]any {
			return map[string]any{"name": "Ingrid", "company": "Nordlys", "imageUrl": "https://cdn.example.com/i.jpg", "rating": 5,
				"testimonial": "Flott samarbeid", "language": "no", "isActive": true}
		}
		c.Do("POST", "/api/admin/testimonials", valid()).WantStatus(t, http.StatusCreated).JSON(t, &existing)
		with := func(k string, v any) map[string]any { b := valid(); b[k] = v; return b }
		without := func(k string) map[string]any { b := valid(); delete(b, k); return b }

		cases := []struct {
			name   string
			body   any
			msg    string
			absent bool // a field left out: PATCH keeps the stored one
		}{
			{"missing name", without("name"), "Name is required", true},
			{"blank company", with("company", "   "), "Company is required", false},
			{"missing testimonial", without("testimonial"), "Testimonial is required", true},
			{"long name", with("name", strings.Repeat("n", 101)), "Name must be at most 100 characters", false},
			{"long company", with("company", strings.Repeat("c", 101)), "Company must be at most 100 characters", false},
			{"long testimonial", with("testimonial", strings.Repeat("t", 2001)), "Testimonial must be at most 2000 characters", false},
			{"rating 0", with("rating", 0), "Rating must be a whole number from 1 to 5", false},
			{"rating 6", with("rating", 6), "Rating must be a whole number from 1 to 5", false},
			{"rating 4.5", with("rating", 4.5), `Field "rating" must be of type int`, false},
			{"rating text", with("rating", "5"), `Field "rating" must be of type int`, false},
			{"language de", with("language", "de"), `Language must be "no" or "en"`, false},
			{"no language", without("language"), `Language must be "no" or "en"`, true},
			{"javascript image", with("imageUrl", "javascript:alert(1)"), "Image URL must start with http://, https:// or /uploads/", false},
			{"data image", with("imageUrl", "data:image/png;base64,AAAA"), "Image URL must start with http://, https:// or /uploads/", false},
			{"relative image", with("imageUrl", "images/a.jpg"), "Image URL must start with http://, https:// or /uploads/", false},
			{"upload escape", with("imageUrl", "/uploads/../secret"), "Image URL must start with http://, https:// or /uploads/", false},
			{"unknown field", with("id", 7), `Unknown field "id"`, false},
			{"isActive text", with("isActive", "yes"), `Field "isActive" must be of type bool`, false},
			{"not json", "{name:", "Request body is not valid JSON", false},
		}
		for _, tc := range cases {
			t.Run(tc.name, func(t *testing.T) {
				c.Do("POST", "/api/admin/testimonials", tc.body).WantMessage(t, http.StatusBadRequest, tc.msg)
				path := fmt.Sprintf("/api/admin/testimonials/%d", existing.ID)
				c.Do("PUT", path, tc.body).WantMessage(t, http.StatusBadRequest, tc.msg)
				if tc.absent {
					c.Do("PATCH", path, tc.body).WantStatus(t, http.StatusOK)
				} else {
					c.Do("PATCH", path, tc.body).WantMessage(t, http.StatusBadRequest, tc.msg)
				}
			})
		}
		// Bad input loses nothing stored.
		list, _ := e.Store.ListTestimonials(context.Background(), "no", true, 0)
		if len(list) != 1 || list[0].Name != "Ingrid" || list[0].Testimonial != "Flott samarbeid" {
			t.Fatalf("stored after refusals: %+v", list)
		}
	})
}

// PATCH keeps what it does not mention: each body changes its fields and
// leaves every other field of the stored testimonial as it was.
func TestAdminTestimonialPatchIsPartial(t *testing.T) {
	t.Parallel()
	sitetest.Each(t, sitetest.Options{}, func(t *testing.T, e *sitetest.Site) {
		c := e.SignedInAdmin(t)
		stored := store.TestimonialInput{Name: "Ingrid", Company: "Nordlys", ImageURL: "https://cdn.example.com/i.jpg",
			Rating: 4, Testimonial: "Flott samarbeid", Language: "no", IsActive: true}
		cases := []struct {
			name string
			body map[string]any
			want func(in *store.TestimonialInput)
		}{
			{"nothing", map[string]any{}, func(*store.TestimonialInput) {}},
			{"name", map[string]any{"name": " Ingrid H. "}, func(in *store.TestimonialInput) { in.Name = "Ingrid H." }},
			{"rating", map[string]any{"rating": 2}, func(in *store.TestimonialInput) { in.Rating = 2 }},
			{"hidden", map[string]any{"isActive": false}, func(in *store.TestimonialInput) { in.IsActive = false }},
			{"no image", map[string]any{"imageUrl": ""}, func(in *store.TestimonialInput) { in.ImageURL = "" }},
			{"language and text", map[string]any{"language": "en", "testimonial": "Great work"}, func(in *store.TestimonialInput) {
				in.Language, in.Testimonial = "en", "Great work"
			}},
		}
		for _, tc := range cases {
			t.Run(tc.name, func(t *testing.T) {
				created, err := e.Store.CreateTestimonial(context.Background(), stored)
				if err != nil {
					t.Fatal(err)
				}
				want := stored
				tc.want(&want)
				var got store.Testimonial
				c.Do("PATCH", fmt.Sprintf("/api/admin/testimonials/%d", created.ID), tc.body).WantStatus(t, http.StatusOK).JSON(t, &got)
				if got.ID != created.ID || got.TestimonialInput != want {
					t.Fatalf("answered %+v, want %+v", got.TestimonialInput, want)
				}
				if again, err := e.Store.GetTestimonial(context.Background(), created.ID); err != nil || again.TestimonialInput != want {
					t.Fatalf("stored %+v (%v), want %+v", again.TestimonialInput, err, want)
				}
			})
		}
		c.Do("PATCH", "/api/admin/testimonials/999999", map[string]any{"rating": 3}).WantMessage(t, http.StatusNotFound, "Testimonial not found")
	})
}

// A visitor's list is capped (thousands of quotes would make one huge
// answer); the admin still gets every testimonial.
func TestVisitorListIsCapped(t *testing.T) {
	t.Parallel()
	sitetest.Each(t, sitetest.Options{}, func(t *testing.T, e *sitetest.Site) {
		for i := range testimonials.MaxPublic + 5 {
			if _, err := e.Store.CreateTestimonial(context.Background(), store.TestimonialInput{Name: fmt.Sprint("Kunde ", i),
				Company: "Firma", Rating: 5, Testimonial: "Flott!", Language: "no", IsActive: true}); err != nil {
				t.Fatal(err)
			}
		}
		var quotes []store.Testimonial
		e.Client().Do("GET", "/api/testimonials/no", nil).WantStatus(t, http.StatusOK).JSON(t, &quotes)
		if len(quotes) != testimonials.MaxPublic {
			t.Fatalf("visitor got %d testimonials, want %d", len(quotes), testimonials.MaxPublic)
		}
		e.SignedInAdmin(t).Do("GET", "/api/testimonials/no", nil).WantStatus(t, http.StatusOK).JSON(t, &quotes)
		if len(quotes) != testimonials.MaxPublic+5 {
			t.Fatalf("admin got %d testimonials, want all %d", len(quotes), testimonials.MaxPublic+5)
		}
	})
}
