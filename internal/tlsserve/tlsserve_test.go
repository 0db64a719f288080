package tlsserve

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/ugcfolio/ugcfolio/internal/tlsserve/pebbletest"
)

const domain = "shop.ugcfolio.test"

// TestCertificateFromPebble runs the whole of automatic HTTPS against a real
// ACME server on loopback (Let's Encrypt's Pebble, validating challenges for
// real against our listeners, names resolved by pebble-challtestsrv): the
// first HTTPS request obtains a certificate, the site answers over TLS with
// it, plain HTTP redirects, and the certificate is kept in
// the cache directory so a restart needs no CA.
func TestCertificateFromPebble(t *testing.T) {
	httpsLn := listen(t)
	httpLn := listen(t)
	httpsPort := port(httpsLn)
	peb := pebbletest.Start(t, httpsPort, port(httpLn))

	cache := filepath.Join(t.TempDir(), "certs")
	site, err := New(Options{
		Domains: []string{domain}, Email: "owner@ugcfolio.test", DirectoryURL: peb.Directory,
		CacheDir: cache, Roots: peb.WFERoots, HTTPSPort: strconv.Itoa(httpsPort),
	})
	if err != nil {
		t.Fatal(err)
	}
	hello := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprintf(w, "hello over %s", r.Proto)
	})
	serve(t, &http.Server{Handler: hello, TLSConfig: site.TLSConfig()}, httpsLn, true)
	serve(t, &http.Server{Handler: site.HTTPHandler()}, httpLn, false)

	// Over TLS, checked against Pebble's root of this run.
	client := clientFor(peb.IssuerRoots(t), httpsLn.Addr().String())
	res, err := client.Get(fmt.Sprintf("https://%s:%d/hello", domain, httpsPort))
	if err != nil {
		t.Fatalf("HTTPS request (obtains the certificate): %v\npebble: %s", err, peb.Output())
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != 200 || !strings.HasPrefix(string(body), "hello over HTTP/") {
		t.Fatalf("answer %d %q", res.StatusCode, body)
	}
	leaf := res.TLS.PeerCertificates[0]
	if len(leaf.DNSNames) != 1 || leaf.DNSNames[0] != domain {
		t.Errorf("certificate names %v, want [%s]", leaf.DNSNames, domain)
	}

	// Plain HTTP: a permanent redirect to the same URL over HTTPS.
	noFollow := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	req, _ := http.NewRequest("GET", "http://"+httpLn.Addr().String()+"/portfolio?lang=en", nil)
	req.Host = domain
	res, err = noFollow.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	want := fmt.Sprintf("https://%s:%d/portfolio?lang=en", domain, httpsPort)
	if res.StatusCode != http.StatusMovedPermanently || res.Header.Get("Location") != want {
		t.Errorf("HTTP answer %d Location %q, want 301 %q", res.StatusCode, res.Header.Get("Location"), want)
	}
	// A name we do not serve gets no redirect (no open redirect).
	req.Host = "evil.example"
	res, err = noFollow.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusMisdirectedRequest {
		t.Errorf("unknown host: %d, want 421", res.StatusCode)
	}

	// The certificate is in the cache directory: a new Site whose CA is gone
	// serves the same certificate.
	if _, err := os.Stat(filepath.Join(cache, domain)); err != nil {
		t.Fatalf("certificate not kept in %s: %v", cache, err)
	}
	restarted, err := New(Options{Domains: []string{domain}, DirectoryURL: "https://127.0.0.1:1/dir", CacheDir: cache, Roots: peb.WFERoots})
	if err != nil {
		t.Fatal(err)
	}
	ln2 := listen(t)
	serve(t, &http.Server{Handler: hello, TLSConfig: restarted.TLSConfig()}, ln2, true)
	res, err = clientFor(peb.IssuerRoots(t), ln2.Addr().String()).Get("https://" + domain + "/hello")
	if err != nil {
		t.Fatalf("after restart: %v", err)
	}
	res.Body.Close()
	if !res.TLS.PeerCertificates[0].Equal(leaf) {
		t.Error("after restart a different certificate was served")
	}
}

// clientFor trusts roots and sends every connection to addr.
func clientFor(roots *x509.CertPool, addr string) *http.Client {
	dialer := &net.Dialer{Timeout: 5 * time.Second}
	return &http.Client{Timeout: 60 * time.Second, Transport: &http.Transport{
		TLSClientConfig: &tls.Config{RootCAs: roots},
		DialContext: func(ctx context.Context, network, _ string) (net.Conn, error) {
			return dialer.DialContext(ctx, network, addr)
		},
	}}
}

func listen(t *testing.T) net.Listener {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ln.Close() })
	return ln
}

func port(ln net.Listener) int { return ln.Addr().(*net.TCPAddr).Port }

func serve(t *testing.T, srv *http.Server, ln net.Listener, tls bool) {
	t.Helper()
	done := make(chan struct{})
	go func() {
		defer close(done)
		if tls {
			srv.ServeTLS(ln, "", "")
		} else {
			srv.Serve(ln)
		}
	}()
	t.Cleanup(func() { srv.Close(); <-done })
}
