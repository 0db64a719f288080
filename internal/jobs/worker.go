package jobs

import (
	"context"
	"crypto/rand"
	"database/sql"
	"errors"
	"fmt"
	"runtime/debug"
	"sync"
	"time"

	"github.com/ugcfolio/ugcfolio/internal/store"
)

// Run works on the registered kinds until ctx ends, then stops claiming,
// lets running handlers finish for up to Grace, cancels the rest (their
// jobs are queued again) and returns once every handler has returned.
func (q *Queue) Run(ctx context.Context) {
	q.mu.Lock()
	q.started = true
	kinds := make([]*kind, 0, len(q.kinds))
	for _, k := range q.kinds {
		kinds = append(kinds, k)
	}
	q.mu.Unlock()

	// Handlers run under their own context, cancelled only after the grace.
	handlerCtx, cancelHandlers := context.WithCancel(context.WithoutCancel(ctx))
	defer cancelHandlers()
	var handlers, loops sync.WaitGroup
	for _, k := range kinds {
		loops.Go(func() { q.loop(ctx, handlerCtx, k, &handlers) })
	}
	loops.Wait() // ctx is done: nothing new is claimed
	<-ctx.Done() // (also with no kinds registered)

	finished := make(chan struct{})
	go func() { handlers.Wait(); close(finished) }()
	select {
	case <-finished:
	case <-time.After(q.Grace):
		cancelHandlers()
		<-finished
	}
}

// loop claims due jobs of one kind while a slot is free.
func (q *Queue) loop(ctx, handlerCtx context.Context, k *kind, handlers *sync.WaitGroup) {
	slots := make(chan struct{}, k.opts.Concurrency)
	for {
		select {
		case slots <- struct{}{}:
		case <-ctx.Done():
			return
		}
		t, err := q.claim(ctx, k)
		if err != nil && ctx.Err() == nil {
			q.log.Error("jobs: claim failed", "kind", k.name, "err", err)
		}
		if t == nil {
			<-slots
			select {
			case <-ctx.Done():
				return
			case <-k.wake:
			case <-time.After(q.Poll):
			}
			continue
		}
		handlers.Go(func() {
			defer func() { <-slots }()
			q.execute(handlerCtx, k, t)
		})
	}
}

// claim takes the next due job of the kind, or answers nil. A job is due
// when it is queued and its time has come, or running under a lease that
// has expired (its worker is gone). A cheap read comes first so that an
// idle SQLite worker does not take the write lock every poll.
func (q *Queue) claim(ctx context.Context, k *kind) (*Task, error) {
	now := q.now()
	var one int
	err := q.st.DB.QueryRowContext(ctx, q.st.Rebind(`SELECT 1 FROM jobs WHERE kind = ?
		AND ((state = 'queued' AND run_at <= ?) OR (state = 'running' AND lease_until < ?)) LIMIT 1`), k.name, now, now).Scan(&one)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	// A lost worker's job that has used its last try fails here.
	if _, err := q.st.DB.ExecContext(ctx, q.st.Rebind(`UPDATE jobs SET state = 'failed', lease_token = '', lease_until = NULL,
		last_error = ?, finished_at = ?, updated_at = ?
		WHERE kind = ? AND state = 'running' AND lease_until < ? AND attempts >= max_attempts`),
		errWorkerLost, now, now, k.name, now); err != nil {
		return nil, err
	}
	lock := ""
	if q.st.Dialect == store.Postgres {
		lock = " FOR UPDATE SKIP LOCKED"
	}
	token := rand.Text()
	j, err := scanJob(q.st.DB.QueryRowContext(ctx, q.st.Rebind(`UPDATE jobs SET state = 'running', attempts = attempts + 1,
		lease_token = ?, lease_until = ?, updated_at = ?,
		last_error = CASE WHEN state = 'running' THEN ? ELSE last_error END
		WHERE id = (SELECT id FROM jobs WHERE kind = ?
			AND ((state = 'queued' AND run_at <= ?) OR (state = 'running' AND lease_until < ?))
			ORDER BY run_at, id LIMIT 1`+lock+`)
		RETURNING `+jobColumns),
		token, now.Add(q.Lease), now, errWorkerLost, k.name, now, now))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil // another worker was quicker
	}
	if err != nil {
		return nil, err
	}
	return &Task{Job: j, q: q, token: token}, nil
}

const errWorkerLost = "the worker stopped during this try (its lease expired)"

