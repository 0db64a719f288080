package ssr

import (
	"bytes"
	"encoding/json"
	"fmt"
	"html"
	"strings"

	language "github.com/ugcfolio/ugcfolio/internal/lang"
)

// defaultCardImage is the preview image when no featured item has a picture:
// 1200×630, in the site's colours (web/public/og-card.png).
const defaultCardImage = "/og-card.png"

// firstPaintAfter is the id of the element that follows the hero on the home page (the UGC
// section, web/src/features/public/sections/about.tsx). The home page's first paint waits until
// the browser has parsed it (`<link rel="expect" blocking="render">`): a browser may paint a page
// before it has parsed all of it, and a first frame with the navigation but not yet the hero
// made the hero's text the page's largest paint a frame later (about 1 load in 25 on a busy
// machine). e2e/tests/hydration.spec.ts checks that the element exists and follows
// the hero.
const firstPaintAfter = "ugc"

// headTags writes the head tags of a rendered page (route in lang): on the home page the hint
// that holds the first paint until the hero is parsed (firstPaintAfter), then title,
// description, canonical and hreflang links, OpenGraph and Twitter card, JSON-LD (when the
// render gave any).
func headTags(head Head, data []byte, route Route, lang, origin string) string {
	canonical := origin + route.In(lang)
	locale := "nb_NO"
	if lang == language.English {
		locale = "en_US"
	}
	image := origin + defaultCardImage
	if picture := featuredPicture(data); picture != "" {
		image = absoluteURL(origin, picture)
	}
	esc := html.EscapeString
	var b strings.Builder
	if route == HomeRoute {
		b.WriteString(`<link rel="expect" href="#` + firstPaintAfter + `" blocking="render">` + "\n")
	}
	fmt.Fprintf(&b, "<title>%s</title>\n", esc(head.Title))
	fmt.Fprintf(&b, "<meta name=\"description\" content=\"%s\" />\n", esc(head.Description))
	fmt.Fprintf(&b, "<link rel=\"canonical\" href=\"%s\" />\n", esc(canonical))
	for _, l := range language.All {
		fmt.Fprintf(&b, "<link rel=\"alternate\" hreflang=\"%s\" href=\"%s\" />\n", l, esc(origin+route.In(l)))
	}
	fmt.Fprintf(&b, "<link rel=\"alternate\" hreflang=\"x-default\" href=\"%s\" />\n", esc(origin+route.In(language.Default)))
	for _, p := range [][2]string{
		{"og:type", "website"}, {"og:site_name", "ugcfolio"}, {"og:locale", locale},
		{"og:title", head.Title}, {"og:description", head.Description}, {"og:url", canonical},
		{"og:image", image}, {"og:image:alt", head.ImageAlt},
	} {
		fmt.Fprintf(&b, "<meta property=\"%s\" content=\"%s\" />\n", p[0], esc(p[1]))
	}
	if image == origin+defaultCardImage {
		b.WriteString("<meta property=\"og:image:width\" content=\"1200\" />\n<meta property=\"og:image:height\" content=\"630\" />\n")
	}
	for _, p := range [][2]string{
		{"twitter:card", "summary_large_image"}, {"twitter:title", head.Title},
		{"twitter:description", head.Description}, {"twitter:image", image},
		{"twitter:image:alt", head.ImageAlt},
	} {
		fmt.Fprintf(&b, "<meta name=\"%s\" content=\"%s\" />\n", p[0], esc(p[1]))
	}
	// json.Compact keeps Marshal's escaping of <, > and &: no "</script>" can end the block early.
	var ld bytes.Buffer
	if err := json.Compact(&ld, head.JSONLD); err == nil && ld.Len() > 0 {
		fmt.Fprintf(&b, "<script type=\"application/ld+json\">%s</script>\n", escapeScriptJSON(ld.Bytes()))
	}
	return b.String()
}

// featuredPicture is the video poster or the image of the first featured
// item that has one (the list comes featured first), read from the
// visitor's JSON, where both already point at processed files.
func featuredPicture(data []byte) string {
	var page struct {
		Portfolio []struct {
			Featured   bool   `json:"featured"`
			ImageURL   string `json:"imageUrl"`
			VideoMedia *struct {
				PosterURL string `json:"posterUrl"`
			} `json:"videoMedia"`
		} `json:"portfolio"`
	}
	if json.Unmarshal(data, &page) != nil {
		return ""
	}
	for _, item := range page.Portfolio {
		if !item.Featured {
			continue
		}
		if item.VideoMedia != nil && item.VideoMedia.PosterURL != "" {
			return item.VideoMedia.PosterURL
		}
		if v := strings.TrimSpace(item.ImageURL); v != "" {
			return v
		}
	}
	return ""
}

// absoluteURL makes a site path (/uploads/x.jpg) absolute; an http(s)
// address stays as it is.
func absoluteURL(origin, address string) string {
	if strings.HasPrefix(address, "/") && !strings.HasPrefix(address, "//") {
		return origin + address
	}
	return address
}

// escapeScriptJSON makes JSON safe inside a <script> element: "<" never
// appears raw, so neither "</script>" nor "<!--" can break out of it.
func escapeScriptJSON(b []byte) []byte {
	b = bytes.ReplaceAll(b, []byte("<"), []byte(`\u003c`))
	b = bytes.ReplaceAll(b, []byte(">"), []byte(`\u003e`))
	b = bytes.ReplaceAll(b, []byte("\u2028"), []byte(`\u2028`))
	return bytes.ReplaceAll(b, []byte("\u2029"), []byte(`\u2029`))
}
