// Package mediakit is the creator's media kit: a document a brand keeps
// and forwards, made from what the site already knows. /media-kit and
// /en/media-kit are rendered here (html/template, no script), and the same
// content as an A4 PDF (/media-kit.pdf, made on demand and kept until the
// content changes): who she is, her first-party numbers with the day they
// were measured (from internal/analytics and internal/deals), the figures
// she reports herself (labelled so, with their dates), her best videos,
// packages and usage rights priced apart, client logos and testimonials.
// A pitch link's token (?ref=) carries through the page to the PDF, and
// both count as the link's events in the analytics.
//
// The kit's own table holds only her choices (settings.go); everything
// else is read through the other capabilities' exported functions or the
// same visitor JSON the public API answers.
package mediakit

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"log/slog"
	"net/http"
	"sync"
	"time"

	"github.com/ugcfolio/ugcfolio/internal/analytics"
	"github.com/ugcfolio/ugcfolio/internal/deals"
	"github.com/ugcfolio/ugcfolio/internal/httpx"
	"github.com/ugcfolio/ugcfolio/internal/lang"
	"github.com/ugcfolio/ugcfolio/internal/siteclock"
	"github.com/ugcfolio/ugcfolio/internal/store"
)

// Deps are what the kit reads from the rest of the site.
type Deps struct {
	Store *store.Store
	Log   *slog.Logger
	// SiteURL is the site's address (links in the page and the PDF).
	SiteURL string
	// Clock is the site's time (siteclock); nil: the real time.
	Clock     func() time.Time
	Analytics *analytics.Service
	Deals     *deals.Service
	// Portfolio and Testimonials answer a language's visitor JSON, as the
	// public API gives it; ClientLogos the client logos' visitor JSON.
	Portfolio    func(ctx context.Context, lg string) ([]byte, error)
	Testimonials func(ctx context.Context, lg string) ([]byte, error)
	ClientLogos  func(ctx context.Context) ([]byte, error)
}

// Service is the media kit of one site.
type Service struct {
	st           *store.Store
	log          *slog.Logger
	siteURL      string
	clock        func() time.Time
	analytics    *analytics.Service
	deals        *deals.Service
	portfolio    func(context.Context, string) ([]byte, error)
	testimonials func(context.Context, string) ([]byte, error)
	logos        func(context.Context) ([]byte, error)

	pdfs pdfCache
}

// New makes the media kit.
func New(d Deps) *Service {
	return &Service{st: d.Store, log: d.Log, siteURL: d.SiteURL, clock: d.Clock, analytics: d.Analytics, deals: d.Deals,
		portfolio: d.Portfolio, testimonials: d.Testimonials, logos: d.ClientLogos}
}

func (s *Service) now() time.Time {
	if s.clock != nil {
		return s.clock().UTC()
	}
	return time.Now().UTC()
}

func (s *Service) today() string { return siteclock.Day(s.now()) }

// Routes are the kit's pages and PDFs in both languages and the admin's API.
func (s *Service) Routes() []httpx.Route {
	return []httpx.Route{
		{Pattern: "GET /media-kit", Handler: s.page(lang.Norwegian)},
		{Pattern: "GET /en/media-kit", Handler: s.page(lang.English)},
		{Pattern: "GET /media-kit.pdf", Handler: s.pdf(lang.Norwegian)},
		{Pattern: "GET /en/media-kit.pdf", Handler: s.pdf(lang.English)},
		{Pattern: "GET /api/admin/media-kit", Admin: s.getSettings},
		{Pattern: "PUT /api/admin/media-kit", Admin: s.putSettings},
	}
}

// page answers the kit's page in lg; opening it through a pitch link
// counts as the link's visit and as "opened the media kit".
func (s *Service) page(lg string) httpx.Handler {
	return func(w http.ResponseWriter, r *http.Request) error {
		ref := r.URL.Query().Get("ref")
		k, err := s.build(r.Context(), lg, ref)
		if err != nil {
			return err
		}
		body, err := renderPage(k)
		if err != nil {
			return err
		}
		if s.analytics != nil && r.URL.Query().Get("preview") == "" {
			s.analytics.PageView(r, lg)
			s.analytics.KitEvent(r, ref, analytics.KitOpened)
		}
		h := w.Header()
		h.Set("Content-Type", "text/html; charset=utf-8")
		h.Set("Cache-Control", "no-store") // its figures and a pitch link's count change
		if !k.Listed {
			h.Set("X-Robots-Tag", "noindex")
		}
		_, err = w.Write(body)
		return err
	}
}

