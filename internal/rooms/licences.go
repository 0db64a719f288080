package rooms

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/ugcfolio/ugcfolio/internal/apperr"
	"github.com/ugcfolio/ugcfolio/internal/deals"
	"github.com/ugcfolio/ugcfolio/internal/forms"
)

// Licences: the usage rights of each of the deal's videos, which the room
// shows and prints, and whose end the creator is reminded of (sweep.go).

// Usages are a licence's kinds of use (testdata/rules.json "licenceUsages"):
// organic (posted by the brand as it is) or paid (in ads, organic included).
var Usages = []string{"organic", "paid"}

// Caps of a licence's fields.
const (
	MaxTerritory   = 100
	MaxChannels    = 12
	MaxChannelName = 40
)

// LicenceInput is what the admin writes of a licence.
type LicenceInput struct {
	Usage        string   `json:"usage"`
	Channels     []string `json:"channels"`
	Territory    string   `json:"territory"`
	StartDate    string   `json:"startDate"` // YYYY-MM-DD, the first day of use
	EndDate      string   `json:"endDate"`   // YYYY-MM-DD, the last day of use
	Whitelisting bool     `json:"whitelisting"`
}

// Licence is a stored licence: of one of the deal's videos.
type Licence struct {
	ID          int64 `json:"id"`
	DealID      int64 `json:"dealId"`
	Deliverable int   `json:"deliverable"`
	LicenceInput
	CreatedAt time.Time `json:"createdAt"`
	UpdatedAt time.Time `json:"updatedAt"`
}

type licenceField = forms.Field[LicenceInput]

// licenceForm is testdata/rules.json's "licence"; the channels and the
// order of the dates are checked after it (checkLicence).
var licenceForm = forms.New("licence",
	licenceField{Rule: forms.Rule{Field: "usage", Label: "Usage", OneOf: Usages, OneOfMsg: "Usage must be organic or paid"},
		Text: func(in *LicenceInput) *string { return &in.Usage }},
	licenceField{Rule: forms.Rule{Field: "territory", Label: "Territory", Trim: true, Required: true, Max: MaxTerritory},
		Text: func(in *LicenceInput) *string { return &in.Territory }},
	licenceField{Rule: forms.Rule{Field: "startDate", Label: "Start date", Trim: true, Format: "date"},
		Text: func(in *LicenceInput) *string { return &in.StartDate }},
	licenceField{Rule: forms.Rule{Field: "endDate", Label: "End date", Trim: true, Format: "date"},
		Text: func(in *LicenceInput) *string { return &in.EndDate }},
)

// checkLicence applies the form, then: the end on or after the start, and
// 1 to MaxChannels channel names (trimmed, each once, case aside).
func checkLicence(in LicenceInput) (LicenceInput, error) {
	if err := licenceForm.Check(&in); err != nil {
		return in, err
	}
	if in.EndDate < in.StartDate {
		return in, apperr.Invalid("End date must be on or after the start date")
	}
	var channels []string
	for _, c := range in.Channels {
		c = strings.TrimSpace(c)
		switch {
		case c == "":
			continue
		case utf8.RuneCountInString(c) > MaxChannelName:
			return in, apperr.Invalid("A channel name must be at most %d characters", MaxChannelName)
		case strings.ContainsAny(c, "\n\t"):
			return in, apperr.Invalid("A channel name must be one line")
		}
		if !slices.ContainsFunc(channels, func(x string) bool { return strings.EqualFold(x, c) }) {
			channels = append(channels, c)
		}
	}
	switch {
	case len(channels) == 0:
		return in, apperr.Invalid("Name at least one channel (TikTok, Instagram…)")
	case len(channels) > MaxChannels:
		return in, apperr.Invalid("A licence names at most %d channels", MaxChannels)
	}
	in.Channels = channels
	return in, nil
}

const licenceColumns = `id, deal_id, deliverable, usage, channels, territory, start_date, end_date, whitelisting, created_at, updated_at`

func scanLicence(row interface{ Scan(...any) error }) (Licence, error) {
	var l Licence
	var channels string
	err := row.Scan(&l.ID, &l.DealID, &l.Deliverable, &l.Usage, &channels, &l.Territory, &l.StartDate, &l.EndDate,
		&l.Whitelisting, &l.CreatedAt, &l.UpdatedAt)
	if err != nil {
		return l, err
	}
	if err := json.Unmarshal([]byte(channels), &l.Channels); err != nil {
		return l, fmt.Errorf("licence %d: channels: %w", l.ID, err)
	}
	l.CreatedAt, l.UpdatedAt = l.CreatedAt.UTC(), l.UpdatedAt.UTC()
	return l, nil
}

