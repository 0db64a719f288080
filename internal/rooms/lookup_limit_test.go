package rooms

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/ugcfolio/ugcfolio/internal/deals"
	"github.com/ugcfolio/ugcfolio/internal/jobs"
	"github.com/ugcfolio/ugcfolio/internal/ratelimit"
	"github.com/ugcfolio/ugcfolio/internal/store"
	"github.com/ugcfolio/ugcfolio/internal/store/storetest"
)

// limitReplica is one server's rooms over a shared database, with the
// brand's routes behind a bare router: just enough to look tokens up.
type limitReplica struct {
	rooms   *Service
	handler http.Handler
}

// newLimitReplica makes the rooms of one server over st, their failed-lookup
// limit going by a clock that stands still (so no token comes back while
// the test runs, however slow the machine).
func newLimitReplica(t *testing.T, st *store.Store) limitReplica {
	t.Helper()
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	s := New(Deps{Store: st, Log: log, Deals: deals.New(deals.Deps{Store: st, Log: log}), Jobs: jobs.New(st, log),
		SiteURL: "http://rooms.test", ClientKey: func(r *http.Request) string { return r.RemoteAddr }})
	stopped := func() time.Time { return time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC) }
	switch l := s.limit.(type) {
	case *ratelimit.Shared:
		l.Now = stopped
	case *ratelimit.Memory:
		l.Now = stopped
	default:
		t.Fatalf("the rooms' limiter is a %T", s.limit)
	}
	mux := http.NewServeMux()
	for _, rt := range s.PublicRoutes() {
		mux.HandleFunc(rt.Pattern, func(w http.ResponseWriter, r *http.Request) {
			if err := rt.Handler(w, r); err != nil {
				http.Error(w, err.Error(), http.StatusInternalServerError)
			}
		})
	}
	return limitReplica{rooms: s, handler: mux}
}

// get answers the status of GET path from one client address.
func (rp limitReplica) get(path string) int {
	r := httptest.NewRequest("GET", path, nil)
	r.RemoteAddr = "203.0.113.7"
	w := httptest.NewRecorder()
	rp.handler.ServeHTTP(w, r)
	return w.Code
}

// openTestRoom makes a deal with a room and answers its path, /room/<token>.
func openTestRoom(t *testing.T, st *store.Store, s *Service) string {
	t.Helper()
	ctx := context.Background()
	u, err := st.CreateUser(ctx, store.UserInput{Username: "kari@example.no", DisplayName: "Kari", PasswordHash: "x", IsAdmin: true})
	if err != nil {
		t.Fatal(err)
	}
	kari := deals.Actor{ID: u.ID, Name: "Kari"}
	d, err := s.deals.Create(ctx, kari, deals.Input{Brand: "Fjellkaffe"})
	if err != nil {
		t.Fatal(err)
	}
	rm, err := s.NewLink(ctx, kari, d.ID, func(*Settings) error { return nil })
	if err != nil {
		t.Fatal(err)
	}
	return strings.TrimPrefix(rm.URL, "http://rooms.test")
}

// wrongRoom is a well-formed token that opens nothing.
func wrongRoom(i int) string { return fmt.Sprintf("/room/%032d", i) }

// Only failed lookups spend the limit, and a right token is never refused
// by it: a brand behind the address of twenty wrong links (an office, a
// link checker, a scan) still opens her room.
func TestRightTokenOpensItsRoomPastTheLimit(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		rp := newLimitReplica(t, st)
		room := openTestRoom(t, st, rp.rooms)
		for range 10 { // a player's many range requests cost nothing
			if got := rp.get(room); got != http.StatusOK {
				t.Fatalf("the room: %d", got)
			}
		}
		for i := range lookupRate.Burst {
			if got := rp.get(wrongRoom(i)); got != http.StatusNotFound {
				t.Fatalf("wrong link %d: %d, want 404", i+1, got)
			}
		}
		if got := rp.get(wrongRoom(99)); got != http.StatusTooManyRequests {
			t.Fatalf("a wrong link past the limit: %d, want 429", got)
		}
		for _, p := range []string{room, room + "/licences"} {
			if got := rp.get(p); got != http.StatusOK {
				t.Fatalf("%s after %d wrong links: %d, want 200", p, lookupRate.Burst, got)
			}
		}
		if got := rp.get(wrongRoom(100)); got != http.StatusTooManyRequests {
			t.Fatalf("the right link gave the address its tries back: a wrong one answers %d, want 429", got)
		}
	})
}

// The limit is one for every server on the database: a client spreading
// its wrong links over two replicas gets the tries of one, not two.
func TestRoomLookupLimitSharedByReplicas(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		a, b := newLimitReplica(t, st), newLimitReplica(t, st)
		room := openTestRoom(t, st, a.rooms)
		for i := range lookupRate.Burst {
			rp := a
			if i%2 == 1 {
				rp = b
			}
			if got := rp.get(wrongRoom(i)); got != http.StatusNotFound {
				t.Fatalf("wrong link %d: %d, want 404", i+1, got)
			}
		}
		for name, rp := range map[string]limitReplica{"a": a, "b": b} {
			if got := rp.get(wrongRoom(99)); got != http.StatusTooManyRequests {
				t.Fatalf("replica %s after %d wrong links over both: %d, want 429", name, lookupRate.Burst, got)
			}
			if got := rp.get(room); got != http.StatusOK {
				t.Fatalf("replica %s: the right link answers %d, want 200", name, got)
			}
		}
	})
}
