package jobs

import (
	"context"
	"errors"
	"testing"

	"github.com/ugcfolio/ugcfolio/internal/store"
	"github.com/ugcfolio/ugcfolio/internal/store/storetest"
)

// Again enqueues a subject's first job, then queues that same job anew
// (a fresh count of tries) rather than adding another; Latest answers it.
func TestAgainAndLatest(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		q := newQueue(st, nil)
		kind := Register(q, "test.again", Options{MaxAttempts: 1}, func(ctx context.Context, task *Task, p payload) error {
			return Permanent(errors.New("boom"))
		})
		if _, ok, err := q.Latest(ctx, kind.Name(), "thing:1"); err != nil || ok {
			t.Fatalf("latest of a subject without jobs: %v %v", ok, err)
		}
		first, err := kind.Again(ctx, "thing:1", payload{N: 1})
		if err != nil || first.State != Queued || first.Subject != "thing:1" || first.Kind != "test.again" {
			t.Fatalf("first: %+v %v", first, err)
		}
		start(t, q)
		waitFor(t, q, first.ID, "failed", func(j Job) bool { return j.State == Failed })
		again, err := kind.Again(ctx, "thing:1", payload{N: 2})
		if err != nil || again.ID != first.ID || again.State != Queued || again.Attempts != 0 {
			t.Fatalf("again: %+v %v (want job %d queued anew)", again, err, first.ID)
		}
		latest, ok, err := q.Latest(ctx, kind.Name(), "thing:1")
		if err != nil || !ok || latest.ID != first.ID {
			t.Fatalf("latest: %+v %v %v", latest, ok, err)
		}
		var n int
		if err := st.DB.QueryRow(`SELECT COUNT(*) FROM jobs WHERE kind = 'test.again'`).Scan(&n); err != nil || n != 1 {
			t.Fatalf("%d jobs (%v), want 1", n, err)
		}
	})
}
