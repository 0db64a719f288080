package ssr

import (
	"encoding/json"
	"fmt"
	"html"
	"strings"

	"github.com/ugcfolio/ugcfolio/internal/lang"
)

// Route is a page the server renders, by its address in each language: the home page and the
// privacy page. Its Norwegian address is also the visitor's choice of language (kept
// in the language cookie); its English one is English only.
type Route struct{ Norwegian, English string }

// The pages the server renders.
var (
	HomeRoute    = Route{Norwegian: "/", English: EnglishPath}
	PrivacyRoute = Route{Norwegian: "/privacy", English: "/en/privacy"}
	Routes       = []Route{HomeRoute, PrivacyRoute}
)

// EnglishPath is the English home page's address; "/" is the Norwegian one (or the visitor's
// choice, kept in the language cookie).
const EnglishPath = "/en"

// In is the page's address in a language.
func (p Route) In(language string) string {
	if language == lang.English {
		return p.English
	}
	return p.Norwegian
}

// RouteAt is the rendered page at path, if there is one.
func RouteAt(path string) (Route, bool) {
	for _, p := range Routes {
		if path == p.Norwegian || path == p.English {
			return p, true
		}
	}
	return Route{}, false
}

// Data is what a rendered page shows: exactly the public API's answers to a visitor (the same
// cached bytes), so a field added to an item reaches the rendered page with no change here.
type Data struct {
	Content      json.RawMessage // GET /api/content
	Portfolio    json.RawMessage // GET /api/portfolio
	Testimonials json.RawMessage // GET /api/testimonials
	ClientLogos  json.RawMessage // GET /api/client-logos
}

// pageData is the JSON the page is rendered from and the browser hydrates from:
// web/src/api/page-data.ts's PageData. The privacy page shows the texts only: without the lists
// its data is small, and an edit of an item does not render it again. (The browser then leaves
// the lists out of its cache and fetches them if the visitor goes on to the home page.)
func pageData(d Data, path, lang string) ([]byte, error) {
	if p, _ := RouteAt(path); p == PrivacyRoute {
		d.Portfolio, d.Testimonials, d.ClientLogos = nil, nil, nil
	}
	return json.Marshal(struct {
		Language     string          `json:"language"`
		Path         string          `json:"path"`
		Content      json.RawMessage `json:"content"`
		Portfolio    json.RawMessage `json:"portfolio,omitempty"`
		Testimonials json.RawMessage `json:"testimonials,omitempty"`
		ClientLogos  json.RawMessage `json:"clientLogos,omitempty"`
	}{lang, path, d.Content, d.Portfolio, d.Testimonials, d.ClientLogos})
}

// RobotsTxt is /robots.txt for the site at origin: everything may be crawled but the admin, the
// API and the sign-in page, and the sitemap is named.
func RobotsTxt(origin string) string {
	return "User-agent: *\nAllow: /\nDisallow: /admin\nDisallow: /api/\nDisallow: /auth\n\nSitemap: " + origin + "/sitemap.xml\n"
}

// Sitemap is /sitemap.xml for the site at origin: each rendered page in both languages, each
// naming the other as its alternate.
func Sitemap(origin string) string {
	var b strings.Builder
	b.WriteString(`<?xml version="1.0" encoding="UTF-8"?>` + "\n")
	b.WriteString(`<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">` + "\n")
	for _, p := range Routes {
		for _, l := range lang.All {
			fmt.Fprintf(&b, "  <url>\n    <loc>%s</loc>\n", html.EscapeString(origin+p.In(l)))
			for _, alt := range lang.All {
				fmt.Fprintf(&b, "    <xhtml:link rel=\"alternate\" hreflang=\"%s\" href=\"%s\"/>\n", alt, html.EscapeString(origin+p.In(alt)))
			}
			b.WriteString("  </url>\n")
		}
	}
	b.WriteString("</urlset>\n")
	return b.String()
}
