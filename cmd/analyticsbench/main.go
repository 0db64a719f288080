// Command analyticsbench measures the analytics budgets of DESIGN.md
// section 5 (`make bench-analytics`) on SQLite and, with TEST_DATABASE_URL
// set, on PostgreSQL (in a fresh schema of its own, dropped afterwards):
//
//   - ingestion: events per second written while beacons arrive from 8
//     connections, and the p99 of GET / (4 connections) with that load
//     against the p99 without it, and their ratio;
//   - the RSS growth of the server in a burst of 50,000 events in 10 s, and
//     the events written and dropped;
//   - the 12-month summary over one million events, through the admin API.
//
// The server is the real binary (internal/benchserver: `ugcfolio serve` as
// a child process, with its metrics on a port of their own), so the load
// generator's work is not counted as the server's. On a 2-core machine
// both still share the cores: each figure comes with the server's own CPU
// time, a figure less at the mercy of a busy machine than wall time.
// Events written, accepted and dropped are the server's counters
// (ugcfolio_analytics_events_*_total on /metrics).
//
//	go run ./cmd/analyticsbench -bin bin/ugcfolio -runs 3
package main

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"flag"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib" // the "pgx" driver, for the schema of the PostgreSQL run

	"github.com/ugcfolio/ugcfolio/internal/benchserver"
)

func main() {
	bin := flag.String("bin", "bin/ugcfolio", "the ugcfolio binary")
	runs := flag.Int("runs", 3, "ingestion runs per database (medians are reported)")
	phase := flag.Duration("for", 10*time.Second, "length of each measured phase of a run")
	rate := flag.Int("rate", 5000, "events per second of the paced phase (the p99 of / is compared at this rate)")
	summary := flag.Bool("summary", true, "also time the 12-month summary over one million events")
	only := flag.String("db", "", "sqlite or postgres: only that database")
	flag.Parse()
	b := bench{bin: *bin, runs: *runs, phase: *phase, rate: *rate, summary: *summary}
	if *only != "postgres" {
		b.engine("sqlite", "")
	}
	if *only == "sqlite" {
		return
	}
	if u := os.Getenv("TEST_DATABASE_URL"); u != "" {
		b.engine("postgres", u)
	} else {
		fmt.Println("postgres: skipped (set TEST_DATABASE_URL)")
	}
}

type bench struct {
	bin     string
	runs    int
	phase   time.Duration
	rate    int
	summary bool
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "analyticsbench:", err)
	os.Exit(1)
}

// engine runs every measurement on one database; base is PostgreSQL's URL ("" for SQLite).
func (b bench) engine(name, base string) {
	work, err := os.MkdirTemp("", "analyticsbench-")
	if err != nil {
		fail(err)
	}
	defer os.RemoveAll(work)
	data := filepath.Join(work, "data")
	var env []string
	dsn := ""
	if base != "" {
		var drop func()
		if dsn, drop, err = freshSchema(base); err != nil {
			fail(err)
		}
		defer drop()
		env = append(env, "DATABASE_URL="+dsn)
	}
	metricsAddr, err := benchserver.FreeAddr()
	if err != nil {
		fail(err)
	}
	// The load's beacons come through loopback as from many visitors (load.go, visitorAddr).
	env = append(env, "UGCFOLIO_METRICS_ADDR="+metricsAddr, "UGCFOLIO_PUBLIC_URL=http://bench.invalid",
		"UGCFOLIO_TRUSTED_PROXIES=127.0.0.1/32")
	srv, err := benchserver.Start(benchserver.Config{Bin: b.bin, Data: data, Admin: true, Env: env})
	if err != nil {
		fail(err)
	}
	l := newLoad(srv, "http://"+metricsAddr+"/metrics")

	fmt.Printf("\n%s, %d runs of %s each (the server is a child process; CPU is the server's own)\n", name, b.runs, b.phase)
	fmt.Printf("run | / p99 alone | / p99 at %d ev/s | ratio | written ev/s | max written ev/s | / p99 at max | dropped | server CPU per 1,000 events at max\n", b.rate)
	var results []ingestResult
	for i := range b.runs {
		r := l.ingest(b.phase, b.rate)
		results = append(results, r)
		fmt.Printf("%3d | %s\n", i+1, r)
	}
	fmt.Printf("med | %s\n", median(results))

	burst := l.burst()
	fmt.Printf("burst of 50,000 events from 32 connections as fast as the server answers (10 s at most): posted in %.1f s (%.0f events/s), RSS +%.1f MB (peak %.1f MB), %d written, %d dropped\n",
		burst.posted.Seconds(), float64(burst.written+burst.dropped)/burst.posted.Seconds(), burst.growthMB, burst.peakMB, burst.written, burst.dropped)
	srv.Stop()

	if b.summary {
		fmt.Printf("summary of 12 months over 1,000,000 events: %s\n", timeSummary(b.bin, data, dsn, env))
	}
}

// median is each column's median across the runs.
func median(rs []ingestResult) ingestResult {
	col := func(f func(ingestResult) float64) float64 {
		v := make([]float64, len(rs))
		for i, r := range rs {
			v[i] = f(r)
		}
		slices.Sort(v)
		if len(v)%2 == 1 {
			return v[len(v)/2]
		}
		return (v[len(v)/2-1] + v[len(v)/2]) / 2
	}
	dur := func(f func(ingestResult) time.Duration) time.Duration {
		return time.Duration(col(func(r ingestResult) float64 { return float64(f(r)) }))
	}
	return ingestResult{
		alone:        dur(func(r ingestResult) time.Duration { return r.alone }),
		paced:        dur(func(r ingestResult) time.Duration { return r.paced }),
		ratio:        col(func(r ingestResult) float64 { return r.ratio }),
		pacedWritten: col(func(r ingestResult) float64 { return r.pacedWritten }),
		max:          col(func(r ingestResult) float64 { return r.max }),
		maxLoaded:    dur(func(r ingestResult) time.Duration { return r.maxLoaded }),
		dropped:      int64(col(func(r ingestResult) float64 { return float64(r.dropped) })),
		cpuPer1k:     dur(func(r ingestResult) time.Duration { return r.cpuPer1k }),
	}
}

// freshSchema makes an empty schema in base's database and answers a URL
// whose search_path is it, and a function that drops it.
func freshSchema(base string) (string, func(), error) {
	b := make([]byte, 6)
	rand.Read(b)
	schema := "bench_" + hex.EncodeToString(b)
	admin, err := sql.Open("pgx", base)
	if err != nil {
		return "", nil, err
	}
	if _, err := admin.ExecContext(context.Background(), `CREATE SCHEMA `+schema); err != nil {
		admin.Close()
		return "", nil, err
	}
	drop := func() {
		admin.Exec(`DROP SCHEMA ` + schema + ` CASCADE`)
		admin.Close()
	}
	u, err := url.Parse(base)
	if err != nil {
		drop()
		return "", nil, err
	}
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	return u.String(), drop, nil
}
