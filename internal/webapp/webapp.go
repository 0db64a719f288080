// Package webapp serves the built web app (web/dist) from memory: hashed
// files under /assets/ cached for a year, everything else revalidated on
// every visit, precompressed files, and index.html for every path that is
// not a file, so that client-side routes survive a reload. It knows nothing
// of the API: httpapi mounts it under every path no route of its own takes.
package webapp

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/ugcfolio/ugcfolio/internal/ssr"
)

// Files serves the web app. Each file is read once, on first use, and then
// served from memory, gzipped for clients that accept it: with the build's
// precompressed name.gz when there is one, else compressed here.
type Files struct {
	fsys  fs.FS
	mu    sync.Mutex
	cache map[string]*staticFile
}

type staticFile struct {
	body, gzipped []byte
	contentType   string
	etag          string
}

// New serves the app in fsys (index.html at its root).
func New(fsys fs.FS) *Files {
	return &Files{fsys: fsys, cache: map[string]*staticFile{}}
}

// ServeHTTP answers GET and HEAD with a file of the app, or index.html.
func (s *Files) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "Method not allowed", http.StatusMethodNotAllowed)
		return
	}
	name := strings.TrimPrefix(path.Clean("/"+r.URL.Path), "/")
	f, err := s.load(name)
	if err != nil && strings.HasPrefix(name, "assets/") {
		// An old hashed file after a deploy: a real 404, never HTML as script.
		http.NotFound(w, r)
		return
	}
	status := http.StatusOK
	if err != nil || name == "" {
		if !isClientRoute(path.Clean("/" + r.URL.Path)) {
			// The app shows its 404 screen; the status tells search engines the same.
			status = http.StatusNotFound
		}
		name = "index.html"
		if f, err = s.load(name); err != nil {
			http.Error(w, "The web app is not built", http.StatusServiceUnavailable)
			return
		}
	}
	h := w.Header()
	if strings.HasPrefix(name, "assets/") {
		h.Set("Cache-Control", "public, max-age=31536000, immutable")
	} else {
		h.Set("Cache-Control", "no-cache")
	}
	h.Set("Content-Type", f.contentType)
	h.Set("Vary", "Accept-Encoding")
	body, etag := f.body, f.etag
	if f.gzipped != nil && AcceptsGzip(r) {
		// Other bytes, so another ETag: a range request must never mix the two.
		h.Set("Content-Encoding", "gzip")
		body, etag = f.gzipped, strings.TrimSuffix(f.etag, `"`)+`-gzip"`
	}
	h.Set("ETag", etag)
	if status != http.StatusOK {
		h.Set("Content-Length", strconv.Itoa(len(body)))
		w.WriteHeader(status)
		if r.Method != http.MethodHead {
			w.Write(body)
		}
		return
	}
	// ServeContent answers conditional requests (304) from the ETag.
	http.ServeContent(w, r, "", time.Time{}, bytes.NewReader(body))
}

// clientRoutes are the web app's routes (web/src/lib/paths.ts and, for the
// admin screens kept out of the visitor's script, admin-paths.ts; kept in
// step by TestClientRoutesMatchTheApp): index.html answers them with 200,
// any other unknown path with 404.
var clientRoutes = map[string]bool{
	"/":                   true,
	"/en":                 true,
	"/auth":               true,
	"/coming-soon":        true,
	"/privacy":            true,
	"/en/privacy":         true,
	"/admin":              true,
	"/admin/analytics":    true,
	"/admin/content":      true,
	"/admin/portfolio":    true,
	"/admin/testimonials": true,
	"/admin/client-logos": true,
	"/admin/inquiries":    true,
	"/admin/deals":        true,
	"/admin/deals/:id":    true,
	"/admin/invoices":     true,
	"/admin/invoices/:id": true,
	"/admin/settings":     true,
}

// isClientRoute reports whether p is one of clientRoutes, where a ":name"
// segment stands for any one segment (a deal's id).
func isClientRoute(p string) bool {
	if clientRoutes[p] {
		return true
	}
	segments := strings.Split(p, "/")
	for route := range clientRoutes {
		if !strings.Contains(route, "/:") {
			continue
		}
		pattern := strings.Split(route, "/")
		if len(pattern) == len(segments) && segmentsMatch(pattern, segments) {
			return true
		}
	}
	return false
}

func segmentsMatch(pattern, segments []string) bool {
	for i, want := range pattern {
		if strings.HasPrefix(want, ":") {
			if segments[i] == "" {
				return false
			}
		} else if want != segments[i] {
			return false
		}
	}
	return true
}

// load returns a file of the app, reading and compressing it on first use.
func (s *Files) load(name string) (*staticFile, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if f, ok := s.cache[name]; ok {
		return f, nil
	}
	if name == "" {
		return nil, fs.ErrNotExist
	}
	body, err := fs.ReadFile(s.fsys, name)
	if err != nil {
		return nil, err // includes directories
	}
	if name == "index.html" {
		// Without the placeholders a page rendered by the server fills; so the build writes no .gz of it.
		body = ssr.PlainPage(body)
	}
	sum := sha256.Sum256(body)
	f := &staticFile{
		body:        body,
		contentType: contentTypeOf(name),
		etag:        `"` + hex.EncodeToString(sum[:8]) + `"`,
	}
	if precompressed, err := fs.ReadFile(s.fsys, name+".gz"); err == nil {
		// The web build writes name.gz with zopfli, a few percent smaller than gzip's best level.
		f.gzipped = precompressed
	} else if compressible(f.contentType) && len(body) > 512 {
		var buf bytes.Buffer
		zw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
		zw.Write(body)
		zw.Close()
		f.gzipped = buf.Bytes()
	}
	if len(f.gzipped) >= len(body) {
		f.gzipped = nil // compression would only add bytes
	}
	s.cache[name] = f
	return f, nil
}

func contentTypeOf(name string) string {
	if path.Ext(name) == ".webmanifest" {
		return "application/manifest+json"
	}
	if ct := mime.TypeByExtension(path.Ext(name)); ct != "" {
		return ct
	}
	return "application/octet-stream"
}

func compressible(contentType string) bool {
	for _, prefix := range []string{"text/", "application/javascript", "text/javascript", "application/json", "image/svg+xml", "application/manifest+json"} {
		if strings.HasPrefix(contentType, prefix) {
			return true
		}
	}
	return false
}

// AcceptsGzip reports whether the client takes a gzipped answer.
func AcceptsGzip(r *http.Request) bool {
	for _, part := range strings.Split(r.Header.Get("Accept-Encoding"), ",") {
		enc, q, _ := strings.Cut(strings.TrimSpace(part), ";")
		if strings.TrimSpace(enc) == "gzip" && strings.TrimSpace(q) != "q=0" {
			return true
		}
	}
	return false
}
