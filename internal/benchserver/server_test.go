package benchserver

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// The tests run this test binary as the ugcfolio binary: with
// BENCHSERVER_FAKE=1 it is a small stand-in for `ugcfolio admin create`
// and `ugcfolio serve` (fakeUgcfolio), so that Start, Login and the /proc
// readings are tested on a real child process without building the
// product.
func TestMain(m *testing.M) {
	if os.Getenv("BENCHSERVER_FAKE") == "1" {
		if err := fakeUgcfolio(os.Args[1:]); err != nil {
			fmt.Fprintln(os.Stderr, "fake ugcfolio:", err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// fakeUgcfolio keeps the admin's e-mail and password in DATA/admin; its
// serve answers /healthz, /api/login against that file and /grow (which
// makes 64 MB resident), logs each request as a JSON line with the environment
// the tests look for, and exits on an interrupt.
func fakeUgcfolio(args []string) error {
	flagOf := func(name string) string {
		for i, a := range args {
			if a == name && i+1 < len(args) {
				return args[i+1]
			}
		}
		return ""
	}
	data := flagOf("--data")
	switch {
	case len(args) > 1 && args[0] == "admin" && args[1] == "create":
		password, _ := bufio.NewReader(os.Stdin).ReadString('\n')
		os.MkdirAll(data, 0o750)
		return os.WriteFile(filepath.Join(data, "admin"), []byte(flagOf("--email")+" "+strings.TrimSpace(password)), 0o600)
	case len(args) > 0 && args[0] == "serve":
	default:
		return fmt.Errorf("unknown command %q", args)
	}
	ln, err := net.Listen("tcp", flagOf("--addr"))
	if err != nil {
		return err
	}
	var grown []byte
	mux := http.NewServeMux()
	mux.HandleFunc("/healthz", func(w http.ResponseWriter, r *http.Request) {})
	mux.HandleFunc("/grow", func(w http.ResponseWriter, r *http.Request) {
		grown = make([]byte, 64<<20)
		for i := 0; i < len(grown); i += 4096 { // a byte a page makes it resident
			grown[i] = 1
		}
	})
	mux.HandleFunc("/api/login", func(w http.ResponseWriter, r *http.Request) {
		var in struct{ Username, Password string }
		json.NewDecoder(r.Body).Decode(&in)
		admin, _ := os.ReadFile(filepath.Join(data, "admin"))
		if string(admin) != in.Username+" "+in.Password {
			http.Error(w, "wrong", http.StatusUnauthorized)
			return
		}
		http.SetCookie(w, &http.Cookie{Name: "session", Value: "s1"})
	})
	mux.HandleFunc("/api/me", func(w http.ResponseWriter, r *http.Request) {
		if c, err := r.Cookie("session"); err != nil || c.Value != "s1" {
			w.WriteHeader(http.StatusUnauthorized)
		}
	})
	logged := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mux.ServeHTTP(w, r)
		json.NewEncoder(os.Stdout).Encode(map[string]string{"msg": "request", "path": r.URL.Path,
			"format": os.Getenv("UGCFOLIO_LOG_FORMAT"), "extra": os.Getenv("BENCHSERVER_EXTRA")})
	})
	go http.Serve(ln, logged)
	interrupt := make(chan os.Signal, 1)
	signal.Notify(interrupt, os.Interrupt)
	<-interrupt
	return nil
}

func startFake(t *testing.T, cfg Config) *Server {
	t.Helper()
	t.Setenv("BENCHSERVER_FAKE", "1")
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cfg.Bin = self
	if cfg.Data == "" {
		cfg.Data = t.TempDir()
	}
	s, err := Start(cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(s.Stop)
	return s
}

// Start makes the admin and serves on a loopback port, healthy; Login
// signs in with the admin's password and keeps the session; the log
// reaches Config.Log as JSON with Config.Env in the environment; Stop
// ends the process.
func TestStartLoginStop(t *testing.T) {
	// Read only after Stop: os/exec's Wait waits for the copy into log to end.
	var log strings.Builder
	s := startFake(t, Config{Admin: true, Env: []string{"BENCHSERVER_EXTRA=yes"}, Log: &log})
	if !strings.HasPrefix(s.Addr, "127.0.0.1:") || s.URL != "http://"+s.Addr {
		t.Fatalf("addr %q url %q", s.Addr, s.URL)
	}
	c, err := s.Login(nil)
	if err != nil {
		t.Fatal(err)
	}
	res, err := c.Get(s.URL + "/api/me")
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != 200 {
		t.Fatalf("signed-in client: status %d", res.StatusCode)
	}
	s.Stop()
	if _, err := http.Get(s.URL + "/healthz"); err == nil {
		t.Fatal("the server still answers after Stop")
	}
	want := `{"extra":"yes","format":"json","msg":"request","path":"/api/login"}`
	if !strings.Contains(log.String(), want) {
		t.Fatalf("log has no %s:\n%s", want, log.String())
	}
}

// A wrong password is an error that quotes the server's answer.
func TestLoginRefused(t *testing.T) {
	data := t.TempDir()
	os.WriteFile(filepath.Join(data, "admin"), []byte(AdminEmail+" another-password"), 0o600)
	s := startFake(t, Config{Data: data})
	_, err := s.Login(nil)
	if err == nil || !strings.Contains(err.Error(), "401 wrong") {
		t.Fatalf("login with the wrong password: %v", err)
	}
}

// WatchPeak sees the 64 MB the server touched, after its rest figure.
func TestWatchPeak(t *testing.T) {
	s := startFake(t, Config{})
	rest := s.RSS()
	if rest <= 0 {
		t.Fatalf("RSS %d", rest)
	}
	stop := s.WatchPeak(time.Millisecond)
	res, err := http.Get(s.URL + "/grow")
	if err != nil {
		t.Fatal(err)
	}
	io.Copy(io.Discard, res.Body)
	res.Body.Close()
	if peak := stop(); peak < rest+64<<20 {
		t.Fatalf("peak %d B, at rest %d B: the 64 MB grown are missing", peak, rest)
	}
}

func TestStatCPU(t *testing.T) {
	// A command name with a space and a parenthesis; utime 150, stime 50 ticks.
	stat := "4242 (ugc folio)) S 1 4242 4242 0 -1 4194560 900 0 0 0 150 50 0 0 20 0 8 0 100 0 0"
	if got := statCPU([]byte(stat)); got != 2*time.Second {
		t.Fatalf("statCPU = %v, want 2s", got)
	}
	if got := statCPU([]byte("4242 (short) S 1")); got != 0 {
		t.Fatalf("statCPU of a short line = %v, want 0", got)
	}
}

// The server's CPU time grows while it works.
func TestCPU(t *testing.T) {
	s := startFake(t, Config{})
	before := s.CPU()
	for deadline := time.Now().Add(30 * time.Second); s.CPU() == before; {
		if time.Now().After(deadline) {
			t.Fatalf("CPU time stays %v while the server works", before)
		}
		res, err := http.Get(s.URL + "/grow")
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
	}
}

func TestWriteVideo(t *testing.T) {
	path := filepath.Join(t.TempDir(), "uploads", "v.mp4")
	if err := WriteVideo(path, 1<<20); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(b) != 1<<20 || string(b[4:12]) != "ftypisom" {
		t.Fatalf("%d bytes, starting %q", len(b), b[:16])
	}
}
