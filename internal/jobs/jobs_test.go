package jobs

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/ugcfolio/ugcfolio/internal/store"
	"github.com/ugcfolio/ugcfolio/internal/store/storetest"
)

// clock is a test clock that only moves when told.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *clock) Advance(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

func quietLog() *slog.Logger { return slog.New(slog.NewTextHandler(io.Discard, nil)) }

// newQueue makes a queue with a fast poll; with a clock, time is the clock's.
func newQueue(st *store.Store, c *clock) *Queue {
	q := New(st, quietLog())
	q.Poll = 5 * time.Millisecond
	q.Lease = 3 * time.Second
	q.Grace = 2 * time.Second
	if c != nil {
		q.now = c.Now
	}
	return q
}

// start runs q until the test ends (and waits for it to stop).
func start(t *testing.T, q *Queue) (stop func()) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { q.Run(ctx); close(done) }()
	var once sync.Once
	stop = func() { once.Do(func() { cancel(); <-done }) }
	t.Cleanup(stop)
	return stop
}

// waitFor polls the job until cond holds, or fails the test after 10 s.
func waitFor(t *testing.T, q *Queue, id int64, what string, cond func(Job) bool) Job {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		j, err := q.Get(context.Background(), id)
		if err != nil {
			t.Fatal(err)
		}
		if cond(j) {
			return j
		}
		if time.Now().After(deadline) {
			t.Fatalf("job never %s: %+v", what, j)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

type payload struct {
	N int `json:"n"`
}

func TestRetriesWithBackoffThenFailsAndRetry(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		c := &clock{t: time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)}
		q := newQueue(st, c)
		var calls atomic.Int32
		var succeed atomic.Bool
		kind := Register(q, "test.flaky", Options{MaxAttempts: 3, Backoff: Exponential(time.Minute, time.Hour)},
			func(ctx context.Context, task *Task, p payload) error {
				n := calls.Add(1)
				if p.N != 7 {
					return Permanent(fmt.Errorf("payload %d", p.N))
				}
				if succeed.Load() {
					return nil
				}
				return fmt.Errorf("boom %d", n)
			})
		id, err := kind.Enqueue(context.Background(), nil, "thing:1", payload{N: 7})
		if err != nil {
			t.Fatal(err)
		}
		start(t, q)
		t0 := c.Now()

		j := waitFor(t, q, id, "failed once", func(j Job) bool { return j.Attempts == 1 && j.State == Queued })
		if j.LastError != "boom 1" || !j.RunAt.Equal(t0.Add(time.Minute)) {
			t.Fatalf("after try 1: error %q, next run %v (want %v)", j.LastError, j.RunAt, t0.Add(time.Minute))
		}
		time.Sleep(30 * time.Millisecond) // several polls: not due yet
		if calls.Load() != 1 {
			t.Fatalf("tried again before its back-off: %d calls", calls.Load())
		}
		c.Advance(time.Minute)
		j = waitFor(t, q, id, "failed twice", func(j Job) bool { return j.Attempts == 2 && j.State == Queued })
		if want := c.Now().Add(2 * time.Minute); j.LastError != "boom 2" || !j.RunAt.Equal(want) {
			t.Fatalf("after try 2: error %q, next run %v (want %v, doubled)", j.LastError, j.RunAt, want)
		}
		c.Advance(2 * time.Minute)
		j = waitFor(t, q, id, "failed", func(j Job) bool { return j.State == Failed })
		if j.Attempts != 3 || j.LastError != "boom 3" || j.FinishedAt == nil || calls.Load() != 3 {
			t.Fatalf("after the last try: %+v, %d calls", j, calls.Load())
		}

		// Retry queues it again with a fresh count; it now succeeds.
		succeed.Store(true)
		r, err := q.Retry(context.Background(), id)
		if err != nil || r.State != Queued || r.Attempts != 0 {
			t.Fatalf("retry: %+v, %v", r, err)
		}
		j = waitFor(t, q, id, "done", func(j Job) bool { return j.State == Done })
		if j.Attempts != 1 || j.LastError != "" || calls.Load() != 4 {
			t.Fatalf("after retry: %+v, %d calls", j, calls.Load())
		}

		// A permanent error fails at once; an unknown job cannot be retried.
		id2, _ := kind.Enqueue(context.Background(), nil, "thing:2", payload{N: 1})
		j = waitFor(t, q, id2, "failed", func(j Job) bool { return j.State == Failed })
		if j.Attempts != 1 || j.LastError != "payload 1" {
			t.Fatalf("permanent: %+v", j)
		}
		if _, err := q.Retry(context.Background(), 999999); err == nil {
			t.Fatal("retry of a missing job succeeded")
		}
	})
}

