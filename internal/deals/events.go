package deals

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"strings"
	"time"
)

// The history of a deal: one event per change, with who made it and when.

// The kinds of event this package records. Other packages record their own
// (a room opened, a draft approved) with Record and a kind of their own.
const (
	KindCreated = "created" // ToStage is the first stage; Detail says "from inquiry N" when made from one
	KindUpdated = "updated" // a stage move (FromStage → ToStage) and/or field changes
	KindDeleted = "deleted" // DealID is null: the deal and its other events are gone; Brand names it
)

// Event is one change of a deal.
type Event struct {
	ID        int64     `json:"id"`
	DealID    *int64    `json:"dealId"`
	Brand     string    `json:"brand"` // the deal's brand when it happened
	At        time.Time `json:"at"`
	Actor     Actor     `json:"actor"`
	Kind      string    `json:"kind"`
	FromStage string    `json:"fromStage,omitempty"`
	ToStage   string    `json:"toStage,omitempty"`
	Changes   []Change  `json:"changes"`
	Detail    string    `json:"detail,omitempty"`
}

// Change is one field's change. From and To are left out for the long
// texts (brief, notes): the history says they changed, not their words.
type Change struct {
	Field string  `json:"field"` // the JSON name: price, dueDate…
	From  *string `json:"from,omitempty"`
	To    *string `json:"to,omitempty"`
}

// Record stores an event; tx may be nil (outside a transaction). The
// actor's id is kept while the account exists, the name for good.
func (s *Service) Record(ctx context.Context, tx *sql.Tx, ev Event) error {
	if ev.Changes == nil {
		ev.Changes = []Change{}
	}
	if ev.At.IsZero() {
		ev.At = s.now()
	}
	changes, err := json.Marshal(ev.Changes)
	if err != nil {
		return err
	}
	var user *int64
	if ev.Actor.ID != 0 {
		user = &ev.Actor.ID
	}
	query := s.q(`INSERT INTO deal_events (deal_id, brand, at, user_id, user_name, kind, from_stage, to_stage, changes, detail)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`)
	args := []any{ev.DealID, ev.Brand, ev.At, user, ev.Actor.Name, ev.Kind, ev.FromStage, ev.ToStage, string(changes), ev.Detail}
	if tx != nil {
		_, err = tx.ExecContext(ctx, query, args...)
	} else {
		_, err = s.st.DB.ExecContext(ctx, query, args...)
	}
	return err
}

const eventColumns = `id, deal_id, brand, at, user_id, user_name, kind, from_stage, to_stage, changes, detail`

func scanEvent(row scanner) (Event, error) {
	var ev Event
	var deal, user sql.NullInt64
	var changes string
	if err := row.Scan(&ev.ID, &deal, &ev.Brand, &ev.At, &user, &ev.Actor.Name, &ev.Kind, &ev.FromStage, &ev.ToStage,
		&changes, &ev.Detail); err != nil {
		return Event{}, err
	}
	if deal.Valid {
		ev.DealID = &deal.Int64
	}
	ev.Actor.ID = user.Int64
	ev.At = ev.At.UTC()
	if err := json.Unmarshal([]byte(changes), &ev.Changes); err != nil {
		return Event{}, fmt.Errorf("deal event %d: %w", ev.ID, err)
	}
	return ev, nil
}

// Events answers a deal's history, oldest first.
func (s *Service) Events(ctx context.Context, dealID int64) ([]Event, error) {
	return s.events(ctx, `SELECT `+eventColumns+` FROM deal_events WHERE deal_id = ? ORDER BY id`, dealID)
}

func (s *Service) events(ctx context.Context, query string, args ...any) ([]Event, error) {
	rows, err := s.st.DB.QueryContext(ctx, s.q(query), args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []Event{}
	for rows.Next() {
		ev, err := scanEvent(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, ev)
	}
	return out, rows.Err()
}

// diff is the event of writing next over cur: the stage move, if any, and
// every other field that changed, in the columns' order.
func diff(cur, next Input) Event {
	ev := Event{Kind: KindUpdated, Changes: []Change{}}
	if cur.Stage != next.Stage {
		ev.FromStage, ev.ToStage = cur.Stage, next.Stage
	}
	before, after := values(cur), values(next)
	for i, f := range fields {
		if f.column == "stage" || before[i] == after[i] {
			continue
		}
		c := Change{Field: f.json}
		if !f.long {
			from, to := fmt.Sprint(before[i]), fmt.Sprint(after[i])
			c.From, c.To = &from, &to
		}
		ev.Changes = append(ev.Changes, c)
	}
	return ev
}

// StageLabel is a stage as the admin reads it ("in_production": "In production").
func StageLabel(stage string) string {
	if stage == "" {
		return ""
	}
	s := strings.ReplaceAll(stage, "_", " ")
	return strings.ToUpper(s[:1]) + s[1:]
}

// fieldLabels name the fields in the Overview's lines.
var fieldLabels = map[string]string{
	"brand": "brand", "contactName": "contact", "contactEmail": "e-mail", "language": "language",
	"package": "package", "price": "price", "currency": "currency", "deliverableCount": "number of videos",
	"deliverableSeconds": "video length", "deliverableFormat": "format", "dueDate": "due date",
	"brief": "brief", "notes": "notes",
}

// ActivityLine is one line of the Overview's recent activity.
type ActivityLine struct {
	At   time.Time
	Text string // English, like the other lines of the Overview
	Link string // the deal's admin page, or the board for a deleted deal
}

// Activity answers the newest events of every deal, newest first, at most limit.
func (s *Service) Activity(ctx context.Context, limit int) ([]ActivityLine, error) {
	evs, err := s.events(ctx, `SELECT e.id, e.deal_id, COALESCE(d.brand, e.brand), e.at, e.user_id, e.user_name, e.kind,
		e.from_stage, e.to_stage, e.changes, e.detail FROM deal_events e LEFT JOIN deals d ON d.id = e.deal_id
		ORDER BY e.at DESC, e.id DESC LIMIT ?`, limit)
	if err != nil {
		return nil, err
	}
	out := make([]ActivityLine, len(evs))
	for i, ev := range evs {
		link := "/admin/deals"
		if ev.DealID != nil {
			link = fmt.Sprintf("/admin/deals/%d", *ev.DealID)
		}
		out[i] = ActivityLine{At: ev.At, Text: activityText(ev), Link: link}
	}
	return out, nil
}

func activityText(ev Event) string {
	switch ev.Kind {
	case KindCreated:
		if ev.Detail != "" {
			return "New deal: " + ev.Brand + " (" + ev.Detail + ")"
		}
		return "New deal: " + ev.Brand
	case KindDeleted:
		return "Deal deleted: " + ev.Brand
	case KindUpdated:
		var parts []string
		if ev.FromStage != "" {
			parts = append(parts, "moved from "+StageLabel(ev.FromStage)+" to "+StageLabel(ev.ToStage))
		}
		if len(ev.Changes) > 0 {
			names := make([]string, len(ev.Changes))
			for i, c := range ev.Changes {
				names[i] = fieldLabels[c.Field]
			}
			parts = append(parts, strings.Join(names, ", ")+" changed")
		}
		return ev.Brand + ": " + strings.Join(parts, "; ")
	}
	// Another package's event (a room, a draft, a quote, an invoice): the creator's own steps
	// and the brand's answers would read alike, so the line ends with who acted.
	line := ev.Brand + ": " + ev.Kind
	if ev.Detail != "" {
		line = ev.Brand + ": " + ev.Detail
	}
	if ev.Actor.Name != "" {
		line += " — " + ev.Actor.Name
	}
	return line
}
