package jobs

import (
	"context"
	"os"
	"os/exec"
	"sync/atomic"
	"testing"
	"time"

	"github.com/ugcfolio/ugcfolio/internal/store"
	"github.com/ugcfolio/ugcfolio/internal/store/storetest"
)

// killHelperEnv makes this test binary a worker process whose handler never
// returns, for TestKilledWorkerJobRunsAfterRestart to SIGKILL.
const killHelperEnv = "UGCFOLIO_JOBS_KILL_HELPER"

// TestMain turns this test binary into that worker when the variable is set.
func TestMain(m *testing.M) {
	dsn, path := os.Getenv(killHelperEnv), os.Getenv(killHelperEnv+"_PATH")
	if dsn == "" && path == "" {
		os.Exit(m.Run())
	}
	st, err := store.Open(context.Background(), dsn, path)
	if err != nil {
		panic(err)
	}
	q := New(st, quietLog())
	q.Lease, q.Poll = time.Second, 10*time.Millisecond
	Register(q, "test.killed", Options{}, func(ctx context.Context, task *Task, p payload) error {
		select {} // the parent kills us here
	})
	q.Run(context.Background())
}

// A worker killed with SIGKILL in the middle of a try: after its lease
// expires, another process runs the job, once.
func TestKilledWorkerJobRunsAfterRestart(t *testing.T) {
	run := func(t *testing.T, st *store.Store, env ...string) {
		q := New(st, quietLog())
		q.Lease, q.Poll = time.Second, 10*time.Millisecond
		var runs atomic.Int32
		k := Register(q, "test.killed", Options{}, func(ctx context.Context, task *Task, p payload) error {
			runs.Add(1)
			return nil
		})
		id, err := k.Enqueue(context.Background(), nil, "", payload{})
		if err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command(os.Args[0])
		cmd.Env = append(os.Environ(), env...)
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		waitFor(t, q, id, "running in the helper", func(j Job) bool { return j.State == Running })
		if err := cmd.Process.Kill(); err != nil {
			t.Fatal(err)
		}
		cmd.Wait()

		start(t, q)
		j := waitFor(t, q, id, "done", func(j Job) bool { return j.State == Done })
		time.Sleep(50 * time.Millisecond)
		if runs.Load() != 1 || j.Attempts != 2 {
			t.Fatalf("after the kill: %d runs here, %+v", runs.Load(), j)
		}
	}
	t.Run("sqlite", func(t *testing.T) {
		path := t.TempDir() + "/kill.db"
		st, err := store.Open(context.Background(), "", path)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { st.Close() })
		run(t, st, killHelperEnv+"_PATH="+path)
	})
	t.Run("postgres", func(t *testing.T) {
		dsn, err := storetest.FreshPostgresURL(t)
		if err != nil {
			t.Fatal(err)
		}
		st, err := store.Open(context.Background(), dsn, "")
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { st.Close() })
		run(t, st, killHelperEnv+"="+dsn)
	})
}
