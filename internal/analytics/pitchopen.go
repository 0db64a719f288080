package analytics

import (
	"context"
	"database/sql"
	"time"
)

// The first opening of a pitch link: the creator may get an e-mail then
// (internal/mail), once per link.

// PitchOpened is the first visit of a pitch link, as its e-mail tells it.
type PitchOpened struct {
	LinkID     int64
	Name, Note string
	At         time.Time
}

// markOpened records, in the writer's transaction, that link was opened at
// at. Only the first time does it set first_opened_at; then, when the link
// asks for it (notify_open), it hands the opening to Deps.OnFirstOpen,
// which enqueues the e-mail in the same transaction: it leaves if and only
// if the events are written. Exactly once per link: the conditional update
// succeeds once, whichever replica writes first (on PostgreSQL a second
// writer waits for the first's commit and then finds the row changed; an
// SQLite database has one writer at a time). It answers whether an e-mail
// was enqueued.
func (s *Service) markOpened(ctx context.Context, tx *sql.Tx, link int64, at time.Time) (bool, error) {
	o := PitchOpened{LinkID: link, At: at}
	var notify bool
	err := tx.QueryRowContext(ctx, s.st.Rebind(`UPDATE analytics_pitch_links SET first_opened_at = ?
		WHERE id = ? AND first_opened_at IS NULL RETURNING name, note, notify_open`), at, link).Scan(&o.Name, &o.Note, &notify)
	if err == sql.ErrNoRows {
		return false, nil // opened before
	}
	if err != nil || !notify || s.onFirstOpen == nil {
		return false, err
	}
	return true, s.onFirstOpen(ctx, tx, o)
}

// SetPitchNotify switches the e-mail of a link's first opening on or off
// (PATCH /api/admin/pitch-links/{id}); nil keeps it as it is. It answers
// the link.
func (s *Service) SetPitchNotify(ctx context.Context, id int64, on *bool) (PitchLink, error) {
	l := PitchLink{ID: id}
	var token string
	err := s.st.DB.QueryRowContext(ctx, s.st.Rebind(`UPDATE analytics_pitch_links SET notify_open = COALESCE(?, notify_open) WHERE id = ?
		RETURNING token, name, note, notify_open, language, created_at`), on, id).Scan(&token, &l.Name, &l.Note, &l.NotifyOpen, &l.Language, &l.CreatedAt)
	if err == sql.ErrNoRows {
		return l, errLinkNotFound
	}
	if err != nil {
		return l, err
	}
	l.URL, l.KitURL, l.CreatedAt = s.linkURL(token, l.Language), s.kitURL(token), l.CreatedAt.UTC()
	return l, nil
}
