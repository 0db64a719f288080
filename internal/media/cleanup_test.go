package media_test

import (
	"bytes"
	"context"
	"io"
	"log/slog"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/minio/minio-go/v7"

	"github.com/ugcfolio/ugcfolio/internal/jobs"
	"github.com/ugcfolio/ugcfolio/internal/media"
)

// (c) Two replicas, each with its job queue running, schedule the upload
// cleanup at the same moment, many times: one job runs, in one of them,
// and each abandoned upload is removed once, its chunk objects with it.
// Chunks of an upload in progress stay; chunks left by a crash (no upload
// row) go once they are a day old.
func TestStaleCleanupOnceAcrossReplicas(t *testing.T) {
	eachShared(t, func(t *testing.T, sh *shared) {
		ctx := context.Background()
		var mu sync.Mutex
		var removed media.Cleaned // what the job reported, summed over both replicas
		replicas := make([]*replica, 2)
		cleanups := make([]media.CleanupJob, 2)
		queues := make([]*jobs.Queue, 2)
		for i := range replicas {
			r := sh.replica(t)
			q := jobs.New(r.st, slog.New(slog.NewTextHandler(io.Discard, nil)))
			q.Poll = 10 * time.Millisecond
			cleanups[i] = r.RegisterCleanup(q, time.Now, func(_ context.Context, c media.Cleaned) {
				mu.Lock()
				defer mu.Unlock()
				removed.Uploads += c.Uploads
				removed.Files = append(removed.Files, c.Files...)
			})
			replicas[i], queues[i] = r, q
		}
		a, b := replicas[0], replicas[1]

		// Abandoned: two chunks of three, from two replicas.
		data := video(1_200_000)
		chunks := split(data, 512000)
		sh.declare(t, a, "abandoned-upload", data, len(chunks))
		sh.send(t, a, "abandoned-upload", 0, chunks)
		sh.send(t, b, "abandoned-upload", 2, chunks)
		// Finalized, its file taken up by no item.
		small := video(700)
		sh.declare(t, b, "finalized-unused", small, 1)
		sh.send(t, b, "finalized-unused", 0, [][]byte{small})
		unused, err := a.Finalize(ctx, sh.admin, "finalized-unused")
		if err != nil {
			t.Fatal(err)
		}
		// In progress, begun now.
		sh.declare(t, a, "in-progress-1", data, len(chunks))
		sh.send(t, b, "in-progress-1", 0, chunks)
		// Left by a crash: a chunk whose upload row is gone.
		if _, err := sh.client.PutObject(ctx, sh.s3.Bucket, "upload-chunks/orphaned-upload/0", bytes.NewReader([]byte("x")), 1,
			minio.PutObjectOptions{}); err != nil {
			t.Fatal(err)
		}
		// The first two began 25 hours ago.
		if _, err := a.st.DB.Exec(a.st.Rebind(`UPDATE uploads SET created_at = ? WHERE id IN (?, ?)`),
			time.Now().Add(-25*time.Hour).UTC(), "abandoned-upload", "finalized-unused"); err != nil {
			t.Fatal(err)
		}
		if keys := sh.chunkObjects(t, "abandoned-upload/"); len(keys) != 2 {
			t.Fatalf("before the cleanup: %v", keys)
		}

		schedule := func() {
			t.Helper()
			var wg sync.WaitGroup
			for i := range 10 {
				wg.Go(func() {
					if err := cleanups[i%2].Schedule(ctx); err != nil {
						t.Error(err)
					}
				})
			}
			wg.Wait()
		}
		// Both janitors ask at once, ten times, before either queue runs:
		// one job is stored; then both queues run and one of them takes it.
		schedule()
		if n := pendingCleanups(t, a); n != 1 {
			t.Fatalf("%d cleanup jobs stored for 10 requests from 2 replicas", n)
		}
		for _, q := range queues {
			runCtx, stop := context.WithCancel(ctx)
			done := make(chan struct{})
			go func() { q.Run(runCtx); close(done) }()
			t.Cleanup(func() { stop(); <-done })
		}
		waitCleanupDone(t, a)
		mu.Lock()
		if removed.Uploads != 2 || !slices.Equal(removed.Files, []string{unused}) {
			t.Fatalf("the cleanup removed %+v; want the 2 uploads once and the file %s", removed, unused)
		}
		mu.Unlock()
		if n := cleanupJobs(t, a); n != 1 {
			t.Fatalf("%d cleanup jobs ran", n)
		}
		if keys := sh.chunkObjects(t, "abandoned-upload/"); len(keys) != 0 {
			t.Fatalf("abandoned chunks kept: %v", keys)
		}
		if sh.stored(t, unused) != nil {
			t.Fatal("the unused file was kept")
		}
		for id, want := range map[string]bool{"abandoned-upload": false, "finalized-unused": false, "in-progress-1": true} {
			if _, err := b.st.GetUpload(ctx, id); (err == nil) != want {
				t.Errorf("upload %s: %v (kept: want %v)", id, err, want)
			}
		}
		if keys := sh.chunkObjects(t, ""); !slices.Equal(keys, []string{"upload-chunks/in-progress-1/0", "upload-chunks/orphaned-upload/0"}) {
			t.Fatalf("after the cleanup the bucket holds %v", keys)
		}

		// Rounds while the queues run (a job may finish within a round, and
		// the round's next request store another) find nothing more.
		schedule()
		waitCleanupDone(t, a)
		schedule()
		waitCleanupDone(t, a)
		mu.Lock()
		if removed.Uploads != 2 || len(removed.Files) != 1 || cleanupJobs(t, a) < 3 {
			t.Fatalf("after more rounds: %+v, %d jobs", removed, cleanupJobs(t, a))
		}
		mu.Unlock()

		// A day later (the cut-off an hour from now, the upload in progress
		// moved two hours ahead so that it is not stale): the orphaned chunk
		// goes, the chunks of an upload with a row stay.
		if _, err := a.st.DB.Exec(a.st.Rebind(`UPDATE uploads SET created_at = ? WHERE id = ?`),
			time.Now().Add(2*time.Hour).UTC(), "in-progress-1"); err != nil {
			t.Fatal(err)
		}
		if c, err := b.Cleanup(ctx, time.Now().Add(time.Hour)); err != nil || c.Uploads != 0 {
			t.Fatalf("sweep: %+v %v", c, err)
		}
		if keys := sh.chunkObjects(t, ""); !slices.Equal(keys, []string{"upload-chunks/in-progress-1/0"}) {
			t.Fatalf("after the sweep the bucket holds %v", keys)
		}
	})
}

