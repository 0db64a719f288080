package billing

import (
	"context"
	"database/sql"
	"errors"
	"strconv"

	"github.com/ugcfolio/ugcfolio/internal/apperr"
	"github.com/ugcfolio/ugcfolio/internal/jobs"
	"github.com/ugcfolio/ugcfolio/internal/mail"
)

// Billing's e-mail: a job kind of its own on the mail queue's terms
// (mail.Retry), queued in the transaction of what it tells (the deal's
// event, a reminder's row), composed when it is sent from what is stored
// then: the issued invoice, its files, the reminder's interest and fee.

const mailKind = "billing.mail"

// The events a message tells of.
const (
	eventInvoice  = "invoice"  // an issued invoice, deposit request or credit note, with its files
	eventReminder = "reminder" // a step of the reminder schedule
)

// mailJob is the payload of a message's job.
type mailJob struct {
	Event     string `json:"event"`
	InvoiceID int64  `json:"invoiceId"`
	To        string `json:"to"`
	Step      string `json:"step,omitempty"` // a reminder's step (dunning.Step)
}

// queueMail queues a message in tx (the caller has checked that e-mail is on).
func (s *Service) queueMail(ctx context.Context, tx *sql.Tx, j mailJob) error {
	_, err := s.mailer.Enqueue(ctx, tx, "invoice:"+strconv.FormatInt(j.InvoiceID, 10), j)
	return err
}

var errNothingToSay = errors.New("the invoice was paid or credited before its reminder was sent")

// sendMail is the job's handler: compose from what is stored, then send.
func (s *Service) sendMail(ctx context.Context, _ *jobs.Task, j mailJob) error {
	msg, err := s.compose(ctx, j)
	if apperr.Is(err, apperr.CodeNotFound) || errors.Is(err, sql.ErrNoRows) || errors.Is(err, errNothingToSay) {
		return jobs.Permanent(err)
	}
	if err != nil {
		return err
	}
	return s.mail.Deliver(ctx, msg)
}

// compose builds the message of a job: the letter in the invoice's
// language, its PDF (and EHF, when made) attached, replies to the seller.
func (s *Service) compose(ctx context.Context, j mailJob) (mail.Message, error) {
	inv, err := s.Get(ctx, j.InvoiceID)
	if err != nil {
		return mail.Message{}, err
	}
	p, err := s.Profile(ctx)
	if err != nil {
		return mail.Message{}, err
	}
	var l letter
	switch j.Event {
	case eventInvoice:
		l = invoiceLetter(inv, p)
		if l.Link, err = s.cardMailLink(ctx, inv); err != nil {
			return mail.Message{}, err
		}
		l.LinkLabel = words(inv.Language, "Betal med kort", "Pay by card")
	case eventReminder:
		if inv.Outstanding == 0 || inv.Credited > 0 {
			return mail.Message{}, errNothingToSay
		}
		var r sentReminder
		err := s.st.DB.QueryRowContext(ctx, s.q(`SELECT step, sent_on, interest, fee FROM invoice_reminders WHERE invoice_id = ? AND step = ?`),
			j.InvoiceID, j.Step).Scan(&r.Step, &r.SentOn, &r.Interest, &r.Fee)
		if err != nil {
			return mail.Message{}, err
		}
		l = reminderLetter(inv, p, r)
	default:
		return mail.Message{}, jobs.Permanent(errors.New("unknown billing e-mail: " + j.Event))
	}
	files, err := s.attachments(ctx, inv)
	if err != nil {
		return mail.Message{}, err
	}
	text, html, err := l.render()
	if err != nil {
		return mail.Message{}, jobs.Permanent(err)
	}
	msg := mail.Message{To: []string{j.To}, Subject: l.Subject, Text: text, HTML: html, Attachments: files}
	// Answers go to the seller's address on the invoice, else to the
	// address the creator chose for mail (never an admin's login).
	msg.ReplyTo = p.Email
	if msg.ReplyTo == "" {
		msg.ReplyTo = s.mail.ReplyAddress()
	}
	return msg, nil
}

// attachments are an issued invoice's PDF and, when one was made, its EHF.
func (s *Service) attachments(ctx context.Context, inv Invoice) ([]mail.Attachment, error) {
	pdf, err := s.file(ctx, inv.ID, "pdf")
	if err != nil {
		return nil, err
	}
	out := []mail.Attachment{{Name: fileName(pdf, "pdf"), ContentType: "application/pdf", Data: pdf.Bytes}}
	if inv.EHFSHA256 == "" {
		return out, nil
	}
	ehf, err := s.file(ctx, inv.ID, "ehf")
	if err != nil {
		return nil, err
	}
	return append(out, mail.Attachment{Name: fileName(ehf, "ehf"), ContentType: "application/xml", Data: ehf.Bytes}), nil
}

// fileName is how a stored file is named when downloaded or attached:
// faktura-1001.pdf, kreditnota-1002.xml.
func fileName(f File, which string) string {
	ext := map[string]string{"pdf": ".pdf", "ehf": ".xml"}[which]
	name := map[string]string{"invoice": "faktura", "deposit": "forskudd", "credit-note": "kreditnota"}[f.Kind]
	return name + "-" + strconv.FormatInt(f.Number, 10) + ext
}
