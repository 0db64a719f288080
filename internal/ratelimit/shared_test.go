package ratelimit

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"math/rand/v2"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/ugcfolio/ugcfolio/internal/store"
	"github.com/ugcfolio/ugcfolio/internal/store/storetest"
)

var quiet = slog.New(slog.NewTextHandler(io.Discard, nil))

// clock is a fake time the tests move.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func newClock() *clock { return &clock{t: time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)} }

func (c *clock) now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *clock) advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

// replica is one server's limiter over the shared store.
func replica(st *store.Store, c *clock, scope string, r Rate) *Shared {
	l := NewShared(st, quiet, scope, r)
	l.Now = c.now
	return l
}

func retryAfter(t *testing.T, err error) string {
	t.Helper()
	var limited *Error
	if !errors.As(err, &limited) {
		t.Fatalf("want a rate limit error, got %v", err)
	}
	return limited.RetryAfterSeconds()
}

// Three replicas over one database give a client one burst between them,
// not one each, and the same Retry-After as one server.
func TestSharedLimitHoldsAcrossReplicas(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		c := newClock()
		rate := Rate{Every: time.Minute, Burst: 10}
		replicas := []*Shared{replica(st, c, "login", rate), replica(st, c, "login", rate), replica(st, c, "login", rate)}
		for i := range 10 {
			if err := allow(replicas[i%3], "203.0.113.7"); err != nil {
				t.Fatalf("try %d of the burst refused: %v", i+1, err)
			}
		}
		for i, r := range replicas {
			if got := retryAfter(t, allow(r, "203.0.113.7")); got != "60" {
				t.Fatalf("replica %d: Retry-After %s, want 60", i, got)
			}
		}
		// Another client, and the same client in another limit, are untouched.
		if err := allow(replicas[0], "198.51.100.2"); err != nil {
			t.Fatal(err)
		}
		if err := allow(replica(st, c, "contact", rate), "203.0.113.7"); err != nil {
			t.Fatal(err)
		}
		// A second before the minute is up: still refused, for one second; then one try is back.
		c.advance(59 * time.Second)
		if got := retryAfter(t, allow(replicas[1], "203.0.113.7")); got != "1" {
			t.Fatalf("Retry-After %s a second before the window ends", got)
		}
		c.advance(time.Second)
		if err := allow(replicas[2], "203.0.113.7"); err != nil {
			t.Fatalf("after the window: %v", err)
		}
		if allow(replicas[0], "203.0.113.7") == nil {
			t.Fatal("a second try came back after one interval")
		}
	})
}

// A refund on one replica gives the try back to every replica (only a
// login's failures count), never past the burst.
func TestSharedRefund(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		c := newClock()
		rate := Rate{Every: time.Minute, Burst: 3}
		a, b := replica(st, c, "login", rate), replica(st, c, "login", rate)
		var refunds []func()
		for range 3 {
			refund, err := a.Attempt(context.Background(), "k")
			if err != nil {
				t.Fatal(err)
			}
			refunds = append(refunds, refund)
		}
		if allow(b, "k") == nil {
			t.Fatal("b allowed a fourth try")
		}
		refunds[0]()
		if err := allow(b, "k"); err != nil {
			t.Fatalf("b after a's refund: %v", err)
		}
		// Refunds of a full bucket do not grow it past the burst.
		c.advance(time.Hour)
		for _, refund := range refunds {
			refund()
		}
		for i := range 3 {
			if err := allow(b, "k"); err != nil {
				t.Fatalf("try %d after the refunds: %v", i+1, err)
			}
		}
		if allow(a, "k") == nil {
			t.Fatal("refunds of a full bucket made it larger than the burst")
		}
	})
}

