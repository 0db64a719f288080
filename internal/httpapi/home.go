package httpapi

import (
	"bytes"
	"compress/gzip"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"html"
	"io/fs"
	"net/http"
	"regexp"
	"strings"
	"sync"
	"time"

	"github.com/ugcfolio/ugcfolio/internal/ssr"
)

// HomeRenderer renders the home page from its data (web/src/lib/page-data.ts's
// PageData as JSON) for the site at origin: internal/ssr's Engine.
type HomeRenderer interface {
	Render(ctx context.Context, pageData []byte, origin string) (ssr.Page, error)
}

// The home page in each language has an address: "/" Norwegian (or the
// visitor's choice, kept in the language cookie), "/en" English.
const (
	homePathEnglish = "/en"
	languageCookie  = "language" // web/src/lib/i18n/language.tsx mirrors localStorage here
)

// homeRenderBackoff is how long the site serves the plain page after a render
// failed, before it tries the engine again.
const homeRenderBackoff = time.Minute

// errHomeBackingOff: a render failed a moment ago; the plain page it is.
var errHomeBackingOff = errors.New("home page rendering paused after a failure")

// newOriginEvery is how often the page may be rendered for an origin that
// no cached page has, when the site's address is not configured and the
// origin comes from the request's Host: a client that makes up a Host on
// every request then gets the plain page, not a render (about 100 ms of
// CPU, one at a time) each time. Set UGCFOLIO_PUBLIC_URL and it never applies.
const newOriginEvery = time.Second

// errHomeNewOriginLater: a page for another unknown origin was rendered a
// moment ago; the plain page it is.
var errHomeNewOriginLater = errors.New("home page for a new origin rendered a moment ago")

// homePages keeps the rendered home page per address, language and origin.
// An entry is checked against the public cache's generation (emptied by
// every admin write here) and, after publicCacheTTL, against a hash of its
// data (writes made through another replica): the page is rendered again
// only when the data it shows changed.
type homePages struct {
	renderer HomeRenderer

	mu      sync.RWMutex
	entries map[homeKey]*homePage

	renderMu      sync.Mutex // one render (or data check) at a time
	failedUntil   time.Time  // back-off after a failure; renderMu held
	lastNewOrigin time.Time  // the last render for an origin not cached; renderMu held
	shell         *homeShell // index.html cut up once; renderMu held
}

// homeKey is what a rendered page depends on besides its data.
type homeKey struct{ path, lang, origin string }

type homePage struct {
	generation uint64
	checked    time.Time
	dataHash   [32]byte
	body       []byte
	gzipped    []byte
	etag       string
}

func newHomePages(r HomeRenderer) *homePages {
	return &homePages{renderer: r, entries: map[homeKey]*homePage{}}
}

// serveHome answers GET / and GET /en: the home page rendered by the server
// when it can, else the app's plain page (the browser renders it, as before
// this existed).
func (s *Server) serveHome(w http.ResponseWriter, r *http.Request) {
	if s.home == nil || s.cfg.GateEnabled() {
		// The coming-soon gate decides in the browser what a visitor sees.
		s.web.ServeHTTP(w, r)
		return
	}
	lang := homeLanguage(r)
	page, err := s.homePage(r.Context(), r.URL.Path, lang, s.siteOrigin(r))
	if err != nil {
		if !errors.Is(err, errHomeBackingOff) && !errors.Is(err, errHomeNewOriginLater) {
			s.log.Error("home page render failed: serving the page rendered in the browser",
				"err", err, "retry_in", homeRenderBackoff)
		}
		s.web.ServeHTTP(w, r)
		return
	}
	h := w.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Cache-Control", "no-cache")
	h.Set("Vary", "Accept-Encoding, Cookie") // "/" follows the language cookie
	body, etag := page.body, page.etag
	if page.gzipped != nil && acceptsGzip(r) {
		h.Set("Content-Encoding", "gzip")
		body, etag = page.gzipped, strings.TrimSuffix(page.etag, `"`)+`-gzip"`
	}
	h.Set("ETag", etag)
	http.ServeContent(w, r, "", time.Time{}, bytes.NewReader(body))
}

// homeLanguage is the language of the home page asked for: English at /en,
// else the visitor's choice from the cookie, else Norwegian.
func homeLanguage(r *http.Request) string {
	if r.URL.Path == homePathEnglish {
		return "en"
	}
	if c, err := r.Cookie(languageCookie); err == nil && c.Value == "en" {
		return "en"
	}
	return "no"
}

// siteOrigin is the site's address (UGCFOLIO_PUBLIC_URL, or what the binary
// derived at start), for canonical links and preview images; without one,
// the request's.
func (s *Server) siteOrigin(r *http.Request) string {
	if s.siteURL != "" {
		return s.siteURL
	}
	scheme := "http"
	if isHTTPS(r, s.cfg.TrustedProxies) {
		scheme = "https"
	}
	return scheme + "://" + r.Host
}