// execute runs one try with its heartbeat and records the outcome.
func (q *Queue) execute(handlerCtx context.Context, k *kind, t *Task) {
	ctx, cancel := context.WithTimeoutCause(handlerCtx, k.opts.Timeout,
		fmt.Errorf("time limit of %s exceeded", k.opts.Timeout))
	defer cancel()

	var lost bool
	var mu sync.Mutex
	beat := make(chan struct{})
	beating := make(chan struct{})
	go func() {
		defer close(beating)
		tick := time.NewTicker(q.Lease / 3)
		defer tick.Stop()
		for {
			select {
			case <-beat:
				return
			case <-tick.C:
				ok, err := q.extend(ctx, t)
				if err != nil {
					q.log.Warn("jobs: heartbeat failed", "kind", k.name, "id", t.ID, "err", err)
					continue
				}
				if !ok { // another worker has taken the job: stop this try
					mu.Lock()
					lost = true
					mu.Unlock()
					cancel()
					return
				}
			}
		}
	}()
	err := callHandler(ctx, k, t)
	close(beat)
	<-beating

	mu.Lock()
	defer mu.Unlock()
	// Record with a context of its own: ctx may have ended.
	rctx, rcancel := context.WithTimeout(context.WithoutCancel(handlerCtx), 10*time.Second)
	defer rcancel()
	switch {
	case lost:
		q.log.Warn("jobs: lease lost; another worker runs the job", "kind", k.name, "id", t.ID)
		return
	case err == nil:
		err = q.record(rctx, t, `state = 'done', last_error = '', finished_at = ?`, q.now())
	case handlerCtx.Err() != nil && ctx.Err() != nil && context.Cause(ctx) == context.Canceled:
		// Shutdown: queue it again now, without counting this try, its lease given up, so
		// another replica takes it at once rather than when the lease would have run out.
		err = q.record(rctx, t, `state = 'queued', attempts = attempts - 1, run_at = ?`, q.now())
		q.log.Info("jobs: stopped by shutdown and handed back", "kind", k.name, "id", t.ID)
	default:
		err = q.failTry(rctx, k, t, ctx, err)
	}
	if err != nil {
		q.log.Error("jobs: cannot record outcome", "kind", k.name, "id", t.ID, "err", err)
	}
}

// failTry schedules the next try after back-off, or fails the job.
func (q *Queue) failTry(ctx context.Context, k *kind, t *Task, tryCtx context.Context, err error) error {
	if tryCtx.Err() == context.DeadlineExceeded {
		err = context.Cause(tryCtx)
	}
	msg := err.Error()
	var perm *permanentError
	if errors.As(err, &perm) || t.Attempts >= t.MaxAttempts {
		q.log.Warn("jobs: failed", "kind", k.name, "id", t.ID, "attempts", t.Attempts, "err", msg)
		return q.record(ctx, t, `state = 'failed', last_error = ?, finished_at = ?`, msg, q.now())
	}
	next := q.now().Add(k.opts.Backoff(t.Attempts))
	q.log.Info("jobs: try failed; will retry", "kind", k.name, "id", t.ID, "attempt", t.Attempts, "next", next, "err", msg)
	return q.record(ctx, t, `state = 'queued', last_error = ?, run_at = ?`, msg, next)
}

// record ends a try: set is the SET clause's own part, args its values.
// Only the lease holder may record.
func (q *Queue) record(ctx context.Context, t *Task, set string, args ...any) error {
	args = append(args, q.now(), t.token)
	// By the lease token (new for each try): the jobs taken with TakeDue end with this one.
	_, err := q.st.DB.ExecContext(ctx, q.st.Rebind(`UPDATE jobs SET `+set+`, lease_token = '', lease_until = NULL, updated_at = ?
		WHERE lease_token = ?`), args...)
	return err
}

// extend renews the lease; false means the lease is no longer ours.
func (q *Queue) extend(ctx context.Context, t *Task) (bool, error) {
	now := q.now()
	res, err := q.st.DB.ExecContext(ctx, q.st.Rebind(`UPDATE jobs SET lease_until = ?, updated_at = ?
		WHERE lease_token = ? AND state = 'running'`), now.Add(q.Lease), now, t.token)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n >= 1, err
}

// callHandler runs the handler, turning a panic into the try's error.
func callHandler(ctx context.Context, k *kind, t *Task) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("panic: %v\n%s", r, debug.Stack())
		}
	}()
	return k.run(ctx, t)
}
