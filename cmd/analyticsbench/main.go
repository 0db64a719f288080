// Command analyticsbench measures the analytics budgets of DESIGN.md
// section 5 (`make bench-analytics`), in one process on SQLite and, with
// TEST_DATABASE_URL set, on PostgreSQL:
//
//   - events per second written while beacons arrive from 8 connections,
//     and the p99 of GET / (4 connections) with that load against without;
//   - RSS growth of a burst of 50,000 events in 10 s, and the drops counted;
//   - the 12-month summary over one million events.
//
// The server runs in this process (httpapi over loopback), so RSS is the
// server's plus the load generator's; the generator allocates little.
package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/ugcfolio/ugcfolio/internal/analytics"
	"github.com/ugcfolio/ugcfolio/internal/config"
	"github.com/ugcfolio/ugcfolio/internal/httpapi"
	"github.com/ugcfolio/ugcfolio/internal/store"
	"github.com/ugcfolio/ugcfolio/web"
)

const ua = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36"

// beacon is a page load's usual beacon: 10 events.
const beacon = `{"events":[{"t":"view","path":"/","lang":"no","screen":"phone","tz":"Europe/Oslo"},
{"t":"section","id":"hero"},{"t":"section","id":"about"},{"t":"section","id":"work"},{"t":"play","item":3},
{"t":"progress","item":3,"pct":25},{"t":"progress","item":3,"pct":50},{"t":"section","id":"pricing"},
{"t":"click","target":"package-1"},{"t":"time","sec":40}]}`

func main() {
	dir, err := os.MkdirTemp("", "analyticsbench")
	if err != nil {
		fail(err)
	}
	defer os.RemoveAll(dir)
	fmt.Println("engine   | events/s | / p99 alone | / p99 with ingestion | burst 50k: RSS growth, written, dropped | summary 12 months, 1M events")
	run("sqlite", "", filepath.Join(dir, "bench.db"), dir)
	if u := os.Getenv("TEST_DATABASE_URL"); u != "" {
		run("postgres", u, "", dir)
	} else {
		fmt.Println("postgres | skipped: set TEST_DATABASE_URL")
	}
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "analyticsbench:", err)
	os.Exit(1)
}

func run(name, dsn, path, dir string) {
	ctx := context.Background()
	st, err := store.Open(ctx, dsn, path)
	if err != nil {
		fail(err)
	}
	defer st.Close()
	for _, t := range []string{"analytics_events", "analytics_daily", "analytics_hourly", "analytics_state"} {
		st.DB.Exec(`DELETE FROM ` + t)
	}
	webFS, err := web.Dist()
	if err != nil {
		fail(err)
	}
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	srv := httpapi.New(httpapi.Deps{Config: config.Config{Addr: "127.0.0.1:0", DataDir: dir},
		Store: st, Log: log, Web: webFS})
	an := srv.Analytics()
	defer an.Close()
	ts := httptest.NewServer(srv.Handler())
	defer ts.Close()

	alone := homeP99(ts.URL, 5*time.Second)
	var posted atomic.Int64
	stop := make(chan struct{})
	writtenBefore := an.Written()
	start := time.Now()
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				select {
				case <-stop:
					return
				default:
				}
				postBeacon(ts.URL)
				posted.Add(10)
			}
		}()
	}
	loaded := homeP99(ts.URL, 5*time.Second)
	close(stop)
	wg.Wait()
	an.Flush()
	rate := (an.Written() - writtenBefore) / time.Since(start).Seconds()

	growth, written, dropped := burst(ts.URL, an)
	sum := summaryTime(ctx, st, an)
	fmt.Printf("%-8s | %8.0f | %8.1f ms | %8.1f ms (%.2fx) | %5.1f MB, %d, %d | %s\n", name, rate,
		ms(alone), ms(loaded), float64(loaded)/float64(alone), growth, written, dropped, sum)
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

func postBeacon(base string) {
	req, _ := http.NewRequest("POST", base+"/api/analytics/events", strings.NewReader(beacon))
	req.Header.Set("Content-Type", "text/plain;charset=UTF-8")
	req.Header.Set("User-Agent", ua)
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		fail(err)
	}
	io.Copy(io.Discard, res.Body)
	res.Body.Close()
	if res.StatusCode != http.StatusAccepted {
		fail(fmt.Errorf("beacon answered %d", res.StatusCode))
	}
}

