package rooms

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/ugcfolio/ugcfolio/internal/apperr"
	"github.com/ugcfolio/ugcfolio/internal/deals"
	"github.com/ugcfolio/ugcfolio/internal/media"
	"github.com/ugcfolio/ugcfolio/internal/store"
)

// Drafts: versions of the deal's videos the creator uploads for the
// brand's answer. A draft arrives through the chunked upload protocol like
// any video, but its finalize is AddDraft's: the file goes into the deal,
// never onto the site.

// The states of a draft.
const (
	DraftPending    = "pending"    // waiting for the brand's answer (until DueAt, then approved automatically)
	DraftApproved   = "approved"   // the final file can be downloaded in the room
	DraftChanges    = "changes"    // the brand asked for changes (Comment)
	DraftSuperseded = "superseded" // a newer version came before an answer
)

// Draft is one version of one of the deal's videos.
type Draft struct {
	ID          int64      `json:"id"`
	DealID      int64      `json:"dealId"`
	Deliverable int        `json:"deliverable"` // which of the deal's videos, from 1
	Version     int        `json:"version"`     // of that video, from 1
	FileName    string     `json:"fileName"`    // as uploaded: the final's download name
	FileSize    int64      `json:"fileSize"`
	Note        string     `json:"note"` // the creator's words to the brand
	State       string     `json:"state"`
	DueAt       *time.Time `json:"dueAt"` // pending: approved automatically then (null while the room has no working link)
	Comment     string     `json:"comment"`
	AnsweredBy  string     `json:"answeredBy"` // "brand", "auto" or ""
	AnsweredAt  *time.Time `json:"answeredAt"`
	CreatedAt   time.Time  `json:"createdAt"`

	storedName string
}

// Title names the draft in messages and the history: "video 2 v3".
func (d Draft) Title() string { return fmt.Sprintf("video %d v%d", d.Deliverable, d.Version) }

const draftColumns = `id, deal_id, deliverable, version, file_name, file_size, note, state, due_at, comment, answered_by,
	answered_at, created_at, stored_name`

func scanDraft(row interface{ Scan(...any) error }) (Draft, error) {
	var d Draft
	var due, answered sql.NullTime
	err := row.Scan(&d.ID, &d.DealID, &d.Deliverable, &d.Version, &d.FileName, &d.FileSize, &d.Note, &d.State, &due,
		&d.Comment, &d.AnsweredBy, &answered, &d.CreatedAt, &d.storedName)
	if err != nil {
		return d, err
	}
	d.DueAt, d.AnsweredAt, d.CreatedAt = utcPtr(due), utcPtr(answered), d.CreatedAt.UTC()
	return d, nil
}

func utcPtr(t sql.NullTime) *time.Time {
	if !t.Valid {
		return nil
	}
	u := t.Time.UTC()
	return &u
}

var errDraftNotFound = apperr.NotFound("Draft not found")

