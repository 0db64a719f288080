package jobs

import (
	"context"
	"errors"
	"fmt"
	"sync/atomic"
	"testing"
	"time"

	"github.com/ugcfolio/ugcfolio/internal/store"
	"github.com/ugcfolio/ugcfolio/internal/store/storetest"
)

// A permanent error, even wrapped by the handler, ends the job at its
// first try with the error's message: it is never tried again, however
// many tries the kind allows and however long one waits.
func TestPermanentErrorRunsOnce(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		c := &clock{t: time.Date(2025, 6, 1, 12, 0, 0, 0, time.UTC)}
		q := newQueue(st, c)
		var calls atomic.Int32
		kind := Register(q, "test.permanent", Options{MaxAttempts: 5, Backoff: Exponential(time.Minute, time.Hour)},
			func(ctx context.Context, task *Task, p payload) error {
				calls.Add(1)
				return fmt.Errorf("photo %d: %w", p.N, Permanent(errors.New("needs 374 MB to decode")))
			})
		id, err := kind.Enqueue(context.Background(), nil, "photo:1", payload{N: 1})
		if err != nil {
			t.Fatal(err)
		}
		start(t, q)
		j := waitFor(t, q, id, "failed", func(j Job) bool { return j.State == Failed })
		if j.Attempts != 1 || j.LastError != "photo 1: needs 374 MB to decode" || j.FinishedAt == nil {
			t.Fatalf("after the permanent error: %+v", j)
		}
		c.Advance(24 * time.Hour) // every back-off of the kind is over
		time.Sleep(50 * time.Millisecond)
		if n := calls.Load(); n != 1 {
			t.Fatalf("the handler ran %d times", n)
		}
		if j, _ := q.Get(context.Background(), id); j.State != Failed || j.Attempts != 1 {
			t.Fatalf("later: %+v", j)
		}
	})
}
