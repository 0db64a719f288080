package jobs

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/ugcfolio/ugcfolio/internal/store"
	"github.com/ugcfolio/ugcfolio/internal/store/storetest"
)

// EnqueueSpaced: the first job of a quiet spell is due now, the ones that
// follow join the next slot; TakeDue runs them in one try, and they end
// with it; PruneDone deletes them once done.
func TestSpacedJobsRunTogether(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		c := &clock{t: time.Date(2025, 5, 2, 9, 0, 0, 0, time.UTC)}
		q := newQueue(st, c)
		var mu sync.Mutex
		var tries [][]int64
		k := Register(q, "spaced", Options{}, func(ctx context.Context, task *Task, n int) error {
			others, err := task.TakeDue(ctx, 10)
			if err != nil {
				return err
			}
			ids := []int64{task.ID}
			for _, o := range others {
				ids = append(ids, o.ID)
			}
			mu.Lock()
			tries = append(tries, ids)
			mu.Unlock()
			return nil
		})
		ctx := context.Background()
		var ids []int64
		for i := range 4 {
			id, err := k.EnqueueSpaced(ctx, nil, "s", i, time.Hour)
			if err != nil {
				t.Fatal(err)
			}
			ids = append(ids, id)
			c.Advance(time.Minute)
		}
		start9 := time.Date(2025, 5, 2, 9, 0, 0, 0, time.UTC)
		for i, want := range []time.Time{start9, start9.Add(time.Hour), start9.Add(time.Hour), start9.Add(time.Hour)} {
			if j, _ := q.Get(ctx, ids[i]); !j.RunAt.Equal(want) {
				t.Fatalf("job %d due %s, want %s", i, j.RunAt, want)
			}
		}
		start(t, q)
		waitFor(t, q, ids[0], "done", func(j Job) bool { return j.State == Done })
		c.Advance(time.Hour)
		for _, id := range ids[1:] {
			waitFor(t, q, id, "done", func(j Job) bool { return j.State == Done && j.FinishedAt != nil })
		}
		mu.Lock()
		if len(tries) != 2 || len(tries[0]) != 1 || len(tries[1]) != 3 {
			t.Fatalf("tries %v, want one alone and three together", tries)
		}
		mu.Unlock()
		n, err := q.PruneDone(ctx, "spaced", c.Now().Add(time.Second))
		if err != nil || n != 4 {
			t.Fatalf("pruned %d, %v", n, err)
		}
	})
}
