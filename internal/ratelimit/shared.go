package ratelimit

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"sync/atomic"
	"time"

	"github.com/ugcfolio/ugcfolio/internal/store"
)

// Shared is a Limiter that counts in the database, so replicas sharing a
// PostgreSQL database give a client the same number of tries as one server.
// It is the same token bucket as Memory, kept in one row per key
// of the rate_limits table as GCRA's "theoretical arrival time" (tat): the
// moment the bucket is full again. One upsert takes a token atomically on
// both engines (a row lock on PostgreSQL, the single writer on SQLite):
//
//	new tat = max(tat, now) + Every, allowed while new tat - now <= Burst × Every
//
// A refused attempt changes nothing, and a refund moves tat back by Every
// (never before now). A row whose tat has passed is a full bucket, the same
// as no row, so old rows are deleted at any time (prune) without changing
// an answer. Times are each replica's own clock, in milliseconds: clocks
// kept by NTP agree to a few, and a replica whose clock runs d ahead gives
// a try back d early.
//
// A Memory of the same rate in front answers floods without the database:
// it counts only this replica's share of the tries the database allowed, so
// its bucket is never emptier than the shared one, and when it refuses, the
// database would refuse too. Its Retry-After may be shorter than the shared
// bucket's; a client coming back then meets the database's answer.
type Shared struct {
	st    *store.Store
	log   *slog.Logger
	scope string
	rate  Rate
	local *Memory
	Now   func() time.Time // time.Now; tests move a fake clock (the local check follows it)

	pruned atomic.Int64 // when this limiter last deleted full buckets, Unix ms
}

// pruneEvery is how often a limiter deletes the rows of its full buckets.
const pruneEvery = time.Minute

// NewShared makes a Limiter of rate r counting in st's rate_limits table
// under scope (one name per limit: "login-addr", "contact").
func NewShared(st *store.Store, log *slog.Logger, scope string, r Rate) *Shared {
	s := &Shared{st: st, log: log, scope: scope, rate: r, local: NewMemory(r), Now: time.Now}
	s.local.Now = func() time.Time { return s.Now() }
	return s
}

// Rate is the limit s applies.
func (s *Shared) Rate() Rate { return s.rate }

// Attempt takes one token for key (see Limiter).
func (s *Shared) Attempt(ctx context.Context, key string) (refund func(), err error) {
	refundLocal, err := s.local.Attempt(ctx, key)
	if err != nil {
		return nil, err
	}
	bucket, err := s.bucketOf(ctx, key)
	if err != nil {
		refundLocal()
		return nil, err
	}
	now := s.Now()
	every, tolerance := s.rate.Every.Milliseconds(), s.rate.Every.Milliseconds()*int64(s.rate.Burst)
	ms := now.UnixMilli()
	var tat int64
	err = s.st.DB.QueryRowContext(ctx, s.st.Rebind(`INSERT INTO rate_limits (scope, bucket, tat) VALUES (?, ?, ?)
		ON CONFLICT (scope, bucket) DO UPDATE
		SET tat = (CASE WHEN rate_limits.tat > ? THEN rate_limits.tat ELSE ? END) + ?
		WHERE (CASE WHEN rate_limits.tat > ? THEN rate_limits.tat ELSE ? END) + ? <= ?
		RETURNING tat`),
		s.scope, bucket, ms+every, ms, ms, every, ms, ms, every, ms+tolerance).Scan(&tat)
	if errors.Is(err, sql.ErrNoRows) {
		refundLocal()
		return nil, s.refused(ctx, bucket, ms, every, tolerance)
	}
	if err != nil {
		refundLocal()
		return nil, fmt.Errorf("rate limit %s: %w", s.scope, err)
	}
	s.prune(ctx, ms)
	return func() {
		refundLocal()
		s.refund(ctx, bucket)
	}, nil
}

// refused is the 429 of a bucket that had no token: when the next one comes.
func (s *Shared) refused(ctx context.Context, bucket string, now, every, tolerance int64) error {
	var tat int64
	err := s.st.DB.QueryRowContext(ctx, s.st.Rebind(`SELECT tat FROM rate_limits WHERE scope = ? AND bucket = ?`),
		s.scope, bucket).Scan(&tat)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return fmt.Errorf("rate limit %s: %w", s.scope, err)
	}
	wait := max(tat, now) + every - tolerance - now
	return &Error{retryAfter: max(time.Duration(wait)*time.Millisecond, time.Millisecond)}
}

// refund gives a token back. It runs after the request's work (a right
// password), so it has a context of its own: a client that has gone must
// not leave its failure counted.
func (s *Shared) refund(ctx context.Context, bucket string) {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
	defer cancel()
	now, every := s.Now().UnixMilli(), s.rate.Every.Milliseconds()
	_, err := s.st.DB.ExecContext(ctx, s.st.Rebind(`UPDATE rate_limits SET tat = CASE WHEN tat - ? > ? THEN tat - ? ELSE ? END
		WHERE scope = ? AND bucket = ?`), every, now, every, now, s.scope, bucket)
	if err != nil {
		s.log.Error("rate limit: refund failed", "scope", s.scope, "err", err)
	}
}

// prune deletes the rows of full buckets, at most once per pruneEvery per
// limiter, so the table holds only clients that used some of their tries
// lately.
func (s *Shared) prune(ctx context.Context, now int64) {
	last := s.pruned.Load()
	if now-last < pruneEvery.Milliseconds() || !s.pruned.CompareAndSwap(last, now) {
		return
	}
	if _, err := s.st.DB.ExecContext(ctx, s.st.Rebind(`DELETE FROM rate_limits WHERE scope = ? AND tat <= ?`), s.scope, now); err != nil && ctx.Err() == nil {
		s.log.Warn("rate limit: prune failed", "scope", s.scope, "err", err)
	}
}

// bucketSecret names the site secret (store.SiteSecret) buckets are keyed
// with.
const bucketSecret = "rate-limits"

// bucketOf is the row's name for key: an HMAC under the site's secret, so
// that the table holds no client address or account name. A plain hash
// would not do: every IPv4 address can be hashed in minutes, which turns
// the table back into a list of addresses. The secret is in the database,
// so every replica names a client's bucket alike.
func (s *Shared) bucketOf(ctx context.Context, key string) (string, error) {
	secret, err := s.st.SiteSecret(ctx, bucketSecret)
	if err != nil {
		return "", fmt.Errorf("rate limit %s: %w", s.scope, err)
	}
	mac := hmac.New(sha256.New, secret)
	mac.Write([]byte(key))
	return hex.EncodeToString(mac.Sum(nil)[:16]), nil
}
