package httpapi

import (
	"context"
	"log/slog"
	"net/http"
	"sync"
	"time"

	"github.com/ugcfolio/ugcfolio/internal/contentversion"
)

// publicCache keeps the encoded answers of the visitor lists (portfolio,
// testimonials and texts per language), which every page view asks for and
// which change only when the admin saves something. Each entry is kept
// under the content version it was computed at (internal/contentversion,
// one counter in the database every replica shares) and served only while
// that is still the version: every admin write bumps it before its answer
// leaves (forgetOnAdminWrites), so the next request to any replica
// computes the answer again.
type publicCache struct {
	version *contentversion.Version
	log     *slog.Logger

	mu      sync.RWMutex
	entries map[string]cachedAnswer
}

type cachedAnswer struct {
	body    []byte
	version int64
}

func newPublicCache(v *contentversion.Version, log *slog.Logger) *publicCache {
	return &publicCache{version: v, log: log, entries: map[string]cachedAnswer{}}
}

// invalidate records a change visitors see that no admin request made (a
// finished photo or video job): every replica's caches are stale from now.
func (c *publicCache) invalidate() {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := c.version.Bump(ctx); err != nil {
		c.log.Error("public cache: cannot record a change; visitors may see the old content until the next one", "err", err)
	}
}

// forgetOnAdminWrites bumps the content version after every state-changing
// admin request, since the admin may have changed what visitors see, and
// before the first byte of its answer: once the admin's browser has the
// answer, any replica's next request sees the change. It sits behind
// guardAdmin, so only requests the guard let through count. Upload chunks
// change nothing a visitor sees until an item uses the file, and are many.
func (c *publicCache) forgetOnAdminWrites(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !isAdminPath(r.URL.Path) || r.Method == http.MethodGet || r.Method == http.MethodHead ||
			r.URL.Path == "/api/admin/upload/chunk" || r.URL.Path == "/api/admin/upload/initialize" {
			next.ServeHTTP(w, r)
			return
		}
		bw := &bumpFirst{ResponseWriter: w, bump: c.invalidate}
		next.ServeHTTP(bw, r)
		bw.bumpOnce() // a handler that wrote nothing
	})
}

// bumpFirst runs bump once, before the first byte of the answer.
type bumpFirst struct {
	http.ResponseWriter
	bump   func()
	bumped bool
}

func (b *bumpFirst) bumpOnce() {
	if !b.bumped {
		b.bumped = true
		b.bump()
	}
}

func (b *bumpFirst) WriteHeader(code int) {
	b.bumpOnce()
	b.ResponseWriter.WriteHeader(code)
}

func (b *bumpFirst) Write(p []byte) (int, error) {
	b.bumpOnce()
	return b.ResponseWriter.Write(p)
}

// Unwrap lets http.ResponseController reach the real writer.
func (b *bumpFirst) Unwrap() http.ResponseWriter { return b.ResponseWriter }

// get returns the body cached under key, or runs compute (which returns the
// JSON body) and keeps its answer. The version is read before compute reads
// the database, so an answer computed across a write is kept under the old
// version and not served again. When the version cannot be read (the
// database is away), a cached answer is served as it is: compute would fail
// too.
func (c *publicCache) get(ctx context.Context, key string, compute func() ([]byte, error)) ([]byte, error) {
	version, verr := c.version.Current(ctx)
	c.mu.RLock()
	e, ok := c.entries[key]
	c.mu.RUnlock()
	if ok && (e.version == version || verr != nil) {
		return e.body, nil
	}
	if verr != nil {
		return nil, verr
	}
	body, err := compute()
	if err != nil {
		return nil, err
	}
	body = append(body, '\n') // as writeJSON's encoder ends its answers
	c.mu.Lock()
	c.entries[key] = cachedAnswer{body: body, version: version}
	c.mu.Unlock()
	return body, nil
}
