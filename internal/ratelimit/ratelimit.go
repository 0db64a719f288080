// Package ratelimit holds back what a client may repeat: requests per client
// address or account (Limiter, 429 with Retry-After), the login throttle
// that counts only failures and lets a known browser through (login.go),
// and the password hashes running at once (passwords.go, 503 past the
// bound). It knows nothing of HTTP: callers pass the keys (a client
// address from internal/clientaddr, a username).
//
// Limits count in the database (Shared, shared.go), so several replicas
// give a client the same number of tries as one, or in this process's
// memory (Memory). A Limiter is the one method a handler calls, so the
// handlers do not know which.
package ratelimit

import (
	"context"
	"math"
	"strconv"
	"sync"
	"time"

	"github.com/ugcfolio/ugcfolio/internal/apperr"
)

// A Limiter allows each key a burst of requests that refills at a steady
// rate; past it Attempt returns an *Error saying when to come back.
type Limiter interface {
	// Attempt takes one token for key and returns a refund that gives it
	// back. Throttles that count only failures (login, the gate) take the
	// token before checking and refund it on success, so there is no gap
	// between the check and the count that parallel guesses could slip
	// through. A refused attempt takes nothing, so the wait never grows by
	// retrying.
	Attempt(ctx context.Context, key string) (refund func(), err error)
}

// Rate is a limit: a burst, and one request regained per Every. Bursts are
// at least 10 (DESIGN.md section 2), so a person correcting a form is never
// blocked.
type Rate struct {
	Every time.Duration
	Burst int
}

// Memory is a Limiter that counts in memory: a token bucket per key.
//
// It is a small token bucket of its own rather than golang.org/x/time/rate,
// because the login and gate throttles must give a token back after a
// success (so only failures count), and rate.Limiter cannot refund a
// reservation once its time has passed.
type Memory struct {
	rate Rate
	Now  func() time.Time // time.Now; tests move a fake clock

	mu      sync.Mutex
	buckets map[string]*bucket
	sweep   time.Time
}

// bucket holds the tokens of one key as of last.
type bucket struct {
	tokens float64
	last   time.Time
}

// NewMemory makes a Limiter of rate r.
func NewMemory(r Rate) *Memory {
	return &Memory{rate: r, Now: time.Now, buckets: map[string]*bucket{}}
}

// Rate is the limit m applies.
func (m *Memory) Rate() Rate { return m.rate }

// refill adds the tokens regained since b.last, up to the burst.
func (m *Memory) refill(b *bucket, now time.Time) {
	if now.After(b.last) {
		b.tokens = math.Min(float64(m.rate.Burst), b.tokens+float64(now.Sub(b.last))/float64(m.rate.Every))
		b.last = now
	}
}

// Attempt takes one token for key (see Limiter).
func (m *Memory) Attempt(_ context.Context, key string) (refund func(), err error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	now := m.Now()
	m.forgetIdle(now)
	b, ok := m.buckets[key]
	if !ok {
		b = &bucket{tokens: float64(m.rate.Burst), last: now}
		m.buckets[key] = b
	}
	m.refill(b, now)
	if b.tokens < 1 {
		wait := time.Duration((1 - b.tokens) * float64(m.rate.Every))
		return nil, &Error{retryAfter: max(wait, time.Millisecond)}
	}
	b.tokens--
	return func() {
		m.mu.Lock()
		defer m.mu.Unlock()
		m.refill(b, m.Now())
		b.tokens = math.Min(float64(m.rate.Burst), b.tokens+1)
	}, nil
}

// forgetIdle drops buckets that have refilled completely, so the map does
// not grow with every address ever seen.
func (m *Memory) forgetIdle(now time.Time) {
	full := m.rate.Every * time.Duration(m.rate.Burst)
	if now.Sub(m.sweep) < full {
		return
	}
	m.sweep = now
	for k, b := range m.buckets {
		if now.Sub(b.last) > full {
			delete(m.buckets, k)
		}
	}
}

// Error is a 429 that also carries when to retry.
type Error struct{ retryAfter time.Duration }

func (e *Error) Error() string { return "Too many requests, please try again later" }

// RetryAfterSeconds rounds up, so a client that waits that long succeeds.
func (e *Error) RetryAfterSeconds() string {
	return strconv.Itoa(int(math.Ceil(e.retryAfter.Seconds())))
}

// AppErr is the answer: the 429 status and message.
func (e *Error) AppErr() *apperr.Error {
	return apperr.New(apperr.CodeRateLimited, "%s", e.Error())
}
