package tlsserve

import (
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/json"
	"encoding/pem"
	"fmt"
	"io"
	"math/big"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

const domain = "shop.ugcfolio.test"

// TestCertificateFromPebble runs the whole of automatic HTTPS against a real
// ACME server on loopback (Let's Encrypt's Pebble, validating challenges for
// real against our listeners, names resolved by pebble-challtestsrv): the
// first HTTPS request obtains a certificate, the site answers over TLS with
// it and sends HSTS, plain HTTP redirects, and the certificate is kept in
// the cache directory so a restart needs no CA.
func TestCertificateFromPebble(t *testing.T) {
	httpsLn := listen(t)
	httpLn := listen(t)
	httpsPort := port(httpsLn)
	peb := startPebble(t, httpsPort, port(httpLn))

	cache := filepath.Join(t.TempDir(), "certs")
	site, err := New(Options{
		Domains: []string{domain}, Email: "owner@ugcfolio.test", DirectoryURL: peb.directory,
		CacheDir: cache, Roots: peb.wfeRoots, HTTPSPort: strconv.Itoa(httpsPort),
	})
	if err != nil {
		t.Fatal(err)
	}
	hello := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprintf(w, "hello over %s", r.Proto)
	})
	serve(t, &http.Server{Handler: site.HTTPSHandler(hello), TLSConfig: site.TLSConfig()}, httpsLn, true)
	serve(t, &http.Server{Handler: site.HTTPHandler()}, httpLn, false)

	// Over TLS, checked against Pebble's root of this run.
	client := clientFor(peb.issuerRoots(t), httpsLn.Addr().String())
	res, err := client.Get(fmt.Sprintf("https://%s:%d/hello", domain, httpsPort))
	if err != nil {
		t.Fatalf("HTTPS request (obtains the certificate): %v\npebble: %s", err, peb.out.String())
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != 200 || !strings.HasPrefix(string(body), "hello over HTTP/") {
		t.Fatalf("answer %d %q", res.StatusCode, body)
	}
	if got := res.Header.Get("Strict-Transport-Security"); got != HSTS {
		t.Errorf("HSTS = %q, want %q", got, HSTS)
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
	restarted, err := New(Options{Domains: []string{domain}, DirectoryURL: "https://127.0.0.1:1/dir", CacheDir: cache, Roots: peb.wfeRoots})
	if err != nil {
		t.Fatal(err)
	}
	ln2 := listen(t)
	serve(t, &http.Server{Handler: restarted.HTTPSHandler(hello), TLSConfig: restarted.TLSConfig()}, ln2, true)
	res, err = clientFor(peb.issuerRoots(t), ln2.Addr().String()).Get("https://" + domain + "/hello")
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

type pebble struct {
	directory  string
	management string
	wfeRoots   *x509.CertPool // signs Pebble's own HTTPS
	out        *logBuf
}

// issuerRoots fetches the root Pebble signs certificates with in this run.
func (p *pebble) issuerRoots(t *testing.T) *x509.CertPool {
	t.Helper()
	c := &http.Client{Transport: &http.Transport{TLSClientConfig: &tls.Config{RootCAs: p.wfeRoots}}}
	res, err := c.Get(p.management + "/roots/0")
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	pool := x509.NewCertPool()
	if !pool.AppendCertsFromPEM(b) {
		t.Fatalf("Pebble root: %s", b)
	}
	return pool
}

// startPebble runs pebble-challtestsrv as the DNS server (every name is
// 127.0.0.1) and Pebble validating challenges on our ports.
func startPebble(t *testing.T, tlsPort, httpPort int) *pebble {
	t.Helper()
	pebbleBin := tool(t, "pebble")
	challBin := tool(t, "pebble-challtestsrv")
	dir := t.TempDir()
	certFile, keyFile, roots := selfSigned(t, dir)
	dnsAddr := "127.0.0.1:" + strconv.Itoa(freePort(t))
	out := &logBuf{}
	start(t, out, challBin, "-dnsserver", dnsAddr, "-management", "127.0.0.1:"+strconv.Itoa(freePort(t)),
		"-http01", "", "-https01", "", "-tlsalpn01", "", "-doh", "", "-defaultIPv4", "127.0.0.1", "-defaultIPv6", "")

	wfe := "127.0.0.1:" + strconv.Itoa(freePort(t))
	mgmt := "127.0.0.1:" + strconv.Itoa(freePort(t))
	var cfg struct {
		Pebble map[string]any `json:"pebble"`
	}
	cfg.Pebble = map[string]any{
		"listenAddress": wfe, "managementListenAddress": mgmt,
		"certificate": certFile, "privateKey": keyFile,
		"httpPort": httpPort, "tlsPort": tlsPort,
		"externalAccountBindingRequired": false,
		"retryAfter":                     map[string]int{"authz": 1, "order": 1},
		"keyAlgorithm":                   "ecdsa",
		"profiles":                       map[string]any{"default": map[string]any{"description": "test", "validityPeriod": 7776000}},
	}
	b, _ := json.Marshal(cfg)
	cfgFile := filepath.Join(dir, "pebble.json")
	if err := os.WriteFile(cfgFile, b, 0o600); err != nil {
		t.Fatal(err)
	}
	start(t, out, pebbleBin, "-config", cfgFile, "-dnsserver", dnsAddr)
	waitTCP(t, wfe, out)
	waitTCP(t, mgmt, out)
	return &pebble{directory: "https://" + wfe + "/dir", management: "https://" + mgmt, wfeRoots: roots, out: out}
}

// tool finds .tools/NAME at the module root (built by `make tools`). Outside
// CI a missing tool skips the test; in CI it fails.
func tool(t *testing.T, name string) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			break
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("no go.mod above the working directory")
		}
		dir = parent
	}
	p := filepath.Join(dir, ".tools", name)
	if _, err := os.Stat(p); err != nil {
		if os.Getenv("CI") == "" {
			t.Skipf("%s is missing: run `make tools`", p)
		}
		t.Fatalf("%s is missing: run `make tools`", p)
	}
	return p
}