// licences answers a deal's licences, by video.
func (s *Service) licences(ctx context.Context, dealID int64) ([]Licence, error) {
	return s.queryLicences(ctx, `SELECT `+licenceColumns+` FROM room_licences WHERE deal_id = ? ORDER BY deliverable`, dealID)
}

func (s *Service) queryLicences(ctx context.Context, query string, args ...any) ([]Licence, error) {
	rows, err := s.st.DB.QueryContext(ctx, s.q(query), args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []Licence{}
	for rows.Next() {
		l, err := scanLicence(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, l)
	}
	return out, rows.Err()
}

// checkDeliverable checks that n names one of the deal's videos.
func checkDeliverable(n int, d deals.Deal) error {
	if videos := max(d.DeliverableCount, 1); n < 1 || n > videos {
		return apperr.NotFound("Video %d is not one of this deal's %d", n, videos)
	}
	return nil
}

// SetLicence answers PUT /api/admin/deals/{id}/licences/{n}: the licence
// of the deal's video n, made or replaced whole.
func (s *Service) SetLicence(ctx context.Context, actor deals.Actor, dealID int64, n int, in LicenceInput) (Licence, error) {
	d, err := s.deals.Get(ctx, dealID)
	if err != nil {
		return Licence{}, err
	}
	if err := checkDeliverable(n, d); err != nil {
		return Licence{}, err
	}
	if in, err = checkLicence(in); err != nil {
		return Licence{}, err
	}
	channels, _ := json.Marshal(in.Channels)
	var l Licence
	err = s.st.InTx(ctx, func(tx *sql.Tx) error {
		now := s.now()
		var err error
		l, err = scanLicence(tx.QueryRowContext(ctx, s.q(`INSERT INTO room_licences (deal_id, deliverable, usage, channels, territory,
			start_date, end_date, whitelisting, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
			ON CONFLICT (deal_id, deliverable) DO UPDATE SET usage = excluded.usage, channels = excluded.channels,
				territory = excluded.territory, start_date = excluded.start_date, end_date = excluded.end_date,
				whitelisting = excluded.whitelisting, updated_at = excluded.updated_at
			RETURNING `+licenceColumns), d.ID, n, in.Usage, string(channels), in.Territory, in.StartDate, in.EndDate,
			in.Whitelisting, now, now))
		if err != nil {
			return err
		}
		return s.record(ctx, tx, d, actor, kindLicence, fmt.Sprintf("set the licence of video %d: %s use, %s to %s", n, in.Usage,
			in.StartDate, in.EndDate))
	})
	return l, err
}

// DeleteLicence removes the licence of the deal's video n.
func (s *Service) DeleteLicence(ctx context.Context, actor deals.Actor, dealID int64, n int) error {
	d, err := s.deals.Get(ctx, dealID)
	if err != nil {
		return err
	}
	return s.st.InTx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, s.q(`DELETE FROM room_licences WHERE deal_id = ? AND deliverable = ?`), d.ID, n)
		if err != nil {
			return err
		}
		if gone, _ := res.RowsAffected(); gone == 0 {
			return apperr.NotFound("Video %d has no licence", n)
		}
		return s.record(ctx, tx, d, actor, kindLicence, fmt.Sprintf("removed the licence of video %d", n))
	})
}

// Ending is a licence in the dashboard's list, with its deal.
type Ending struct {
	Licence
	Brand    string `json:"brand"`
	DaysLeft int    `json:"daysLeft"` // to its last day: 0 on the day, negative once ended
}

// EndingSoon answers the licences whose last day is within days from
// today, and those that ended in the week before (renewals are income),
// soonest first.
func (s *Service) EndingSoon(ctx context.Context, today string, days int) ([]Ending, error) {
	list, err := s.queryLicences(ctx, `SELECT `+licenceColumns+` FROM room_licences WHERE end_date >= ? AND end_date <= ?
		ORDER BY end_date, id`, addDays(today, -7), addDays(today, days))
	if err != nil {
		return nil, err
	}
	out := make([]Ending, 0, len(list))
	for _, l := range list {
		d, err := s.deals.Get(ctx, l.DealID)
		if errors.Is(err, sql.ErrNoRows) || apperr.Is(err, apperr.CodeNotFound) {
			continue // deleted meanwhile
		}
		if err != nil {
			return nil, err
		}
		out = append(out, Ending{Licence: l, Brand: d.Brand, DaysLeft: daysBetween(today, l.EndDate)})
	}
	return out, nil
}
