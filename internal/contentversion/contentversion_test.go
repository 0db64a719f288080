package contentversion

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/ugcfolio/ugcfolio/internal/store"
	"github.com/ugcfolio/ugcfolio/internal/store/storetest"
)

func current(t *testing.T, v *Version) int64 {
	t.Helper()
	n, err := v.Current(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// A bump through one replica is seen by the next read of another.
func TestBumpSeenByEveryReplica(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		a, b := New(st), New(st)
		before := current(t, b)
		if err := a.Bump(context.Background()); err != nil {
			t.Fatal(err)
		}
		if got := current(t, b); got != before+1 {
			t.Fatalf("after a bump: %d, want %d", got, before+1)
		}
		if got := current(t, a); got != before+1 {
			t.Fatalf("the bumping replica reads %d, want %d", got, before+1)
		}
	})
}

// Requests that share a read never get a version older than a bump that
// committed before they asked, and under load they share reads.
func TestSharedReadsAreNeverStale(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		reader, writer := New(st), New(st)
		// Answers held for a moment: requests arrive while a read's answer is already old.
		reader.held = time.Millisecond
		var committed atomic.Int64
		committed.Store(current(t, reader))
		stop := make(chan struct{})
		var wg sync.WaitGroup
		wg.Go(func() {
			for {
				select {
				case <-stop:
					return
				default:
				}
				if err := writer.Bump(context.Background()); err != nil {
					t.Error(err)
					return
				}
				committed.Add(1)
			}
		})
		var asked atomic.Int64
		for range 8 {
			wg.Go(func() {
				for range 100 {
					floor := committed.Load()
					got, err := reader.Current(context.Background())
					asked.Add(1)
					if err != nil {
						t.Error(err)
						return
					}
					if got < floor {
						t.Errorf("read %d after a bump to %d had committed", got, floor)
						return
					}
				}
			})
		}
		// The readers finish their 800 reads; then the writer stops.
		for asked.Load() < 800 && !t.Failed() {
			time.Sleep(time.Millisecond)
		}
		close(stop)
		wg.Wait()
		if reads := reader.Reads(); reads >= asked.Load() {
			t.Errorf("%d database reads for %d requests: none shared", reads, asked.Load())
		}
	})
}

// A request that leaves stops waiting; a database that fails is an error.
func TestCurrentErrors(t *testing.T) {
	st := storetest.SQLite(t)
	v := New(st)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := v.Current(ctx); !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled: %v", err)
	}
	st.Close()
	if _, err := v.Current(context.Background()); err == nil {
		t.Fatal("no error with the database closed")
	}
	if err := v.Bump(context.Background()); err == nil {
		t.Fatal("a bump with the database closed succeeded")
	}
}
