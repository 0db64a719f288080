package analytics

import (
	"io"
	"log/slog"
	"strconv"
	"syscall"
	"testing"
	"time"

	"github.com/ugcfolio/ugcfolio/internal/config"
	"github.com/ugcfolio/ugcfolio/internal/jobs"
	"github.com/ugcfolio/ugcfolio/internal/store"
	"github.com/ugcfolio/ugcfolio/internal/store/storetest"
)

// The writer alone, without HTTP: full batches of a page load's usual
// beacon (as cmd/analyticsbench posts), written to a fresh database. It
// reports events per second and this process's CPU time per event (SQLite
// works in this process; PostgreSQL's own work is not counted), a figure
// less at the mercy of a busy machine than wall time; run with
//
//	go test -run x -bench Writer -benchtime 20x ./internal/analytics
func BenchmarkWriterSQLite(b *testing.B) { benchWriters(b, storetest.SQLite) }

func BenchmarkWriterPostgres(b *testing.B) { benchWriters(b, storetest.Postgres) }

// benchWriters writes full batches, and batches of one beacon (what the
// writer gets when it takes whatever waits the moment an event arrives).
func benchWriters(b *testing.B, open func(testing.TB) *store.Store) {
	for _, size := range []int{batchSize, 10} {
		b.Run("batch="+strconv.Itoa(size), func(b *testing.B) { benchWriter(b, open(b), size) })
	}
}

func benchWriter(b *testing.B, st *store.Store, size int) {
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	s := New(Deps{Config: config.AnalyticsConfig{RetentionDays: 30}, Store: st, Jobs: jobs.New(st, log), Log: log})
	defer s.Close()
	kinds := []Event{{Kind: "pageview", Path: "/", Lang: "no"}, {Kind: "view", Path: "/", Lang: "no", Screen: "phone", Country: "NO"},
		{Kind: "section", Target: "hero"}, {Kind: "section", Target: "about"}, {Kind: "play", Item: 3},
		{Kind: "progress", Item: 3, Value: 25}, {Kind: "progress", Item: 3, Value: 50}, {Kind: "section", Target: "pricing"},
		{Kind: "click", Target: "package-1"}, {Kind: "time", Value: 40}}
	batch := make([]Event, size)
	at := time.Now().UTC()
	cpu0 := processCPU()
	b.ResetTimer()
	for i := range b.N {
		for j := range batch {
			ev := kinds[j%len(kinds)]
			ev.At, ev.Visitor, ev.Browser, ev.Device = at, "v"+strconv.Itoa((i*size+j)/len(kinds)), "Chrome", "mobile"
			batch[j] = ev
		}
		s.writeBatch(batch)
	}
	b.ReportMetric(float64(b.N*size)/b.Elapsed().Seconds(), "events/s")
	b.ReportMetric(float64((processCPU()-cpu0).Microseconds())/float64(b.N*size), "cpu-µs/event")
	if got := s.Written(); got != float64(b.N*size) {
		b.Fatalf("%v events written of %d", got, b.N*size)
	}
}

// processCPU is this process's user and system CPU time so far.
func processCPU() time.Duration {
	var u syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &u) != nil {
		return 0
	}
	return time.Duration(u.Utime.Nano() + u.Stime.Nano())
}
