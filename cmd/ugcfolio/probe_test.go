package main

import (
	"context"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// `ugcfolio probe` is the container's health check (the image has no
// curl): exit 0 when the address answers 200, else 1 with one line.
func TestProbe(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	var asked []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		asked = append(asked, r.URL.Path)
		if r.URL.Path == "/readyz" {
			http.Error(w, `{"status":"draining"}`, http.StatusServiceUnavailable)
		}
	}))
	defer srv.Close()
	_, port, _ := net.SplitHostPort(srv.Listener.Addr().String())

	// Default: /healthz of the serve address, asked on loopback when serve
	// listens on every interface.
	if r := runCmd(t, ctx, env("UGCFOLIO_ADDR", "0.0.0.0:"+port), "", "probe"); r.code != 0 || strings.Join(asked, " ") != "/healthz" {
		t.Fatalf("default probe: exit %d, asked %v, stderr %q", r.code, asked, r.stderr)
	}
	if r := runCmd(t, ctx, env(), "", "probe", srv.URL+"/readyz"); r.code != 1 ||
		strings.Count(r.stderr, "\n") != 1 || !strings.Contains(r.stderr, "answered 503") {
		t.Fatalf("503: exit %d, stderr %q", r.code, r.stderr)
	}
	srv.Close()
	if r := runCmd(t, ctx, env(), "", "probe", "--timeout", "2s", srv.URL+"/healthz"); r.code != 1 || strings.Count(r.stderr, "\n") != 1 {
		t.Fatalf("nobody listening: exit %d, stderr %q", r.code, r.stderr)
	}
	if r := runCmd(t, ctx, env(), "", "probe", "ftp://x/"); r.code == 0 || !strings.Contains(r.stderr, "http://") {
		t.Fatalf("not a web address: exit %d, stderr %q", r.code, r.stderr)
	}
}
