package main

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/ugcfolio/ugcfolio/internal/mail/smtptest"
	"github.com/ugcfolio/ugcfolio/internal/store"
	"github.com/ugcfolio/ugcfolio/internal/store/storetest"
)

// serveChildEnv makes this test binary run `serve` with its arguments, as
// the real binary would, so a test can kill it with SIGKILL.
const serveChildEnv = "UGCFOLIO_TEST_SERVE_CHILD"

func TestMain(m *testing.M) {
	if os.Getenv(serveChildEnv) == "" {
		os.Exit(m.Run())
	}
	jobLease = time.Second
	if d, err := time.ParseDuration(os.Getenv(childLeaseEnv)); err == nil {
		jobLease = d
	}
	if os.Getenv(stuckJobEnv) != "" {
		testJobs = registerStuckJob
	}
	notifyEvery = 200 * time.Millisecond
	// As main: SIGTERM and SIGINT stop serve (the drain test sends SIGTERM).
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	os.Exit(run(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr, os.Getenv))
}

// child is serve running in its own process.
type child struct {
	cmd  *exec.Cmd
	addr string
	out  *lockedBuffer
}

// startServe runs serve in a child process with the mail settings of srv
// (trusting its certificate), and waits until it answers.
func startMailServe(t *testing.T, srv *smtptest.Server, dataDir, databaseURL string) *child {
	t.Helper()
	addr := freeAddr(t)
	cmd := exec.Command(os.Args[0], "serve", "--addr", addr, "--data", dataDir)
	cmd.Env = append(os.Environ(), serveChildEnv+"=1", "SSL_CERT_FILE="+srv.CAFile(),
		"UGCFOLIO_SMTP_URL="+srv.URL(), "UGCFOLIO_MAIL_FROM=noreply@ugcfolio.no", "UGCFOLIO_NOTIFY_TO=creator@ugcfolio.no",
		"UGCFOLIO_TRUSTED_PROXIES=127.0.0.1", "DATABASE_URL="+databaseURL)
	out := &lockedBuffer{} // read while the child writes it
	cmd.Stdout, cmd.Stderr = out, out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	c := &child{cmd: cmd, addr: addr, out: out}
	t.Cleanup(func() { c.cmd.Process.Kill(); c.cmd.Wait() })
	deadline := time.Now().Add(30 * time.Second)
	for {
		if res, err := http.Get("http://" + addr + "/healthz"); err == nil {
			res.Body.Close()
			if res.StatusCode == 200 {
				return c
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("serve never answered:\n%s", out.String())
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// inquire posts an inquiry as the visitor at ip and expects 201.
func (c *child) inquire(t *testing.T, ip string, n int) {
	t.Helper()
	body := fmt.Sprintf(`{"name":"Kunde %d","email":"kunde%d@example.no","message":"Hei, vi vil ha video nummer %d."}`, n, n, n)
	req, _ := http.NewRequest("POST", "http://"+c.addr+"/api/contact", strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-Forwarded-For", ip)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusCreated {
		t.Fatalf("POST /api/contact: %d", res.StatusCode)
	}
}

// jobState reads the state of the only mail.notify job.
func jobState(t *testing.T, st *store.Store) string {
	t.Helper()
	var state string
	err := st.DB.QueryRow(`SELECT state FROM jobs WHERE kind = 'mail.notify'`).Scan(&state)
	if err != nil {
		return ""
	}
	return state
}

// serve is killed with SIGKILL after the inquiry is committed and while
// its message is being sent (the SMTP server holds the MAIL command): after
// a restart the message arrives, exactly once.
func TestInquiryMailSurvivesKill9(t *testing.T) {
	t.Parallel()
	run := func(t *testing.T, databaseURL string) {
		smtp := smtptest.Start(t)
		smtp.StallMail()
		dataDir := t.TempDir()
		st, err := store.Open(context.Background(), databaseURL, filepath.Join(dataDir, "ugcfolio.db"))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { st.Close() })

		first := startMailServe(t, smtp, dataDir, databaseURL)
		first.inquire(t, "10.0.0.1", 1)
		deadline := time.Now().Add(20 * time.Second)
		for jobState(t, st) != "running" || smtp.Stalled() == 0 {
			if time.Now().After(deadline) {
				t.Fatalf("the message was never in flight (job %q):\n%s", jobState(t, st), first.out.String())
			}
			time.Sleep(10 * time.Millisecond)
		}
		first.cmd.Process.Kill()
		first.cmd.Wait()
		smtp.Unstall()
		time.Sleep(100 * time.Millisecond)
		if n := len(smtp.Messages()); n != 0 {
			t.Fatalf("%d messages arrived from the killed server", n)
		}

		second := startMailServe(t, smtp, dataDir, databaseURL)
		msgs := smtp.WaitFor(t, 1, 20*time.Second)
		time.Sleep(1500 * time.Millisecond) // past another lease: nothing more may come
		if n := len(smtp.Messages()); n != 1 || jobState(t, st) != "done" {
			t.Fatalf("%d messages, job %q after the restart:\n%s", n, jobState(t, st), second.out.String())
		}
		if s := msgs[0].Subject(); s != "Ny henvendelse fra Kunde 1" {
			t.Fatalf("subject %q", s)
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

// Two servers on one PostgreSQL database, 50 inquiries spread over both:
// each inquiry is notified exactly once (alone or in a digest).
func TestTwoServersSendEachInquiryOnce(t *testing.T) {
	t.Parallel()
	dsn, err := storetest.FreshPostgresURL(t)
	if err != nil {
		t.Fatal(err)
	}
	smtp := smtptest.Start(t)
	a := startMailServe(t, smtp, t.TempDir(), dsn)
	b := startMailServe(t, smtp, t.TempDir(), dsn)
	for i := range 50 {
		c := a
		if i%2 == 1 {
			c = b
		}
		c.inquire(t, fmt.Sprintf("10.0.%d.%d", i/200, i%200+1), i)
	}
	// listed counts the inquiries each message names (a digest names several).
	listed := func() map[string]int {
		seen := map[string]int{}
		for _, m := range smtp.Messages() {
			for _, id := range strings.Split(m.Header.Get("X-Ugcfolio-Inquiry"), ", ") {
				seen[id]++
			}
		}
		return seen
	}
	for deadline := time.Now().Add(60 * time.Second); len(listed()) < 50; time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("%d of 50 inquiries notified in 60s", len(listed()))
		}
	}
	time.Sleep(1500 * time.Millisecond) // past a lease: nothing more may come
	seen := listed()
	for id, n := range seen {
		if n != 1 {
			t.Errorf("inquiry %s notified %d times", id, n)
		}
	}
	if len(seen) != 50 {
		t.Fatalf("%d inquiries notified, want 50", len(seen))
	}
	t.Logf("%d notification mails for 50 inquiries", len(smtp.Messages()))
}

// The start-up line says how mail travels: STARTTLS unless tls=none.
func TestServeSaysMailTransport(t *testing.T) {
	t.Parallel()
	c := startMailServe(t, smtptest.Start(t), t.TempDir(), "")
	if !strings.Contains(c.out.String(), `msg="e-mail is on" transport="STARTTLS required"`) {
		t.Fatalf("no transport in the start-up lines:\n%s", c.out.String())
	}
}