// Parallel tries over two replicas: exactly the burst gets through.
func TestSharedLimitUnderConcurrency(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		c := newClock()
		rate := Rate{Every: time.Hour, Burst: 20}
		replicas := []*Shared{replica(st, c, "contact", rate), replica(st, c, "contact", rate)}
		var allowed atomic.Int32
		var wg sync.WaitGroup
		for i := range 60 {
			wg.Go(func() {
				err := allow(replicas[i%2], "203.0.113.7")
				var limited *Error
				switch {
				case err == nil:
					allowed.Add(1)
				case !errors.As(err, &limited):
					t.Error(err)
				}
			})
		}
		wg.Wait()
		if allowed.Load() != 20 {
			t.Fatalf("%d tries allowed, want 20", allowed.Load())
		}
	})
}

// Shared answers as Memory does, try for try, over a random mix of tries,
// refunds and waits: the same limit, counted in the database.
func TestSharedAnswersAsMemory(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		c := newClock()
		rate := Rate{Every: 10 * time.Second, Burst: 4}
		shared := replica(st, c, "any", rate)
		mem := NewMemory(rate)
		mem.Now = c.now
		rng := rand.New(rand.NewPCG(27, 1))
		var sharedRefunds, memRefunds []func()
		for step := range 400 {
			key := "client-" + strconv.Itoa(rng.IntN(2))
			switch n := rng.IntN(10); {
			case n < 6:
				r1, e1 := shared.Attempt(context.Background(), key)
				r2, e2 := mem.Attempt(context.Background(), key)
				if (e1 == nil) != (e2 == nil) {
					t.Fatalf("step %d: shared %v, memory %v", step, e1, e2)
				}
				if e1 != nil {
					if a, b := retryAfter(t, e1), retryAfter(t, e2); a != b {
						t.Fatalf("step %d: Retry-After %s, memory %s", step, a, b)
					}
					continue
				}
				sharedRefunds, memRefunds = append(sharedRefunds, r1), append(memRefunds, r2)
			case n < 8 && len(sharedRefunds) > 0:
				i := rng.IntN(len(sharedRefunds))
				sharedRefunds[i]()
				memRefunds[i]()
				sharedRefunds = append(sharedRefunds[:i], sharedRefunds[i+1:]...)
				memRefunds = append(memRefunds[:i], memRefunds[i+1:]...)
			default:
				c.advance(time.Duration(rng.IntN(15000)) * time.Millisecond)
			}
		}
	})
}

// Full buckets' rows are deleted, and no row names the client.
func TestSharedPrunesAndStoresNoKey(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		c := newClock()
		l := replica(st, c, "gate", Rate{Every: time.Second, Burst: 10})
		for i := range 5 {
			if err := allow(l, "198.51.100."+strconv.Itoa(i)); err != nil {
				t.Fatal(err)
			}
		}
		rows := func() []string {
			t.Helper()
			res, err := st.DB.Query(`SELECT bucket FROM rate_limits`)
			if err != nil {
				t.Fatal(err)
			}
			defer res.Close()
			var out []string
			for res.Next() {
				var b string
				res.Scan(&b)
				out = append(out, b)
			}
			return out
		}
		got := rows()
		if len(got) != 5 {
			t.Fatalf("%d rows, want 5", len(got))
		}
		for _, b := range got {
			if strings.Contains(b, "198.51") {
				t.Fatalf("a row names the client: %q", b)
			}
		}
		// Past pruneEvery every bucket is full again: the next try removes the rest.
		c.advance(pruneEvery)
		if err := allow(l, "203.0.113.9"); err != nil {
			t.Fatal(err)
		}
		if got := rows(); len(got) != 1 {
			t.Fatalf("after pruning: %d rows, want 1 (the newest try's)", len(got))
		}
	})
}

// A database error is the request's error (500), never a free pass.
func TestSharedFailsClosed(t *testing.T) {
	st := storetest.SQLite(t)
	l := NewShared(st, quiet, "login", Rate{Every: time.Second, Burst: 10})
	st.Close()
	err := allow(l, "k")
	var limited *Error
	if err == nil || errors.As(err, &limited) {
		t.Fatalf("with the database closed: %v", err)
	}
	// The local count gave its token back: the failure cost no try.
	for range 10 {
		if allow(l.local, "k") != nil {
			t.Fatal("the local bucket kept a failed try")
		}
	}
}
