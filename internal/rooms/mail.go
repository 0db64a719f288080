package rooms

import (
	"cmp"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"

	"github.com/ugcfolio/ugcfolio/internal/apperr"
	"github.com/ugcfolio/ugcfolio/internal/deals"
	"github.com/ugcfolio/ugcfolio/internal/jobs"
	"github.com/ugcfolio/ugcfolio/internal/mail"
)

// The rooms' e-mail: a job kind of its own on the mail queue's terms
// (mail.Retry), queued in the transaction of what it tells (a transactional
// outbox, as the inquiries' mail), composed when it is sent from what is
// stored then. A message to the brand carries a link made for it as it is
// sent, so no working token is ever written to the database in clear.

const mailKind = "rooms.mail"

// The events a message tells of.
const (
	eventDraftReady   = "draft-ready"   // to the brand: a new draft waits for its answer
	eventAnswered     = "answered"      // to the creator: the brand approved, or asked for changes
	eventAutoApproved = "auto-approved" // to both: no answer in time
	eventLicenceSoon  = "licence-soon"  // to the creator: a licence ends in reminderLead days
	eventLicenceEnded = "licence-ended" // to the creator: a licence ends today (or ended)
)

// Who a message goes to.
const (
	toBrand   = "brand"   // the deal's contact e-mail, in the deal's language
	toCreator = "creator" // the inquiries' recipients, in Norwegian (as the admin is)
)

// mailJob is the payload of a message's job.
type mailJob struct {
	Event     string `json:"event"`
	To        string `json:"to"`
	DraftID   int64  `json:"draftId,omitempty"`
	LicenceID int64  `json:"licenceId,omitempty"`
	EndDate   string `json:"endDate,omitempty"`
	Day       string `json:"day,omitempty"` // a reminder's day (Oslo): what "in 14 days" counts from
}

// mailsBrand says whether the brand of d is e-mailed of new drafts: e-mail
// is on and the deal has a contact address. The pages promise an e-mail
// only then.
func (s *Service) mailsBrand(d deals.Deal) bool { return s.mail.Enabled() && d.ContactEmail != "" }

// queueMail queues a message in tx; with e-mail off, nothing.
func (s *Service) queueMail(ctx context.Context, tx *sql.Tx, j mailJob) error {
	if !s.mail.Enabled() {
		return nil
	}
	subject := "draft:" + strconv.FormatInt(j.DraftID, 10)
	if j.LicenceID != 0 {
		subject = "licence:" + strconv.FormatInt(j.LicenceID, 10)
	}
	_, err := s.mailer.Enqueue(ctx, tx, subject, j)
	return err
}

var errGone = errors.New("what the message is about was deleted before it was sent")

// sendMail is the job's handler: compose from what is stored, then send.
func (s *Service) sendMail(ctx context.Context, _ *jobs.Task, j mailJob) error {
	msg, err := s.compose(ctx, j)
	if apperr.Is(err, apperr.CodeNotFound) || errors.Is(err, sql.ErrNoRows) {
		return jobs.Permanent(errGone)
	}
	if errors.Is(err, errRoomClosed) || errors.Is(err, errNothingToSay) {
		return jobs.Permanent(err)
	}
	if err != nil {
		return err
	}
	return s.mail.Deliver(ctx, msg)
}

var errNothingToSay = errors.New("the draft was answered or replaced before its message was sent")

// compose builds the message of a job.
func (s *Service) compose(ctx context.Context, j mailJob) (mail.Message, error) {
	if j.LicenceID != 0 {
		return s.composeReminder(ctx, j)
	}
	var dealID int64
	if err := s.st.DB.QueryRowContext(ctx, s.q(`SELECT deal_id FROM room_drafts WHERE id = ?`), j.DraftID).Scan(&dealID); err != nil {
		return mail.Message{}, err
	}
	d, err := s.deals.Get(ctx, dealID)
	if err != nil {
		return mail.Message{}, err
	}
	dr, err := s.draft(ctx, dealID, j.DraftID)
	if err != nil {
		return mail.Message{}, err
	}
	if j.To == toCreator {
		return s.toCreator(ctx, d, letterAbout(j.Event, d, dr, "no"))
	}
	if j.Event == eventDraftReady && dr.State != DraftPending {
		return mail.Message{}, errNothingToSay
	}
	if d.ContactEmail == "" {
		return mail.Message{}, jobs.Permanent(errors.New("the deal has no contact e-mail"))
	}
	link, err := s.mintMailLink(ctx, d.ID)
	if err != nil {
		return mail.Message{}, err
	}
	l := letterAbout(j.Event, d, dr, d.Language)
	l.Link = link
	msg, err := s.letterMessage([]string{d.ContactEmail}, l)
	// Answering goes to the creator, at an address chosen for mail (never
	// an admin's login), and the brand's copy names no deal number.
	msg.ReplyTo = s.mail.ReplyAddress()
	return msg, err
}

// composeReminder builds a licence's reminder to the creator.
func (s *Service) composeReminder(ctx context.Context, j mailJob) (mail.Message, error) {
	l, err := scanLicence(s.st.DB.QueryRowContext(ctx, s.q(`SELECT `+licenceColumns+` FROM room_licences WHERE id = ?`), j.LicenceID))
	if err != nil {
		return mail.Message{}, err
	}
	d, err := s.deals.Get(ctx, l.DealID)
	if err != nil {
		return mail.Message{}, err
	}
	return s.toCreator(ctx, d, reminderLetter(j.Event, d, l, cmp.Or(j.Day, day(s.now()))))
}

// toCreator addresses a letter to the creator, with the deal's admin page.
func (s *Service) toCreator(ctx context.Context, d deals.Deal, l letter) (mail.Message, error) {
	to, err := s.mail.CreatorAddresses(ctx)
	if err != nil {
		return mail.Message{}, err
	}
	l.Link, l.LinkLabel = fmt.Sprintf("%s/admin/deals/%d", s.siteURL, d.ID), words(l.Lang, "Se avtalen i admin", "See the deal in the admin")
	msg, err := s.letterMessage(to, l)
	if d.ContactEmail != "" {
		msg.ReplyTo = d.ContactEmail // answering goes to the brand
	}
	// The creator's own mail may name the deal, for filters (its link does too).
	msg.Headers = map[string]string{"X-Ugcfolio-Deal": strconv.FormatInt(d.ID, 10)}
	return msg, err
}

// letterMessage renders a letter into a message.
func (s *Service) letterMessage(to []string, l letter) (mail.Message, error) {
	text, html, err := l.render()
	if err != nil {
		return mail.Message{}, jobs.Permanent(err)
	}
	return mail.Message{To: to, Subject: l.Subject, Text: text, HTML: html}, nil
}
