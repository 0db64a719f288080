package analytics

import (
	"context"
	"database/sql"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ugcfolio/ugcfolio/internal/config"
	"github.com/ugcfolio/ugcfolio/internal/jobs"
	"github.com/ugcfolio/ugcfolio/internal/store"
	"github.com/ugcfolio/ugcfolio/internal/store/storetest"
)

// twoStores opens the same fresh database twice, as two replicas would.
func twoStores(t *testing.T, engine string) (*store.Store, *store.Store) {
	t.Helper()
	dsn, path := "", filepath.Join(t.TempDir(), "shared.db")
	if engine == "postgres" {
		var err error
		if dsn, err = storetest.FreshPostgresURL(t); err != nil {
			t.Fatal(err)
		}
	}
	open := func() *store.Store {
		st, err := store.Open(context.Background(), dsn, path)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { st.Close() })
		return st
	}
	return open(), open()
}

// opener is a Service whose first-open hook records what it is handed,
// and writes a row in the hook's transaction (the e-mail's job, in serve).
type opener struct {
	s      *Service
	mu     sync.Mutex
	opened []PitchOpened
	woken  int
}

func newOpener(t *testing.T, st *store.Store) *opener {
	t.Helper()
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	o := &opener{}
	o.s = New(Deps{Config: config.AnalyticsConfig{RetentionDays: 30}, Store: st, Jobs: jobs.New(st, log), Log: log,
		SiteURL: "https://ugc.example", ClientAddr: func(r *http.Request) string { return r.RemoteAddr },
		OnFirstOpen: func(ctx context.Context, tx *sql.Tx, p PitchOpened) error {
			o.mu.Lock()
			o.opened = append(o.opened, p)
			o.mu.Unlock()
			_, err := tx.ExecContext(ctx, st.Rebind(`INSERT INTO analytics_state (name, at) VALUES (?, ?)`),
				fmt.Sprintf("opened-%d", p.LinkID), p.At)
			return err
		},
		AfterFirstOpen: func() { o.mu.Lock(); o.woken++; o.mu.Unlock() },
	})
	t.Cleanup(o.s.Close)
	return o
}

// The first opening of a link is handed over exactly once, with the link's
// name and note, even when two replicas write the first visits of many
// links at the same moment; a link that asks for no e-mail is marked
// opened all the same, and later visits hand over nothing.
func TestFirstOpenHandedOverOncePerLink(t *testing.T) {
	engines := []string{"sqlite"}
	if os.Getenv("TEST_DATABASE_URL") != "" {
		engines = append(engines, "postgres")
	}
	for _, engine := range engines {
		t.Run(engine, func(t *testing.T) {
			st1, st2 := twoStores(t, engine)
			a, b := newOpener(t, st1), newOpener(t, st2)
			ctx := context.Background()
			const links = 20
			tokens := map[int64]string{}
			for i := range links {
				l, err := a.s.CreatePitchLink(ctx, PitchLinkInput{Name: fmt.Sprintf("Brand %d", i), Note: "note " + fmt.Sprint(i), NotifyOpen: i != 0})
				if err != nil {
					t.Fatal(err)
				}
				tokens[l.ID] = strings.TrimPrefix(l.URL, "https://ugc.example/?ref=")
			}
			// Every link is opened by two visitors, one through each replica, and both replicas write at once.
			for id, token := range tokens {
				a.s.PageView(request("GET", "/?ref="+token, fmt.Sprintf("198.51.100.%d", id%250)), "no")
				b.s.PageView(request("GET", "/en?ref="+token, fmt.Sprintf("203.0.113.%d", id%250)), "en")
			}
			var wg sync.WaitGroup
			wg.Go(a.s.Flush)
			wg.Go(b.s.Flush)
			wg.Wait()

			opened := append(a.opened, b.opened...)
			seen := map[int64]int{}
			for _, o := range opened {
				seen[o.LinkID]++
				if o.Name == "" || !strings.HasPrefix(o.Note, "note ") || o.At.IsZero() {
					t.Errorf("handed over %+v", o)
				}
			}
			if len(opened) != links-1 {
				t.Errorf("%d openings handed over for %d links that ask for an e-mail", len(opened), links-1)
			}
			for id := range tokens {
				want := 1
				if id == firstID(tokens) {
					want = 0
				}
				if seen[id] != want {
					t.Errorf("link %d handed over %d times, want %d", id, seen[id], want)
				}
			}
			var marked, rows int
			st1.DB.QueryRow(`SELECT COUNT(*) FROM analytics_pitch_links WHERE first_opened_at IS NOT NULL`).Scan(&marked)
			st1.DB.QueryRow(`SELECT COUNT(*) FROM analytics_state WHERE name LIKE 'opened-%'`).Scan(&rows)
			if marked != links || rows != links-1 {
				t.Errorf("%d links marked opened (want %d), %d rows written by the hook (want %d)", marked, links, rows, links-1)
			}
			if a.woken+b.woken == 0 {
				t.Error("nobody was woken after the commit")
			}

			// A later visit is no first opening.
			for _, token := range tokens {
				a.s.PageView(request("GET", "/?ref="+token, "192.0.2.77"), "no")
			}
			a.s.Flush()
			if n := len(a.opened) + len(b.opened); n != links-1 {
				t.Errorf("later visits handed over openings: %d in all", n)
			}
		})
	}
}

