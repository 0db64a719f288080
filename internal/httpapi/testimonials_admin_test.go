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
			name string
			body any
			msg  string
		}{
			{"missing name", without("name"), "Name is required"},
			{"blank company", with("company", "   "), "Company is required"},
			{"missing testimonial", without("testimonial"), "Testimonial is required"},
			{"long name", with("name", strings.Repeat("n", 101)), "Name must be at most 100 characters"},
			{"long company", with("company", strings.Repeat("c", 101)), "Company must be at most 100 characters"},
			{"long testimonial", with("testimonial", strings.Repeat("t", 2001)), "Testimonial must be at most 2000 characters"},
			{"rating 0", with("rating", 0), "Rating must be a whole number from 1 to 5"},
			{"rating 6", with("rating", 6), "Rating must be a whole number from 1 to 5"},
			{"rating 4.5", with("rating", 4.5), `Field "rating" must be of type int`},
			{"rating text", with("rating", "5"), `Field "rating" must be of type int`},
			{"language de", with("language", "de"), `Language must be "no" or "en"`},
			{"no language", without("language"), `Language must be "no" or "en"`},
			{"javascript image", with("imageUrl", "javascript:alert(1)"), "Image URL must start with http://, https:// or /uploads/"},
			{"data image", with("imageUrl", "data:image/png;base64,AAAA"), "Image URL must start with http://, https:// or /uploads/"},
			{"relative image", with("imageUrl", "images/a.jpg"), "Image URL must start with http://, https:// or /uploads/"},
			{"upload escape", with("imageUrl", "/uploads/../secret"), "Image URL must start with http://, https:// or /uploads/"},
			{"unknown field", with("id", 7), `Unknown field "id"`},
			{"isActive text", with("isActive", "yes"), `Field "isActive" must be of type bool`},
			{"not json", "{name:", "Request body is not valid JSON"},
		}
		for _, tc := range cases {
			t.Run(tc.name, func(t *testing.T) {
				c.do("POST", "/api/admin/testimonials", tc.body).wantMessage(t, http.StatusBadRequest, tc.msg)
				c.do("PUT", fmt.Sprintf("/api/admin/testimonials/%d", existing.ID), tc.body).wantMessage(t, http.StatusBadRequest, tc.msg)
			})
		}
		// Bad input loses nothing stored.
		list, _ := e.store.ListTestimonials(context.Background(), "no", true, 0)
		if len(list) != 1 || list[0].Name != "Ingrid" || list[0].Testimonial != "Flott samarbeid" {
			t.Fatalf("stored after refusals: %+v", list)
		}
	})
}
