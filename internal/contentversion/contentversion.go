// Package contentversion is the version of what visitors see, kept in the
// database every replica shares: one counter (the
// content_version table's one row), bumped by every change (an admin write,
// a finished photo or video job). A server keeps its visitor lists and
// rendered home pages under the version they were made at, and reads the
// version before it serves one, so an edit through any replica shows on the
// next request to every replica.
//
// Reading the version is one primary-key read per request. Requests that
// arrive while a read is running share the next one: that read starts after
// each of them arrived, so it sees every change committed before they did,
// and under load the database gets one read per round trip, however many
// requests wait for it (Current).
package contentversion

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"github.com/ugcfolio/ugcfolio/internal/store"
)

// Version reads and bumps the shared content version.
type Version struct {
	st *store.Store

	reads atomic.Int64  // reads of the database so far (tests, benchmarks)
	held  time.Duration // tests: how long a read's answer waits after the database gave it

	mu      sync.Mutex
	running bool  // a read is in flight
	next    *read // the read that starts when it ends; requests arriving now join it
}

// read is one read of the version, shared by the requests that joined it.
type read struct {
	done    chan struct{}
	version int64
	err     error
}

// readTimeout bounds one read; the requests waiting on it may leave sooner.
const readTimeout = 5 * time.Second

// New reads and bumps the version in st.
func New(st *store.Store) *Version { return &Version{st: st} }

// Current answers the version as of a moment after the call began: every
// Bump committed before the call is counted in it.
func (v *Version) Current(ctx context.Context) (int64, error) {
	if err := ctx.Err(); err != nil {
		return 0, err // gone already: a read that happens to be ready must not win the select below
	}
	v.mu.Lock()
	r := v.next
	if r == nil {
		r = &read{done: make(chan struct{})}
		v.next = r
	}
	if !v.running {
		v.startNext()
	}
	v.mu.Unlock()
	select {
	case <-r.done:
		return r.version, r.err
	case <-ctx.Done():
		return 0, ctx.Err()
	}
}

// startNext runs the waiting read; v.mu held.
func (v *Version) startNext() {
	r := v.next
	v.next, v.running = nil, true
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), readTimeout)
		r.version, r.err = v.load(ctx)
		cancel()
		time.Sleep(v.held)
		close(r.done)
		v.mu.Lock()
		v.running = false
		if v.next != nil {
			v.startNext()
		}
		v.mu.Unlock()
	}()
}

func (v *Version) load(ctx context.Context) (int64, error) {
	v.reads.Add(1)
	var n int64
	if err := v.st.DB.QueryRowContext(ctx, `SELECT version FROM content_version WHERE id = 1`).Scan(&n); err != nil {
		return 0, fmt.Errorf("content version: %w", err)
	}
	return n, nil
}

// Reads answers how many times the version was read from the database.
func (v *Version) Reads() int64 { return v.reads.Load() }

// Bump records a change: every replica's next Current answers a larger
// version. Call it after the change has committed, before its answer leaves.
func (v *Version) Bump(ctx context.Context) error {
	if _, err := v.st.DB.ExecContext(ctx, `UPDATE content_version SET version = version + 1 WHERE id = 1`); err != nil {
		return fmt.Errorf("content version: %w", err)
	}
	return nil
}