// homePage returns the rendered page, from the cache when its data has not
// changed.
func (s *Server) homePage(ctx context.Context, path, lang, origin string) (*homePage, error) {
	hp := s.home
	key := homeKey{path, lang, origin}
	gen := s.publicCache.generation.Load()
	hp.mu.RLock()
	e := hp.entries[key]
	hp.mu.RUnlock()
	if e != nil && e.generation == gen && time.Since(e.checked) < publicCacheTTL {
		return e, nil
	}

	hp.renderMu.Lock()
	defer hp.renderMu.Unlock()
	gen = s.publicCache.generation.Load() // read before the data, as publicCache does
	hp.mu.RLock()
	e = hp.entries[key]
	hp.mu.RUnlock()
	if e != nil && e.generation == gen && time.Since(e.checked) < publicCacheTTL {
		return e, nil // another request refreshed it meanwhile
	}
	if time.Now().Before(hp.failedUntil) {
		return nil, errHomeBackingOff
	}
	if e == nil && s.siteURL == "" && !hp.hasOrigin(origin) {
		if time.Since(hp.lastNewOrigin) < newOriginEvery {
			return nil, errHomeNewOriginLater
		}
		hp.lastNewOrigin = time.Now()
	}
	page, err := s.refreshHomePage(ctx, e, path, lang, origin, gen)
	if err != nil {
		hp.failedUntil = time.Now().Add(homeRenderBackoff)
		return nil, err
	}
	hp.mu.Lock()
	if len(hp.entries) >= 16 && hp.entries[key] == nil {
		clear(hp.entries) // origins taken from requests: never let Host headers grow it
	}
	hp.entries[key] = page
	hp.mu.Unlock()
	return page, nil
}

// hasOrigin reports whether a cached page was rendered for origin.
func (hp *homePages) hasOrigin(origin string) bool {
	hp.mu.RLock()
	defer hp.mu.RUnlock()
	for key := range hp.entries {
		if key.origin == origin {
			return true
		}
	}
	return false
}

// refreshHomePage builds the page's data and renders it, unless the data is
// what old (possibly nil) was rendered from. hp.renderMu held.
func (s *Server) refreshHomePage(ctx context.Context, old *homePage, path, lang, origin string, gen uint64) (*homePage, error) {
	data, err := s.homeData(ctx, path, lang)
	if err != nil {
		return nil, err
	}
	hash := sha256.Sum256(append(append([]byte(origin), 0), data...))
	if old != nil && old.dataHash == hash {
		fresh := *old
		fresh.generation, fresh.checked = gen, time.Now()
		return &fresh, nil
	}
	shell, err := s.homeShell()
	if err != nil {
		return nil, err
	}
	// The engine has its own time limit; a visitor who leaves must not fail the render.
	rendered, err := s.home.renderer.Render(context.WithoutCancel(ctx), data, origin)
	if err != nil {
		return nil, err
	}
	body := shell.page(rendered, data, s.homeHead(rendered.Head, data, path, lang, origin))
	page := &homePage{generation: gen, checked: time.Now(), dataHash: hash, body: body}
	sum := sha256.Sum256(body)
	page.etag = `"` + hex.EncodeToString(sum[:8]) + `"`
	var buf bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	zw.Write(body)
	zw.Close()
	page.gzipped = buf.Bytes()
	return page, nil
}

// homeData is the page's data: exactly the public API's answers to a
// visitor (the same cached bytes), so a field added to an item reaches the
// rendered page with no change here.
func (s *Server) homeData(ctx context.Context, path, lang string) ([]byte, error) {
	content, err := s.visitorContent(ctx, lang)
	if err != nil {
		return nil, err
	}
	portfolio, err := s.visitorPortfolio(ctx, lang)
	if err != nil {
		return nil, err
	}
	testimonials, err := s.visitorTestimonials(ctx, lang)
	if err != nil {
		return nil, err
	}
	return json.Marshal(struct {
		Language     string          `json:"language"`
		Path         string          `json:"path"`
		Content      json.RawMessage `json:"content"`
		Portfolio    json.RawMessage `json:"portfolio"`
		Testimonials json.RawMessage `json:"testimonials"`
	}{lang, path, content, portfolio, testimonials})
}

// defaultCardImage is the preview image when no featured item has a picture:
// 1200×630, in the site's colours (web/public/og-card.png).
const defaultCardImage = "/og-card.png"

