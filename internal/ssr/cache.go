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

// Renderer renders a page from its data (the JSON of web/src/api/page-data.ts's PageData, whose
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

	// Generation answers the version of the data (internal/contentversion, shared by every
	// replica, bumped by every change): a page cached under another generation is checked again.
	Generation func(ctx context.Context) (int64, error)

	// Origin is the site's address (https://example.no) for canonical links and previews: from
	// the configuration, never from a request's Host header, which anyone can make up.
	Origin string
}

// Home keeps the rendered pages (the home page and the privacy page, Routes) per address and
// language. An entry is served while the data's generation is the one it was made at; past it,
// the page's data is hashed again, and the page is rendered again only when the data it shows
// changed.
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
	generation int64
	dataHash   [32]byte
	doc        *Document
}

// Document is a rendered page as sent: the HTML, gzipped too, and its ETag.
type Document struct {
	Body, Gzipped []byte
	ETag          string

	// ScriptHash is the Content-Security-Policy source its inline loader needs (Shell.ScriptHash).
	ScriptHash string
}

// NewHome returns an empty cache; the first request for each page renders it.
func NewHome(opts HomeOptions) *Home {
	return &Home{opts: opts, entries: map[homeKey]*cachedPage{}}
}

// Page returns the page at path (one of Routes' addresses) in lang, from the cache when its data
// has not changed. ErrBackingOff asks for the plain page this time. When the generation cannot be
// read (the database is away) a cached page is served as it is.
func (h *Home) Page(ctx context.Context, path, lang string) (*Document, error) {
	if _, ok := RouteAt(path); !ok {
		return nil, fmt.Errorf("ssr: %q is not a page the server renders", path)
	}
	key := homeKey{path, lang}
	gen, err := h.opts.Generation(ctx)
	if e := h.cached(key); e != nil && (err != nil || e.generation == gen) {
		return e.doc, nil
	}
	if err != nil {
		return nil, err
	}

	h.renderMu.Lock()
	defer h.renderMu.Unlock()
	// Read again once the lock is held, before the data, as the public cache does: another
	// request may have refreshed the page meanwhile.
	if gen, err = h.opts.Generation(ctx); err != nil {
		return nil, err
	}
	old := h.cached(key)
	if old != nil && old.generation == gen {
		return old.doc, nil
	}
	if time.Now().Before(h.failedUntil) {
		return nil, ErrBackingOff
	}
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

// cached is the page kept for key, or nil.
func (h *Home) cached(key homeKey) *cachedPage {
	h.mu.RLock()
	defer h.mu.RUnlock()
	return h.entries[key]
}

// refresh builds the page's data and renders it, unless the data is what old (possibly nil)
// was rendered from. renderMu held.
func (h *Home) refresh(ctx context.Context, old *cachedPage, key homeKey, gen int64) (*cachedPage, error) {
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
		fresh.generation = gen
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
	doc := newDocument(body)
	doc.ScriptHash = h.shell.ScriptHash
	return &cachedPage{generation: gen, dataHash: hash, doc: doc}, nil
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
