package httpapi

import (
	"context"
	"net/http"
	"strconv"
	"testing"

	"github.com/ugcfolio/ugcfolio/internal/contentversion"
	"github.com/ugcfolio/ugcfolio/internal/store"
	"github.com/ugcfolio/ugcfolio/internal/store/storetest"
)

// A visitor sees an admin's change at once, although the list is cached.
func TestPublicListCacheFollowsAdminWrites(t *testing.T) {
	t.Parallel()
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

// The version moves before an admin write's answer leaves: once the admin
// has the answer, every replica's next request sees the change.
func TestAdminWriteBumpsBeforeItsAnswer(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		var before, during int64
		e := newServerEnv(t, st, nil, func(s *Server) {
			s.admin("POST /api/admin/test-write", func(w http.ResponseWriter, r *http.Request) error {
				before, _ = s.version.Current(r.Context())
				w.WriteHeader(http.StatusNoContent)
				during, _ = s.version.Current(r.Context())
				return nil
			})
		})
		admin := e.signedInAdmin(t)
		admin.do("POST", "/api/admin/test-write", nil).wantStatus(t, http.StatusNoContent)
		if during != before+1 {
			t.Fatalf("version %d when the answer began, %d before: not bumped first", during, before)
		}
		// A chunk of an upload changes nothing visitors see: no bump.
		v, _ := contentversion.New(st).Current(context.Background())
		admin.do("POST", "/api/admin/upload/chunk", `{}`).wantStatus(t, http.StatusBadRequest)
		if after, _ := contentversion.New(st).Current(context.Background()); after != v {
			t.Fatalf("an upload chunk bumped the version from %d to %d", v, after)
		}
	})
}

func itoa(id int64) string { return strconv.FormatInt(id, 10) }