// homeHead writes the head tags of a rendered page: title, description,
// canonical and hreflang links, OpenGraph and Twitter card, JSON-LD.
func (s *Server) homeHead(head ssr.Head, data []byte, path, lang, origin string) string {
	canonical := origin + "/"
	locale := "nb_NO"
	if lang == "en" {
		canonical, locale = origin+homePathEnglish, "en_US"
	}
	image := origin + defaultCardImage
	if picture := featuredPicture(data); picture != "" {
		image = absoluteURL(origin, picture)
	}
	esc := html.EscapeString
	var b strings.Builder
	fmt.Fprintf(&b, "<title>%s</title>\n", esc(head.Title))
	fmt.Fprintf(&b, "<meta name=\"description\" content=\"%s\" />\n", esc(head.Description))
	fmt.Fprintf(&b, "<link rel=\"canonical\" href=\"%s\" />\n", esc(canonical))
	fmt.Fprintf(&b, "<link rel=\"alternate\" hreflang=\"no\" href=\"%s\" />\n", esc(origin+"/"))
	fmt.Fprintf(&b, "<link rel=\"alternate\" hreflang=\"en\" href=\"%s\" />\n", esc(origin+homePathEnglish))
	fmt.Fprintf(&b, "<link rel=\"alternate\" hreflang=\"x-default\" href=\"%s\" />\n", esc(origin+"/"))
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

// homeShell is the built index.html cut at the places a rendered page fills:
// before and after the <html lang>, the head's end, and the root element.
type homeShell struct {
	beforeLang, beforeHeadEnd, beforeRoot, afterRoot string
}

var (
	shellTitle       = regexp.MustCompile(`(?s)<title>.*?</title>\s*`)
	shellDescription = regexp.MustCompile(`(?s)<meta\s+name="description".*?/>\s*`)
	shellStylesheet  = regexp.MustCompile(`<link rel="stylesheet"[^>]*href="(/assets/[^"]+\.css)"[^>]*>`)
	shellAppScript   = regexp.MustCompile(`<script type="module" crossorigin src="(/assets/[^"]+\.js)"></script>`)
)

// homeShell cuts index.html once. The stylesheet is inlined: the page then
// paints from its first response, with no request blocking it.
func (s *Server) homeShell() (*homeShell, error) {
	hp := s.home
	if hp.shell != nil {
		return hp.shell, nil
	}
	index, err := s.web.load("index.html")
	if err != nil {
		return nil, fmt.Errorf("index.html: %w", err)
	}
	page := string(index.body)
	page = shellTitle.ReplaceAllString(page, "")
	page = shellDescription.ReplaceAllString(page, "")
	if m := shellStylesheet.FindStringSubmatch(page); m != nil {
		css, err := fs.ReadFile(s.web.fsys, strings.TrimPrefix(m[1], "/"))
		if err != nil {
			return nil, fmt.Errorf("stylesheet: %w", err)
		}
		page = strings.Replace(page, m[0], "<style>"+strings.ReplaceAll(string(css), "</style", `<\/style`)+"</style>", 1)
	}
	// The app's script runs after the first paint (web/public/boot.js): the page is complete
	// without it, and on a slow phone its parsing would otherwise come before the paint. It is
	// fetched at once all the same (modulepreload). boot.js first runs the chunks the app imports
	// (React's DOM renderer above all, web/vite.config.ts), each in a task of its own: run with the
	// app in one task, they kept a phone from answering a tap for about 200 ms. boot.js is sent
	// as it is, so its explanation lives here.
	if m := shellAppScript.FindStringSubmatch(page); m != nil {
		if _, err := fs.Stat(s.web.fsys, "boot.js"); err == nil {
			page = strings.Replace(page, m[0], `<link rel="modulepreload" crossorigin href="`+m[1]+`">`+"\n    "+
				`<script defer src="/boot.js" data-app="`+m[1]+`"></script>`, 1)
		}
	}
	const langAttr, headEnd, root = `<html lang="no">`, "</head>", `<div id="root"></div>`
	iLang, iHead, iRoot := strings.Index(page, langAttr), strings.Index(page, headEnd), strings.Index(page, root)
	if iLang < 0 || iHead < iLang || iRoot < iHead {
		return nil, errors.New("index.html lacks <html lang=\"no\">, </head> or an empty #root")
	}
	hp.shell = &homeShell{
		beforeLang:    page[:iLang],
		beforeHeadEnd: page[iLang+len(langAttr) : iHead],
		beforeRoot:    page[iHead:iRoot],
		afterRoot:     page[iRoot+len(root):],
	}
	return hp.shell, nil
}

// page puts a rendered page together: the app's HTML in #root, and its data
// beside it for the browser to hydrate from (web/src/main.tsx).
func (sh *homeShell) page(rendered ssr.Page, data []byte, head string) []byte {
	var lang struct {
		Language string `json:"language"`
	}
	json.Unmarshal(data, &lang)
	var b bytes.Buffer
	b.WriteString(sh.beforeLang)
	fmt.Fprintf(&b, `<html lang="%s">`, html.EscapeString(lang.Language))
	b.WriteString(sh.beforeHeadEnd)
	b.WriteString(head)
	b.WriteString(sh.beforeRoot)
	b.WriteString(`<div id="root">`)
	b.WriteString(rendered.HTML)
	b.WriteString(`</div><script id="page-data" type="application/json">`)
	b.Write(escapeScriptJSON(data))
	b.WriteString(`</script>`)
	b.WriteString(sh.afterRoot)
	return b.Bytes()
}
