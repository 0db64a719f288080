package health_test

import (
	"context"
	"errors"
	"net/http"
	"testing"

	"github.com/ugcfolio/ugcfolio/internal/config"
	"github.com/ugcfolio/ugcfolio/internal/httpapi"
	"github.com/ugcfolio/ugcfolio/internal/media"
	"github.com/ugcfolio/ugcfolio/internal/sitetest"
)

// The probes through the real router (internal/sitetest).

const browserUA = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36"

// wantProbe checks a probe's status, body and that nobody may cache it.
func wantProbe(t *testing.T, c *sitetest.Client, path string, status int, body string) {
	t.Helper()
	r := c.Do("GET", path, nil, "User-Agent", browserUA)
	if r.Status != status || r.Body != body+"\n" || r.Header.Get("Cache-Control") != "no-store" {
		t.Fatalf("GET %s: %d %q, Cache-Control %q; want %d %s", path, r.Status, r.Body, r.Header.Get("Cache-Control"), status, body)
	}
}

// /healthz says the process is alive and asks nothing else;
// /readyz says whether to send it requests: database and storage answer,
// and it is not draining. Neither is behind the gate nor counted.
func TestProbes(t *testing.T) {
	t.Parallel()
	gateOn := func(c *config.Config) { c.GateUsername, c.GatePassword = "preview", "sommer-2025" }
	sitetest.Each(t, sitetest.Options{Config: gateOn}, func(t *testing.T, e *sitetest.Site) {
		c := e.Client() // no gate pass, no session
		wantProbe(t, c, "/healthz", http.StatusOK, `{"status":"ok"}`)
		wantProbe(t, c, "/readyz", http.StatusOK, `{"status":"ok"}`)
		e.Server.Analytics().Flush()
		if n := e.Server.Analytics().Written(); n != 0 {
			t.Fatalf("probes counted as %v analytics events", n)
		}

		e.Server.Drain()
		wantProbe(t, c, "/readyz", http.StatusServiceUnavailable, `{"status":"draining"}`)
		wantProbe(t, c, "/healthz", http.StatusOK, `{"status":"ok"}`)
	})
}

// brokenStorage is storage whose server does not answer.
type brokenStorage struct{ media.Storage }

func (brokenStorage) Open(context.Context, string) (media.File, error) {
	return nil, errors.New("dial tcp 192.0.2.1:9000: connection refused")
}

func TestReadyzNamesWhatFails(t *testing.T) {
	t.Parallel()
	e := sitetest.New(t, sitetest.SQLite(t), sitetest.Options{Deps: func(d *httpapi.Deps) { d.Storage = brokenStorage{} }})
	wantProbe(t, e.Client(), "/readyz", http.StatusServiceUnavailable, `{"status":"unavailable","failed":["storage"]}`)

	e = sitetest.New(t, sitetest.SQLite(t), sitetest.Options{})
	e.Store.Close()
	// Alive all the same: a database outage must not get every replica restarted.
	wantProbe(t, e.Client(), "/healthz", http.StatusOK, `{"status":"ok"}`)
	wantProbe(t, e.Client(), "/readyz", http.StatusServiceUnavailable, `{"status":"unavailable","failed":["database"]}`)
}