func TestExponentialBackoffAndWindow(t *testing.T) {
	b := Exponential(time.Minute, time.Hour)
	got := []time.Duration{b(1), b(2), b(3), b(6), b(7), b(30)}
	want := []time.Duration{time.Minute, 2 * time.Minute, 4 * time.Minute, 32 * time.Minute, time.Hour, time.Hour}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("back-off %d = %v, want %v", i, got[i], want[i])
		}
	}
	if w := (Options{MaxAttempts: 3, Backoff: b}).RetryWindow(); w != 3*time.Minute {
		t.Fatalf("window = %v", w)
	}
}

// A claim whose worker vanished (no heartbeat, no outcome: kill -9) is not
// taken while its lease runs, is taken once it has expired, and the lost
// worker can no longer record anything.
func TestExpiredLeaseIsTakenAgain(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		c := &clock{t: time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)}
		var runs atomic.Int32
		handler := func(ctx context.Context, task *Task, p payload) error { runs.Add(1); return nil }

		lost := newQueue(st, c)
		lostKind := Register(lost, "test.lease", Options{}, handler)
		id, err := lostKind.Enqueue(context.Background(), nil, "", payload{})
		if err != nil {
			t.Fatal(err)
		}
		task, err := lost.claim(context.Background(), lost.kinds["test.lease"])
		if err != nil || task == nil || task.ID != id {
			t.Fatalf("claim: %v, %v", task, err)
		}

		q := newQueue(st, c)
		Register(q, "test.lease", Options{}, handler)
		start(t, q)
		c.Advance(lost.Lease - time.Second)
		time.Sleep(50 * time.Millisecond)
		if j, _ := q.Get(context.Background(), id); runs.Load() != 0 || j.State != Running {
			t.Fatalf("taken while the lease ran: %d runs, %+v", runs.Load(), j)
		}
		c.Advance(2 * time.Second)
		j := waitFor(t, q, id, "done", func(j Job) bool { return j.State == Done })
		if runs.Load() != 1 || j.Attempts != 2 {
			t.Fatalf("after the lease expired: %d runs, %+v", runs.Load(), j)
		}

		// The lost worker comes back and tries to fail the job: no effect.
		if err := lost.record(context.Background(), task, `state = 'failed', last_error = ?`, "late"); err != nil {
			t.Fatal(err)
		}
		if j, _ := q.Get(context.Background(), id); j.State != Done || j.LastError != "" {
			t.Fatalf("a stale lease recorded: %+v", j)
		}
	})
}

// A lost worker's last try fails the job instead of running it again.
func TestExpiredLeaseOnLastTryFails(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		c := &clock{t: time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)}
		lost := newQueue(st, c)
		k := Register(lost, "test.crashy", Options{MaxAttempts: 1}, func(ctx context.Context, task *Task, p payload) error { return nil })
		id, _ := k.Enqueue(context.Background(), nil, "", payload{})
		if task, err := lost.claim(context.Background(), lost.kinds["test.crashy"]); err != nil || task == nil {
			t.Fatalf("claim: %v", err)
		}
		q := newQueue(st, c)
		var runs atomic.Int32
		Register(q, "test.crashy", Options{MaxAttempts: 1}, func(ctx context.Context, task *Task, p payload) error { runs.Add(1); return nil })
		start(t, q)
		c.Advance(time.Minute)
		j := waitFor(t, q, id, "failed", func(j Job) bool { return j.State == Failed })
		if runs.Load() != 0 || !strings.Contains(j.LastError, "lease expired") {
			t.Fatalf("%d runs, %+v", runs.Load(), j)
		}
	})
}

