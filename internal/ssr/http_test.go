package ssr_test

import (
	"bytes"
	"compress/gzip"
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"html"
	"io"
	"log/slog"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/ugcfolio/ugcfolio/internal/config"
	"github.com/ugcfolio/ugcfolio/internal/httpapi"
	"github.com/ugcfolio/ugcfolio/internal/sitetest"
	"github.com/ugcfolio/ugcfolio/internal/ssr"
	"github.com/ugcfolio/ugcfolio/internal/store"
)

// The pages rendered on the server (the home page, the privacy page),
// robots.txt and the sitemap, through the real router (internal/sitetest)
// with the built web app and the real engine, on SQLite and PostgreSQL.

// home is a site that renders its pages, at the address its links name.
func home(deps func(*httpapi.Deps)) sitetest.Options {
	return sitetest.Options{Home: true, Deps: func(d *httpapi.Deps) {
		d.SiteURL = "https://ugc.example.no"
		if deps != nil {
			deps(d)
		}
	}}
}

// homeContent is stored text for every section of the page, per language.
var homeContent = map[string]map[string]string{
	"no": {
		"hero":     `{"tagline":"Skaper-NO","greeting":"Hei fra lagret innhold","intro":"Intro-NO","description":"Beskrivelse-NO <b>&"}`,
		"about":    `{"title":"Om-NO","description1":"Om-en-NO","description2":"Om-to-NO"}`,
		"services": `{"title":"Tjenester-NO","description":"Tjenestebeskrivelse-NO"}`,
		"contact":  `{"title":"Kontakt-NO","description":"Kontakttekst-NO","email":"no@example.no"}`,
		"footer":   `{"companyDescription":"Bunntekst-NO"}`,
	},
	"en": {
		"hero":     `{"tagline":"Creator-EN","greeting":"Hello from stored content","intro":"Intro-EN","description":"Description-EN"}`,
		"about":    `{"title":"About-EN","description1":"About-one-EN","description2":"About-two-EN"}`,
		"services": `{"title":"Services-EN","description":"Services-text-EN"}`,
		"contact":  `{"title":"Contact-EN","description":"Contact-text-EN","email":"en@example.no"}`,
		"footer":   `{"companyDescription":"Footer-EN"}`,
	},
}