// drafts answers a deal's drafts: by video, the newest version first.
func (s *Service) drafts(ctx context.Context, dealID int64) ([]Draft, error) {
	rows, err := s.st.DB.QueryContext(ctx, s.q(`SELECT `+draftColumns+` FROM room_drafts WHERE deal_id = ?
		ORDER BY deliverable, version DESC`), dealID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []Draft{}
	for rows.Next() {
		d, err := scanDraft(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, d)
	}
	return out, rows.Err()
}

// draft reads one draft of a deal: another deal's is not found.
func (s *Service) draft(ctx context.Context, dealID, draftID int64) (Draft, error) {
	d, err := scanDraft(s.st.DB.QueryRowContext(ctx, s.q(`SELECT `+draftColumns+` FROM room_drafts WHERE id = ? AND deal_id = ?`),
		draftID, dealID))
	if errors.Is(err, sql.ErrNoRows) {
		return Draft{}, errDraftNotFound
	}
	return d, err
}

// NewDraft is POST /api/admin/deals/{id}/drafts: the upload to finalize
// into the deal, which of its videos it is, and a note to the brand.
type NewDraft struct {
	UploadID    string `json:"uploadId"`
	Deliverable int    `json:"deliverable"`
	Note        string `json:"note"`
}

// MaxNote caps a draft's note and an answer's comment.
const MaxNote = 2000

// checkNewDraft checks the body against the deal: which video, from 1 to
// the deal's number of videos (at least one).
func checkNewDraft(in *NewDraft, d deals.Deal) error {
	videos := max(d.DeliverableCount, 1)
	in.Note = strings.TrimSpace(in.Note)
	switch {
	case !media.ValidUploadID(in.UploadID):
		return apperr.Invalid("uploadId must be the id of an upload (8 to 64 letters, digits, - or _)")
	case in.Deliverable < 1 || in.Deliverable > videos:
		return apperr.Invalid("deliverable must be a whole number from 1 to %d (the deal's number of videos)", videos)
	case utf8.RuneCountInString(in.Note) > MaxNote:
		return apperr.Invalid("Note must be at most %d characters", MaxNote)
	}
	return nil
}

var errUsedOnSite = apperr.New(apperr.CodeConflict, "This upload is used on the site (a portfolio item or testimonial): upload the draft again")

// cmpErr answers err, else fallback.
func cmpErr(err, fallback error) error {
	if err != nil {
		return err
	}
	return fallback
}

var errNotVideo = apperr.New(apperr.CodeUnsupportedMedia, "A draft must be a video (MP4, MOV, WebM or Ogg)")

// AddDraft finalizes a chunked upload of the admin into a new version of
// one of the deal's videos, starts its processing and, when the room has a
// working link, gives the brand the room's days to answer and e-mails it.
// Retried with the same upload (a lost answer), it answers the same draft
// (created false).
func (s *Service) AddDraft(ctx context.Context, actor deals.Actor, adminID, dealID int64, in NewDraft) (dr Draft, created bool, err error) {
	d, err := s.deals.Get(ctx, dealID)
	if err != nil {
		return Draft{}, false, err
	}
	if err := checkNewDraft(&in, d); err != nil {
		return Draft{}, false, err
	}
	up, err := s.st.GetUpload(ctx, in.UploadID)
	if apperr.Is(err, apperr.CodeNotFound) || (err == nil && up.UserID != adminID) {
		return Draft{}, false, apperr.NotFound("Upload not found")
	}
	if err != nil {
		return Draft{}, false, err
	}
	if !strings.HasPrefix(strings.ToLower(up.FileType), "video/") {
		return Draft{}, false, errNotVideo
	}
	url, err := s.uploads.Finalize(ctx, adminID, in.UploadID)
	if err != nil {
		if url != "" {
			s.forget(ctx, url)
		}
		return Draft{}, false, err
	}
	name, _ := media.NameFromURL(url)
	if dr, err = s.draftByName(ctx, name); err == nil {
		return dr, false, s.processing.Start(ctx, url) // the same upload again: its draft
	} else if !errors.Is(err, sql.ErrNoRows) {
		return Draft{}, false, err
	}
	if !strings.HasPrefix(media.ContentType(name), "video/") {
		s.removeFiles(ctx, name)
		return Draft{}, false, errNotVideo
	}
	// An upload finalized for the site and saved on an item stays the
	// site's: a draft is private, the item public.
	if used, err := s.st.UploadInUse(ctx, url); err != nil || used {
		return Draft{}, false, cmpErr(err, errUsedOnSite)
	}
	for try := 0; ; try++ {
		dr, err = s.insertDraft(ctx, actor, d, in, up.FileName, up.FileSize, name)
		if !store.IsUniqueViolation(err) || try == 2 {
			break // another upload of the same video took the version: take the next
		}
	}
	if err != nil {
		return Draft{}, false, err
	}
	s.mailer.Wake()
	return dr, true, s.processing.Start(ctx, url)
}

func (s *Service) draftByName(ctx context.Context, name string) (Draft, error) {
	return scanDraft(s.st.DB.QueryRowContext(ctx, s.q(`SELECT `+draftColumns+` FROM room_drafts WHERE stored_name = ?`), name))
}

// insertDraft stores the next version of the video, supersedes the
// earlier ones still waiting, and queues the brand's e-mail, in one
// transaction.
func (s *Service) insertDraft(ctx context.Context, actor deals.Actor, d deals.Deal, in NewDraft, fileName string, size int64, name string) (Draft, error) {
	var dr Draft
	err := s.st.InTx(ctx, func(tx *sql.Tx) error {
		if _, err := s.ensureRoom(ctx, tx, d.ID); err != nil {
			return err
		}
		rm, err := s.room(ctx, tx, d.ID)
		if err != nil {
			return err
		}
		now := s.now()
		var due *time.Time
		if rm.State == StateActive {
			t := addBusinessDays(now, rm.AnswerDays)
			due = &t
		}
		var version int
		if err := tx.QueryRowContext(ctx, s.q(`SELECT COALESCE(MAX(version), 0) + 1 FROM room_drafts WHERE deal_id = ? AND deliverable = ?`),
			d.ID, in.Deliverable).Scan(&version); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, s.q(`UPDATE room_drafts SET state = 'superseded' WHERE deal_id = ? AND deliverable = ? AND state = 'pending'`),
			d.ID, in.Deliverable); err != nil {
			return err
		}
		dr, err = scanDraft(tx.QueryRowContext(ctx, s.q(`INSERT INTO room_drafts (deal_id, deliverable, version, stored_name, file_name,
			file_size, note, state, due_at, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, 'pending', ?, ?) RETURNING `+draftColumns),
			d.ID, in.Deliverable, version, name, fileName, size, in.Note, due, now))
		if err != nil {
			return err
		}
		if err := s.record(ctx, tx, d, actor, kindDraft, "uploaded draft "+dr.Title()); err != nil {
			return err
		}
		if rm.State == StateActive && d.ContactEmail != "" {
			return s.queueMail(ctx, tx, mailJob{Event: eventDraftReady, To: toBrand, DraftID: dr.ID})
		}
		return nil
	})
	return dr, err
}

// DeleteDraft removes a draft (an upload by mistake) with its files.
func (s *Service) DeleteDraft(ctx context.Context, actor deals.Actor, dealID, draftID int64) error {
	d, err := s.deals.Get(ctx, dealID)
	if err != nil {
		return err
	}
	dr, err := s.draft(ctx, dealID, draftID)
	if err != nil {
		return err
	}
	err = s.st.InTx(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, s.q(`DELETE FROM room_drafts WHERE id = ?`), dr.ID); err != nil {
			return err
		}
		return s.record(ctx, tx, d, actor, kindDraft, "deleted draft "+dr.Title())
	})
	if err != nil {
		return err
	}
	s.removeFiles(ctx, dr.storedName)
	return nil
}
