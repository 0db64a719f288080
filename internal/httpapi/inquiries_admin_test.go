package httpapi

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/ugcfolio/ugcfolio/internal/store"
)

// TestBackOfficeRoutesNeedAnAdmin walks every admin route of issue 5: 401
// without a session, 403 for a logged-in non-admin, and nothing changes.
func TestBackOfficeRoutesNeedAnAdmin(t *testing.T) {
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

func TestAdminInquiries(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *testEnv) {
		ctx := context.Background()
		first, err := e.store.CreateInquiry(ctx, store.InquiryInput{Name: "Ola", Email: "ola@example.no", Message: "Første henvendelse"})
		if err != nil {
			t.Fatal(err)
		}
		second, err := e.store.CreateInquiry(ctx, store.InquiryInput{Name: "Kari", Email: "kari@example.no", Company: "Firma AS", Service: "Enkeltvideo", Message: "Andre henvendelse"})
		if err != nil {
			t.Fatal(err)
		}
		c := e.signedInAdmin(t)

		var list []store.Inquiry
		c.do("GET", "/api/admin/contact", nil).wantStatus(t, http.StatusOK).json(t, &list)
		if len(list) != 2 || list[0].ID != second.ID || list[1].ID != first.ID {
			t.Fatalf("want newest first, got %+v", list)
		}
		if list[0].Company != "Firma AS" || list[0].Service != "Enkeltvideo" || list[0].IsRead || list[0].CreatedAt.IsZero() {
			t.Fatalf("inquiry fields: %+v", list[0])
		}

		path := fmt.Sprintf("/api/admin/contact/%d/read", first.ID)
		var inq store.Inquiry
		c.do("PUT", path, nil).wantStatus(t, http.StatusOK).json(t, &inq)
		if !inq.IsRead || inq.ID != first.ID {
			t.Fatalf("marked: %+v", inq)
		}
		// Idempotent: marking again keeps it read and answers the same.
		c.do("PUT", path, nil).wantStatus(t, http.StatusOK).json(t, &inq)
		if !inq.IsRead {
			t.Fatalf("second mark: %+v", inq)
		}
		// Nothing can make it unread: a body is ignored by the read route.
		c.do("PUT", path, map[string]bool{"isRead": false}).wantStatus(t, http.StatusOK).json(t, &inq)
		if !inq.IsRead {
			t.Fatal("inquiry became unread")
		}

		c.do("DELETE", fmt.Sprintf("/api/admin/contact/%d", first.ID), nil).wantStatus(t, http.StatusNoContent)
		c.do("GET", "/api/admin/contact", nil).wantStatus(t, http.StatusOK).json(t, &list)
		if len(list) != 1 || list[0].ID != second.ID {
			t.Fatalf("after delete: %+v", list)
		}

		for _, tc := range []struct{ method, path string }{
			{"DELETE", fmt.Sprintf("/api/admin/contact/%d", first.ID)},
			{"PUT", fmt.Sprintf("/api/admin/contact/%d/read", first.ID)},
			{"PUT", "/api/admin/contact/999999/read"},
			{"DELETE", "/api/admin/contact/abc"},
		} {
			r := c.do(tc.method, tc.path, nil).wantStatus(t, http.StatusNotFound)
			if !strings.Contains(r.body, "message") {
				t.Fatalf("%s %s: %s", tc.method, tc.path, r.body)
			}
		}
	})
}

// PATCH /api/admin/contact/{id} is the inquiry's update: {"isRead": true}
// marks it read, {} changes nothing, and nothing marks it unread.
func TestAdminInquiryPatch(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *testEnv) {
		ctx := context.Background()
		stored, err := e.store.CreateInquiry(ctx, store.InquiryInput{Name: "Ola", Email: "ola@example.no", Message: "Første henvendelse"})
		if err != nil {
			t.Fatal(err)
		}
		c := e.signedInAdmin(t)
		path := fmt.Sprintf("/api/admin/contact/%d", stored.ID)
		isRead := func() bool {
			inq, err := e.store.GetInquiry(ctx, stored.ID)
			if err != nil {
				t.Fatal(err)
			}
			return inq.IsRead
		}
		cases := []struct {
			name     string
			body     any
			status   int
			wantRead bool
		}{
			{"nothing mentioned", map[string]any{}, http.StatusOK, false},
			{"unread while unread", map[string]bool{"isRead": false}, http.StatusBadRequest, false},
			{"read", map[string]bool{"isRead": true}, http.StatusOK, true},
			{"read again", map[string]bool{"isRead": true}, http.StatusOK, true},
			{"nothing mentioned once read", map[string]any{}, http.StatusOK, true},
			{"unread", map[string]bool{"isRead": false}, http.StatusBadRequest, true},
			{"another field", map[string]any{"name": "Kari"}, http.StatusBadRequest, true},
		}
		for _, tc := range cases {
			r := c.do("PATCH", path, tc.body).wantStatus(t, tc.status)
			if tc.status == http.StatusOK {
				var inq store.Inquiry
				r.json(t, &inq)
				if inq.ID != stored.ID || inq.IsRead != tc.wantRead || inq.Name != "Ola" {
					t.Errorf("%s: answered %+v", tc.name, inq)
				}
			}
			if isRead() != tc.wantRead {
				t.Errorf("%s: stored isRead %v, want %v", tc.name, !tc.wantRead, tc.wantRead)
			}
		}
		c.do("PATCH", path, map[string]bool{"isRead": false}).wantMessage(t, http.StatusBadRequest, "An inquiry cannot be marked unread")
		c.do("PATCH", "/api/admin/contact/999999", map[string]bool{"isRead": true}).wantStatus(t, http.StatusNotFound)
	})
}