func seedHome(t *testing.T, st *store.Store) {
	t.Helper()
	ctx := context.Background()
	for lang, sections := range homeContent {
		for section, body := range sections {
			if _, err := st.SaveContent(ctx, section, lang, json.RawMessage(body)); err != nil {
				t.Fatal(err)
			}
		}
		tag := strings.ToUpper(lang)
		for _, in := range []store.PortfolioInput{
			{Title: "Featured-" + tag, Category: "product", ImageURL: "/uploads/poster-" + lang + ".jpg", Featured: true, Language: lang, IsActive: true},
			{Title: "Video-" + tag, Category: "lifestyle", VideoURL: "https://youtu.be/abc123", Language: lang, IsActive: true},
			{Title: "Hidden-item-" + tag, Category: "brand", Language: lang, IsActive: false},
		} {
			if _, err := st.CreatePortfolioItem(ctx, in); err != nil {
				t.Fatal(err)
			}
		}
		for _, in := range []store.TestimonialInput{
			{Name: "Kari-" + tag, Company: "Firma", Rating: 5, Testimonial: "Quote-" + tag, Language: lang, IsActive: true},
			{Name: "Hidden-person-" + tag, Company: "Firma", Rating: 4, Testimonial: "Hidden-quote-" + tag, Language: lang, IsActive: false},
		} {
			if _, err := st.CreateTestimonial(ctx, in); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// headTag returns the content (or href) of the first tag matching the pattern's prefix.
func headValue(t *testing.T, page, pattern string) string {
	t.Helper()
	m := regexp.MustCompile(pattern).FindStringSubmatch(page)
	if m == nil {
		t.Errorf("no %s in the page", pattern)
		return ""
	}
	return html.UnescapeString(m[1])
}

func TestHomePageRenderedInBothLanguages(t *testing.T) {
	t.Parallel()
	sitetest.Each(t, home(nil), func(t *testing.T, e *sitetest.Site) {
		seedHome(t, e.Store)
		c := e.Client()
		cases := []struct {
			name, path, cookie, lang string
			texts                    []string
			canonical, title         string
			description, image       string
		}{
			{"Norwegian at /", "/", "", "no",
				[]string{"Hei fra lagret innhold", "Intro-NO", "Om-NO", "Om-en-NO", "Tjenester-NO", "Kontakt-NO", "no@example.no", "Bunntekst-NO", "Featured-NO", "Video-NO", "Quote-NO", "Kari-NO", "Enkeltvideo"},
				"https://ugc.example.no/", "UGC Creator & Content Producer – innholdsskaper i Norge | ugcfolio", "Beskrivelse-NO <b>&", "https://ugc.example.no/uploads/poster-no.jpg"},
			{"English at /en", "/en", "", "en",
				[]string{"Hello from stored content", "Intro-EN", "About-EN", "Services-EN", "Contact-EN", "en@example.no", "Footer-EN", "Featured-EN", "Video-EN", "Quote-EN", "Kari-EN"},
				"https://ugc.example.no/en", "UGC Creator & Content Producer in Norway | ugcfolio", "Description-EN", "https://ugc.example.no/uploads/poster-en.jpg"},
			{"English at / by the cookie", "/", "en", "en",
				[]string{"Hello from stored content", "Featured-EN"},
				"https://ugc.example.no/en", "UGC Creator & Content Producer in Norway | ugcfolio", "Description-EN", "https://ugc.example.no/uploads/poster-en.jpg"},
		}
		for _, tc := range cases {
			t.Run(tc.name, func(t *testing.T) {
				var headers []string
				if tc.cookie != "" {
					headers = []string{"Cookie", "language=" + tc.cookie}
				}
				r := c.Do("GET", tc.path, nil, headers...).WantStatus(t, http.StatusOK)
				page := r.Body
				if !strings.Contains(page, `<script id="page-data"`) {
					t.Fatalf("not a rendered page: %.400s", page)
				}
				if !strings.Contains(page, `<html lang="`+tc.lang+`">`) {
					t.Errorf("no <html lang=%q>", tc.lang)
				}
				root := page[strings.Index(page, `<div id="root">`):strings.Index(page, `<script id="page-data"`)]
				for _, text := range tc.texts {
					if !strings.Contains(root, text) {
						t.Errorf("the rendered page lacks %q", text)
					}
				}
				for _, hidden := range []string{"Hidden-item", "Hidden-person", "Hidden-quote"} {
					if strings.Contains(page, hidden) {
						t.Errorf("a hidden item shows: %q", hidden)
					}
				}
				if got := headValue(t, page, `<title>([^<]*)</title>`); got != tc.title {
					t.Errorf("title %q, want %q", got, tc.title)
				}
				for pattern, want := range map[string]string{
					`<meta name="description" content="([^"]*)"`:          tc.description,
					`<link rel="canonical" href="([^"]*)"`:                tc.canonical,
					`<link rel="alternate" hreflang="no" href="([^"]*)"`:  "https://ugc.example.no/",
					`<link rel="alternate" hreflang="en" href="([^"]*)"`:  "https://ugc.example.no/en",
					`<meta property="og:title" content="([^"]*)"`:         tc.title,
					`<meta property="og:description" content="([^"]*)"`:   tc.description,
					`<meta property="og:url" content="([^"]*)"`:           tc.canonical,
					`<meta property="og:image" content="([^"]*)"`:         tc.image,
					`<meta name="twitter:card" content="([^"]*)"`:         "summary_large_image",
					`<meta name="twitter:image" content="([^"]*)"`:        tc.image,
					`<link rel="manifest" href="([^"]*)"`:                 "/manifest.webmanifest",
					`<link rel="apple-touch-icon"[^>]*href="([^"]*)"`:     "/icons/apple-touch-icon.png",
					`<meta property="og:locale" content="([^"]*)"`:        map[string]string{"no": "nb_NO", "en": "en_US"}[tc.lang],
					`<script id="page-data" type="application/json">(\{)`: "{",
					`<script data-app="(/assets/index-)`:                  "/assets/index-",
				} {
					if got := headValue(t, page, pattern); got != want {
						t.Errorf("%s: %q, want %q", pattern, got, want)
					}
				}
				checkJSONLD(t, page, tc.canonical)
				checkInlineLoader(t, page, r.Header.Get("Content-Security-Policy"))
				// The page data is what the public API answers a visitor, as it is.
				var data struct {
					Language  string            `json:"language"`
					Portfolio []json.RawMessage `json:"portfolio"`
				}
				raw := headValue(t, page, `(?s)<script id="page-data" type="application/json">(.*?)</script>`)
				if err := json.Unmarshal([]byte(raw), &data); err != nil || data.Language != tc.lang || len(data.Portfolio) != 2 {
					t.Errorf("page data: %v, %+v", err, data)
				}
				if strings.Contains(raw, "<b>") {
					t.Error("the page data holds a raw '<'")
				}
			})
		}
	})
}

// checkInlineLoader: the page's one inline script (the loader, internal/ssr's NewShell) runs
// under the Content-Security-Policy it is sent with, by its hash, and the policy allows no other
// inline script.
func checkInlineLoader(t *testing.T, page, policy string) {
	t.Helper()
	m := regexp.MustCompile(`<script data-app="[^"]*"[^>]*>(.*?)</script>`).FindStringSubmatch(strings.ReplaceAll(page, "\n", "\x00"))
	if m == nil {
		t.Fatal("no inline loader in the page")
	}
	sum := sha256.Sum256([]byte(strings.ReplaceAll(m[1], "\x00", "\n")))
	hash := "'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"
	if want := "script-src 'self' " + hash + ";"; !strings.Contains(policy, want) {
		t.Errorf("policy %q lacks %q", policy, want)
	}
	if strings.Contains(policy, "script-src 'self' 'unsafe-inline'") {
		t.Errorf("policy allows every inline script: %q", policy)
	}
}

// checkJSONLD: the creator and the three packages, priced in NOK.
func checkJSONLD(t *testing.T, page, url string) {
	t.Helper()
	raw := headValue(t, page, `<script type="application/ld\+json">(.*?)</script>`)
	var ld struct {
		Context string `json:"@context"`
		Type    string `json:"@type"`
		Name    string `json:"name"`
		URL     string `json:"url"`
		Offers  []struct {
			Type     string `json:"@type"`
			Name     string `json:"name"`
			Price    string `json:"price"`
			Currency string `json:"priceCurrency"`
		} `json:"makesOffer"`
	}
	if err := json.Unmarshal([]byte(raw), &ld); err != nil {
		t.Fatalf("JSON-LD %q: %v", raw, err)
	}
	if ld.Context != "https://schema.org" || ld.Type != "Person" || ld.Name != "ugcfolio" || ld.URL != url {
		t.Errorf("JSON-LD creator: %+v", ld)
	}
	prices := []string{}
	for _, o := range ld.Offers {
		if o.Type != "Offer" || o.Currency != "NOK" || o.Name == "" {
			t.Errorf("JSON-LD offer: %+v", o)
		}
		prices = append(prices, o.Price)
	}
	if strings.Join(prices, ",") != "2500,6300,10000" {
		t.Errorf("JSON-LD prices %v, want 2500, 6300, 10000", prices)
	}
}

// What the admin adds shows on the next request; what the admin hides goes.
func TestHomePageFollowsAdminWrites(t *testing.T) {
	t.Parallel()
	sitetest.Each(t, home(nil), func(t *testing.T, e *sitetest.Site) {
		visitor := e.Client()
		if page := visitor.Do("GET", "/", nil).WantStatus(t, http.StatusOK).Body; strings.Contains(page, "Ny-video") || !strings.Contains(page, `<div id="root"><`) {
			t.Fatal("the first page is not the rendered empty page")
		}
		admin := e.SignedInAdmin(t)
		var item store.PortfolioItem
		admin.Do("POST", "/api/admin/portfolio", map[string]any{"title": "Ny-video", "description": "d", "category": "product",
			"imageUrl": "https://cdn.example.no/poster.jpg", "featured": true, "language": "no", "isActive": true}).WantStatus(t, http.StatusCreated).JSON(t, &item)
		admin.Do("POST", "/api/admin/testimonials", map[string]any{"name": "Ny-kunde", "company": "AS", "rating": 5,
			"testimonial": "Ny-omtale", "language": "no", "isActive": true}).WantStatus(t, http.StatusCreated)
		page := visitor.Do("GET", "/", nil).WantStatus(t, http.StatusOK).Body
		for _, want := range []string{"Ny-video", "Ny-kunde", "Ny-omtale", `<meta property="og:image" content="https://cdn.example.no/poster.jpg"`} {
			if !strings.Contains(page, want) {
				t.Errorf("after the admin's save, the page lacks %q", want)
			}
		}
		admin.Do("PATCH", "/api/admin/portfolio/"+strconv.FormatInt(item.ID, 10), map[string]any{"isActive": false}).WantStatus(t, http.StatusOK)
		page = visitor.Do("GET", "/", nil).WantStatus(t, http.StatusOK).Body
		if strings.Contains(page, "Ny-video") {
			t.Error("a hidden item still shows")
		}
		if !strings.Contains(page, `content="https://ugc.example.no/og-card.png"`) || !strings.Contains(page, `og:image:width" content="1200"`) {
			t.Error("without a featured picture, the preview image is not the default card")
		}
	})
}

// failingRenderer fails every render and counts them.
type failingRenderer struct{ calls atomic.Int32 }

func (f *failingRenderer) Render(context.Context, []byte, string) (ssr.Page, error) {
	f.calls.Add(1)
	return ssr.Page{}, errors.New("engine exploded")
}

// A failing render gives the visitor the page rendered in the browser, logs
// the error once, and leaves the engine alone for a while.
func TestHomePageFallsBackWhenRenderingFails(t *testing.T) {
	t.Parallel()
	var logs bytes.Buffer
	var mu sync.Mutex
	failing := &failingRenderer{}
	e := sitetest.New(t, sitetest.SQLite(t), home(func(d *httpapi.Deps) {
		d.Renderer = failing
		d.Log = slog.New(slog.NewTextHandler(lockedWriter{&mu, &logs}, nil))
	}))
	c := e.Client()
	for range 3 {
		r := c.Do("GET", "/en", nil).WantStatus(t, http.StatusOK)
		if !strings.Contains(r.Body, `<div id="root"></div>`) || strings.Contains(r.Body, "page-data") {
			t.Fatalf("the fallback is not the plain page: %.300s", r.Body)
		}
		if !strings.Contains(r.Body, `<script type="module"`) {
			t.Fatal("the fallback page has no app script")
		}
	}
	if n := failing.calls.Load(); n != 1 {
		t.Errorf("the renderer was called %d times, want once (then a pause)", n)
	}
	mu.Lock()
	defer mu.Unlock()
	if n := strings.Count(logs.String(), "home page render failed"); n != 1 || !strings.Contains(logs.String(), "engine exploded") {
		t.Errorf("want one log line with the error, got:\n%s", logs.String())
	}
}

// countingRenderer renders a fixed page and counts the renders.
type countingRenderer struct{ calls atomic.Int32 }

func (c *countingRenderer) Render(context.Context, []byte, string) (ssr.Page, error) {
	c.calls.Add(1)
	return ssr.Page{HTML: "<p>rendered by the server</p>"}, nil
}

// Absolute addresses come from the configuration only. A made-up
// Host header never reaches the canonical link, the sitemap or robots.txt,
// and never makes the server render the page again.
func TestHostHeaderNeverEntersThePage(t *testing.T) {
	t.Parallel()
	counting := &countingRenderer{}
	o := home(func(d *httpapi.Deps) { d.Renderer, d.SiteURL = counting, "" })
	o.Config = func(c *config.Config) { c.Addr = "127.0.0.1:8080" }
	e := sitetest.New(t, sitetest.SQLite(t), o)
	c := e.Client()
	for i := range 20 {
		host := fmt.Sprintf("made-up-%d.example", i)
		for _, p := range []string{"/", "/sitemap.xml", "/robots.txt"} {
			body := c.Do("GET", p, nil, "Host", host).WantStatus(t, http.StatusOK).Body
			if strings.Contains(body, host) {
				t.Fatalf("%s names the request's Host %s", p, host)
			}
			if !strings.Contains(body, "http://127.0.0.1:8080") && p != "/" {
				t.Fatalf("%s does not name the listen address: %s", p, body)
			}
		}
	}
	if n := counting.calls.Load(); n != 1 {
		t.Errorf("%d renders for 20 Host headers, want 1", n)
	}
}

type lockedWriter struct {
	mu *sync.Mutex
	w  *bytes.Buffer
}

func (l lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}

// The rendered page is cached: the same bytes (and ETag) until the data changes, 304 on revalidation.
func TestHomePageCachedAndRevalidated(t *testing.T) {
	t.Parallel()
	e := sitetest.New(t, sitetest.SQLite(t), home(nil))
	c := e.Client()
	first := c.Do("GET", "/", nil).WantStatus(t, http.StatusOK)
	etag := first.Header.Get("ETag")
	if etag == "" || first.Header.Get("Cache-Control") != "no-cache" || !strings.Contains(first.Header.Get("Vary"), "Cookie") {
		t.Fatalf("headers: %v", first.Header)
	}
	c.Do("GET", "/", nil, "If-None-Match", etag).WantStatus(t, http.StatusNotModified)
	if en := c.Do("GET", "/en", nil).WantStatus(t, http.StatusOK); en.Header.Get("ETag") == etag {
		t.Error("/en has the ETag of /")
	}
}

func TestRobotsAndSitemap(t *testing.T) {
	t.Parallel()
	e := sitetest.New(t, sitetest.SQLite(t), home(nil))
	c := e.Client()
	robots := c.Do("GET", "/robots.txt", nil).WantStatus(t, http.StatusOK).Body
	if !strings.Contains(robots, "Sitemap: https://ugc.example.no/sitemap.xml") || !strings.Contains(robots, "Disallow: /admin") {
		t.Errorf("robots.txt:\n%s", robots)
	}
	r := c.Do("GET", "/sitemap.xml", nil).WantStatus(t, http.StatusOK)
	if !strings.HasPrefix(r.Header.Get("Content-Type"), "application/xml") {
		t.Errorf("sitemap type %q", r.Header.Get("Content-Type"))
	}
	for _, want := range []string{"<loc>https://ugc.example.no/</loc>", "<loc>https://ugc.example.no/en</loc>", `hreflang="en" href="https://ugc.example.no/en"`} {
		if !strings.Contains(r.Body, want) {
			t.Errorf("sitemap lacks %q:\n%s", want, r.Body)
		}
	}
	for path, typ := range map[string]string{"/manifest.webmanifest": "application/manifest+json", "/og-card.png": "image/png", "/icons/icon-512.png": "image/png"} {
		if got := c.Do("GET", path, nil).WantStatus(t, http.StatusOK).Header.Get("Content-Type"); got != typ {
			t.Errorf("%s: %q, want %q", path, got, typ)
		}
	}
}

// Every other path gets the built index.html without the placeholders a
// rendered page fills, gzipped or not.
func TestPlainPageHasNoPlaceholders(t *testing.T) {
	t.Parallel()
	e := sitetest.New(t, sitetest.SQLite(t), home(nil))
	raw := &http.Client{Transport: &http.Transport{DisableCompression: true}}
	for _, encoding := range []string{"identity", "gzip"} {
		req, _ := http.NewRequest("GET", e.URL+"/admin/portfolio", nil)
		req.Header.Set("Accept-Encoding", encoding)
		res, err := raw.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		var body io.Reader = res.Body
		if res.Header.Get("Content-Encoding") == "gzip" {
			if body, err = gzip.NewReader(res.Body); err != nil {
				t.Fatal(err)
			}
		} else if encoding == "gzip" {
			t.Error("the plain page is not gzipped")
		}
		page, _ := io.ReadAll(body)
		res.Body.Close()
		if strings.Contains(string(page), "<!--ssr-") || !strings.Contains(string(page), `<div id="root"></div>`) ||
			!strings.Contains(string(page), "<title>") || !strings.Contains(string(page), `<script type="module"`) {
			t.Errorf("%s: the plain page is not index.html without its placeholders:\n%s", encoding, page)
		}
	}
}

// rootOf is the inside of #root of a rendered page: what shows before any script runs.
func rootOf(t *testing.T, page string) string {
	t.Helper()
	start, end := strings.Index(page, `<div id="root">`), strings.Index(page, `<script id="page-data"`)
	if start < 0 || end < start {
		t.Fatalf("not a rendered page: %.400s", page)
	}
	return page[start:end]
}

// privacyData is the page data inlined in a rendered privacy page.
func privacyData(t *testing.T, page string) (data struct {
	Language  string `json:"language"`
	Path      string `json:"path"`
	Portfolio any    `json:"portfolio"`
	Content   struct {
		Privacy struct{ Body string }
	} `json:"content"`
}) {
	t.Helper()
	raw := headValue(t, page, `(?s)<script id="page-data" type="application/json">(.*?)</script>`)
	if err := json.Unmarshal([]byte(raw), &data); err != nil {
		t.Fatalf("page data %q: %v", raw, err)
	}
	return data
}

// The privacy page is rendered by the server in each language, with its own head, the built-in
// text until the admin saves one, the contact e-mail in it, and the footer; a saved text shows on
// the next request.
func TestPrivacyPageRenderedInBothLanguages(t *testing.T) {
	t.Parallel()
	sitetest.Each(t, home(nil), func(t *testing.T, e *sitetest.Site) {
		seedHome(t, e.Store)
		c := e.Client()
		cases := []struct {
			name, path, cookie, lang, canonical, title string
			texts                                      []string
		}{
			{"Norwegian at /privacy", "/privacy", "", "no", "https://ugc.example.no/privacy", "Personvern | ugcfolio",
				[]string{">Personvern</h1>", ">Hvor lenge</h2>", "Enkelthendelser slettes etter 30 dager",
					"Behandlingsansvarlig er ugcfolio", "Skriv til no@example.no, så svarer jeg innen en måned.",
					"klage til Datatilsynet (datatilsynet.no)", "Bunntekst-NO"}},
			{"English at /en/privacy", "/en/privacy", "", "en", "https://ugc.example.no/en/privacy", "Privacy | ugcfolio",
				[]string{">Privacy</h1>", ">How long</h2>", "Single events are deleted after 30 days",
					"The controller is ugcfolio", "Write to en@example.no and I will answer within a month.",
					"Datatilsynet (datatilsynet.no)", "Footer-EN"}},
			{"English at /privacy by the cookie", "/privacy", "en", "en", "https://ugc.example.no/en/privacy", "Privacy | ugcfolio",
				[]string{">Privacy</h1>", "Write to en@example.no and I will answer within a month."}},
		}
		for _, tc := range cases {
			t.Run(tc.name, func(t *testing.T) {
				var headers []string
				if tc.cookie != "" {
					headers = []string{"Cookie", "language=" + tc.cookie}
				}
				page := c.Do("GET", tc.path, nil, headers...).WantStatus(t, http.StatusOK).Body
				root := rootOf(t, page)
				for _, text := range tc.texts {
					if !strings.Contains(root, text) {
						t.Errorf("the rendered page lacks %q", text)
					}
				}
				if !strings.Contains(page, `<html lang="`+tc.lang+`">`) {
					t.Errorf("no <html lang=%q>", tc.lang)
				}
				for pattern, want := range map[string]string{
					`<title>([^<]*)</title>`:                                    tc.title,
					`<link rel="canonical" href="([^"]*)"`:                      tc.canonical,
					`<link rel="alternate" hreflang="no" href="([^"]*)"`:        "https://ugc.example.no/privacy",
					`<link rel="alternate" hreflang="en" href="([^"]*)"`:        "https://ugc.example.no/en/privacy",
					`<link rel="alternate" hreflang="x-default" href="([^"]*)"`: "https://ugc.example.no/privacy",
					`<meta property="og:url" content="([^"]*)"`:                 tc.canonical,
				} {
					if got := headValue(t, page, pattern); got != want {
						t.Errorf("%s: %q, want %q", pattern, got, want)
					}
				}
				if d := headValue(t, page, `<meta name="description" content="([^"]*)"`); len(d) < 40 || strings.Contains(d, "UGC-skaper") {
					t.Errorf("description %q is not the privacy page's", d)
				}
				if strings.Contains(page, "ld+json") || strings.Contains(page, "Featured-") {
					t.Error("the privacy page carries the home page's JSON-LD or items")
				}
				// The browser hydrates from the text shown: the built-in one is in the data.
				data := privacyData(t, page)
				if data.Language != tc.lang || data.Path != tc.path || data.Portfolio != nil || !strings.Contains(data.Content.Privacy.Body, "{email}") {
					t.Errorf("page data %+v", data)
				}
			})
		}

		admin := e.SignedInAdmin(t)
		admin.Do("POST", "/api/admin/content", map[string]any{"section": "privacy", "language": "en",
			"content": map[string]string{"body": "## Saved heading\nWe keep little. Ask {email}."}}).WantStatus(t, http.StatusOK)
		page := c.Do("GET", "/en/privacy", nil).WantStatus(t, http.StatusOK).Body
		root := rootOf(t, page)
		if !strings.Contains(root, ">Saved heading</h2>") || !strings.Contains(root, "We keep little. Ask en@example.no.") ||
			strings.Contains(root, "Single events are deleted") {
			t.Errorf("after the admin's save, the page shows:\n%s", root)
		}
		if data := privacyData(t, page); data.Content.Privacy.Body != "## Saved heading\nWe keep little. Ask {email}." {
			t.Errorf("page data body %q", data.Content.Privacy.Body)
		}
		if no := rootOf(t, c.Do("GET", "/privacy", nil).WantStatus(t, http.StatusOK).Body); !strings.Contains(no, "Enkelthendelser slettes") {
			t.Error("the English save changed the Norwegian page")
		}
	})
}
