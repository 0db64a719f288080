package httpapi

import (
	"bytes"
	"context"
	"errors"
	"io/fs"
	"net/http"
	"strings"
	"time"

	"github.com/ugcfolio/ugcfolio/internal/lang"
	"github.com/ugcfolio/ugcfolio/internal/ssr"
	"github.com/ugcfolio/ugcfolio/internal/webapp"
)

// languageCookie keeps the visitor's language choice: "/" and "/privacy"
// follow it (web/src/lib/i18n/language.tsx mirrors localStorage here).
const languageCookie = "language"

// newHomePages is the cache of the pages rendered on the server (the home
// page and the privacy page, internal/ssr), fed with the visitor data this
// package serves.
func (s *Server) newHomePages(r ssr.Renderer, web fs.FS) *ssr.Home {
	return ssr.NewHome(ssr.HomeOptions{
		Renderer: r, Web: web, Data: s.homeData,
		Generation: s.version.Current,
		Origin:     s.siteURL,
	})
}

// serveHome answers GET / and GET /en, and the privacy page's GET /privacy
// and GET /en/privacy (ssr.Routes): the page rendered by the server when it
// can, else the app's plain page (the browser renders it, as before this
// existed). Either way the page view is counted here (internal/analytics).
func (s *Server) serveHome(w http.ResponseWriter, r *http.Request) {
	s.caps.Analytics.PageView(r, homeLanguage(r))
	if s.home == nil || s.cfg.GateEnabled() {
		// The coming-soon gate decides in the browser what a visitor sees.
		s.web.ServeHTTP(w, r)
		return
	}
	page, err := s.home.Page(r.Context(), r.URL.Path, homeLanguage(r))
	if err != nil {
		if !errors.Is(err, ssr.ErrBackingOff) {
			s.log.Error("home page render failed: serving the page rendered in the browser",
				"err", err, "retry_in", ssr.RenderBackoff)
		}
		s.web.ServeHTTP(w, r)
		return
	}
	h := w.Header()
	if page.ScriptHash != "" {
		h.Set("Content-Security-Policy", policyWithInlineScript(page.ScriptHash))
	}
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Cache-Control", "no-cache")
	h.Set("Vary", "Accept-Encoding, Cookie") // "/" and "/privacy" follow the language cookie
	body, etag := page.Body, page.ETag
	if page.Gzipped != nil && webapp.AcceptsGzip(r) {
		h.Set("Content-Encoding", "gzip")
		body, etag = page.Gzipped, strings.TrimSuffix(page.ETag, `"`)+`-gzip"`
	}
	h.Set("ETag", etag)
	http.ServeContent(w, r, "", time.Time{}, bytes.NewReader(body))
}

// policyWithInlineScript is the site's Content-Security-Policy that also lets the one inline
// script with this hash run: the rendered home page's loader (internal/ssr's NewShell).
func policyWithInlineScript(hash string) string {
	return strings.Replace(contentSecurityPolicy, "script-src 'self';", "script-src 'self' "+hash+";", 1)
}

// homeLanguage is the language of the page asked for: English at its
// English address (/en, /en/privacy), else the visitor's choice from the
// cookie, else Norwegian.
func homeLanguage(r *http.Request) string {
	if route, ok := ssr.RouteAt(r.URL.Path); ok && r.URL.Path == route.English {
		return lang.English
	}
	if c, err := r.Cookie(languageCookie); err == nil && lang.Valid(c.Value) {
		return c.Value
	}
	return lang.Default
}

// homeData is what the home page shows in a language: the public API's
// answers to a visitor, the same cached bytes.
func (s *Server) homeData(ctx context.Context, lang string) (ssr.Data, error) {
	var d ssr.Data
	var err error
	if d.Content, err = s.caps.Content.VisitorJSON(ctx, lang); err != nil {
		return d, err
	}
	if d.Portfolio, err = s.caps.Portfolio.VisitorJSON(ctx, lang); err != nil {
		return d, err
	}
	if d.Testimonials, err = s.caps.Testimonials.VisitorJSON(ctx, lang); err != nil {
		return d, err
	}
	d.ClientLogos, err = s.caps.Logos.VisitorJSON(ctx)
	return d, err
}

// robotsTxt answers GET /robots.txt (internal/ssr writes it).
func (s *Server) robotsTxt(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Cache-Control", "public, max-age=3600")
	w.Write([]byte(ssr.RobotsTxt(s.siteURL)))
}

// sitemapXML answers GET /sitemap.xml (internal/ssr writes it).
func (s *Server) sitemapXML(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "application/xml; charset=utf-8")
	w.Header().Set("Cache-Control", "public, max-age=3600")
	w.Write([]byte(ssr.Sitemap(s.siteURL)))
}