// pendingCleanups counts the cleanup jobs queued or running.
func pendingCleanups(t *testing.T, r *replica) int {
	t.Helper()
	var pending int
	if err := r.st.DB.QueryRow(r.st.Rebind(`SELECT COUNT(*) FROM jobs WHERE kind = ? AND state IN ('queued', 'running')`),
		media.CleanupKind).Scan(&pending); err != nil {
		t.Fatal(err)
	}
	return pending
}

// waitCleanupDone waits until no cleanup job is queued or running.
func waitCleanupDone(t *testing.T, r *replica) {
	t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	for {
		if pendingCleanups(t, r) == 0 {
			return
		}
		if time.Now().After(deadline) {
			t.Fatal("the cleanup job did not finish")
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// cleanupJobs counts the cleanup jobs that are done; a failed one fails the test.
func cleanupJobs(t *testing.T, r *replica) int {
	t.Helper()
	rows, err := r.st.DB.Query(r.st.Rebind(`SELECT state, last_error FROM jobs WHERE kind = ?`), media.CleanupKind)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	n := 0
	for rows.Next() {
		var state, lastError string
		if err := rows.Scan(&state, &lastError); err != nil {
			t.Fatal(err)
		}
		if state != string(jobs.Done) {
			t.Fatalf("a cleanup job is %s: %s", state, lastError)
		}
		n++
	}
	return n
}
