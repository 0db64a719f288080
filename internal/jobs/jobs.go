// Package jobs is the one background-job mechanism of ugcfolio (DESIGN.md
// section 6): a durable queue in the database's jobs table, on SQLite and
// PostgreSQL, for work that must happen after a request has been answered
// (outgoing e-mail, video and image processing).
//
// A kind is registered once with its handler and Options; a job of that
// kind is enqueued with a JSON payload, alone or inside the caller's
// transaction (so an inquiry and its e-mail are committed together). Run
// claims due jobs, at most Options.Concurrency at once per kind and process:
// a claim is a lease that a heartbeat renews while the handler runs. A
// worker that dies (kill -9, power cut) stops renewing, and once the lease
// has expired any worker takes the job again. A failed try is retried with
// exponential back-off until Options.MaxAttempts; each try has a time limit
// through its context. On PostgreSQL the claim uses FOR UPDATE SKIP LOCKED,
// on SQLite one UPDATE … RETURNING under its single writer, so with several
// replicas each try of a job runs in exactly one of them.
//
// Delivery is at least once: a handler whose worker dies after its effect
// but before the job is marked done runs again, so handlers make that
// window small (send, then return) or make their effect idempotent.
package jobs

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/ugcfolio/ugcfolio/internal/apperr"
	"github.com/ugcfolio/ugcfolio/internal/store"
)

// State is where a job is in its life.
type State string

const (
	Queued  State = "queued"  // waiting for RunAt (the first try, or the next one after a failure)
	Running State = "running" // a worker holds its lease
	Done    State = "done"    // the handler succeeded
	Failed  State = "failed"  // out of tries, or a permanent error; Retry queues it again
)

// Job is a job's stored state, what a screen shows about it.
type Job struct {
	ID          int64           `json:"id"`
	Kind        string          `json:"kind"`
	Subject     string          `json:"subject"`
	State       State           `json:"state"`
	Attempts    int             `json:"attempts"`
	MaxAttempts int             `json:"maxAttempts"`
	RunAt       time.Time       `json:"runAt"` // the next try, while queued
	LastError   string          `json:"lastError"`
	Progress    *int            `json:"progress,omitempty"` // percent a handler reported, if any
	CreatedAt   time.Time       `json:"createdAt"`
	UpdatedAt   time.Time       `json:"updatedAt"`
	FinishedAt  *time.Time      `json:"finishedAt,omitempty"`
	Payload     json.RawMessage `json:"-"`
}

// Task is the job a handler is running, with its way to report progress.
type Task struct {
	Job
	q     *Queue
	token string
}

// SetProgress records how far the handler has come, 0 to 100 percent.
func (t *Task) SetProgress(ctx context.Context, percent int) error {
	percent = max(0, min(100, percent))
	_, err := t.q.st.DB.ExecContext(ctx, t.q.st.Rebind(`UPDATE jobs SET progress = ?, updated_at = ? WHERE id = ? AND lease_token = ?`),
		percent, t.q.now(), t.ID, t.token)
	if err == nil {
		p := percent
		t.Progress = &p
	}
	return err
}

// Handler does one try of a job. An error schedules the next try (or fails
// the job when it is Permanent or the last try); ctx ends at the kind's
// time limit, when the server stops, or when the lease was lost.
type Handler[T any] func(ctx context.Context, t *Task, payload T) error

// Queue is the jobs table and, once Run, the worker that runs its jobs.
type Queue struct {
	st  *store.Store
	log *slog.Logger

	// Lease is how long a claim lasts without a heartbeat (a third of it);
	// a job of a worker that died is taken again after it. Default 30s.
	Lease time.Duration
	// Poll is how often an idle worker looks for due jobs (enqueueing in
	// this process wakes it at once). Default 1s.
	Poll time.Duration
	// Grace is how long Run waits, once stopped, for running handlers to
	// finish before it cancels them; a cancelled job is queued again
	// without counting the try. Default 5s.
	Grace time.Duration

	now func() time.Time

	mu      sync.Mutex
	kinds   map[string]*kind
	started bool
}

type kind struct {
	name string
	opts Options
	run  func(ctx context.Context, t *Task) error
	wake chan struct{}
}

// New makes a queue over the store's jobs table.
func New(st *store.Store, log *slog.Logger) *Queue {
	return &Queue{
		st: st, log: log,
		Lease: 30 * time.Second, Poll: time.Second, Grace: 5 * time.Second,
		now:   func() time.Time { return time.Now().UTC().Truncate(time.Microsecond) },
		kinds: map[string]*kind{},
	}
}

// Kind is a registered kind of job with payload T.
type Kind[T any] struct {
	q    *Queue
	name string
}

