package media

import (
	"context"
	"errors"
	"time"

	"github.com/ugcfolio/ugcfolio/internal/apperr"
	"github.com/ugcfolio/ugcfolio/internal/jobs"
)

// Cleaned is what one Cleanup removed.
type Cleaned struct {
	Uploads int      // abandoned uploads forgotten
	Files   []string // the "/uploads/NAME" URLs of their stored files that are gone now
}

// Cleanup removes the uploads started before `before` (their rows, chunks,
// and stored files no saved item uses), and chunks with no upload row that
// were last touched before then (left by a crash): on the local disk, and
// in the bucket when chunks are kept there. Each step is safe to repeat.
func (u *Uploads) Cleanup(ctx context.Context, before time.Time) (Cleaned, error) {
	stale, err := u.Store.StaleUploads(ctx, before)
	if err != nil {
		return Cleaned{}, err
	}
	done := Cleaned{Uploads: len(stale)}
	for _, up := range stale {
		if url := u.discard(ctx, up); url != "" {
			done.Files = append(done.Files, url)
		}
	}
	// Chunks are orphans only when their upload is surely gone: a database
	// that fails to answer keeps them.
	known := func(id string) bool {
		_, err := u.Store.GetUpload(ctx, id)
		return !apperr.Is(err, apperr.CodeNotFound)
	}
	err = localChunks{dir: u.Dir}.sweep(ctx, before, known)
	if u.Bucket != nil {
		err = errors.Join(err, bucketChunks{s3: u.Bucket, st: u.Store}.sweep(ctx, before, known))
	}
	return done, err
}

// The cleanup runs as a job of internal/jobs: every replica's janitor
// schedules it each hour (CleanupJob.Schedule), EnqueueOnce keeps a single
// one queued or running, so it runs in one replica at a time and each
// abandoned upload is removed once; a replica killed midway leaves the job
// to another once its lease runs out.
const (
	CleanupKind    = "uploads.cleanup"
	CleanupSubject = jobs.OncePrefix + CleanupKind
)

// CleanupJob is the registered cleanup job.
type CleanupJob struct{ kind jobs.Kind[struct{}] }

// RegisterCleanup registers the cleanup job on q (before q runs): it
// removes what Cleanup removes of the uploads begun MaxAge before now(),
// then hands what it removed to done (which forgets what was made of the
// files; it may be nil). Its own finished jobs are kept for a day.
func (u *Uploads) RegisterCleanup(q *jobs.Queue, now func() time.Time, done func(context.Context, Cleaned)) CleanupJob {
	kind := jobs.Register(q, CleanupKind, jobs.Options{}, func(ctx context.Context, _ *jobs.Task, _ struct{}) error {
		cleaned, err := u.Cleanup(ctx, now().Add(-MaxAge))
		if done != nil {
			done(ctx, cleaned)
		}
		if cleaned.Uploads > 0 {
			u.log().Info("removed abandoned uploads", "count", cleaned.Uploads)
		}
		if _, perr := q.PruneDone(ctx, CleanupKind, time.Now().Add(-24*time.Hour)); perr != nil {
			err = errors.Join(err, perr)
		}
		return err
	})
	return CleanupJob{kind: kind}
}

// Schedule queues a cleanup due now, unless one is queued or running.
func (c CleanupJob) Schedule(ctx context.Context) error {
	_, err := c.kind.EnqueueOnce(ctx, CleanupSubject, struct{}{})
	return err
}
