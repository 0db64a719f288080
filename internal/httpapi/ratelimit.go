package httpapi

import (
	"math"
	"strconv"
	"sync"
	"time"

	"github.com/ugcfolio/ugcfolio/internal/apperr"
)

// rateLimiter allows each key (a client address, a username) a burst of
// requests that refills at a steady rate; past it the answer is 429 with
// Retry-After. Bursts are at least 10 (DESIGN.md section 2), so a person
// correcting a form is never blocked.
//
// It is a small token bucket of its own rather than golang.org/x/time/rate,
// because the login and gate throttles must give a token back after a
// success (so only failures count), and rate.Limiter cannot refund a
// reservation once its time has passed.
type rateLimiter struct {
	every time.Duration // one request regained per this interval
	burst int
	now   func() time.Time // time.Now; tests move a fake clock

	mu      sync.Mutex
	buckets map[string]*bucket
	sweep   time.Time
}

// bucket holds the tokens of one key as of last.
type bucket struct {
	tokens float64
	last   time.Time
}

func newRateLimiter(every time.Duration, burst int) *rateLimiter {
	return &rateLimiter{every: every, burst: burst, now: time.Now, buckets: map[string]*bucket{}}
}

// refill adds the tokens regained since b.last, up to the burst.
func (l *rateLimiter) refill(b *bucket, now time.Time) {
	if now.After(b.last) {
		b.tokens = math.Min(float64(l.burst), b.tokens+float64(now.Sub(b.last))/float64(l.every))
		b.last = now
	}
}

// allow takes one token for key, or returns a rate-limited error saying
// when to come back.
func (l *rateLimiter) allow(key string) error {
	_, err := l.attempt(key)
	return err
}

// attempt takes one token for key like allow, and also returns a refund that
// gives it back. Throttles that count only failures (login, the gate) take the
// token before checking and refund it on success, so there is no gap between
// the check and the count that parallel guesses could slip through.
func (l *rateLimiter) attempt(key string) (refund func(), err error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.now()
	l.forgetIdle(now)
	b, ok := l.buckets[key]
	if !ok {
		b = &bucket{tokens: float64(l.burst), last: now}
		l.buckets[key] = b
	}
	l.refill(b, now)
	if b.tokens < 1 {
		// A refused request takes nothing, so the wait never grows by retrying.
		wait := time.Duration((1 - b.tokens) * float64(l.every))
		return nil, &rateLimitedError{retryAfter: max(wait, time.Millisecond)}
	}
	b.tokens--
	return func() {
		l.mu.Lock()
		defer l.mu.Unlock()
		l.refill(b, l.now())
		b.tokens = math.Min(float64(l.burst), b.tokens+1)
	}, nil
}

// forgetIdle drops buckets that have refilled completely, so the map does
// not grow with every address ever seen.
func (l *rateLimiter) forgetIdle(now time.Time) {
	full := l.every * time.Duration(l.burst)
	if now.Sub(l.sweep) < full {
		return
	}
	l.sweep = now
	for k, b := range l.buckets {
		if now.Sub(b.last) > full {
			delete(l.buckets, k)
		}
	}
}

// rateLimitedError is a 429 that also carries when to retry.
type rateLimitedError struct{ retryAfter time.Duration }

func (e *rateLimitedError) Error() string { return "Too many requests, please try again later" }

// retryAfterSeconds rounds up, so a client that waits that long succeeds.
func (e *rateLimitedError) retryAfterSeconds() string {
	return strconv.Itoa(int(math.Ceil(e.retryAfter.Seconds())))
}

// asAppErr lets writeError answer it with the 429 status and message.
func (e *rateLimitedError) asAppErr() *apperr.Error {
	return apperr.New(apperr.CodeRateLimited, "%s", e.Error())
}
