package ssr

import (
	"bytes"
	"compress/gzip"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"sync"
	"time"
)

// Renderer renders a page from its data (the JSON of web/src/lib/page-data.ts's PageData, whose
// path says which page) for the site at origin: Engine, or a stand-in in tests.
type Renderer interface {
	Render(ctx context.Context, pageData []byte, origin string) (Page, error)
}

// RenderBackoff is how long the site serves the plain page after a render failed, before it
// tries the engine again.
const RenderBackoff = time.Minute

// ErrBackingOff: a render failed a moment ago; the plain page it is.
var ErrBackingOff = errors.New("home page rendering paused after a failure")

// HomeOptions are what Home needs from the server.
type HomeOptions struct {
	Renderer Renderer
	Web      fs.FS // the built app (web/dist): index.html, its stylesheet, boot.js

	// Data fetches what the page in a language shows.
	Data func(ctx context.Context, lang string) (Data, error)

	// Generation is the version of the data in this process (the server's public cache, which
	// every admin write empties): a page cached under another generation is checked again.
	Generation func() uint64

	// Recheck is how long a page is served before its data is checked again all the same
	// (writes made through another replica).
	Recheck time.Duration

	// Origin is the site's address (https://example.no) for canonical links and previews: from
	// the configuration, never from a request's Host header, which anyone can make up.
	Origin string
}

// Home keeps the rendered pages (the home page and the privacy page, Routes) per address and
// language. An entry is checked
// against the data's generation and, after Recheck, against a hash of its data: the page is
// rendered again only when the data it shows changed.
type Home struct {
	opts HomeOptions

	mu      sync.RWMutex
	entries map[homeKey]*cachedPage

	renderMu    sync.Mutex // one render (or data check) at a time
	failedUntil time.Time  // back-off after a failure; renderMu held
	shell       *Shell     // index.html cut up once; renderMu held
}

// homeKey is what a rendered page depends on besides its data: its address ("/" and "/privacy"
// in either language, the cookie's choice; "/en" and "/en/privacy") and its language.
type homeKey struct{ path, lang string }

type cachedPage struct {
	generation uint64
	checked    time.Time
	dataHash   [32]byte
	doc        *Document
}

// Document is a rendered page as sent: the HTML, gzipped too, and its ETag.
type Document struct {
	Body, Gzipped []byte
	ETag          string
}

// NewHome returns an empty cache; the first request for each page renders it.
func NewHome(opts HomeOptions) *Home {
	return &Home{opts: opts, entries: map[homeKey]*cachedPage{}}
}

// Page returns the page at path (one of Routes' addresses) in lang, from the cache when its data
// has not changed.
// ErrBackingOff asks for the plain page this time.
func (h *Home) Page(ctx context.Context, path, lang string) (*Document, error) {
	if _, ok := RouteAt(path); !ok {
		return nil, fmt.Errorf("ssr: %q is not a page the server renders", path)
	}
	key := homeKey{path, lang}
	if e := h.fresh(key, h.opts.Generation()); e != nil {
		return e.doc, nil
	}

	h.renderMu.Lock()
	defer h.renderMu.Unlock()
	gen := h.opts.Generation() // read before the data, as the public cache does
	if e := h.fresh(key, gen); e != nil {
		return e.doc, nil // another request refreshed it meanwhile
	}
	if time.Now().Before(h.failedUntil) {
		return nil, ErrBackingOff
	}
	h.mu.RLock()
	old := h.entries[key]
	h.mu.RUnlock()
	page, err := h.refresh(ctx, old, key, gen)
	if err != nil {
		h.failedUntil = time.Now().Add(RenderBackoff)
		return nil, err
	}
	h.mu.Lock()
	h.entries[key] = page
	h.mu.Unlock()
	return page.doc, nil
}

// fresh is the cached page for key when it needs no check; nil otherwise.
func (h *Home) fresh(key homeKey, gen uint64) *cachedPage {
	h.mu.RLock()
	defer h.mu.RUnlock()
	e := h.entries[key]
	if e != nil && e.generation == gen && time.Since(e.checked) < h.opts.Recheck {
		return e
	}
	return nil
}

// refresh builds the page's data and renders it, unless the data is what old (possibly nil)
// was rendered from. renderMu held.
func (h *Home) refresh(ctx context.Context, old *cachedPage, key homeKey, gen uint64) (*cachedPage, error) {
	d, err := h.opts.Data(ctx, key.lang)
	if err != nil {
		return nil, err
	}
	data, err := pageData(d, key.path, key.lang)
	if err != nil {
		return nil, err
	}
	hash := sha256.Sum256(data)
	if old != nil && old.dataHash == hash {
		fresh := *old
		fresh.generation, fresh.checked = gen, time.Now()
		return &fresh, nil
	}
	if h.shell == nil {
		if h.shell, err = NewShell(h.opts.Web); err != nil {
			return nil, err
		}
	}
	// The engine has its own time limit; a visitor who leaves must not fail the render.
	rendered, err := h.opts.Renderer.Render(context.WithoutCancel(ctx), data, h.opts.Origin)
	if err != nil {
		return nil, err
	}
	route, _ := RouteAt(key.path)
	inline := data
	if len(rendered.Data) > 0 {
		inline = rendered.Data
	}
	body := h.shell.fill(key.lang, headTags(rendered.Head, data, route, key.lang, h.opts.Origin), rendered.HTML, inline)
	return &cachedPage{generation: gen, checked: time.Now(), dataHash: hash, doc: newDocument(body)}, nil
}

// newDocument gzips the page once and names it by its bytes.
func newDocument(body []byte) *Document {
	sum := sha256.Sum256(body)
	var buf bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	zw.Write(body)
	zw.Close()
	return &Document{Body: body, Gzipped: buf.Bytes(), ETag: `"` + hex.EncodeToString(sum[:8]) + `"`}
}
