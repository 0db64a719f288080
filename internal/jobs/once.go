package jobs

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
)

// OncePrefix begins the subject of a job that EnqueueOnce keeps single.
const OncePrefix = "once:"

// EnqueueOnce stores a job due now unless a job of the kind about subject
// is already queued or running, and answers whether it stored one. A sweep
// that every replica schedules (the hourly upload cleanup) then runs in one
// replica at a time, and once per scheduling round however many replicas
// asked for it. subject must begin with OncePrefix: a unique index of the
// jobs table (migration 00017) covers those subjects, so two replicas
// asking at the same instant store one job between them.
func (k Kind[T]) EnqueueOnce(ctx context.Context, subject string, payload T) (bool, error) {
	if !strings.HasPrefix(subject, OncePrefix) {
		return false, fmt.Errorf("jobs: EnqueueOnce subject %q lacks the prefix %q", subject, OncePrefix)
	}
	body, err := json.Marshal(payload)
	if err != nil {
		return false, fmt.Errorf("jobs: payload of %s: %w", k.name, err)
	}
	now := k.q.now()
	res, err := k.q.st.DB.ExecContext(ctx, k.q.st.Rebind(`INSERT INTO jobs (kind, subject, payload, state, attempts, max_attempts, run_at, created_at, updated_at)
		VALUES (?, ?, ?, 'queued', 0, ?, ?, ?, ?) ON CONFLICT DO NOTHING`),
		k.name, subject, string(body), k.Options().MaxAttempts, now, now, now)
	if err != nil {
		return false, fmt.Errorf("jobs: enqueue %s: %w", k.name, err)
	}
	n, err := res.RowsAffected()
	if err != nil || n == 0 {
		return false, err
	}
	k.Wake()
	return true, nil
}
