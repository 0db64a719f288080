package httpapi

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"os"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/ugcfolio/ugcfolio/internal/config"
	"github.com/ugcfolio/ugcfolio/internal/ratelimit"
	"github.com/ugcfolio/ugcfolio/internal/store"
	"github.com/ugcfolio/ugcfolio/internal/store/storetest"
)

// The request-path costs of running several replicas, on SQLite and on PostgreSQL (with
// TEST_DATABASE_URL):
//
//	go test -run x -bench 'VisitorList|Beacon' -count 5 ./internal/httpapi
//
// BenchmarkVisitorList is a visitor's cached GET /api/portfolio/no (50
// items), which now reads the shared content version first; compare with
// BenchmarkListPortfolio (internal/portfolio), which does not. BenchmarkBeacon is the analytics
// beacon with its limit in memory and in the database.
func BenchmarkVisitorList(b *testing.B) {
	for name, open := range benchStores(b) {
		// Opened once: a benchmark's function runs several times (b.N grows).
		st := open()
		seedPortfolio(b, st, 50)
		s := New(Deps{Store: st, Log: discardLog, Web: testWeb})
		h := s.Handler()
		for _, clients := range []int{1, 64} {
			b.Run(fmt.Sprintf("%s/clients=%d", name, clients), func(b *testing.B) {
				visitorList(b, s, h, clients)
			})
		}
	}
}

// visitorList runs GET /api/portfolio/no from one client, or from clients
// goroutines at once (64: as make bench-api's connections), and counts the
// version's reads.
func visitorList(b *testing.B, s *Server, h http.Handler, clients int) {
	get := func() bool {
		w := httptest.NewRecorder()
		h.ServeHTTP(w, httptest.NewRequest("GET", "/api/portfolio/no", nil))
		if w.Code != http.StatusOK {
			b.Errorf("status %d", w.Code)
			return false
		}
		io.Copy(io.Discard, w.Body)
		return true
	}
	before := s.version.Reads()
	b.ReportAllocs()
	if clients == 1 {
		for b.Loop() {
			if !get() {
				return
			}
		}
	} else {
		b.SetParallelism(max(1, clients/runtime.GOMAXPROCS(0)))
		b.RunParallel(func(pb *testing.PB) {
			for pb.Next() && get() {
			}
		})
	}
	b.ReportMetric(float64(s.version.Reads()-before)/float64(b.N), "reads/op")
}

func BenchmarkBeacon(b *testing.B) {
	lots := ratelimit.Rate{Every: time.Millisecond, Burst: 1 << 30} // never refused: every try is counted
	for name, open := range benchStores(b) {
		st := open()
		cfg := config.Config{TrustedProxies: []netip.Prefix{netip.MustParsePrefix("192.0.2.0/24")}}
		s := New(Deps{Config: cfg, Store: st, Log: discardLog, Web: testWeb})
		b.Cleanup(s.Analytics().Close)
		h := s.Handler()
		for _, limit := range []string{"memory", "database"} {
			b.Run(name+"/"+limit, func(b *testing.B) {
				s.analyticsLimit = ratelimit.NewMemory(lots)
				if limit == "database" {
					s.analyticsLimit = ratelimit.NewShared(st, discardLog, "analytics", lots)
				}
				i := 0
				for b.Loop() {
					i++
					r := httptest.NewRequest("POST", "/api/analytics/events", strings.NewReader(`{"events":[{"t":"section","id":"hero"}]}`))
					r.RemoteAddr = "192.0.2.1:1234"
					r.Header.Set("X-Forwarded-For", "198.51.100."+strconv.Itoa(i%250))
					r.Header.Set("User-Agent", browserUA)
					r.Header.Set("Content-Type", "text/plain")
					w := httptest.NewRecorder()
					h.ServeHTTP(w, r)
					if w.Code != http.StatusAccepted {
						b.Fatalf("status %d %s", w.Code, w.Body)
					}
				}
			})
		}
	}
}

func benchStores(b *testing.B) map[string]func() *store.Store {
	stores := map[string]func() *store.Store{"sqlite": func() *store.Store { return storetest.SQLite(b) }}
	if os.Getenv("TEST_DATABASE_URL") != "" {
		stores["postgres"] = func() *store.Store { return storetest.Postgres(b) }
	}
	return stores
}

func seedPortfolio(b *testing.B, st *store.Store, n int) {
	for i := range n {
		_, err := st.CreatePortfolioItem(context.Background(), store.PortfolioInput{
			Title: fmt.Sprintf("Produktvideo %d", i), Description: "Unboxing og bruk, filmet i naturlig lys.",
			Category: "product", ImageURL: fmt.Sprintf("https://images.example.com/%d.jpg", i),
			Featured: i%7 == 0, Language: "no", IsActive: true,
		})
		if err != nil {
			b.Fatal(err)
		}
	}
}