// homeP99 is the p99 of GET / from 4 connections during d.
func homeP99(base string, d time.Duration) time.Duration {
	var mu sync.Mutex
	var lat []time.Duration
	end := time.Now().Add(d)
	var wg sync.WaitGroup
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for time.Now().Before(end) {
				t := time.Now()
				req, _ := http.NewRequest("GET", base+"/", nil)
				req.Header.Set("User-Agent", "bench-probe/1.0 (bot)") // a bot: the probe itself is not counted
				res, err := http.DefaultClient.Do(req)
				if err != nil {
					fail(err)
				}
				io.Copy(io.Discard, res.Body)
				res.Body.Close()
				mu.Lock()
				lat = append(lat, time.Since(t))
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	slices.Sort(lat)
	return lat[len(lat)*99/100]
}

// burst posts 50,000 events (5,000 beacons) within 10 s from 32
// connections and answers the RSS growth in MB, the events written and
// the events dropped.
func burst(base string, an *analytics.Service) (float64, int64, int64) {
	runtime.GC()
	before := rssMB()
	peak := before
	done := make(chan struct{})
	go func() {
		for {
			select {
			case <-done:
				return
			case <-time.After(50 * time.Millisecond):
				peak = max(peak, rssMB())
			}
		}
	}()
	written0, dropped0 := an.Written(), an.Dropped()
	var next atomic.Int64
	var wg sync.WaitGroup
	deadline := time.Now().Add(10 * time.Second)
	for range 32 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for next.Add(1) <= 5000 && time.Now().Before(deadline) {
				postBeacon(base)
			}
		}()
	}
	wg.Wait()
	an.Flush()
	close(done)
	peak = max(peak, rssMB())
	return peak - before, int64(an.Written() - written0), int64(an.Dropped() - dropped0)
}

func rssMB() float64 {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(b), "\n") {
		if strings.HasPrefix(line, "VmRSS:") {
			kb, _ := strconv.ParseFloat(strings.Fields(line)[1], 64)
			return kb / 1024
		}
	}
	return 0
}

// summaryTime fills 12 months with one million raw events (about 2,740 a
// day from 300 visitors), rolls them up, and answers the median of 5
// summaries of the 12 months.
func summaryTime(ctx context.Context, st *store.Store, an *analytics.Service) string {
	for _, t := range []string{"analytics_events", "analytics_daily", "analytics_hourly", "analytics_state"} {
		st.DB.Exec(`DELETE FROM ` + t)
	}
	t0 := time.Now()
	today := time.Now().UTC().Truncate(24 * time.Hour)
	const total, days = 1_000_000, 365
	kinds := []string{"pageview", "view", "section", "section", "play", "progress", "click", "time", "section", "pageview"}
	const cols = `at, day, hour, visitor, kind, path, lang, referrer, utm_source, utm_medium, utm_campaign, screen, country, browser, device, target, item, value`
	const row = "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
	n := 0
	for n < total {
		tx, err := st.DB.BeginTx(ctx, nil)
		if err != nil {
			fail(err)
		}
		for range 50 { // 50 statements of 100 rows per transaction
			var args []any
			for i := range 100 {
				k := n + i
				at := today.AddDate(0, 0, -(k % days)).Add(time.Duration(k%86400) * time.Second)
				kind := kinds[k%len(kinds)]
				args = append(args, at, at.Format(time.DateOnly), at.Format("2006-01-02T15"), "v"+strconv.Itoa(k%300), kind,
					"/", "no", "", "", "", "", "phone", "NO", "Chrome", "mobile", []string{"hero", "about", "pricing"}[k%3], int64(k%12+1), (k%4+1)*25)
			}
			q := `INSERT INTO analytics_events (` + cols + `) VALUES ` + row + strings.Repeat(", "+row, 99)
			if _, err := tx.ExecContext(ctx, st.Rebind(q), args...); err != nil {
				fail(err)
			}
			n += 100
		}
		if err := tx.Commit(); err != nil {
			fail(err)
		}
	}
	fill := time.Since(t0)
	t1 := time.Now()
	if err := an.Rollup(ctx); err != nil {
		fail(err)
	}
	rollup := time.Since(t1)
	rg, err := an.ParseRange(today.AddDate(0, 0, -364).Format(time.DateOnly), today.Format(time.DateOnly))
	if err != nil {
		fail(err)
	}
	var times []time.Duration
	var sum analytics.Summary
	for range 5 {
		t := time.Now()
		if sum, err = an.Summary(ctx, rg); err != nil {
			fail(err)
		}
		times = append(times, time.Since(t))
	}
	slices.Sort(times)
	var check bytes.Buffer
	fmt.Fprintf(&check, "%.1f ms (median of 5; %d page views; fill %.0fs, rollup %.1fs)", ms(times[2]), sum.Pageviews, fill.Seconds(), rollup.Seconds())
	return check.String()
}
