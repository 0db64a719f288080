package ratelimit

import (
	"context"
	"os"
	"strconv"
	"testing"
	"time"

	"github.com/ugcfolio/ugcfolio/internal/store/storetest"
)

// The cost of a limit on the request path: one try in memory
// against one in the database, on SQLite and on PostgreSQL (with
// TEST_DATABASE_URL).
//
//	go test -run x -bench Attempt -count 5 ./internal/ratelimit
//
// "allowed" is a client under its limit (one upsert); "refused" one past it,
// a flood the local check in front of the database answers alone.
func BenchmarkAttempt(b *testing.B) {
	lots := Rate{Every: time.Millisecond, Burst: 1 << 30}
	few := Rate{Every: time.Hour, Burst: 10}
	limiters := map[string]func(Rate) Limiter{
		"memory": func(r Rate) Limiter { return NewMemory(r) },
		"sqlite": func(r Rate) Limiter { return NewShared(storetest.SQLite(b), quiet, "bench", r) },
	}
	if os.Getenv("TEST_DATABASE_URL") != "" {
		limiters["postgres"] = func(r Rate) Limiter { return NewShared(storetest.Postgres(b), quiet, "bench", r) }
	}
	for _, name := range []string{"memory", "sqlite", "postgres"} {
		newLimiter, ok := limiters[name]
		if !ok {
			continue
		}
		b.Run(name+"/allowed", func(b *testing.B) {
			l := newLimiter(lots)
			i := 0
			for b.Loop() {
				i++
				if _, err := l.Attempt(context.Background(), "198.51.100."+strconv.Itoa(i%1000)); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(name+"/refused", func(b *testing.B) {
			l := newLimiter(few)
			for range 10 {
				l.Attempt(context.Background(), "203.0.113.7")
			}
			for b.Loop() {
				if _, err := l.Attempt(context.Background(), "203.0.113.7"); err == nil {
					b.Fatal("not refused")
				}
			}
		})
		b.Run(name+"/allowed-parallel", func(b *testing.B) {
			l := newLimiter(lots)
			b.RunParallel(func(pb *testing.PB) {
				i := 0
				for pb.Next() {
					i++
					if _, err := l.Attempt(context.Background(), "198.51.100."+strconv.Itoa(i%1000)); err != nil {
						b.Error(err)
						return
					}
				}
			})
		})
	}
}
