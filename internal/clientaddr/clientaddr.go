// Package clientaddr says who a client is and how it reached us: the peer's
// address, or what a trusted proxy (UGCFOLIO_TRUSTED_PROXIES) says in
// X-Forwarded-For and X-Forwarded-Proto. Forwarded headers from anyone else
// are never believed. The rate limits count by Key; over HTTPS (IsHTTPS)
// every cookie is Secure and HSTS is sent (https.go).
package clientaddr

import (
	"log/slog"
	"net"
	"net/http"
	"net/netip"
	"strings"
	"sync"
)

// Proxies are the trusted proxies: the peers whose forwarded headers are believed.
type Proxies []netip.Prefix

// Key is the client the rate limits count: Addr, except that an IPv6
// client counts as its /64: one host holds a whole /64 and could take a
// fresh address for every request.
func (p Proxies) Key(r *http.Request) string {
	a := p.Addr(r)
	if a.Is6() {
		return netip.PrefixFrom(a, 64).Masked().String()
	}
	return a.String()
}

// Addr is the client's address: the peer's, or — only when the peer is a
// trusted proxy — the last address in X-Forwarded-For that is not itself
// trusted.
func (p Proxies) Addr(r *http.Request) netip.Addr {
	peer := Peer(r)
	if !p.trust(peer) {
		return peer
	}
	hops := strings.Split(r.Header.Get("X-Forwarded-For"), ",")
	for i := len(hops) - 1; i >= 0; i-- {
		a, err := netip.ParseAddr(strings.TrimSpace(hops[i]))
		if err != nil {
			break
		}
		if !p.trust(a.Unmap()) {
			return a.Unmap()
		}
	}
	return peer
}

// Peer is the address of the connection's other end.
func Peer(r *http.Request) netip.Addr {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		host = r.RemoteAddr
	}
	a, _ := netip.ParseAddr(host)
	return a.Unmap()
}

func (p Proxies) trust(a netip.Addr) bool {
	for _, prefix := range p {
		if prefix.Contains(a) {
			return true
		}
	}
	return false
}

// IsHTTPS reports whether the client's connection to us is HTTPS: TLS on
// our own listener, or a trusted proxy saying X-Forwarded-Proto: https.
func (p Proxies) IsHTTPS(r *http.Request) bool {
	if r.TLS != nil {
		return true
	}
	if !p.trust(Peer(r)) {
		return false
	}
	// A chain of proxies appends; the value closest to us is the last.
	protos := strings.Split(r.Header.Get("X-Forwarded-Proto"), ",")
	return strings.EqualFold(strings.TrimSpace(protos[len(protos)-1]), "https")
}

// WarnUntrusted logs once when requests carry X-Forwarded-For or
// X-Forwarded-Proto while no proxy is trusted. Behind a proxy that means
// every visitor shares the proxy's rate limits (one spammer blocks every
// inquiry) and the session cookie is never marked Secure. A client may send
// the headers itself; then the warning is noise, said once.
func (p Proxies) WarnUntrusted(log *slog.Logger, next http.Handler) http.Handler {
	if len(p) > 0 {
		return next
	}
	var once sync.Once
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("X-Forwarded-For") != "" || r.Header.Get("X-Forwarded-Proto") != "" {
			once.Do(func() {
				log.Warn("a request came through a proxy that is not trusted: set UGCFOLIO_TRUSTED_PROXIES to its address, "+
					"or every visitor shares its rate limits and the session cookie is not marked Secure",
					"peer", Peer(r).String())
			})
		}
		next.ServeHTTP(w, r)
	})
}
