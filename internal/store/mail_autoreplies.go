package store

import (
	"context"
	"database/sql"
	"strings"
	"time"
)

// AutoReplyClaim is what ClaimAutoReply decided.
type AutoReplyClaim int

const (
	AutoReplyClaimed AutoReplyClaim = iota // this inquiry's visitor gets the auto-reply
	AutoReplyRecent                        // the address had one within the window
	AutoReplyCapped                        // the site has sent its hourly cap
)

// autoReplyLock is the PostgreSQL advisory lock that makes the count and
// the claim of the hourly cap one step across replicas (any fixed number;
// "ugc24").
const autoReplyLock = 0x7567633234

// ClaimAutoReply reserves, inside tx, the one auto-reply the address key
// (already normalised by the caller) may get per window, and one of the
// perHour auto-replies the whole site may send in the hour before at.
// Two inquiries at once, in one replica or several, cannot both get the
// last one: on SQLite the inquiry's insert holds the single write lock, on
// PostgreSQL an advisory lock is held until the commit.
func (s *Store) ClaimAutoReply(ctx context.Context, tx *sql.Tx, key string, at time.Time, window time.Duration, perHour int) (AutoReplyClaim, error) {
	at = at.UTC()
	if s.Dialect == Postgres {
		if _, err := tx.ExecContext(ctx, `SELECT pg_advisory_xact_lock($1)`, int64(autoReplyLock)); err != nil {
			return 0, err
		}
	}
	var recent int
	if err := tx.QueryRowContext(ctx, s.rebind(`SELECT COUNT(*) FROM mail_autoreplies WHERE address = ? AND sent_at > ?`),
		key, at.Add(-window)).Scan(&recent); err != nil {
		return 0, err
	}
	if recent > 0 {
		return AutoReplyRecent, nil
	}
	// One row per address and at most one auto-reply per address a day:
	// the rows of the last hour are the auto-replies of the last hour.
	var lastHour int
	if err := tx.QueryRowContext(ctx, s.rebind(`SELECT COUNT(*) FROM mail_autoreplies WHERE sent_at > ?`),
		at.Add(-time.Hour)).Scan(&lastHour); err != nil {
		return 0, err
	}
	if lastHour >= perHour {
		return AutoReplyCapped, nil
	}
	var got string
	err := tx.QueryRowContext(ctx, s.rebind(`INSERT INTO mail_autoreplies (address, sent_at) VALUES (?, ?)
		ON CONFLICT (address) DO UPDATE SET sent_at = excluded.sent_at WHERE mail_autoreplies.sent_at <= ?
		RETURNING address`), key, at, at.Add(-window)).Scan(&got)
	if noRows(err) {
		return AutoReplyRecent, nil
	}
	return AutoReplyClaimed, err
}

// PruneAutoReplies deletes the records of auto-replies sent before the
// given time (their window is over); it answers how many went.
func (s *Store) PruneAutoReplies(ctx context.Context, before time.Time) (int64, error) {
	res, err := s.exec(ctx, `DELETE FROM mail_autoreplies WHERE sent_at <= ?`, before.UTC())
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}

// MarkInquiriesNotified records that the creator's notification of these
// inquiries left at at.
func (s *Store) MarkInquiriesNotified(ctx context.Context, ids []int64, at time.Time) error {
	if len(ids) == 0 {
		return nil
	}
	args := []any{at.UTC()}
	for _, id := range ids {
		args = append(args, id)
	}
	_, err := s.exec(ctx, `UPDATE contact_inquiries SET notified_at = ? WHERE id IN (?`+strings.Repeat(", ?", len(ids)-1)+`)`, args...)
	return err
}

// InquiriesNotifiedAt answers when the notification of each of these
// inquiries left, for those it did.
func (s *Store) InquiriesNotifiedAt(ctx context.Context, ids []int64) (map[int64]time.Time, error) {
	out := map[int64]time.Time{}
	for len(ids) > 0 {
		batch := ids[:min(len(ids), 500)]
		ids = ids[len(batch):]
		args := make([]any, len(batch))
		for i, id := range batch {
			args[i] = id
		}
		rows, err := s.query(ctx, `SELECT id, notified_at FROM contact_inquiries WHERE notified_at IS NOT NULL AND id IN (?`+
			strings.Repeat(", ?", len(batch)-1)+`)`, args...)
		if err != nil {
			return nil, err
		}
		for rows.Next() {
			var id int64
			var at time.Time
			if err := rows.Scan(&id, &at); err != nil {
				rows.Close()
				return nil, err
			}
			out[id] = at.UTC()
		}
		if err := rows.Err(); err != nil {
			rows.Close()
			return nil, err
		}
		if err := rows.Close(); err != nil {
			return nil, err
		}
	}
	return out, nil
}
