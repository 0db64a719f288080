package main

import (
	"bytes"
	"context"
	"crypto/tls"
	"encoding/json"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/ugcfolio/ugcfolio/internal/tlsserve/pebbletest"
)

// TestServeWithDomain: `serve --domain` gets its certificate from a real
// ACME server (Pebble) on the first HTTPS request, answers over TLS with
// HSTS, marks the session cookie Secure, keeps the certificate in
// DATA/certs, and redirects plain HTTP.
func TestServeWithDomain(t *testing.T) {
	t.Parallel()
	const domain = "studio.ugcfolio.test"
	httpsAddr, httpAddr := freeAddr(t), freeAddr(t)
	_, httpsPort, _ := net.SplitHostPort(httpsAddr)
	peb := pebbletest.Start(t, port(t, httpsAddr), port(t, httpAddr))
	data := t.TempDir()
	getenv := env("UGCFOLIO_HTTPS_ADDR", httpsAddr, "UGCFOLIO_HTTP_ADDR", httpAddr,
		"UGCFOLIO_ACME_DIRECTORY", peb.Directory, "UGCFOLIO_ACME_CA_FILE", peb.WFECAFile)
	if r := runCmd(t, context.Background(), getenv, backupPassword+"\n", "admin", "create", "--email", backupAdmin, "--data", data); r.code != 0 {
		t.Fatalf("admin create: %+v", r)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan result, 1)
	go func() { done <- runCmd(t, ctx, getenv, "", "serve", "--data", data, "--domain", domain) }()
	defer func() {
		cancel()
		if r := <-done; r.code != 0 {
			t.Errorf("serve: %+v", r)
		}
	}()
	waitFor(t, func() bool {
		c, err := net.Dial("tcp", httpsAddr)
		if err == nil {
			c.Close()
		}
		return err == nil
	})

	dialer := &net.Dialer{Timeout: 5 * time.Second}
	client := &http.Client{Timeout: time.Minute, Transport: &http.Transport{
		TLSClientConfig: &tls.Config{RootCAs: peb.IssuerRoots(t)},
		DialContext: func(ctx context.Context, network, _ string) (net.Conn, error) {
			return dialer.DialContext(ctx, network, httpsAddr)
		},
	}}
	site := "https://" + domain + ":" + httpsPort
	res, err := client.Get(site + "/healthz")
	if err != nil {
		t.Fatalf("HTTPS: %v\n%s", err, peb.Output())
	}
	res.Body.Close()
	if res.StatusCode != 200 || res.Header.Get("Strict-Transport-Security") != "max-age=63072000" { // httpapi sends HSTS over TLS
		t.Fatalf("HTTPS /healthz: %d, HSTS %q", res.StatusCode, res.Header.Get("Strict-Transport-Security"))
	}
	if _, err := os.Stat(filepath.Join(data, "certs", domain)); err != nil {
		t.Errorf("certificate not kept in the data directory: %v", err)
	}

	body, _ := json.Marshal(map[string]string{"username": backupAdmin, "password": backupPassword})
	res, err = client.Post(site+"/api/login", "application/json", bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	var session *http.Cookie
	for _, c := range res.Cookies() {
		if c.Name == "__Host-ugcfolio_session" {
			session = c
		}
	}
	if res.StatusCode != 200 || session == nil || !session.Secure || session.Path != "/" || session.Domain != "" {
		t.Fatalf("login over HTTPS: %d, session cookie %+v (want __Host-ugcfolio_session, Secure, Path=/)", res.StatusCode, session)
	}
	// The prefixed cookie is the session: the admin API answers with it.
	req, _ := http.NewRequest("GET", site+"/api/user", nil)
	req.AddCookie(session)
	res, err = client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	var me struct{ Username string }
	json.NewDecoder(res.Body).Decode(&me)
	res.Body.Close()
	if res.StatusCode != 200 || me.Username != backupAdmin {
		t.Errorf("GET /api/user with the __Host- cookie: %d %q", res.StatusCode, me.Username)
	}

	noFollow := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	req, _ = http.NewRequest("GET", "http://"+httpAddr+"/en?x=1", nil)
	req.Host = domain
	res, err = noFollow.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusMovedPermanently || res.Header.Get("Location") != site+"/en?x=1" {
		t.Errorf("plain HTTP: %d Location %q", res.StatusCode, res.Header.Get("Location"))
	}
}

func port(t *testing.T, addr string) int {
	t.Helper()
	a, err := net.ResolveTCPAddr("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	return a.Port
}
