// Package benchserver runs the built ugcfolio binary for the benchmark
// programs under cmd/ (uploadbench, slowreadbench): `ugcfolio serve` on a
// free loopback port over a data dir of the program's, ready once /healthz
// answers, signed in to as an admin, and measured from /proc (memory, CPU).
// The real binary, not the handler in the same process, so that what is
// measured is the server alone, as deployed.
package benchserver

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/cookiejar"
	"os"
	"os/exec"
	"strings"
	"time"
)

// The admin that Config.Admin makes (the scripts' bench admin too).
const (
	AdminEmail    = "bench@example.no"
	AdminPassword = "bench-password-1"
)

// Config says what Start runs.
type Config struct {
	Bin   string    // the ugcfolio binary
	Data  string    // its data dir (--data)
	Admin bool      // make the admin AdminEmail first (`ugcfolio admin create`)
	Env   []string  // more environment (KEY=value), e.g. UGCFOLIO_VIDEO_PROCESSING=off
	Log   io.Writer // the server's standard output: its log, one JSON object a line; nil discards it
	Addr  string    // listen here (a replica started again on its address); "": a free loopback port
}

// Server is a running `ugcfolio serve`.
type Server struct {
	Addr string // 127.0.0.1:PORT
	URL  string // http://127.0.0.1:PORT
	cmd  *exec.Cmd
}

// Start runs `ugcfolio serve` on a free loopback port with JSON logs and
// returns once GET /healthz answers 200 (at most 20 s).
func Start(cfg Config) (*Server, error) {
	if cfg.Admin {
		create := exec.Command(cfg.Bin, "admin", "create", "--email", AdminEmail, "--data", cfg.Data)
		create.Env = append(os.Environ(), cfg.Env...) // DATABASE_URL among them
		create.Stdin = strings.NewReader(AdminPassword + "\n")
		if out, err := create.CombinedOutput(); err != nil {
			return nil, fmt.Errorf("admin create: %v: %s", err, out)
		}
	}
	addr, err := cfg.Addr, error(nil)
	if addr == "" {
		addr, err = FreeAddr()
	}
	if err != nil {
		return nil, err
	}
	cmd := exec.Command(cfg.Bin, "serve", "--addr", addr, "--data", cfg.Data)
	cmd.Env = append(append(os.Environ(), "UGCFOLIO_LOG_FORMAT=json"), cfg.Env...)
	cmd.Stdout, cmd.Stderr = cfg.Log, os.Stderr
	if cfg.Log == nil {
		cmd.Stdout = io.Discard
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	s := &Server{Addr: addr, URL: "http://" + addr, cmd: cmd}
	for deadline := time.Now().Add(20 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		if res, err := http.Get(s.URL + "/healthz"); err == nil {
			res.Body.Close()
			if res.StatusCode == 200 {
				return s, nil
			}
		}
		if time.Now().After(deadline) {
			s.Stop()
			return nil, errors.New("server did not become healthy")
		}
	}
}

// Stop interrupts the server, as Ctrl-C does, and waits for it to exit.
func (s *Server) Stop() {
	s.cmd.Process.Signal(os.Interrupt)
	s.cmd.Wait()
}

// Kill ends the server with SIGKILL, as a crash or the OOM killer would:
// no request finishes, nothing is handed back.
func (s *Server) Kill() {
	s.cmd.Process.Kill()
	s.cmd.Wait()
}

// Pid is the server's process id.
func (s *Server) Pid() int { return s.cmd.Process.Pid }

// Login signs in as the admin (Config.Admin) and returns a client that
// keeps the session cookie, sending through tr (nil: http.DefaultTransport).
func (s *Server) Login(tr http.RoundTripper) (*http.Client, error) {
	jar, _ := cookiejar.New(nil)
	c := &http.Client{Jar: jar, Transport: tr}
	res, err := PostJSON(c, s.URL+"/api/login", map[string]string{"username": AdminEmail, "password": AdminPassword})
	if err != nil {
		return nil, fmt.Errorf("login: %v", err)
	}
	res.Body.Close()
	return c, nil
}

// PostJSON posts body as JSON; any status but 200 is an error that quotes
// the answer. The caller closes the response's body.
func PostJSON(c *http.Client, url string, body any) (*http.Response, error) {
	b, _ := json.Marshal(body)
	res, err := c.Post(url, "application/json", bytes.NewReader(b))
	if err == nil && res.StatusCode != 200 {
		msg, _ := io.ReadAll(res.Body)
		res.Body.Close()
		return nil, fmt.Errorf("%s: %d %s", url, res.StatusCode, msg)
	}
	return res, err
}

// FreeAddr is a loopback address with a port that was free a moment ago.
func FreeAddr() (string, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", err
	}
	defer ln.Close()
	return ln.Addr().String(), nil
}
