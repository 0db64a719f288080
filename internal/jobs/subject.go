package jobs

import (
	"context"
	"database/sql"
	"errors"
	"strings"

	"github.com/ugcfolio/ugcfolio/internal/apperr"
)

// The status-and-retry path that every kind shares (mail, video, image):
// a job is about a subject ("inquiry:12", an upload's stored name), a
// screen shows the latest job of a kind for its subject (Latest,
// ForSubjects), and "try again" queues that job anew, or enqueues a first
// one when the subject has none (Again).

// ForSubjects answers the latest job of the kind for each of the subjects
// that has one.
func (q *Queue) ForSubjects(ctx context.Context, kindName string, subjects []string) (map[string]Job, error) {
	out := map[string]Job{}
	for len(subjects) > 0 {
		batch := subjects[:min(len(subjects), 500)]
		subjects = subjects[len(batch):]
		args := []any{kindName}
		for _, s := range batch {
			args = append(args, s)
		}
		rows, err := q.st.DB.QueryContext(ctx, q.st.Rebind(`SELECT `+jobColumns+` FROM jobs WHERE kind = ? AND subject IN (?`+
			strings.Repeat(", ?", len(batch)-1)+`) ORDER BY id`), args...)
		if err != nil {
			return nil, err
		}
		for rows.Next() {
			j, err := scanJob(rows)
			if err != nil {
				rows.Close()
				return nil, err
			}
			out[j.Subject] = j // ordered by id: the latest wins
		}
		if err := rows.Close(); err != nil {
			return nil, err
		}
		if err := rows.Err(); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// Retry queues a job again now with a fresh count of tries: a failed job,
// a done one to be done once more, or a waiting one not to wait. A running
// job is refused.
func (q *Queue) Retry(ctx context.Context, id int64) (Job, error) {
	now := q.now()
	j, err := scanJob(q.st.DB.QueryRowContext(ctx, q.st.Rebind(`UPDATE jobs SET state = 'queued', attempts = 0, run_at = ?,
		progress = NULL, finished_at = NULL, updated_at = ? WHERE id = ? AND state <> 'running' RETURNING `+jobColumns), now, now, id))
	if errors.Is(err, sql.ErrNoRows) {
		if _, gerr := q.Get(ctx, id); gerr != nil {
			return Job{}, gerr
		}
		return Job{}, apperr.New(apperr.CodeConflict, "The job is running; try again when it has finished")
	}
	if err != nil {
		return Job{}, err
	}
	q.mu.Lock()
	if kd := q.kinds[j.Kind]; kd != nil {
		select {
		case kd.wake <- struct{}{}:
		default:
		}
	}
	q.mu.Unlock()
	return j, nil
}

// Latest answers the latest job of the kind about subject; ok is false
// when the subject has none.
func (q *Queue) Latest(ctx context.Context, kindName, subject string) (j Job, ok bool, err error) {
	found, err := q.ForSubjects(ctx, kindName, []string{subject})
	if err != nil {
		return Job{}, false, err
	}
	j, ok = found[subject]
	return j, ok, nil
}

// Again runs the subject's job of this kind again now: its latest job is
// queued anew with a fresh count of tries (Retry: refused while it runs),
// or a job with payload is enqueued when the subject has none yet.
func (k Kind[T]) Again(ctx context.Context, subject string, payload T) (Job, error) {
	j, ok, err := k.q.Latest(ctx, k.name, subject)
	if err != nil {
		return Job{}, err
	}
	if ok {
		return k.q.Retry(ctx, j.ID)
	}
	id, err := k.Enqueue(ctx, nil, subject, payload)
	if err != nil {
		return Job{}, err
	}
	return k.q.Get(ctx, id)
}
