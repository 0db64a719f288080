// Package s3test starts a real S3-compatible server (versitygw over a temp
// directory) on loopback for tests of the S3 storage backend.
//
// The binary is built once into .tools/ by `make tools`. Without it a test
// is skipped on a developer's machine, but fails in CI (CI set), so the S3
// backend is never silently untested where it counts.
package s3test

import (
	"context"
	"crypto/rand"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ugcfolio/ugcfolio/internal/media"
)

// Binary finds .tools/versitygw at the module root ($VERSITYGW overrides).
func Binary() (string, error) {
	if p := os.Getenv("VERSITYGW"); p != "" {
		return p, nil
	}
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			p := filepath.Join(dir, ".tools", "versitygw")
			if _, err := os.Stat(p); err != nil {
				return "", fmt.Errorf("%s is missing: run `make tools`", p)
			}
			return p, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", fmt.Errorf("no go.mod above the working directory")
		}
		dir = parent
	}
}

// Start runs versitygw for the test and returns options for a fresh bucket
// on it; the server stops when the test ends.
func Start(t testing.TB) media.S3Options {
	t.Helper()
	o, _ := start(t, false)
	return o
}

// StartWithUsers is Start with versitygw's own users (its IAM kept in a
// temp directory) and its admin API, whose address it answers too; the
// options hold the root keys.
func StartWithUsers(t testing.TB) (root media.S3Options, adminURL string) {
	t.Helper()
	return start(t, true)
}

func start(t testing.TB, users bool) (media.S3Options, string) {
	t.Helper()
	bin, err := Binary()
	if err != nil {
		if os.Getenv("CI") == "" {
			t.Skipf("S3 test server not built (%v)", err)
		}
		t.Fatalf("S3 test server: %v", err)
	}
	port := freePort(t)
	access, secret := "test"+strings.ToLower(rand.Text()[:8]), rand.Text()
	root := t.TempDir()
	args := []string{"--port", fmt.Sprintf("127.0.0.1:%d", port)}
	adminURL := ""
	if users {
		adminPort := freePort(t)
		adminURL = fmt.Sprintf("http://127.0.0.1:%d", adminPort)
		args = append(args, "--admin-port", fmt.Sprintf("127.0.0.1:%d", adminPort), "--iam-dir", t.TempDir())
	}
	cmd := exec.Command(bin, append(args, "posix", root)...)
	cmd.Env = append(os.Environ(), "ROOT_ACCESS_KEY_ID="+access, "ROOT_SECRET_ACCESS_KEY="+secret)
	var out strings.Builder
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		t.Fatalf("start versitygw: %v", err)
	}
	exited := make(chan struct{})
	go func() { cmd.Wait(); close(exited) }()
	t.Cleanup(func() {
		cmd.Process.Kill()
		<-exited
	})
	addr := fmt.Sprintf("127.0.0.1:%d", port)
	deadline := time.Now().Add(20 * time.Second)
	for {
		select {
		case <-exited:
			t.Fatalf("versitygw exited: %s", out.String())
		default:
		}
		if c, err := net.DialTimeout("tcp", addr, 200*time.Millisecond); err == nil {
			c.Close()
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("versitygw did not listen on %s: %s", addr, out.String())
		}
		time.Sleep(50 * time.Millisecond)
	}
	return media.S3Options{Endpoint: addr, Bucket: "uploads", AccessKey: access, SecretKey: secret, Region: "us-east-1"}, adminURL
}

// New starts a server and connects S3 storage to it (creating the bucket).
func New(t testing.TB) *media.S3 {
	s, _ := NewWithOptions(t)
	return s
}

// NewWithOptions is New that also answers the server's options, for a
// Client that looks at the bucket behind the storage's back.
func NewWithOptions(t testing.TB) (*media.S3, media.S3Options) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	o := Start(t)
	s, err := media.NewS3(ctx, o)
	if err != nil {
		t.Fatal(err)
	}
	return s, o
}

func freePort(t testing.TB) int {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port
}
