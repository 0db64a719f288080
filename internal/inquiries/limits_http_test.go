package inquiries_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/ugcfolio/ugcfolio/internal/inquiries"
	"github.com/ugcfolio/ugcfolio/internal/sitetest"
	"github.com/ugcfolio/ugcfolio/internal/store"
)

// DESIGN.md section 2: a person correcting the contact form is
// never blocked: refused forms do not count, so after several corrections
// the full burst of inquiries still goes through from one address.
func TestContactCorrectionsDoNotCountAgainstTheLimit(t *testing.T) {
	t.Parallel()
	e := sitetest.New(t, sitetest.SQLite(t), trustLoopback)
	from := []string{"X-Forwarded-For", "10.7.7.7"}
	for range 5 {
		e.Client().Do("POST", "/api/contact", with(validContact(), "message", "too short"), from...).WantStatus(t, http.StatusBadRequest)
		e.Client().Do("POST", "/api/contact", `{"name":`, from...).WantStatus(t, http.StatusBadRequest)
	}
	for range inquiries.Limit.Burst {
		e.Client().Do("POST", "/api/contact", validContact(), from...).WantStatus(t, http.StatusCreated)
	}
	e.Client().Do("POST", "/api/contact", validContact(), from...).WantStatus(t, http.StatusTooManyRequests)
}

// The admin's inquiry list comes in pages; the spec's call still
// answers an array (the newest page) and a Link header leads to the next.
func TestInquiriesArePaged(t *testing.T) {
	t.Parallel()
	sitetest.Each(t, sitetest.Options{}, func(t *testing.T, e *sitetest.Site) {
		ctx := context.Background()
		for i := range 7 {
			if _, err := e.Store.CreateInquiry(ctx, store.InquiryInput{Name: fmt.Sprint("Kunde ", i), Email: "k@example.no",
				Message: "Hei, vi vil lage video med deg!"}); err != nil {
				t.Fatal(err)
			}
		}
		admin := e.SignedInAdmin(t)
		var all []store.Inquiry
		r := admin.Do("GET", "/api/admin/contact", nil).WantStatus(t, http.StatusOK)
		r.JSON(t, &all)
		if len(all) != 7 || r.Header.Get("Link") != "" {
			t.Fatalf("default page: %d inquiries, Link %q", len(all), r.Header.Get("Link"))
		}
		var seen []int64
		next := "/api/admin/contact?limit=3"
		for next != "" {
			var page []store.Inquiry
			r := admin.Do("GET", next, nil).WantStatus(t, http.StatusOK)
			r.JSON(t, &page)
			for _, inq := range page {
				seen = append(seen, inq.ID)
			}
			next = ""
			if link := r.Header.Get("Link"); link != "" {
				next = strings.TrimSuffix(strings.TrimPrefix(link, "<"), `>; rel="next"`)
			}
			if len(seen) > 10 {
				t.Fatal("pages never end")
			}
		}
		if len(seen) != 7 || seen[0] != all[0].ID || seen[6] != all[6].ID {
			t.Fatalf("pages gave %v, the list %v", seen, all)
		}
		admin.Do("GET", "/api/admin/contact?limit=0", nil).WantStatus(t, http.StatusBadRequest)
		admin.Do("GET", "/api/admin/contact?before=x", nil).WantStatus(t, http.StatusBadRequest)
	})
}
