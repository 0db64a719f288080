package rooms

import (
	"context"
	"database/sql"
	"errors"
	"strconv"
	"time"

	"github.com/ugcfolio/ugcfolio/internal/apperr"
	"github.com/ugcfolio/ugcfolio/internal/deals"
	"github.com/ugcfolio/ugcfolio/internal/forms"
)

// The room of a deal: its settings (how many business days a draft waits
// for its answer, the last day its links work) and the state of its links.

// The states of a room as the admin reads them.
const (
	StateNone    = "none"    // no link made yet: the brand cannot see anything
	StateActive  = "active"  // a link works
	StateExpired = "expired" // past its last day
	StateRevoked = "revoked" // every link revoked
)

// DefaultAnswerDays is how many business days a draft waits for its answer
// unless the room says otherwise.
const DefaultAnswerDays = 3

// Room is GET /api/admin/deals/{id}/room.
type Room struct {
	DealID        int64      `json:"dealId"`
	State         string     `json:"state"`
	AnswerDays    int        `json:"answerDays"`
	ExpiresOn     string     `json:"expiresOn"` // YYYY-MM-DD, "" for never
	LinkCreatedAt *time.Time `json:"linkCreatedAt"`
	LastOpenedAt  *time.Time `json:"lastOpenedAt"`
	// URL is the address of the room's working link, for the admin to
	// copy or send again; "" when no link works (or the working one was
	// made before links were kept, seal.go).
	URL string `json:"url,omitempty"`
	// Mail says whether the site sends e-mail at all: with it off, the
	// deal's page promises the brand no e-mail.
	Mail bool `json:"mail"`

	id int64 // 0: no room row yet
}

// Settings are what the admin sets of a room.
type Settings struct {
	ExpiresOn  string `json:"expiresOn"`
	AnswerDays int    `json:"answerDays"`
}

// MaxAnswerDays bounds a room's business days.
const MaxAnswerDays = 30

type setting = forms.Field[Settings]

// settingsForm is testdata/rules.json's "room".
var settingsForm = forms.New("room",
	setting{Rule: forms.Rule{Field: "expiresOn", Label: "Expiry date", Trim: true, Format: "date", EmptyOK: true},
		Text: func(in *Settings) *string { return &in.ExpiresOn }},
	setting{Rule: forms.Rule{Field: "answerDays", Label: "Days to answer", Range: [2]int{1, MaxAnswerDays},
		RangeMsg: "Days to answer must be a whole number from 1 to " + strconv.Itoa(MaxAnswerDays)},
		Number: func(in *Settings) *int { return &in.AnswerDays }},
)

// checkSettings applies the form, and refuses an expiry already past (a
// link that would never work).
func (s *Service) checkSettings(in Settings, was string) (Settings, error) {
	if err := settingsForm.Check(&in); err != nil {
		return in, err
	}
	if in.ExpiresOn != "" && in.ExpiresOn != was && in.ExpiresOn < day(s.now()) {
		return in, apperr.Invalid("Expiry date must be today or later")
	}
	return in, nil
}

var errNoRoom = apperr.NotFound("This deal has no delivery room yet")

// querier is a *sql.DB or a *sql.Tx.
type querier interface {
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
}

// room reads a deal's room with the state of its links; a deal without
// one answers StateNone with the default settings.
func (s *Service) room(ctx context.Context, db querier, dealID int64) (Room, error) {
	rm := Room{DealID: dealID, State: StateNone, AnswerDays: DefaultAnswerDays}
	var opened sql.NullTime
	err := db.QueryRowContext(ctx, s.q(`SELECT id, answer_days, expires_on, last_opened_at FROM deal_rooms WHERE deal_id = ?`),
		dealID).Scan(&rm.id, &rm.AnswerDays, &rm.ExpiresOn, &opened)
	if errors.Is(err, sql.ErrNoRows) {
		return rm, nil
	}
	if err != nil {
		return rm, err
	}
	if opened.Valid {
		t := opened.Time.UTC()
		rm.LastOpenedAt = &t
	}
	var created time.Time
	err = db.QueryRowContext(ctx, s.q(`SELECT created_at FROM room_links WHERE room_id = ? AND purpose = 'admin'
		ORDER BY id DESC LIMIT 1`), rm.id).Scan(&created)
	if errors.Is(err, sql.ErrNoRows) {
		return rm, nil // drafts uploaded, no link made yet
	}
	if err != nil {
		return rm, err
	}
	created = created.UTC()
	rm.LinkCreatedAt = &created
	var live int
	if err := db.QueryRowContext(ctx, s.q(`SELECT COUNT(*) FROM room_links WHERE room_id = ? AND revoked_at IS NULL`),
		rm.id).Scan(&live); err != nil {
		return rm, err
	}
	switch {
	case live == 0:
		rm.State = StateRevoked
	case rm.ExpiresOn != "" && day(s.now()) > rm.ExpiresOn:
		rm.State = StateExpired
	default:
		rm.State = StateActive
	}
	return rm, nil
}

