package clientaddr

import (
	"net/http"
	"strings"
)

// OverHTTPS applies the rules of an answer to a request that reached us
// over HTTPS (IsHTTPS): every cookie is marked Secure and HSTS tells the
// browser to use HTTPS for two years; over plain HTTP (local development,
// tests) neither, or the browser would drop the cookie or refuse the site.
func (p Proxies) OverHTTPS(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !p.IsHTTPS(r) {
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
		if !HasCookieAttr(c, "Secure") {
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

// HasCookieAttr reports whether a Set-Cookie value has the attribute
// (Secure, HttpOnly, Path=/…), in any case.
func HasCookieAttr(cookie, attr string) bool {
	parts := strings.Split(cookie, ";")
	for _, a := range parts[1:] {
		if strings.EqualFold(strings.TrimSpace(a), attr) {
			return true
		}
	}
	return false
}