// Name is the kind's name in the jobs table.
func (k Kind[T]) Name() string { return k.name }

// Register adds a kind with its handler; call it before Run. A kind's name
// is stored with its jobs, so it never changes once jobs exist.
func Register[T any](q *Queue, name string, opts Options, h Handler[T]) Kind[T] {
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.started {
		panic("jobs: Register after Run: " + name)
	}
	if _, dup := q.kinds[name]; dup || name == "" {
		panic("jobs: kind registered twice or unnamed: " + name)
	}
	q.kinds[name] = &kind{
		name: name,
		opts: opts.withDefaults(),
		wake: make(chan struct{}, 1),
		run: func(ctx context.Context, t *Task) error {
			var p T
			if err := json.Unmarshal(t.Payload, &p); err != nil {
				return Permanent(fmt.Errorf("payload: %w", err))
			}
			return h(ctx, t, p)
		},
	}
	return Kind[T]{q: q, name: name}
}

// Options are the kind's rules after defaults.
func (k Kind[T]) Options() Options {
	k.q.mu.Lock()
	defer k.q.mu.Unlock()
	return k.q.kinds[k.name].opts
}

// DB is what Enqueue writes with: the store's *sql.DB or a caller's *sql.Tx.
type DB interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

// Enqueue stores a job due now, through db: pass the caller's *sql.Tx to
// commit the job with the caller's own writes, or nil for the store's
// database. subject names what the job is about ("inquiry:12"), for
// ForSubjects. Workers of this process are woken; after a transaction,
// call Wake once it has committed for an immediate start.
func (k Kind[T]) Enqueue(ctx context.Context, db DB, subject string, payload T) (int64, error) {
	return k.enqueue(ctx, db, subject, payload, time.Time{})
}

// enqueue stores a job due at runAt (zero: now).
func (k Kind[T]) enqueue(ctx context.Context, db DB, subject string, payload T, runAt time.Time) (int64, error) {
	body, err := json.Marshal(payload)
	if err != nil {
		return 0, fmt.Errorf("jobs: payload of %s: %w", k.name, err)
	}
	if db == nil {
		db = k.q.st.DB
	}
	now := k.q.now()
	if runAt.IsZero() {
		runAt = now
	}
	var id int64
	err = db.QueryRowContext(ctx, k.q.st.Rebind(`INSERT INTO jobs (kind, subject, payload, state, attempts, max_attempts, run_at, created_at, updated_at)
		VALUES (?, ?, ?, 'queued', 0, ?, ?, ?, ?) RETURNING id`),
		k.name, subject, string(body), k.Options().MaxAttempts, runAt, now, now).Scan(&id)
	if err != nil {
		return 0, fmt.Errorf("jobs: enqueue %s: %w", k.name, err)
	}
	k.Wake()
	return id, nil
}

// Wake tells this process's worker for the kind to look for due jobs now.
func (k Kind[T]) Wake() {
	k.q.mu.Lock()
	kd := k.q.kinds[k.name]
	k.q.mu.Unlock()
	select {
	case kd.wake <- struct{}{}:
	default:
	}
}

const jobColumns = `id, kind, subject, payload, state, attempts, max_attempts, run_at, last_error, progress, created_at, updated_at, finished_at`

func scanJob(row interface{ Scan(...any) error }) (Job, error) {
	var j Job
	var payload string
	var progress sql.NullInt64
	var finished sql.NullTime
	err := row.Scan(&j.ID, &j.Kind, &j.Subject, &payload, &j.State, &j.Attempts, &j.MaxAttempts, &j.RunAt,
		&j.LastError, &progress, &j.CreatedAt, &j.UpdatedAt, &finished)
	if err != nil {
		return j, err
	}
	j.Payload = json.RawMessage(payload)
	if progress.Valid {
		p := int(progress.Int64)
		j.Progress = &p
	}
	if finished.Valid {
		t := finished.Time.UTC()
		j.FinishedAt = &t
	}
	j.RunAt, j.CreatedAt, j.UpdatedAt = j.RunAt.UTC(), j.CreatedAt.UTC(), j.UpdatedAt.UTC()
	return j, nil
}

var errNotFound = apperr.NotFound("Job not found")

// Get reads one job.
func (q *Queue) Get(ctx context.Context, id int64) (Job, error) {
	j, err := scanJob(q.st.DB.QueryRowContext(ctx, q.st.Rebind(`SELECT `+jobColumns+` FROM jobs WHERE id = ?`), id))
	if errors.Is(err, sql.ErrNoRows) {
		return j, errNotFound
	}
	return j, err
}