// firstID is the lowest link id: the link made with notifyOpen false.
func firstID(tokens map[int64]string) int64 {
	first := int64(-1)
	for id := range tokens {
		if first < 0 || id < first {
			first = id
		}
	}
	return first
}

// The switch of a link: answered with the link, 404 for an unknown one.
func TestSetPitchNotify(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		f := newFixture(t, st, config.AnalyticsConfig{}, 0)
		ctx := context.Background()
		l, err := f.s.CreatePitchLink(ctx, PitchLinkInput{Name: "Acme AS", NotifyOpen: true})
		if err != nil || !l.NotifyOpen {
			t.Fatalf("created %+v, %v", l, err)
		}
		no := false
		off, err := f.s.SetPitchNotify(ctx, l.ID, &no)
		if err != nil || off.NotifyOpen || off.Name != "Acme AS" || off.URL != l.URL {
			t.Fatalf("switched off: %+v, %v", off, err)
		}
		if kept, err := f.s.SetPitchNotify(ctx, l.ID, nil); err != nil || kept.NotifyOpen {
			t.Fatalf("nil changed it: %+v, %v", kept, err)
		}
		list, err := f.s.PitchLinks(ctx)
		if err != nil || len(list) != 1 || list[0].NotifyOpen {
			t.Fatalf("list %+v, %v", list, err)
		}
		if _, err := f.s.SetPitchNotify(ctx, l.ID+100, &no); err != errLinkNotFound {
			t.Fatalf("unknown link: %v", err)
		}
	})
}

// Whoever holds a pitch link cannot make up its visits: one address counts
// a few visitor-days a day at most however many browsers it claims to be,
// and a link counts a bounded number a day from every address together.
// Its first opening is handed over once all the same.
func TestPitchLinkHolderCannotInflateVisits(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		o := newOpener(t, st)
		now := time.Date(2025, 3, 10, 12, 0, 0, 0, time.UTC)
		o.s.SetClock(func() time.Time { return now })
		ctx := context.Background()
		l, err := o.s.CreatePitchLink(ctx, PitchLinkInput{Name: "Acme AS", NotifyOpen: true})
		if err != nil {
			t.Fatal(err)
		}
		token := strings.TrimPrefix(l.URL, "https://ugc.example/?ref=")
		visits := func() int {
			o.s.Flush()
			var n int
			if err := st.DB.QueryRow(st.Rebind(`SELECT COUNT(*) FROM analytics_pitch_visits WHERE link_id = ?`), l.ID).Scan(&n); err != nil {
				t.Fatal(err)
			}
			return n
		}
		open := func(addr, browser string) {
			r := request("GET", "/?ref="+token, addr)
			r.Header.Set("User-Agent", chromeUA+" "+browser)
			o.s.PageView(r, "no")
		}
		// One address, a hundred made-up browsers.
		for i := range 100 {
			open("198.51.100.1", fmt.Sprintf("Fake/%d", i))
		}
		if n := visits(); n != pitchVisitorsPerAddress {
			t.Fatalf("one address made %d visitor-days of the link, want %d", n, pitchVisitorsPerAddress)
		}
		// A real visitor from that address comes back: still counted as the link's.
		open("198.51.100.1", "Fake/0")
		if n := visits(); n != pitchVisitorsPerAddress {
			t.Fatalf("a return made %d visitor-days, want %d", n, pitchVisitorsPerAddress)
		}
		// Many addresses together: the link's limit a day.
		for i := range 2 * pitchVisitorsPerLinkDay {
			open(fmt.Sprintf("10.0.%d.%d", i/250, i%250), "Fake/0")
		}
		if n := visits(); n != pitchVisitorsPerLinkDay {
			t.Fatalf("many addresses made %d visitor-days of the link, want %d", n, pitchVisitorsPerLinkDay)
		}
		// The next day counts again.
		now = now.Add(24 * time.Hour)
		open("198.51.100.1", "Fake/0")
		if n := visits(); n != pitchVisitorsPerLinkDay+1 {
			t.Fatalf("the next day: %d visitor-days, want %d", n, pitchVisitorsPerLinkDay+1)
		}
		if len(o.opened) != 1 {
			t.Fatalf("first opening handed over %d times, want once", len(o.opened))
		}
	})
}
