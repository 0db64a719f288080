package main

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"io"
	"log/slog"
	"mime/multipart"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/ugcfolio/ugcfolio/internal/jobs"
	"github.com/ugcfolio/ugcfolio/internal/store"
	"github.com/ugcfolio/ugcfolio/internal/store/storetest"
)

// The child's settings for the drain test: its job lease, and a job kind
// whose handler never ends on its own.
const (
	childLeaseEnv = serveChildEnv + "_LEASE"
	stuckJobEnv   = serveChildEnv + "_STUCK_JOB"
	stuckKind     = "test.stuck"
)

// registerStuckJob adds the kind whose handler runs until it is cancelled,
// as a transcode longer than the shutdown's grace would.
func registerStuckJob(q *jobs.Queue) {
	jobs.Register(q, stuckKind, jobs.Options{}, func(ctx context.Context, _ *jobs.Task, _ struct{}) error {
		<-ctx.Done()
		return ctx.Err()
	})
}

// Serve in its own process gets SIGTERM while an upload chunk is
// arriving and a job is running. /readyz answers 503 at once while requests
// are still taken for the drain delay, then new connections are refused; the
// chunk still completes, the process exits 0, and the job is back in the
// queue, free for another replica at once rather than when the lease (a
// minute here) would have run out.
func TestSIGTERMDrainsAndHandsBackJobs(t *testing.T) {
	t.Parallel()
	run := func(t *testing.T, databaseURL string) {
		dataDir := t.TempDir()
		if r := runCmd(t, context.Background(), env("DATABASE_URL", databaseURL), backupPassword+"\n",
			"admin", "create", "--email", backupAdmin, "--data", dataDir); r.code != 0 {
			t.Fatalf("admin create: %+v", r)
		}
		st, err := store.Open(context.Background(), databaseURL, filepath.Join(dataDir, "ugcfolio.db"))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { st.Close() })
		// Another replica's queue, not running yet: it enqueues the job the child will take.
		other := jobs.New(st, slog.New(slog.NewTextHandler(io.Discard, nil)))
		other.Lease, other.Poll = time.Minute, 10*time.Millisecond
		ran := make(chan int64, 1)
		kind := jobs.Register(other, stuckKind, jobs.Options{}, func(_ context.Context, task *jobs.Task, _ struct{}) error {
			ran <- task.ID
			return nil
		})
		id, err := kind.Enqueue(context.Background(), nil, "", struct{}{})
		if err != nil {
			t.Fatal(err)
		}

		addr := freeAddr(t)
		cmd := exec.Command(os.Args[0], "serve", "--addr", addr, "--data", dataDir)
		cmd.Env = append(os.Environ(), serveChildEnv+"=1", "DATABASE_URL="+databaseURL, "UGCFOLIO_VIDEO_PROCESSING=off",
			childLeaseEnv+"=1m", stuckJobEnv+"=1", "UGCFOLIO_DRAIN_DELAY=3s", "UGCFOLIO_SHUTDOWN_TIMEOUT=30s")
		out := &lockedBuffer{}
		cmd.Stdout, cmd.Stderr = out, out
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		exited := make(chan struct{})
		var exitErr error
		go func() { exitErr = cmd.Wait(); close(exited) }()
		t.Cleanup(func() { cmd.Process.Kill(); <-exited })
		base := "http://" + addr
		fresh := &http.Client{Transport: &http.Transport{DisableKeepAlives: true}, Timeout: 5 * time.Second}
		probe := func(path string) int {
			res, err := fresh.Get(base + path)
			if err != nil {
				return 0
			}
			res.Body.Close()
			return res.StatusCode
		}
		waitFor(t, func() bool { return probe("/readyz") == http.StatusOK })
		waitFor(t, func() bool { return readJob(t, st, id).state == "running" })

		// An upload chunk whose second half is still to come when SIGTERM arrives.
		admin := login(t, base)
		initBody, _ := json.Marshal(map[string]any{"uploadId": "drain-chunk-1", "fileName": "clip.mp4", "fileSize": 256 << 10,
			"fileType": "video/mp4", "totalChunks": 1})
		if res, err := admin.Post(base+"/api/admin/upload/initialize", "application/json", bytes.NewReader(initBody)); err != nil || res.StatusCode != 200 {
			t.Fatalf("initialize: %v %v", res, err)
		}
		var body bytes.Buffer
		mw := multipart.NewWriter(&body)
		mw.WriteField("uploadId", "drain-chunk-1")
		mw.WriteField("chunkIndex", "0")
		mw.WriteField("totalChunks", "1")
		part, _ := mw.CreateFormFile("chunk", "blob")
		part.Write(video(256 << 10))
		mw.Close()
		pr, pw := io.Pipe()
		req, _ := http.NewRequest("POST", base+"/api/admin/upload/chunk", pr)
		req.ContentLength = int64(body.Len())
		req.Header.Set("Content-Type", mw.FormDataContentType())
		answered := make(chan *http.Response, 1)
		go func() {
			res, err := admin.Do(req)
			if err != nil {
				t.Errorf("the chunk in flight: %v", err)
			}
			answered <- res
		}()
		half := body.Len() / 2
		if _, err := pw.Write(body.Bytes()[:half]); err != nil {
			t.Fatal(err)
		}

		if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
			t.Fatal(err)
		}
		waitFor(t, func() bool { return probe("/readyz") == http.StatusServiceUnavailable })
		if got := probe("/healthz"); got != http.StatusOK {
			t.Fatalf("/healthz while draining: %d", got)
		}
		// Past the drain delay the listener is closed; the chunk keeps the process alive.
		waitFor(t, func() bool {
			conn, err := net.DialTimeout("tcp", addr, time.Second)
			if err == nil {
				conn.Close()
			}
			return err != nil
		})
		select {
		case <-exited:
			t.Fatalf("serve exited with a chunk in flight: %v\n%s", exitErr, out.String())
		default:
		}
		if _, err := pw.Write(body.Bytes()[half:]); err != nil {
			t.Fatal(err)
		}
		pw.Close()
		res := <-answered
		if res == nil || res.StatusCode != http.StatusOK {
			t.Fatalf("the chunk in flight was answered %v\n%s", res, out.String())
		}
		res.Body.Close()
		select {
		case <-exited:
			if exitErr != nil {
				t.Fatalf("serve exited with %v\n%s", exitErr, out.String())
			}
		case <-time.After(60 * time.Second):
			t.Fatalf("serve did not exit\n%s", out.String())
		}

		// The job was handed back: queued, due, no lease, the try not counted.
		if j := readJob(t, st, id); j.state != "queued" || j.leased || j.attempts != 0 || j.runAt.After(time.Now()) {
			t.Fatalf("job after shutdown: %+v", j)
		}
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan struct{})
		go func() { defer close(done); other.Run(ctx) }()
		defer func() { cancel(); <-done }()
		select {
		case got := <-ran:
			if got != id {
				t.Fatalf("ran job %d, want %d", got, id)
			}
		case <-time.After(20 * time.Second): // the lease it held was a minute long
			t.Fatal("another replica could not take the job")
		}
	}
	t.Run("sqlite", func(t *testing.T) { run(t, "") })
	t.Run("postgres", func(t *testing.T) {
		dsn, err := storetest.FreshPostgresURL(t)
		if err != nil {
			t.Fatal(err)
		}
		run(t, dsn)
	})
}

// storedJob is what the drain test reads of a job.
type storedJob struct {
	state    string
	attempts int
	leased   bool
	runAt    time.Time
}

func readJob(t *testing.T, st *store.Store, id int64) storedJob {
	t.Helper()
	var j storedJob
	var token string
	var until sql.NullTime
	err := st.DB.QueryRow(st.Rebind(`SELECT state, attempts, lease_token, lease_until, run_at FROM jobs WHERE id = ?`), id).
		Scan(&j.state, &j.attempts, &token, &until, &j.runAt)
	if err != nil {
		t.Fatal(err)
	}
	j.leased = token != "" || until.Valid
	return j
}