func start(t *testing.T, out *logBuf, bin string, args ...string) {
	t.Helper()
	cmd := exec.Command(bin, args...)
	// No random sleeps before validation, and no nonces refused on purpose:
	// the test stays fast and certain.
	cmd.Env = append(os.Environ(), "PEBBLE_VA_NOSLEEP=1", "PEBBLE_WFE_NONCEREJECT=0")
	cmd.Stdout, cmd.Stderr = out, out
	if err := cmd.Start(); err != nil {
		t.Fatalf("start %s: %v", bin, err)
	}
	exited := make(chan struct{})
	go func() { cmd.Wait(); close(exited) }()
	t.Cleanup(func() { cmd.Process.Kill(); <-exited })
}

func waitTCP(t *testing.T, addr string, out *logBuf) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for {
		c, err := net.DialTimeout("tcp", addr, 200*time.Millisecond)
		if err == nil {
			c.Close()
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("nothing listens on %s: %s", addr, out.String())
		}
		time.Sleep(25 * time.Millisecond)
	}
}

func freePort(t *testing.T) int {
	ln := listen(t)
	ln.Close()
	return port(ln)
}

// selfSigned writes a certificate for 127.0.0.1 that signs itself, for
// Pebble's own HTTPS, and returns the pool that trusts it.
func selfSigned(t *testing.T, dir string) (certFile, keyFile string, roots *x509.CertPool) {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{
		SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "pebble test"},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(24 * time.Hour),
		IPAddresses: []net.IP{net.ParseIP("127.0.0.1")}, DNSNames: []string{"localhost"},
		KeyUsage: x509.KeyUsageDigitalSignature | x509.KeyUsageCertSign, ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
		IsCA: true, BasicConstraintsValid: true,
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	keyDER, err := x509.MarshalPKCS8PrivateKey(key)
	if err != nil {
		t.Fatal(err)
	}
	certFile, keyFile = filepath.Join(dir, "cert.pem"), filepath.Join(dir, "key.pem")
	if err := os.WriteFile(certFile, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der}), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(keyFile, pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: keyDER}), 0o600); err != nil {
		t.Fatal(err)
	}
	cert, _ := x509.ParseCertificate(der)
	roots = x509.NewCertPool()
	roots.AddCert(cert)
	return certFile, keyFile, roots
}

// logBuf collects the output of the test servers, for failure messages.
type logBuf struct {
	mu sync.Mutex
	b  strings.Builder
}

func (l *logBuf) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *logBuf) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}