// Room answers a deal's room (404 for no such deal).
func (s *Service) Room(ctx context.Context, dealID int64) (Room, error) {
	if _, err := s.deals.Get(ctx, dealID); err != nil {
		return Room{}, err
	}
	return s.adminRoom(ctx, dealID)
}

// adminRoom is the room with the address of its working link, as the
// admin reads it after each change.
func (s *Service) adminRoom(ctx context.Context, dealID int64) (Room, error) {
	rm, err := s.room(ctx, s.st.DB, dealID)
	if err != nil {
		return rm, err
	}
	rm.Mail = s.mail.Enabled()
	rm.URL, err = s.currentURL(ctx, rm)
	return rm, err
}

// ensureRoom answers the id of a deal's room, making it with the default
// settings when it has none.
func (s *Service) ensureRoom(ctx context.Context, tx *sql.Tx, dealID int64) (int64, error) {
	now := s.now()
	if _, err := tx.ExecContext(ctx, s.q(`INSERT INTO deal_rooms (deal_id, answer_days, expires_on, created_at, updated_at)
		VALUES (?, ?, '', ?, ?) ON CONFLICT (deal_id) DO NOTHING`), dealID, DefaultAnswerDays, now, now); err != nil {
		return 0, err
	}
	var id int64
	err := tx.QueryRowContext(ctx, s.q(`SELECT id FROM deal_rooms WHERE deal_id = ?`), dealID).Scan(&id)
	return id, err
}

// UpdateSettings answers PATCH …/room: the body goes over the stored
// settings (what it leaves out stays).
func (s *Service) UpdateSettings(ctx context.Context, actor deals.Actor, dealID int64, next func(*Settings) error) (Room, error) {
	d, err := s.deals.Get(ctx, dealID)
	if err != nil {
		return Room{}, err
	}
	cur, err := s.room(ctx, s.st.DB, dealID)
	if err != nil {
		return Room{}, err
	}
	in := Settings{ExpiresOn: cur.ExpiresOn, AnswerDays: cur.AnswerDays}
	if err := next(&in); err != nil {
		return Room{}, err
	}
	if in, err = s.checkSettings(in, cur.ExpiresOn); err != nil {
		return Room{}, err
	}
	if in.ExpiresOn == cur.ExpiresOn && in.AnswerDays == cur.AnswerDays {
		return s.adminRoom(ctx, dealID)
	}
	err = s.st.InTx(ctx, func(tx *sql.Tx) error {
		id, err := s.ensureRoom(ctx, tx, dealID)
		if err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, s.q(`UPDATE deal_rooms SET answer_days = ?, expires_on = ?, updated_at = ? WHERE id = ?`),
			in.AnswerDays, in.ExpiresOn, s.now(), id); err != nil {
			return err
		}
		return s.record(ctx, tx, d, actor, kindRoom, "changed the delivery room: "+settingsDetail(in))
	})
	if err != nil {
		return Room{}, err
	}
	return s.adminRoom(ctx, dealID)
}

func settingsDetail(in Settings) string {
	expiry := "the link never expires"
	if in.ExpiresOn != "" {
		expiry = "the link works through " + in.ExpiresOn
	}
	return expiry + ", " + strconv.Itoa(in.AnswerDays) + " business days to answer a draft"
}

// The kinds of deal event the rooms record (deals.Record): the deal's
// history and the Overview show their detail.
const (
	kindRoom    = "room"
	kindDraft   = "draft"
	kindLicence = "licence"
)

// record adds an event to the deal's history in tx.
func (s *Service) record(ctx context.Context, tx *sql.Tx, d deals.Deal, actor deals.Actor, kind, detail string) error {
	return s.deals.Record(ctx, tx, deals.Event{DealID: &d.ID, Brand: d.Brand, At: s.now(), Actor: actor, Kind: kind, Detail: detail})
}
