// Package pebbletest starts Let's Encrypt's ACME test server, Pebble, on
// loopback for tests of automatic HTTPS. It validates challenges for real
// against the listeners under test; pebble-challtestsrv answers its DNS
// queries with 127.0.0.1 for every name.
//
// Both binaries are built into .tools/ by `make tools`. Without them a test
// is skipped on a developer's machine, but fails in CI (CI set).
package pebbletest

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/json"
	"encoding/pem"
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

// Pebble is a running Pebble.
type Pebble struct {
	Directory  string         // the ACME directory URL
	management string         // Pebble's management API
	WFERoots   *x509.CertPool // trust Pebble's own HTTPS
	WFECAFile  string         // the same as a PEM file
	out        *logBuf
}

// Output is what Pebble and the DNS server printed, for failure messages.
func (p *Pebble) Output() string { return p.out.String() }

// issuerRoots fetches the root Pebble signs certificates with in this run.
func (p *Pebble) IssuerRoots(t testing.TB) *x509.CertPool {
	t.Helper()
	c := &http.Client{Transport: &http.Transport{TLSClientConfig: &tls.Config{RootCAs: p.WFERoots}}}
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

// Start runs pebble-challtestsrv as the DNS server (every name is
// 127.0.0.1) and Pebble, which validates challenges on tlsPort (tls-alpn-01)
// and httpPort (http-01) of 127.0.0.1. Both stop when the test ends.
func Start(t testing.TB, tlsPort, httpPort int) *Pebble {
	t.Helper()
	pebbleBin := tool(t, "pebble")
	challBin := tool(t, "pebble-challtestsrv")
	dir := t.TempDir()
	certFile, keyFile, roots := selfSigned(t, dir)
	ports := freePorts(t, 4)
	addr := func(i int) string { return "127.0.0.1:" + strconv.Itoa(ports[i]) }
	dnsAddr, challMgmt, wfe, mgmt := addr(0), addr(1), addr(2), addr(3)
	out := &logBuf{}
	start(t, out, challBin, "-dnsserver", dnsAddr, "-management", challMgmt,
		"-http01", "", "-https01", "", "-tlsalpn01", "", "-doh", "", "-defaultIPv4", "127.0.0.1", "-defaultIPv6", "")

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
	return &Pebble{Directory: "https://" + wfe + "/dir", management: "https://" + mgmt, WFERoots: roots, WFECAFile: certFile, out: out}
}

// tool finds .tools/NAME at the module root (built by `make tools`). Outside
// CI a missing tool skips the test; in CI it fails.
func tool(t testing.TB, name string) string {
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

func start(t testing.TB, out *logBuf, bin string, args ...string) {
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

func waitTCP(t testing.TB, addr string, out *logBuf) {
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

// selfSigned writes a certificate for 127.0.0.1 that signs itself, for
// Pebble's own HTTPS, and returns the pool that trusts it.
func selfSigned(t testing.TB, dir string) (certFile, keyFile string, roots *x509.CertPool) {
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

// freePorts picks n distinct free ports on loopback. All listeners stay open
// until every port is chosen: picking them one at a time could hand out the
// same port twice (CI once saw the DNS server and Pebble's management API
// collide), since a port closed is free to be chosen again.
func freePorts(t testing.TB, n int) []int {
	ports := make([]int, n)
	for i := range ports {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		defer ln.Close()
		ports[i] = ln.Addr().(*net.TCPAddr).Port
	}
	return ports
}
