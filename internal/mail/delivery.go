package mail

import (
	"context"
	"time"

	"github.com/ugcfolio/ugcfolio/internal/apperr"
	"github.com/ugcfolio/ugcfolio/internal/jobs"
)

// The states of a Delivery, which the admin's inquiries screen switches on
// (web/src/api/inquiries.admin.ts; testdata/rules.json holds both to them).
const (
	DeliverySending = "sending"
	DeliverySent    = "sent"
	DeliveryWaiting = "waiting"
	DeliveryFailed  = "failed"
)

// Delivery is the notification's state as the admin shows it.
type Delivery struct {
	State     string     `json:"state"` // sending (first try due or running), sent, waiting (after a failed try), failed
	Attempts  int        `json:"attempts"`
	NextTryAt *time.Time `json:"nextTryAt,omitempty"` // waiting: the next try
	Error     string     `json:"error,omitempty"`     // waiting, failed: the last try's error
	SentAt    *time.Time `json:"sentAt,omitempty"`
}

func deliveryOf(j jobs.Job) Delivery {
	d := Delivery{Attempts: j.Attempts}
	switch {
	case j.State == jobs.Done:
		d.State, d.SentAt = DeliverySent, j.FinishedAt
	case j.State == jobs.Failed:
		d.State, d.Error = DeliveryFailed, j.LastError
	case j.State == jobs.Queued && j.LastError != "":
		next := j.RunAt
		d.State, d.Error, d.NextTryAt = DeliveryWaiting, j.LastError, &next
	default:
		d.State = DeliverySending
	}
	return d
}

// Deliveries answers the notification state of each inquiry that has one.
func (m *Mailer) Deliveries(ctx context.Context, inquiryIDs []int64) (map[int64]Delivery, error) {
	if !m.Enabled() {
		return map[int64]Delivery{}, nil
	}
	subjects := make([]string, len(inquiryIDs))
	for i, id := range inquiryIDs {
		subjects[i] = subject(id)
	}
	found, err := m.jobs.ForSubjects(ctx, KindNotify, subjects)
	if err != nil {
		return nil, err
	}
	// A notification whose job has been pruned (Prune) is sent: it says
	// when in the inquiry.
	notified, err := m.st.InquiriesNotifiedAt(ctx, inquiryIDs)
	if err != nil {
		return nil, err
	}
	out := make(map[int64]Delivery, len(found))
	for _, id := range inquiryIDs {
		if j, ok := found[subject(id)]; ok {
			out[id] = deliveryOf(j)
		} else if at, ok := notified[id]; ok {
			out[id] = Delivery{State: DeliverySent, SentAt: &at}
		}
	}
	return out, nil
}

// Resend sends the notification of an inquiry again now: its job is
// queued again (failed, sent or waiting), or made when it has none (the
// inquiry came while mail was off). This is jobs' one retry path
// (Kind.Again), as for the video and image jobs of internal/processing.
func (m *Mailer) Resend(ctx context.Context, inquiryID int64) (Delivery, error) {
	if !m.Enabled() {
		return Delivery{}, apperr.New(apperr.CodeConflict, "E-mail is off: set UGCFOLIO_SMTP_URL")
	}
	if _, err := m.st.GetInquiry(ctx, inquiryID); err != nil {
		return Delivery{}, err
	}
	j, err := m.notify.Again(ctx, subject(inquiryID), notice{inquiryID})
	if err != nil {
		return Delivery{}, err
	}
	return deliveryOf(j), nil
}
