package main

import (
	"bufio"
	"fmt"
	"io"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/ugcfolio/ugcfolio/internal/benchserver"
)

const ua = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36"

// beacon is a page load's usual beacon: 10 events.
const beacon = `{"events":[{"t":"view","path":"/","lang":"no","screen":"phone","tz":"Europe/Oslo"},
{"t":"section","id":"hero"},{"t":"section","id":"about"},{"t":"section","id":"work"},{"t":"play","item":3},
{"t":"progress","item":3,"pct":25},{"t":"progress","item":3,"pct":50},{"t":"section","id":"pricing"},
{"t":"click","target":"package-1"},{"t":"time","sec":40}]}`

const eventsPerBeacon = 10

// load drives the server: beacons, the / probe, and the server's counters.
type load struct {
	srv     *benchserver.Server
	admin   *http.Client // signed in as the admin: empties the analytics between runs
	metrics string
	// Keeps a connection per goroutine (the default keeps 2 idle per host,
	// and every other request would open a new one).
	client *http.Client
}

func newLoad(srv *benchserver.Server, metricsURL string) *load {
	tr := http.DefaultTransport.(*http.Transport).Clone()
	tr.MaxIdleConns, tr.MaxIdleConnsPerHost = 128, 128
	admin, err := srv.Login(nil)
	if err != nil {
		fail(err)
	}
	return &load{srv: srv, admin: admin, metrics: metricsURL, client: &http.Client{Transport: tr, Timeout: 30 * time.Second}}
}

