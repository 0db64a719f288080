package ssr

import (
	"encoding/json"
	"fmt"
	"html"
	"strings"

	"github.com/ugcfolio/ugcfolio/internal/lang"
)

// EnglishPath is the English home page's address; "/" is the Norwegian one (or the visitor's
// choice, kept in the language cookie).
const EnglishPath = "/en"

// HomePath is the address of the home page in a language.
func HomePath(language string) string {
	if language == lang.English {
		return EnglishPath
	}
	return "/"
}

// Data is what the home page shows: exactly the public API's answers to a visitor (the same
// cached bytes), so a field added to an item reaches the rendered page with no change here.
type Data struct {
	Content      json.RawMessage // GET /api/content
	Portfolio    json.RawMessage // GET /api/portfolio
	Testimonials json.RawMessage // GET /api/testimonials
	ClientLogos  json.RawMessage // GET /api/client-logos
}

// pageData is the JSON the page is rendered from and the browser hydrates from:
// web/src/lib/page-data.ts's PageData. defaults are the built-in texts of the sections the render
// answered (Page.Defaults), inlined so that the visitor's script need not carry them; nil before
// the render.
func pageData(d Data, path, lang string, defaults json.RawMessage) ([]byte, error) {
	return json.Marshal(struct {
		Language     string          `json:"language"`
		Path         string          `json:"path"`
		Content      json.RawMessage `json:"content"`
		Portfolio    json.RawMessage `json:"portfolio"`
		Testimonials json.RawMessage `json:"testimonials"`
		ClientLogos  json.RawMessage `json:"clientLogos"`
		Defaults     json.RawMessage `json:"defaults,omitempty"`
	}{lang, path, d.Content, d.Portfolio, d.Testimonials, d.ClientLogos, defaults})
}

// RobotsTxt is /robots.txt for the site at origin: everything may be crawled but the admin, the
// API and the sign-in page, and the sitemap is named.
func RobotsTxt(origin string) string {
	return "User-agent: *\nAllow: /\nDisallow: /admin\nDisallow: /api/\nDisallow: /auth\n\nSitemap: " + origin + "/sitemap.xml\n"
}

// Sitemap is /sitemap.xml for the site at origin: the home page in both languages, each naming
// the other as its alternate.
func Sitemap(origin string) string {
	type page struct{ lang, href string }
	var pages []page
	for _, l := range lang.All {
		pages = append(pages, page{l, origin + HomePath(l)})
	}
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
	return b.String()
}
