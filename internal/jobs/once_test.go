package jobs

import (
	"context"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/ugcfolio/ugcfolio/internal/store"
	"github.com/ugcfolio/ugcfolio/internal/store/storetest"
)

// Two replicas (two queues over one database) schedule the same sweep many
// times at once: one job is stored, it runs in one of them, and while it is
// queued or running no other is stored; once it is done the next round
// stores a new one.
func TestEnqueueOnce(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		var running, most, runs atomic.Int32
		release := make(chan struct{})
		started := make(chan struct{}, 10)
		sweep := func(ctx context.Context, _ *Task, _ struct{}) error {
			n := running.Add(1)
			defer running.Add(-1)
			if n > most.Load() {
				most.Store(n)
			}
			runs.Add(1)
			started <- struct{}{}
			<-release
			return nil
		}
		replicas := []*Queue{newQueue(st, nil), newQueue(st, nil)}
		kinds := []Kind[struct{}]{
			Register(replicas[0], "test.sweep", Options{}, sweep),
			Register(replicas[1], "test.sweep", Options{}, sweep),
		}
		schedule := func() int {
			var stored atomic.Int32
			var wg sync.WaitGroup
			for i := range 20 {
				wg.Go(func() {
					ok, err := kinds[i%2].EnqueueOnce(ctx, "once:sweep", struct{}{})
					if err != nil {
						t.Error(err)
					}
					if ok {
						stored.Add(1)
					}
				})
			}
			wg.Wait()
			return int(stored.Load())
		}
		pending := func() int {
			var n int
			if err := st.DB.QueryRow(st.Rebind(`SELECT COUNT(*) FROM jobs WHERE kind = ? AND state IN ('queued', 'running')`),
				"test.sweep").Scan(&n); err != nil {
				t.Fatal(err)
			}
			return n
		}

		if got := schedule(); got != 1 || pending() != 1 {
			t.Fatalf("20 requests at once stored %d jobs, %d pending; want 1", got, pending())
		}
		start(t, replicas[0])
		start(t, replicas[1])
		<-started
		if got := schedule(); got != 0 || pending() != 1 {
			t.Fatalf("while it runs: stored %d more, %d pending", got, pending())
		}
		release <- struct{}{}
		j, _, err := replicas[0].Latest(ctx, "test.sweep", "once:sweep")
		if err != nil {
			t.Fatal(err)
		}
		waitFor(t, replicas[0], j.ID, "done", func(j Job) bool { return j.State == Done })

		if got := schedule(); got != 1 {
			t.Fatalf("the next round stored %d jobs, want 1", got)
		}
		<-started
		release <- struct{}{}
		j, _, _ = replicas[0].Latest(ctx, "test.sweep", "once:sweep")
		waitFor(t, replicas[0], j.ID, "done", func(j Job) bool { return j.State == Done })
		if runs.Load() != 2 || most.Load() != 1 {
			t.Fatalf("%d runs (want 2), at most %d at once (want 1)", runs.Load(), most.Load())
		}

		if _, err := kinds[0].EnqueueOnce(ctx, "sweep", struct{}{}); err == nil {
			t.Fatal("a subject without the once: prefix was taken")
		}
	})
}