// The heartbeat keeps a long try's lease: nobody else takes it.
func TestHeartbeatKeepsLease(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		var runs atomic.Int32
		release := make(chan struct{})
		h := func(ctx context.Context, task *Task, p payload) error {
			runs.Add(1)
			select {
			case <-release:
			case <-ctx.Done():
			}
			return nil
		}
		a, b := newQueue(st, nil), newQueue(st, nil)
		a.Lease, b.Lease = time.Second, time.Second
		k := Register(a, "test.long", Options{}, h)
		Register(b, "test.long", Options{}, h)
		id, _ := k.Enqueue(context.Background(), nil, "", payload{})
		start(t, a)
		waitFor(t, a, id, "running", func(j Job) bool { return j.State == Running })
		start(t, b)
		time.Sleep(3500 * time.Millisecond) // more than three leases
		close(release)
		waitFor(t, a, id, "done", func(j Job) bool { return j.State == Done })
		if runs.Load() != 1 {
			t.Fatalf("a heartbeating job ran %d times", runs.Load())
		}
	})
}

func TestTimeLimitProgressAndConcurrency(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		q := newQueue(st, nil)
		slow := Register(q, "test.slow", Options{Timeout: 50 * time.Millisecond, MaxAttempts: 1},
			func(ctx context.Context, task *Task, p payload) error {
				if err := task.SetProgress(ctx, 42); err != nil {
					return err
				}
				<-ctx.Done()
				return ctx.Err()
			})
		var now, peak atomic.Int32
		both := make(chan struct{})
		var once sync.Once
		par := Register(q, "test.pair", Options{Concurrency: 2}, func(ctx context.Context, task *Task, p payload) error {
			n := now.Add(1)
			defer now.Add(-1)
			for {
				old := peak.Load()
				if n <= old || peak.CompareAndSwap(old, n) {
					break
				}
			}
			if n == 2 {
				once.Do(func() { close(both) })
			}
			select { // hold the slot until two have run side by side
			case <-both:
			case <-time.After(5 * time.Second):
			}
			time.Sleep(10 * time.Millisecond)
			return nil
		})
		start(t, q)
		id, _ := slow.Enqueue(context.Background(), nil, "", payload{})
		j := waitFor(t, q, id, "failed", func(j Job) bool { return j.State == Failed })
		if !strings.Contains(j.LastError, "time limit of 50ms exceeded") || j.Progress == nil || *j.Progress != 42 {
			t.Fatalf("time limit: %+v", j)
		}
		var ids []int64
		for i := range 6 {
			id, _ := par.Enqueue(context.Background(), nil, "", payload{N: i})
			ids = append(ids, id)
		}
		for _, id := range ids {
			waitFor(t, q, id, "done", func(j Job) bool { return j.State == Done })
		}
		select {
		case <-both:
		default:
			t.Fatal("two jobs of a kind with concurrency 2 never ran at once")
		}
		if peak.Load() != 2 {
			t.Fatalf("peak concurrency %d, want 2", peak.Load())
		}
	})
}