// pdf answers the kit's PDF in lg, from the cache while the kit is the
// same; through a pitch link it counts as "downloaded the PDF".
func (s *Service) pdf(lg string) httpx.Handler {
	return func(w http.ResponseWriter, r *http.Request) error {
		ref := r.URL.Query().Get("ref")
		doc, err := s.PDF(r.Context(), lg)
		if err != nil {
			return err
		}
		if s.analytics != nil {
			s.analytics.KitEvent(r, ref, analytics.KitDownloaded)
		}
		h := w.Header()
		h.Set("Content-Type", "application/pdf")
		h.Set("Content-Disposition", `attachment; filename="`+fileName(lg)+`"`)
		h.Set("Cache-Control", "no-store")
		h.Set("X-Robots-Tag", "noindex")
		_, err = w.Write(doc)
		return err
	}
}

func fileName(lg string) string {
	if lg == lang.English {
		return "media-kit.pdf"
	}
	return "mediekit.pdf"
}

// PDF answers the kit of lg as a PDF: made when the kit's content (its
// key, a hash of everything it shows) is new, else from the cache.
func (s *Service) PDF(ctx context.Context, lg string) ([]byte, error) {
	k, err := s.build(ctx, lg, "")
	if err != nil {
		return nil, err
	}
	raw, err := json.Marshal(k)
	if err != nil {
		return nil, err
	}
	sum := sha256.Sum256(raw)
	key := hex.EncodeToString(sum[:])
	return s.pdfs.get(key, func() ([]byte, error) { return renderPDF(k) })
}

// pdfCache keeps the PDFs of the last few keys (a kit per language, and
// the one before while a change settles); a key is made once however many
// ask for it at the same moment.
type pdfCache struct {
	mu      sync.Mutex
	entries map[string]*pdfEntry
	order   []string
	made    int // PDFs made (tests)
}

type pdfEntry struct {
	once sync.Once
	doc  []byte
	err  error
}

const pdfCacheSize = 6

func (c *pdfCache) get(key string, make func() ([]byte, error)) ([]byte, error) {
	c.mu.Lock()
	if c.entries == nil {
		c.entries = map[string]*pdfEntry{}
	}
	e := c.entries[key]
	if e == nil {
		e = &pdfEntry{}
		c.entries[key] = e
		c.order = append(c.order, key)
		if len(c.order) > pdfCacheSize {
			delete(c.entries, c.order[0])
			c.order = c.order[1:]
		}
	}
	c.mu.Unlock()
	e.once.Do(func() {
		e.doc, e.err = make()
		c.mu.Lock()
		c.made++
		if e.err != nil {
			delete(c.entries, key) // tried again next time
		}
		c.mu.Unlock()
	})
	return e.doc, e.err
}

// PDFsMade answers how many PDFs were made so far (not served from the cache).
func (s *Service) PDFsMade() int {
	s.pdfs.mu.Lock()
	defer s.pdfs.mu.Unlock()
	return s.pdfs.made
}

// adminAnswer is GET and PUT /api/admin/media-kit.
type adminAnswer struct {
	Settings Settings `json:"settings"`
	Numbers  Numbers  `json:"numbers"`
	// URLs of the kit in each language.
	URLs map[string]string `json:"urls"`
}

func (s *Service) answer(ctx context.Context, set Settings) (adminAnswer, error) {
	nums, _, err := s.numbers(ctx)
	urls := map[string]string{}
	for _, lg := range lang.All {
		urls[lg] = s.siteURL + kitPath(lg)
	}
	return adminAnswer{Settings: set, Numbers: nums, URLs: urls}, err
}

// getSettings answers GET /api/admin/media-kit: the settings, today's
// numbers and the kit's addresses.
func (s *Service) getSettings(w http.ResponseWriter, r *http.Request, _ httpx.Admin) error {
	set, err := s.Settings(r.Context())
	if err != nil {
		return err
	}
	a, err := s.answer(r.Context(), set)
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, a)
}

// putSettings answers PUT /api/admin/media-kit: the settings replaced
// (400 with the first rule broken), and the answer of GET.
func (s *Service) putSettings(w http.ResponseWriter, r *http.Request, _ httpx.Admin) error {
	var in Settings
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	set, err := s.SaveSettings(r.Context(), in)
	if err != nil {
		return err
	}
	a, err := s.answer(r.Context(), set)
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, a)
}
