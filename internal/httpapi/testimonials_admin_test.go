package httpapi

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/ugcfolio/ugcfolio/internal/store"
)

func TestAdminTestimonialLifecycle(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *testEnv) {
		c := e.signedInAdmin(t)
		var tm store.Testimonial
		// rating and isActive default to 5 and true.
		c.do("POST", "/api/admin/testimonials", map[string]any{
			"name": " Ingrid ", "company": "Nordlys AS", "imageUrl": "", "testimonial": "Fantastiske videoer!", "language": "en",
		}).wantStatus(t, http.StatusCreated).json(t, &tm)
		if tm.ID == 0 || tm.Name != "Ingrid" || tm.Rating != 5 || !tm.IsActive || tm.Language != "en" {
			t.Fatalf("created %+v", tm)
		}

		path := fmt.Sprintf("/api/admin/testimonials/%d", tm.ID)
		c.do("PUT", path, map[string]any{
			"name": "Ingrid H.", "company": "Nordlys AS", "imageUrl": "/uploads/ingrid.jpg", "rating": 4,
			"testimonial": "Still great", "language": "en", "isActive": false,
		}).wantStatus(t, http.StatusOK).json(t, &tm)
		if tm.Name != "Ingrid H." || tm.Rating != 4 || tm.IsActive || tm.ImageURL != "/uploads/ingrid.jpg" {
			t.Fatalf("updated %+v", tm)
		}
		list, err := e.store.ListTestimonials(context.Background(), "en", true, 0)
		if err != nil || len(list) != 1 || list[0].IsActive {
			t.Fatalf("stored %+v %v", list, err)
		}

		c.do("DELETE", path, nil).wantStatus(t, http.StatusNoContent)
		c.do("DELETE", path, nil).wantMessage(t, http.StatusNotFound, "Testimonial not found")
		c.do("PUT", path, map[string]any{"name": "A", "company": "B", "testimonial": "C", "language": "en"}).
			wantMessage(t, http.StatusNotFound, "Testimonial not found")
		c.do("PUT", "/api/admin/testimonials/0", map[string]any{"name": "A", "company": "B", "testimonial": "C", "language": "en"}).
			wantStatus(t, http.StatusNotFound)
	})
}

func TestAdminTestimonialValidation(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *testEnv) {
		c := e.signedInAdmin(t)
		var existing store.Testimonial
		valid := func() map[string]any {
			return map[string]any{"name": "Ingrid", "company": "Nordlys", "imageUrl": "https://cdn.example.com/i.jpg", "rating": 5,
				"testimonial": "Flott samarbeid", "language": "no", "isActive": true}
		}
		c.do("POST", "/api/admin/testimonials", valid()).wantStatus(t, http.StatusCreated).json(t, &existing)
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
				c.do("POST", "/api/admin/testimonials", tc.body).wantMessage(t, http.StatusBadRequest, tc.msg)
				path := fmt.Sprintf("/api/admin/testimonials/%d", existing.ID)
				c.do("PUT", path, tc.body).wantMessage(t, http.StatusBadRequest, tc.msg)
				if tc.absent {
					c.do("PATCH", path, tc.body).wantStatus(t, http.StatusOK)
				} else {
					c.do("PATCH", path, tc.body).wantMessage(t, http.StatusBadRequest, tc.msg)
				}
			})
		}
		// Bad input loses nothing stored.
		list, _ := e.store.ListTestimonials(context.Background(), "no", true, 0)
		if len(list) != 1 || list[0].Name != "Ingrid" || list[0].Testimonial != "Flott samarbeid" {
			t.Fatalf("stored after refusals: %+v", list)
		}
	})
}

// PATCH keeps what it does not mention: each body changes its fields and
// leaves every other field of the stored testimonial as it was.
func TestAdminTestimonialPatchIsPartial(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *testEnv) {
		c := e.signedInAdmin(t)
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
				created, err := e.store.CreateTestimonial(context.Background(), stored)
				if err != nil {
					t.Fatal(err)
				}
				want := stored
				tc.want(&want)
				var got store.Testimonial
				c.do("PATCH", fmt.Sprintf("/api/admin/testimonials/%d", created.ID), tc.body).wantStatus(t, http.StatusOK).json(t, &got)
				if got.ID != created.ID || got.TestimonialInput != want {
					t.Fatalf("answered %+v, want %+v", got.TestimonialInput, want)
				}
				if again, err := e.store.GetTestimonial(context.Background(), created.ID); err != nil || again.TestimonialInput != want {
					t.Fatalf("stored %+v (%v), want %+v", again.TestimonialInput, err, want)
				}
			})
		}
		c.do("PATCH", "/api/admin/testimonials/999999", map[string]any{"rating": 3}).wantMessage(t, http.StatusNotFound, "Testimonial not found")
	})
}