// A job enqueued in a transaction exists only if the transaction commits;
// the subject finds it.
func TestEnqueueInTransaction(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		q := newQueue(st, nil)
		k := Register(q, "test.tx", Options{}, func(ctx context.Context, task *Task, p payload) error { return nil })
		rollback := errors.New("rollback")
		err := st.InTx(context.Background(), func(tx *sql.Tx) error {
			if _, err := k.Enqueue(context.Background(), tx, "inquiry:1", payload{}); err != nil {
				return err
			}
			return rollback
		})
		if !errors.Is(err, rollback) {
			t.Fatal(err)
		}
		if err := st.InTx(context.Background(), func(tx *sql.Tx) error {
			_, err := k.Enqueue(context.Background(), tx, "inquiry:2", payload{N: 2})
			return err
		}); err != nil {
			t.Fatal(err)
		}
		got, err := q.ForSubjects(context.Background(), k.Name(), []string{"inquiry:1", "inquiry:2", "inquiry:3"})
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != 1 || got["inquiry:2"].State != Queued || string(got["inquiry:2"].Payload) != `{"n":2}` {
			t.Fatalf("jobs by subject: %+v", got)
		}
	})
}

// Stopping lets a short try finish, cancels a long one after the grace and
// queues its job again without counting the try.
func TestGracefulStop(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		q := newQueue(st, nil)
		q.Grace = 100 * time.Millisecond
		k := Register(q, "test.stop", Options{}, func(ctx context.Context, task *Task, p payload) error {
			<-ctx.Done()
			return ctx.Err()
		})
		id, _ := k.Enqueue(context.Background(), nil, "", payload{})
		stop := start(t, q)
		waitFor(t, q, id, "running", func(j Job) bool { return j.State == Running })
		stop()
		j, _ := q.Get(context.Background(), id)
		if j.State != Queued || j.Attempts != 0 || j.LastError != "" {
			t.Fatalf("after stop: %+v", j)
		}
	})
}

// Two workers on one database (two replicas): 200 jobs, each run once.
func TestTwoWorkersRunEachJobOnce(t *testing.T) {
	run := func(t *testing.T, a, b *store.Store) {
		var mu sync.Mutex
		seen := map[int]int{}
		by := map[string]int{}
		h := func(name string) Handler[payload] {
			return func(ctx context.Context, task *Task, p payload) error {
				mu.Lock()
				seen[p.N]++
				by[name]++
				mu.Unlock()
				time.Sleep(time.Millisecond)
				return nil
			}
		}
		qa, qb := newQueue(a, nil), newQueue(b, nil)
		// A lease no busy machine outlasts: this test is about the claim.
		qa.Lease, qb.Lease = time.Minute, time.Minute
		k := Register(qa, "test.many", Options{Concurrency: 4}, h("a"))
		Register(qb, "test.many", Options{Concurrency: 4}, h("b"))
		start(t, qa)
		start(t, qb)
		var ids []int64
		for i := range 200 {
			id, err := k.Enqueue(context.Background(), nil, "", payload{N: i})
			if err != nil {
				t.Fatal(err)
			}
			ids = append(ids, id)
		}
		for _, id := range ids {
			waitFor(t, qa, id, "done", func(j Job) bool { return j.State == Done })
		}
		mu.Lock()
		defer mu.Unlock()
		for i := range 200 {
			if seen[i] != 1 {
				t.Fatalf("job %d ran %d times (runs per worker %v)", i, seen[i], by)
			}
		}
		t.Logf("runs per worker: %v", by)
	}
	t.Run("sqlite", func(t *testing.T) {
		path := t.TempDir() + "/two.db"
		a, err := store.Open(context.Background(), "", path)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { a.Close() })
		b, err := store.Open(context.Background(), "", path)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { b.Close() })
		run(t, a, b)
	})
	t.Run("postgres", func(t *testing.T) {
		dsn, err := storetest.FreshPostgresURL(t)
		if err != nil {
			t.Fatal(err)
		}
		a, err := store.Open(context.Background(), dsn, "")
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { a.Close() })
		b, err := store.Open(context.Background(), dsn, "")
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { b.Close() })
		run(t, a, b)
	})
}
