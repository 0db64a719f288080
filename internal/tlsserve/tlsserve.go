// Package tlsserve is automatic HTTPS: certificates for the site's names
// obtained and renewed over ACME (Let's Encrypt by default) with
// golang.org/x/crypto/acme/autocert, kept in the data directory, and a
// plain-HTTP handler that answers ACME
// http-01 challenges and redirects everything else to HTTPS.
package tlsserve

import (
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"strings"
	"time"

	"golang.org/x/crypto/acme"
	"golang.org/x/crypto/acme/autocert"
)

// Options configure automatic HTTPS.
type Options struct {
	Domains      []string // the names certificates are for
	Email        string   // contact for the CA (expiry notices); may be empty
	DirectoryURL string   // ACME directory; "" means Let's Encrypt
	CacheDir     string   // account key and certificates (DATA/certs), created 0700
	// Roots, when set, verify the ACME server's own HTTPS certificate
	// (a private CA); nil means the system's roots.
	Roots *x509.CertPool
	// HTTPSPort is the port the HTTPS listener is reached on from outside;
	// "" or "443" redirects to plain https://host/.
	HTTPSPort string
}

// Site answers for the configured names over HTTPS.
type Site struct {
	manager   *autocert.Manager
	httpsPort string
}

// New prepares the certificate manager; nothing is requested until the
// first TLS handshake for one of the names.
func New(o Options) (*Site, error) {
	if len(o.Domains) == 0 {
		return nil, errors.New("tlsserve: no domain")
	}
	if o.CacheDir == "" {
		return nil, errors.New("tlsserve: no certificate directory")
	}
	if err := os.MkdirAll(o.CacheDir, 0o700); err != nil {
		return nil, fmt.Errorf("certificate directory %s: %v", o.CacheDir, err)
	}
	client := &acme.Client{DirectoryURL: o.DirectoryURL, UserAgent: "ugcfolio"}
	if client.DirectoryURL == "" {
		client.DirectoryURL = autocert.DefaultACMEDirectory
	}
	if o.Roots != nil {
		client.HTTPClient = &http.Client{
			Timeout:   time.Minute,
			Transport: &http.Transport{TLSClientConfig: &tls.Config{RootCAs: o.Roots, MinVersion: tls.VersionTLS12}},
		}
	}
	m := &autocert.Manager{
		Prompt:     autocert.AcceptTOS,
		Cache:      autocert.DirCache(o.CacheDir),
		HostPolicy: autocert.HostWhitelist(o.Domains...),
		Email:      o.Email,
		Client:     client,
	}
	return &Site{manager: m, httpsPort: o.HTTPSPort}, nil
}

// LoadRoots reads a PEM file of CA certificates.
func LoadRoots(path string) (*x509.CertPool, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	pool := x509.NewCertPool()
	if !pool.AppendCertsFromPEM(b) {
		return nil, fmt.Errorf("%s holds no PEM certificate", path)
	}
	return pool, nil
}

// TLSConfig is the HTTPS listener's configuration: certificates on demand
// (and the tls-alpn-01 challenge), TLS 1.2 at least.
func (s *Site) TLSConfig() *tls.Config {
	c := s.manager.TLSConfig()
	c.MinVersion = tls.VersionTLS12
	return c
}

// HTTPHandler is the plain-HTTP side: ACME http-01 challenges, and a
// permanent redirect to the same URL over HTTPS for everything else.
func (s *Site) HTTPHandler() http.Handler {
	return s.manager.HTTPHandler(http.HandlerFunc(s.redirect))
}

func (s *Site) redirect(w http.ResponseWriter, r *http.Request) {
	host := r.Host
	if h, _, err := net.SplitHostPort(host); err == nil {
		host = h
	}
	if host == "" || s.manager.HostPolicy(r.Context(), strings.ToLower(host)) != nil {
		// Never redirect to a name we do not serve (an open redirect).
		http.Error(w, "Unknown host: use HTTPS", http.StatusMisdirectedRequest)
		return
	}
	if s.httpsPort != "" && s.httpsPort != "443" {
		host = net.JoinHostPort(host, s.httpsPort)
	}
	code := http.StatusMovedPermanently
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		code = http.StatusPermanentRedirect // keeps the method and body
	}
	http.Redirect(w, r, "https://"+host+r.URL.RequestURI(), code)
}

// HostPrefixed renames the cookie name of next's answers to "__Host-"+name
// over HTTPS, and back for next's requests, so next keeps its one name.
// Browsers accept a __Host- cookie only when it is Secure, has Path=/ and
// no Domain: no subdomain and no plain-HTTP page can set or shadow it.
//
// Sessions from before the prefix keep working: a request carrying only
// the old name is passed on as it is, and the first answer that sets the
// cookie also removes the old one, so a later logout cannot fall back to it.
func HostPrefixed(name string, next http.Handler) http.Handler {
	prefixed := "__Host-" + name
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var hasOld, hasNew bool
		for _, c := range r.Cookies() {
			hasOld = hasOld || c.Name == name
			hasNew = hasNew || c.Name == prefixed
		}
		if hasNew {
			// Pass on the prefixed cookie under the plain name, and only it.
			var kept []string
			for _, c := range r.Cookies() {
				switch c.Name {
				case name:
				case prefixed:
					kept = append(kept, name+"="+c.Value)
				default:
					kept = append(kept, c.Name+"="+c.Value)
				}
			}
			r = r.Clone(r.Context())
			r.Header.Set("Cookie", strings.Join(kept, "; "))
		}
		cw := &cookieRenamer{ResponseWriter: w, name: name, prefixed: prefixed, dropOld: hasOld}
		next.ServeHTTP(cw, r)
		cw.rename() // a handler that wrote nothing: headers go out after it returns
	})
}

type cookieRenamer struct {
	http.ResponseWriter
	name, prefixed string
	dropOld        bool
	done           bool
}

func (c *cookieRenamer) rename() {
	if c.done {
		return
	}
	c.done = true
	h := c.ResponseWriter.Header()
	cookies := h.Values("Set-Cookie")
	changed := false
	for i, v := range cookies {
		if strings.HasPrefix(v, c.name+"=") {
			cookies[i] = "__Host-" + v
			changed = true
		}
	}
	if !changed {
		return
	}
	if c.dropOld {
		cookies = append(cookies, (&http.Cookie{Name: c.name, Path: "/", MaxAge: -1, HttpOnly: true, Secure: true, SameSite: http.SameSiteLaxMode}).String())
	}
	h["Set-Cookie"] = cookies
}

func (c *cookieRenamer) WriteHeader(code int) {
	c.rename()
	c.ResponseWriter.WriteHeader(code)
}

func (c *cookieRenamer) Write(b []byte) (int, error) {
	c.rename()
	return c.ResponseWriter.Write(b)
}

// Unwrap lets http.ResponseController reach the real writer.
func (c *cookieRenamer) Unwrap() http.ResponseWriter { return c.ResponseWriter }
