package httpapi

import (
	"context"
	"errors"
	"net/http"
	"testing"

	"github.com/ugcfolio/ugcfolio/internal/media"
	"github.com/ugcfolio/ugcfolio/internal/store"
	"github.com/ugcfolio/ugcfolio/internal/store/storetest"
)

// wantProbe checks a probe's status, body and that nobody may cache it.
func wantProbe(t *testing.T, c *client, path string, status int, body string) {
	t.Helper()
	r := c.do("GET", path, nil, "User-Agent", browserUA)
	if r.status != status || r.body != body+"\n" || r.header.Get("Cache-Control") != "no-store" {
		t.Fatalf("GET %s: %d %q, Cache-Control %q; want %d %s", path, r.status, r.body, r.header.Get("Cache-Control"), status, body)
	}
}

// Issue 27: /healthz says the process is alive and asks nothing else;
// /readyz says whether to send it requests: database and storage answer,
// and it is not draining. Neither is behind the gate nor counted.
func TestProbes(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st, gateOn)
		c := e.client() // no gate pass, no session
		wantProbe(t, c, "/healthz", http.StatusOK, `{"status":"ok"}`)
		wantProbe(t, c, "/readyz", http.StatusOK, `{"status":"ok"}`)
		e.server.Analytics().Flush()
		if n := e.server.Analytics().Written(); n != 0 {
			t.Fatalf("probes counted as %v analytics events", n)
		}

		e.server.Drain()
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
	e := newEnvDeps(t, sqliteStore(t), nil, func(d *Deps) { d.Storage = brokenStorage{} })
	wantProbe(t, e.client(), "/readyz", http.StatusServiceUnavailable, `{"status":"unavailable","failed":["storage"]}`)

	e = newEnv(t, sqliteStore(t), nil)
	e.store.Close()
	// Alive all the same: a database outage must not get every replica restarted.
	wantProbe(t, e.client(), "/healthz", http.StatusOK, `{"status":"ok"}`)
	wantProbe(t, e.client(), "/readyz", http.StatusServiceUnavailable, `{"status":"unavailable","failed":["database"]}`)
}
