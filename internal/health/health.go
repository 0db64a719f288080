// Package health is what a load balancer asks a replica:
// GET /healthz, whether the process is alive (200, touching nothing), and
// GET /readyz, whether it should get requests: 200 while its database and
// storage answer, 503 once it is draining for a shutdown or when either
// fails. Neither answer is cached by a client or proxy, and neither is
// behind the coming-soon gate or the admin guard (httpapi mounts them).
// Readiness asks the database and storage at most once a second, whatever
// the number of requests: a flood of /readyz costs them nothing more.
package health

import (
	"context"
	"encoding/json"
	"log/slog"
	"net/http"
	"sync"
	"sync/atomic"
	"time"
)

// Check is one dependency readiness asks about: "database", "storage".
type Check struct {
	Name string
	Ping func(ctx context.Context) error
}

// Health answers the probes of one server.
type Health struct {
	checks   []Check
	log      *slog.Logger
	timeout  time.Duration
	draining atomic.Bool
	now      func() time.Time
	ready    readyCache
}

// readyCacheFor is how long one answer of the checks serves every /readyz:
// balancers ask every few seconds, so it is never stale to them.
const readyCacheFor = time.Second

// readyCache is the checks' last answer. Its mutex is held while the
// checks run, so requests that come meanwhile wait for that answer instead
// of starting checks of their own.
type readyCache struct {
	mu     sync.Mutex
	at     time.Time // when the checks began; zero: never
	failed []string
}

// New answers readiness with checks, each given two seconds.
func New(log *slog.Logger, checks ...Check) *Health {
	return &Health{checks: checks, log: log, timeout: 2 * time.Second, now: time.Now}
}

// Drain makes /readyz answer 503 from now on: the server is shutting down
// and the balancer should send its requests elsewhere.
func (h *Health) Drain() { h.draining.Store(true) }

// Draining reports whether Drain was called.
func (h *Health) Draining() bool { return h.draining.Load() }

// Live answers GET /healthz: the process runs and serves HTTP. It asks
// nothing else, so a database outage does not make every replica look dead
// (a balancer or supervisor would restart them all for nothing).
func (h *Health) Live(w http.ResponseWriter, r *http.Request) {
	answer(w, http.StatusOK, status{Status: "ok"})
}

// Ready answers GET /readyz: 200 {"status":"ok"} when every check passes
// within its time, else 503 {"status":"unavailable","failed":[names]}; 503
// {"status":"draining"} once Drain was called. The checks run at once, so
// the answer takes as long as the slowest, and at most once a second
// (readyCacheFor); in between their last answer is given.
func (h *Health) Ready(w http.ResponseWriter, r *http.Request) {
	if h.Draining() {
		answer(w, http.StatusServiceUnavailable, status{Status: "draining"})
		return
	}
	if failed := h.failingCached(r.Context()); len(failed) > 0 {
		answer(w, http.StatusServiceUnavailable, status{Status: "unavailable", Failed: failed})
		return
	}
	answer(w, http.StatusOK, status{Status: "ok"})
}

// failingCached answers the checks' answer of the last second, or runs
// them. They run without the request's cancellation: their answer serves
// every request of the next second, not only this one's client, which may
// have left.
func (h *Health) failingCached(ctx context.Context) []string {
	c := &h.ready
	c.mu.Lock()
	defer c.mu.Unlock()
	now := h.now()
	if !c.at.IsZero() && !now.Before(c.at) && now.Sub(c.at) < readyCacheFor {
		return c.failed
	}
	c.failed = h.failing(context.WithoutCancel(ctx))
	c.at = now
	return c.failed
}

// failing runs every check and names those that failed, in check order.
func (h *Health) failing(ctx context.Context) []string {
	ctx, cancel := context.WithTimeout(ctx, h.timeout)
	defer cancel()
	errs := make([]error, len(h.checks))
	var wg sync.WaitGroup
	for i, c := range h.checks {
		wg.Go(func() { errs[i] = c.Ping(ctx) })
	}
	wg.Wait()
	var failed []string
	for i, err := range errs {
		if err != nil {
			h.log.Error("readiness check failed", "check", h.checks[i].Name, "err", err)
			failed = append(failed, h.checks[i].Name)
		}
	}
	return failed
}

// IsProbe reports whether path is one of the probes (the request log leaves
// out the answers that passed: a balancer asks every few seconds).
func IsProbe(path string) bool { return path == "/healthz" || path == "/readyz" }

// status is a probe's answer.
type status struct {
	Status string   `json:"status"`
	Failed []string `json:"failed,omitempty"` // the checks that failed
}

func answer(w http.ResponseWriter, code int, body status) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(code)
	json.NewEncoder(w).Encode(body)
}
