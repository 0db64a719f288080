package httpapi

import (
	"net/http"
	"sync"
	"sync/atomic"
	"time"
)

// publicCache keeps the encoded answers of the visitor lists (portfolio and
// testimonials per language), which every page view asks for and which
// change only when the admin saves something. Any admin write in this
// process empties it at once (forgetOnAdminWrites); an entry also
// expires after publicCacheTTL, so a write made through another replica
// sharing the PostgreSQL database shows within that time.
type publicCache struct {
	generation atomic.Uint64
	mu         sync.RWMutex
	entries    map[string]cachedAnswer
}

type cachedAnswer struct {
	body       []byte
	generation uint64
	expires    time.Time
}

const publicCacheTTL = 2 * time.Second

func newPublicCache() *publicCache { return &publicCache{entries: map[string]cachedAnswer{}} }

// invalidate forgets every entry, including answers being computed now.
func (c *publicCache) invalidate() { c.generation.Add(1) }

// forgetOnAdminWrites empties the cache after every state-changing admin
// request, since the admin may have changed what visitors see. It sits
// behind guardAdmin, so only requests the guard let through count.
func (c *publicCache) forgetOnAdminWrites(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		next.ServeHTTP(w, r)
		if isAdminPath(r.URL.Path) && r.Method != http.MethodGet && r.Method != http.MethodHead {
			c.invalidate()
		}
	})
}

// get returns the body cached under key, or runs compute (which returns the
// JSON body) and keeps its answer. The generation is read before compute
// reads the database, so an answer computed across a write is never kept.
func (c *publicCache) get(key string, compute func() ([]byte, error)) ([]byte, error) {
	gen := c.generation.Load()
	c.mu.RLock()
	e, ok := c.entries[key]
	c.mu.RUnlock()
	if !ok || e.generation != gen || time.Now().After(e.expires) {
		body, err := compute()
		if err != nil {
			return nil, err
		}
		body = append(body, '\n') // as writeJSON's encoder ends its answers
		e = cachedAnswer{body: body, generation: gen, expires: time.Now().Add(publicCacheTTL)}
		c.mu.Lock()
		c.entries[key] = e
		c.mu.Unlock()
	}
	return e.body, nil
}
