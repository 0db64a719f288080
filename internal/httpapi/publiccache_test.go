package httpapi

import (
	"context"
	"net/http"
	"strconv"
	"testing"
	"time"

	"github.com/ugcfolio/ugcfolio/internal/store"
)

// A visitor sees an admin's change at once, although the list is cached.
func TestPublicListCacheFollowsAdminWrites(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *testEnv) {
		admin := e.signedInAdmin(t)
		visitor := e.client()
		var list []store.Testimonial
		visitor.do("GET", "/api/testimonials/no", nil).wantStatus(t, http.StatusOK).json(t, &list)
		if len(list) != 0 {
			t.Fatalf("fresh site lists %d", len(list))
		}
		var created store.Testimonial
		admin.do("POST", "/api/admin/testimonials", map[string]any{"name": "Ola", "company": "Acme", "testimonial": "Flott arbeid", "language": "no"}).
			wantStatus(t, http.StatusCreated).json(t, &created)
		visitor.do("GET", "/api/testimonials/no", nil).wantStatus(t, http.StatusOK).json(t, &list)
		if len(list) != 1 {
			t.Fatalf("after create the visitor sees %d", len(list))
		}
		admin.do("PUT", "/api/admin/testimonials/"+itoa(created.ID), map[string]any{"name": "Ola", "company": "Acme", "testimonial": "Flott arbeid", "language": "no", "isActive": false}).
			wantStatus(t, http.StatusOK)
		visitor.do("GET", "/api/testimonials/no", nil).wantStatus(t, http.StatusOK).json(t, &list)
		if len(list) != 0 {
			t.Fatalf("a hidden testimonial still shows: %+v", list)
		}
	})
}

// A write that bypasses this process (another replica) shows once the entry expires.
func TestPublicListCacheExpires(t *testing.T) {
	e := newEnv(t, sqliteStore(t), nil)
	visitor := e.client()
	first := visitor.do("GET", "/api/portfolio/no", nil).wantStatus(t, http.StatusOK).body
	e.store.CreatePortfolioItem(context.Background(), store.PortfolioInput{Title: "Ny", Category: "product", ImageURL: "https://x/y.jpg", Language: "no", IsActive: true})
	if got := visitor.do("GET", "/api/portfolio/no", nil).body; got != first {
		t.Fatalf("not served from the cache: %s", got)
	}
	time.Sleep(publicCacheTTL + 100*time.Millisecond)
	var list []store.PortfolioItem
	visitor.do("GET", "/api/portfolio/no", nil).json(t, &list)
	if len(list) != 1 {
		t.Fatalf("after expiry the visitor sees %d items", len(list))
	}
}

func itoa(id int64) string { return strconv.FormatInt(id, 10) }
