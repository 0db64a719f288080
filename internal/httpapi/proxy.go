package httpapi

// Who the client is and how it reached us: the peer's address, or what a
// trusted proxy (UGCFOLIO_TRUSTED_PROXIES) says in X-Forwarded-For and
// X-Forwarded-Proto. Rate limits count by rateLimitKey; cookies are Secure
// when isHTTPS. Forwarded headers from anyone else are never believed.

import (
	"log/slog"
	"net"
	"net/http"
	"net/netip"
	"strings"
	"sync"
)

// rateLimitKey is the client the rate limits count: the peer's address, or —
// only when the peer is a trusted proxy — the last address in
// X-Forwarded-For that is not itself trusted. An IPv6 client counts as its
// /64: one host holds a whole /64 and could take a fresh address for every
// request.
func rateLimitKey(r *http.Request, trusted []netip.Prefix) string {
	return clientKey(clientAddr(r, trusted))
}

func clientAddr(r *http.Request, trusted []netip.Prefix) netip.Addr {
	peer := peerAddr(r.RemoteAddr)
	if !isTrusted(peer, trusted) {
		return peer
	}
	hops := strings.Split(r.Header.Get("X-Forwarded-For"), ",")
	for i := len(hops) - 1; i >= 0; i-- {
		a, err := netip.ParseAddr(strings.TrimSpace(hops[i]))
		if err != nil {
			break
		}
		if !isTrusted(a.Unmap(), trusted) {
			return a.Unmap()
		}
	}
	return peer
}

func clientKey(a netip.Addr) string {
	if a.Is6() {
		return netip.PrefixFrom(a, 64).Masked().String()
	}
	return a.String()
}

func peerAddr(remote string) netip.Addr {
	host, _, err := net.SplitHostPort(remote)
	if err != nil {
		host = remote
	}
	a, _ := netip.ParseAddr(host)
	return a.Unmap()
}

func isTrusted(a netip.Addr, trusted []netip.Prefix) bool {
	for _, p := range trusted {
		if p.Contains(a) {
			return true
		}
	}
	return false
}

// overHTTPS applies the rules of an answer to a request that reached us over
// HTTPS: either TLS on our own listener, or a trusted proxy
// (UGCFOLIO_TRUSTED_PROXIES) saying X-Forwarded-Proto: https. The header is
// believed from a trusted proxy only, as with X-Forwarded-For. Over HTTPS
// every cookie is marked Secure and HSTS tells the browser to use HTTPS
// for two years; over plain HTTP (local development, tests) neither, or
// the browser would drop the cookie or refuse the site.
func (s *Server) overHTTPS(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !isHTTPS(r, s.cfg.TrustedProxies) {
			next.ServeHTTP(w, r)
			return
		}
		w.Header().Set("Strict-Transport-Security", hstsValue)
		sw := &secureCookieWriter{ResponseWriter: w}
		next.ServeHTTP(sw, r)
		sw.markSecure() // a handler that wrote nothing: headers go out after it returns
	})
}

// hstsValue is two years, the same under serve --domain (TLS on our own
// listener) as behind a TLS proxy; this host
// only: a creator's other subdomains may still be on plain HTTP.
const hstsValue = "max-age=63072000"

// isHTTPS reports whether the client's connection to us is HTTPS.
func isHTTPS(r *http.Request, trusted []netip.Prefix) bool {
	if r.TLS != nil {
		return true
	}
	if !isTrusted(peerAddr(r.RemoteAddr), trusted) {
		return false
	}
	// A chain of proxies appends; the value closest to us is the last.
	protos := strings.Split(r.Header.Get("X-Forwarded-Proto"), ",")
	return strings.EqualFold(strings.TrimSpace(protos[len(protos)-1]), "https")
}

// secureCookieWriter adds the Secure attribute to each Set-Cookie header just
// before the headers are sent (scs adds its cookie at that moment too).
type secureCookieWriter struct {
	http.ResponseWriter
	done bool
}

func (w *secureCookieWriter) markSecure() {
	if w.done {
		return
	}
	w.done = true
	h := w.Header()
	for i, c := range h["Set-Cookie"] {
		if !hasCookieAttr(c, "Secure") {
			h["Set-Cookie"][i] = c + "; Secure"
		}
	}
}

func (w *secureCookieWriter) WriteHeader(code int) {
	w.markSecure()
	w.ResponseWriter.WriteHeader(code)
}

func (w *secureCookieWriter) Write(b []byte) (int, error) {
	w.markSecure()
	return w.ResponseWriter.Write(b)
}

// Unwrap lets http.ResponseController reach the real writer.
func (w *secureCookieWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

func hasCookieAttr(cookie, attr string) bool {
	parts := strings.Split(cookie, ";")
	for _, a := range parts[1:] {
		if strings.EqualFold(strings.TrimSpace(a), attr) {
			return true
		}
	}
	return false
}

// warnUntrustedForwarding logs once when requests carry X-Forwarded-For or
// X-Forwarded-Proto while no proxy is trusted. Behind a proxy that means
// every visitor shares the proxy's rate limits (one spammer blocks every
// inquiry) and the session cookie is never marked Secure. A client may send
// the headers itself; then the warning is noise, said once.
func warnUntrustedForwarding(log *slog.Logger, trusted []netip.Prefix, next http.Handler) http.Handler {
	if len(trusted) > 0 {
		return next
	}
	var once sync.Once
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("X-Forwarded-For") != "" || r.Header.Get("X-Forwarded-Proto") != "" {
			once.Do(func() {
				log.Warn("a request came through a proxy that is not trusted: set UGCFOLIO_TRUSTED_PROXIES to its address, "+
					"or every visitor shares its rate limits and the session cookie is not marked Secure",
					"peer", peerAddr(r.RemoteAddr).String())
			})
		}
		next.ServeHTTP(w, r)
	})
}
