package httpapi

import (
	"fmt"
	"html"
	"net/http"
	"strings"
)

// robotsTxt answers GET /robots.txt: everything may be crawled but the admin,
// the API and the sign-in page, and the sitemap is named.
func (s *Server) robotsTxt(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Cache-Control", "public, max-age=3600")
	fmt.Fprintf(w, "User-agent: *\nAllow: /\nDisallow: /admin\nDisallow: /api/\nDisallow: /auth\n\nSitemap: %s/sitemap.xml\n", s.siteOrigin(r))
}

// sitemapXML answers GET /sitemap.xml: the home page in both languages, each
// naming the other as its alternate.
func (s *Server) sitemapXML(w http.ResponseWriter, r *http.Request) {
	origin := s.siteOrigin(r)
	pages := []struct{ lang, href string }{{"no", origin + "/"}, {"en", origin + homePathEnglish}}
	var b strings.Builder
	b.WriteString(`<?xml version="1.0" encoding="UTF-8"?>` + "\n")
	b.WriteString(`<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">` + "\n")
	for _, p := range pages {
		fmt.Fprintf(&b, "  <url>\n    <loc>%s</loc>\n", html.EscapeString(p.href))
		for _, alt := range pages {
			fmt.Fprintf(&b, "    <xhtml:link rel=\"alternate\" hreflang=\"%s\" href=\"%s\"/>\n", alt.lang, html.EscapeString(alt.href))
		}
		b.WriteString("  </url>\n")
	}
	b.WriteString("</urlset>\n")
	w.Header().Set("Content-Type", "application/xml; charset=utf-8")
	w.Header().Set("Cache-Control", "public, max-age=3600")
	w.Write([]byte(b.String()))
}
