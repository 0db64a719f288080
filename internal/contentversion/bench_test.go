package contentversion

import (
	"context"
	"os"
	"testing"

	"github.com/ugcfolio/ugcfolio/internal/store"
	"github.com/ugcfolio/ugcfolio/internal/store/storetest"
)

// What reading the version costs a request: alone (one read of
// the database each), and with 2×GOMAXPROCS requests at once, which share
// reads (reads/op below 1).
//
//	go test -run x -bench Current -count 5 ./internal/contentversion
func BenchmarkCurrent(b *testing.B) {
	stores := map[string]func() *store.Store{"sqlite": func() *store.Store { return storetest.SQLite(b) }}
	if os.Getenv("TEST_DATABASE_URL") != "" {
		stores["postgres"] = func() *store.Store { return storetest.Postgres(b) }
	}
	for _, name := range []string{"sqlite", "postgres"} {
		open, ok := stores[name]
		if !ok {
			continue
		}
		b.Run(name+"/alone", func(b *testing.B) {
			v := New(open())
			for b.Loop() {
				if _, err := v.Current(context.Background()); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(v.Reads())/float64(b.N), "reads/op")
		})
		b.Run(name+"/parallel", func(b *testing.B) {
			v := New(open())
			b.SetParallelism(2)
			b.RunParallel(func(pb *testing.PB) {
				for pb.Next() {
					if _, err := v.Current(context.Background()); err != nil {
						b.Error(err)
						return
					}
				}
			})
			b.ReportMetric(float64(v.Reads())/float64(b.N), "reads/op")
		})
	}
}