// empty deletes every event and total (DELETE /api/admin/analytics), so
// that each run starts from the same empty tables: otherwise every run
// writes into a day fuller than the last, whose totals the rollup job counts
// again every 30 s.
func (l *load) empty() {
	req, _ := http.NewRequest("DELETE", l.srv.URL+"/api/admin/analytics", nil)
	res, err := l.admin.Do(req)
	if err != nil {
		fail(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusNoContent {
		fail(fmt.Errorf("DELETE /api/admin/analytics answered %d", res.StatusCode))
	}
}

type ingestResult struct {
	alone, paced time.Duration // p99 of GET / without beacons, and with beacons at the set rate
	ratio        float64       // paced / alone
	pacedWritten float64       // events per second written at the set rate
	max          float64       // events per second written with beacons posted flat out
	maxLoaded    time.Duration // p99 of GET / meanwhile
	dropped      int64         // events dropped in both phases
	cpuPer1k     time.Duration // the server's CPU per 1,000 events written, flat out
}

func (r ingestResult) String() string {
	return fmt.Sprintf("%8.1f ms | %8.1f ms | %5.2fx | %8.0f | %8.0f | %8.1f ms | %7d | %5.1f ms",
		ms(r.alone), ms(r.paced), r.ratio, r.pacedWritten, r.max, ms(r.maxLoaded), r.dropped, ms(r.cpuPer1k))
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

// ingest measures GET / alone for d; then while 8 connections post beacons
// at rate events per second for d; then while they post flat out for d.
// Events written per second count until the server has written what it
// accepted (its queue is empty again).
func (l *load) ingest(d time.Duration, rate int) ingestResult {
	l.empty()
	alone := l.homeP99(d)
	paced := l.beaconsDuring(d, rate)
	flat := l.beaconsDuring(d, 0)
	r := ingestResult{alone: alone, paced: paced.p99, ratio: float64(paced.p99) / float64(alone),
		pacedWritten: paced.rate, max: flat.rate, maxLoaded: flat.p99, dropped: int64(paced.dropped + flat.dropped)}
	if flat.written > 0 {
		r.cpuPer1k = time.Duration(float64(flat.cpu) / flat.written * 1000)
	}
	return r
}

// phase is what beaconsDuring measured.
type phase struct {
	p99              time.Duration // of GET /
	rate             float64       // events written per second, until the queue was empty again
	written, dropped float64       // events
	cpu              time.Duration // the server's CPU time
}

// beaconsDuring posts beacons from 8 connections, at rate events per
// second (0: as fast as the server answers), while it measures the p99 of
// GET / for d.
func (l *load) beaconsDuring(d time.Duration, rate int) phase {
	const conns = 8
	before := l.counters()
	cpu0 := l.srv.CPU()
	stop := make(chan struct{})
	var wg sync.WaitGroup
	start := time.Now()
	for range conns {
		wg.Go(func() {
			var every time.Duration // between one connection's beacons
			if rate > 0 {
				every = time.Duration(float64(time.Second) * conns * eventsPerBeacon / float64(rate))
			}
			next := time.Now()
			for {
				select {
				case <-stop:
					return
				default:
				}
				if every > 0 {
					// On schedule; a connection that fell behind catches up.
					next = next.Add(every)
					time.Sleep(time.Until(next))
				}
				l.postBeacon()
			}
		})
	}
	p99 := l.homeP99(d)
	close(stop)
	wg.Wait()
	after := l.drained()
	written := after.written - before.written
	return phase{p99: p99, rate: written / time.Since(start).Seconds(), written: written,
		dropped: after.dropped - before.dropped, cpu: l.srv.CPU() - cpu0}
}

// visitors numbers the beacons' client addresses (visitorAddr).
var visitors atomic.Uint32

// visitorAddr is the client address of a beacon: every beaconsPerVisitor
// beacons a new one. The load is many visitors, as on a real site: from
// one address the beacon's limit per client (a burst of 100, then 10 a
// second) answers 429 after the first 100. The server believes the
// loopback proxy's X-Forwarded-For (UGCFOLIO_TRUSTED_PROXIES, main.go).
func visitorAddr() string {
	const beaconsPerVisitor = 20
	n := visitors.Add(1) / beaconsPerVisitor
	return fmt.Sprintf("10.%d.%d.%d", n>>16&255, n>>8&255, n&255)
}

func (l *load) postBeacon() {
	req, _ := http.NewRequest("POST", l.srv.URL+"/api/analytics/events", strings.NewReader(beacon))
	req.Header.Set("Content-Type", "text/plain;charset=UTF-8")
	req.Header.Set("User-Agent", ua)
	req.Header.Set("X-Forwarded-For", visitorAddr())
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	res, err := l.client.Do(req)
	if err != nil {
		fail(err)
	}
	io.Copy(io.Discard, res.Body)
	res.Body.Close()
	if res.StatusCode != http.StatusAccepted {
		fail(fmt.Errorf("beacon answered %d", res.StatusCode))
	}
}

// homeP99 is the p99 of GET / (the page the server rendered, from its
// cache) from 4 connections during d.
func (l *load) homeP99(d time.Duration) time.Duration {
	var mu sync.Mutex
	var lat []time.Duration
	end := time.Now().Add(d)
	var wg sync.WaitGroup
	for range 4 {
		wg.Go(func() {
			for time.Now().Before(end) {
				t := time.Now()
				req, _ := http.NewRequest("GET", l.srv.URL+"/", nil)
				req.Header.Set("User-Agent", "bench-probe/1.0 (bot)") // a bot: the probe itself is not counted
				req.Header.Set("Accept-Encoding", "gzip")
				res, err := l.client.Do(req)
				if err != nil {
					fail(err)
				}
				io.Copy(io.Discard, res.Body)
				res.Body.Close()
				if res.StatusCode != http.StatusOK {
					fail(fmt.Errorf("GET / answered %d", res.StatusCode))
				}
				mu.Lock()
				lat = append(lat, time.Since(t))
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	slices.Sort(lat)
	return lat[len(lat)*99/100]
}

type burstResult struct {
	growthMB, peakMB float64
	written, dropped int64
	posted           time.Duration // until the last beacon was answered
}

// burst posts 50,000 events (5,000 beacons) within 10 s from 32
// connections and answers the server's RSS growth, and the events written
// and dropped once its queue is empty again.
func (l *load) burst() burstResult {
	l.empty()
	before := l.counters()
	rss0 := l.srv.RSS()
	peak := l.srv.WatchPeak(5 * time.Millisecond)
	var next atomic.Int64
	var wg sync.WaitGroup
	start := time.Now()
	deadline := start.Add(10 * time.Second)
	for range 32 {
		wg.Go(func() {
			for next.Add(1) <= 5000 && time.Now().Before(deadline) {
				l.postBeacon()
			}
		})
	}
	wg.Wait()
	posted := time.Since(start)
	after := l.drained()
	top := peak()
	return burstResult{growthMB: float64(top-rss0) / (1 << 20), peakMB: float64(top) / (1 << 20),
		written: int64(after.written - before.written), dropped: int64(after.dropped - before.dropped),
		posted: posted}
}

// counters are the server's analytics counters.
type counters struct{ accepted, written, dropped float64 }

func (l *load) counters() counters {
	res, err := l.client.Get(l.metrics)
	if err != nil {
		fail(err)
	}
	defer res.Body.Close()
	var c counters
	sc := bufio.NewScanner(res.Body)
	for sc.Scan() {
		name, value, ok := strings.Cut(sc.Text(), " ")
		if !ok {
			continue
		}
		v, _ := strconv.ParseFloat(value, 64)
		switch name {
		case "ugcfolio_analytics_events_total":
			c.accepted = v
		case "ugcfolio_analytics_events_written_total":
			c.written = v
		case "ugcfolio_analytics_events_dropped_total":
			c.dropped = v
		}
	}
	return c
}

// drained waits until the server has written every event it accepted (at
// most a minute: a batch that failed is never written) and answers its
// counters then.
func (l *load) drained() counters {
	deadline := time.Now().Add(time.Minute)
	for {
		c := l.counters()
		if c.written >= c.accepted || time.Now().After(deadline) {
			return c
		}
		time.Sleep(20 * time.Millisecond)
	}
}
