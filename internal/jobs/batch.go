package jobs

import (
	"cmp"
	"context"
	"database/sql"
	"errors"
	"slices"
	"time"

	"github.com/ugcfolio/ugcfolio/internal/store"
)

// EnqueueSpaced is Enqueue for a kind whose jobs are better done together
// when many come at once (the creator's inquiry notifications): the job
// is due now when no job of the kind came due within every before now,
// and otherwise at the next slot, every after the last job that came due.
// Later jobs join that slot until it comes; the handler that runs first
// then takes the others with TakeDue. The read of the last slot is not
// locked: two jobs enqueued at the same instant may both be due now, which
// costs one extra try, never a lost job.
func (k Kind[T]) EnqueueSpaced(ctx context.Context, db DB, subject string, payload T, every time.Duration) (int64, error) {
	if db == nil {
		db = k.q.st.DB
	}
	now := k.q.now()
	var last time.Time
	err := db.QueryRowContext(ctx, k.q.st.Rebind(`SELECT run_at FROM jobs WHERE kind = ? AND run_at <= ?
		ORDER BY run_at DESC LIMIT 1`), k.name, now).Scan(&last)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return 0, err
	}
	runAt := now
	if next := last.UTC().Add(every); err == nil && next.After(now) {
		runAt = next
	}
	return k.enqueue(ctx, db, subject, payload, runAt)
}

// TakeDue adds to this try up to limit other jobs of its kind that are
// queued and due: they run under this try's lease (a heartbeat renews it
// for all) and end as this try ends, done together or tried again
// together. It answers them, oldest first; the handler does their work
// with its own.
func (t *Task) TakeDue(ctx context.Context, limit int) ([]Job, error) {
	q := t.q
	now := q.now()
	lock := ""
	if q.st.Dialect == store.Postgres {
		lock = " FOR UPDATE SKIP LOCKED"
	}
	rows, err := q.st.DB.QueryContext(ctx, q.st.Rebind(`UPDATE jobs SET state = 'running', attempts = attempts + 1,
		lease_token = ?, lease_until = ?, updated_at = ?
		WHERE id IN (SELECT id FROM jobs WHERE kind = ? AND state = 'queued' AND run_at <= ? AND id <> ?
			ORDER BY run_at, id LIMIT ?`+lock+`)
		RETURNING `+jobColumns), t.token, now.Add(q.Lease), now, t.Kind, now, t.ID, limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Job
	for rows.Next() {
		j, err := scanJob(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, j)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	slices.SortFunc(out, func(a, b Job) int { return cmp.Or(a.RunAt.Compare(b.RunAt), cmp.Compare(a.ID, b.ID)) })
	return out, nil
}

// PruneDone deletes the kind's jobs that finished successfully before
// the given time, for a janitor: nothing reads them once their subject's
// state is kept elsewhere. It answers how many went.
func (q *Queue) PruneDone(ctx context.Context, kind string, finishedBefore time.Time) (int64, error) {
	res, err := q.st.DB.ExecContext(ctx, q.st.Rebind(`DELETE FROM jobs WHERE kind = ? AND state = 'done' AND finished_at < ?`),
		kind, finishedBefore.UTC())
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}
