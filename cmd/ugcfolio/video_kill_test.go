package main

import (
	"context"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ugcfolio/ugcfolio/internal/store"
	"github.com/ugcfolio/ugcfolio/internal/store/storetest"
)

// lockedBuffer is a child's output, read while the child writes it.
type lockedBuffer struct {
	mu sync.Mutex
	b  strings.Builder
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// videoChild is serve running in its own process.
type videoChild struct {
	cmd  *exec.Cmd
	addr string
	out  *lockedBuffer
}

// startVideoServe runs serve in a child process (video processing on, as
// ffmpeg is installed) and waits until it answers.
func startVideoServe(t *testing.T, dataDir, databaseURL string) *videoChild {
	t.Helper()
	addr := freeAddr(t)
	cmd := exec.Command(os.Args[0], "serve", "--addr", addr, "--data", dataDir)
	cmd.Env = append(os.Environ(), serveChildEnv+"=1", "DATABASE_URL="+databaseURL, "UGCFOLIO_VIDEO_PROCESSING=on")
	out := &lockedBuffer{}
	cmd.Stdout, cmd.Stderr = out, out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	c := &videoChild{cmd: cmd, addr: addr, out: out}
	t.Cleanup(func() { c.cmd.Process.Kill(); c.cmd.Wait() })
	waitFor(t, func() bool {
		res, err := http.Get("http://" + addr + "/healthz")
		if err != nil {
			return false
		}
		res.Body.Close()
		return res.StatusCode == 200
	})
	return c
}

// videoJob is the state of the only video job.
type videoJob struct {
	state    string
	attempts int
	progress int
}

func readVideoJob(t *testing.T, st *store.Store) videoJob {
	t.Helper()
	var j videoJob
	var progress *int
	err := st.DB.QueryRow(`SELECT state, attempts, progress FROM jobs WHERE kind = 'video'`).Scan(&j.state, &j.attempts, &progress)
	if err != nil {
		return videoJob{}
	}
	if progress != nil {
		j.progress = *progress
	}
	return j
}

// processesUsing lists the processes whose command line names dir (an
// ffmpeg left running by a killed server would).
func processesUsing(dir string) []string {
	var found []string
	entries, _ := os.ReadDir("/proc")
	for _, e := range entries {
		b, err := os.ReadFile(filepath.Join("/proc", e.Name(), "cmdline"))
		if err == nil && strings.Contains(string(b), dir) {
			found = append(found, strings.ReplaceAll(string(b), "\x00", " "))
		}
	}
	return found
}

// serve is killed with SIGKILL in the middle of a transcode: its ffmpeg dies
// with it, and after a restart the job is taken again once its lease has
// expired, finishes once, and leaves no temporary file.
func TestVideoJobSurvivesKill9(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("ffmpeg"); err != nil {
		t.Fatal("this test runs the real ffmpeg (apt-get install ffmpeg)")
	}
	// 12 s of 640×360: long enough to be caught mid-transcode, quick to make,
	// small enough for upload's one chunk.
	clipPath := filepath.Join(t.TempDir(), "long.mp4")
	gen := exec.Command("ffmpeg", "-nostdin", "-hide_banner", "-loglevel", "error", "-y",
		"-f", "lavfi", "-i", "testsrc2=size=640x360:rate=30", "-f", "lavfi", "-i", "sine", "-t", "12",
		"-c:v", "libx264", "-preset", "ultrafast", "-crf", "32", "-pix_fmt", "yuv420p", "-c:a", "aac", clipPath)
	if out, err := gen.CombinedOutput(); err != nil {
		t.Fatalf("ffmpeg: %v\n%s", err, out)
	}
	clip, err := os.ReadFile(clipPath)
	if err != nil {
		t.Fatal(err)
	}

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

		first := startVideoServe(t, dataDir, databaseURL)
		base := "http://" + first.addr
		url, err := upload(login(t, base), base, "kill-during-transcode", clip)
		if err != nil {
			t.Fatal(err)
		}
		name := strings.TrimPrefix(url, "/uploads/")
		work := filepath.Join(dataDir, "video-work")
		deadline := time.Now().Add(60 * time.Second)
		for {
			j := readVideoJob(t, st)
			if j.state == "running" && j.progress > 0 && j.progress < 90 {
				break
			}
			if j.state == "done" || time.Now().After(deadline) {
				t.Fatalf("never caught mid-transcode (job %+v):\n%s", j, first.out.String())
			}
			time.Sleep(5 * time.Millisecond)
		}
		partial, _ := filepath.Glob(filepath.Join(work, "job-*", "video-*.mp4"))
		first.cmd.Process.Kill()
		first.cmd.Wait()
		if len(partial) == 0 {
			t.Fatal("no rendition was being written when serve was killed")
		}
		// Its ffmpeg died with it (Pdeathsig): nothing writes into the work directory any more.
		waitFor(t, func() bool { return len(processesUsing(dataDir)) == 0 })

		second := startVideoServe(t, dataDir, databaseURL)
		deadline = time.Now().Add(90 * time.Second)
		for readVideoJob(t, st).state != "done" {
			if time.Now().After(deadline) {
				t.Fatalf("job %+v after the restart:\n%s", readVideoJob(t, st), second.out.String())
			}
			time.Sleep(20 * time.Millisecond)
		}
		time.Sleep(1500 * time.Millisecond) // past another lease: nothing more may run
		if j := readVideoJob(t, st); j.state != "done" || j.attempts != 2 {
			t.Fatalf("job after the restart: %+v", j)
		}
		if n := strings.Count(second.out.String(), "video: ready"); n != 1 {
			t.Fatalf("%d transcodes finished after the restart:\n%s", n, second.out.String())
		}
		a, err := st.GetMediaAsset(context.Background(), name)
		if err != nil || a.Status != store.MediaReady || len(a.Outputs) != 2 {
			t.Fatalf("asset %+v, %v", a, err)
		}
		// Exactly the original and the outputs are stored; nothing is left in the work directory.
		stored, _ := filepath.Glob(filepath.Join(dataDir, "uploads", "*"))
		if len(stored) != 1+len(a.Outputs) {
			t.Fatalf("stored files %v for outputs %+v", stored, a.Outputs)
		}
		for _, o := range a.Outputs {
			if _, err := os.Stat(filepath.Join(dataDir, "uploads", o.Name)); err != nil {
				t.Fatalf("output %s: %v", o.Name, err)
			}
		}
		if left, _ := os.ReadDir(work); len(left) != 0 {
			t.Fatalf("left in %s: %v", work, left)
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
