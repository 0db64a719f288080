package httpapi

import (
	"context"
	"fmt"
	"net/http"
	"testing"

	"github.com/ugcfolio/ugcfolio/internal/store"
)

// TestBackOfficeRoutesNeedAnAdmin walks every admin route of the back office: 401
// without a session, 403 for a logged-in non-admin, and nothing changes.
func TestBackOfficeRoutesNeedAnAdmin(t *testing.T) {
	t.Parallel()
	eachEnv(t, func(t *testing.T, e *testEnv) {
		ctx := context.Background()
		inq, err := e.store.CreateInquiry(ctx, store.InquiryInput{Name: "Ola", Email: "ola@example.no", Message: "Hei, jeg vil ha video"})
		if err != nil {
			t.Fatal(err)
		}
		tm, err := e.store.CreateTestimonial(ctx, store.TestimonialInput{Name: "A", Company: "B", Rating: 5, Testimonial: "Bra", Language: "no", IsActive: true})
		if err != nil {
			t.Fatal(err)
		}
		p, err := e.store.CreatePortfolioItem(ctx, store.PortfolioInput{Title: "T", Category: "brand", ImageURL: "https://x.no/a.jpg", Language: "no", IsActive: true})
		if err != nil {
			t.Fatal(err)
		}
		routes := []struct {
			method, path string
			body         any
		}{
			{"POST", "/api/admin/content", map[string]any{"section": "x", "language": "no", "content": map[string]string{"a": "b"}}},
			{"POST", "/api/admin/testimonials", map[string]any{"name": "A", "company": "B", "testimonial": "C", "language": "no"}},
			{"PUT", fmt.Sprintf("/api/admin/testimonials/%d", tm.ID), map[string]any{"name": "A", "company": "B", "testimonial": "C", "language": "no"}},
			{"PATCH", fmt.Sprintf("/api/admin/testimonials/%d", tm.ID), map[string]any{"name": "A"}},
			{"DELETE", fmt.Sprintf("/api/admin/testimonials/%d", tm.ID), nil},
			{"POST", "/api/admin/portfolio", map[string]any{"title": "A", "imageUrl": "https://x.no/a.jpg", "language": "no"}},
			{"PATCH", fmt.Sprintf("/api/admin/portfolio/%d", p.ID), map[string]any{"title": "Changed"}},
			{"DELETE", fmt.Sprintf("/api/admin/portfolio/%d", p.ID), nil},
			{"GET", "/api/admin/contact", nil},
			{"PUT", fmt.Sprintf("/api/admin/contact/%d/read", inq.ID), nil},
			{"PATCH", fmt.Sprintf("/api/admin/contact/%d", inq.ID), map[string]bool{"isRead": true}},
			{"DELETE", fmt.Sprintf("/api/admin/contact/%d", inq.ID), nil},
		}
		user := e.signedIn(t, "user@example.no", false)
		for _, rt := range routes {
			e.client().do(rt.method, rt.path, rt.body).wantMessage(t, http.StatusUnauthorized, "Not logged in")
			user.do(rt.method, rt.path, rt.body).wantMessage(t, http.StatusForbidden, "Admin access required")
		}
		list, _ := e.store.ListInquiries(ctx)
		items, _ := e.store.ListPortfolio(ctx, "no", true, 0)
		ts, _ := e.store.ListTestimonials(ctx, "no", true, 0)
		if len(list) != 1 || list[0].IsRead || len(items) != 1 || items[0].Title != "T" || len(ts) != 1 {
			t.Fatalf("a refused call changed data: %+v %+v %+v", list, items, ts)
		}
		if _, err := e.store.GetContent(ctx, "x", "no"); err == nil {
			t.Fatal("a refused content save was stored")
		}
	})
}
