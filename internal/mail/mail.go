// Package mail sends the e-mail of issue 14 through internal/jobs: the
// notification of each inquiry to the creator and, when turned on, an
// auto-reply to the visitor. Both are enqueued in the inquiry's own
// transaction (a transactional outbox), so an inquiry that is stored is
// also mailed, after restarts and kill -9, and a rolled-back one is not.
// Sending goes through github.com/wneessen/go-mail.
package mail

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"strconv"
	"strings"
	"time"

	gomail "github.com/wneessen/go-mail"

	"github.com/ugcfolio/ugcfolio/internal/apperr"
	"github.com/ugcfolio/ugcfolio/internal/config"
	"github.com/ugcfolio/ugcfolio/internal/jobs"
	"github.com/ugcfolio/ugcfolio/internal/store"
)

// The job kinds of this package; their names are stored with their jobs.
const (
	KindNotify    = "mail.notify"
	KindAutoReply = "mail.autoreply"
)

// AutoReplyWindow is how often one address may get an auto-reply.
const AutoReplyWindow = 24 * time.Hour

// Retry is how a message is tried: about 24 hours of tries (1, 2, 4 … 32
// minutes, then hourly), two messages at once, two minutes a try.
var Retry = jobs.Options{MaxAttempts: 30, Concurrency: 2, Timeout: 2 * time.Minute, Backoff: jobs.Exponential(time.Minute, time.Hour)}

// Deps are what a Mailer needs.
type Deps struct {
	Config  config.MailConfig
	SiteURL string // for the link to the admin, without a trailing slash
	Store   *store.Store
	Jobs    *jobs.Queue // the kinds are registered on it
	Log     *slog.Logger
	Retry   *jobs.Options // nil: Retry (tests shorten the back-off)
	// RootCAs the server's certificate must chain to; nil: the system's
	// (tests trust their own SMTP server's).
	RootCAs *x509.CertPool
}

// Mailer enqueues and sends the messages. A nil or disabled Mailer (no
// UGCFOLIO_SMTP_URL) enqueues nothing.
type Mailer struct {
	cfg     config.MailConfig
	server  config.SMTPServer
	roots   *x509.CertPool
	siteURL string
	st      *store.Store
	jobs    *jobs.Queue
	log     *slog.Logger
	now     func() time.Time

	notify    jobs.Kind[notice]
	autoReply jobs.Kind[notice]
}

// notice is the payload of both kinds: which inquiry.
type notice struct {
	InquiryID int64 `json:"inquiryId"`
}

// New registers the mail kinds when mail is configured.
func New(d Deps) (*Mailer, error) {
	m := &Mailer{cfg: d.Config, siteURL: strings.TrimRight(d.SiteURL, "/"), st: d.Store, jobs: d.Jobs, log: d.Log, roots: d.RootCAs,
		now: func() time.Time { return time.Now().UTC() }}
	if !d.Config.Enabled() {
		return m, nil
	}
	var err error
	if m.server, err = config.ParseSMTPURL(d.Config.SMTPURL); err != nil {
		return nil, err
	}
	opts := Retry
	if d.Retry != nil {
		opts = *d.Retry
	}
	m.notify = jobs.Register(d.Jobs, KindNotify, opts, m.sendNotification)
	m.autoReply = jobs.Register(d.Jobs, KindAutoReply, opts, m.sendAutoReply)
	return m, nil
}

// Enabled reports whether e-mail is configured.
func (m *Mailer) Enabled() bool { return m != nil && m.cfg.Enabled() }

func subject(inquiryID int64) string { return "inquiry:" + strconv.FormatInt(inquiryID, 10) }

// OnInquiry is store.CreateInquiry's hook: inside the inquiry's
// transaction it enqueues the notification and, when auto-replies are on
// and the address has had none for a day, the auto-reply. Call Wake after
// the commit. Disabled, it does nothing.
func (m *Mailer) OnInquiry(ctx context.Context) func(tx *sql.Tx, inq store.Inquiry) error {
	return func(tx *sql.Tx, inq store.Inquiry) error {
		if !m.Enabled() {
			return nil
		}
		if _, err := m.notify.Enqueue(ctx, tx, subject(inq.ID), notice{inq.ID}); err != nil {
			return err
		}
		if !m.cfg.AutoReply {
			return nil
		}
		ok, err := m.st.ClaimAutoReply(ctx, tx, inq.Email, m.now(), AutoReplyWindow)
		if err != nil || !ok {
			return err
		}
		_, err = m.autoReply.Enqueue(ctx, tx, subject(inq.ID), notice{inq.ID})
		return err
	}
}

// Wake starts the sending of what was just committed.
func (m *Mailer) Wake() {
	if m.Enabled() {
		m.notify.Wake()
		m.autoReply.Wake()
	}
}

// The states of a Delivery, which the admin's inquiries screen switches on
// (web/src/lib/inquiries.ts; testdata/rules.json holds both to them).
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
	out := make(map[int64]Delivery, len(found))
	for _, id := range inquiryIDs {
		if j, ok := found[subject(id)]; ok {
			out[id] = deliveryOf(j)
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

// sendNotification is the KindNotify handler.
func (m *Mailer) sendNotification(ctx context.Context, t *jobs.Task, n notice) error {
	inq, err := m.st.GetInquiry(ctx, n.InquiryID)
	if apperr.Is(err, apperr.CodeNotFound) {
		return jobs.Permanent(errors.New("the inquiry was deleted before it was sent"))
	}
	if err != nil {
		return err
	}
	to := m.cfg.NotifyTo
	if len(to) == 0 {
		if to, err = m.st.AdminEmails(ctx); err != nil {
			return err
		}
		if len(to) == 0 {
			return errors.New("no recipient: set UGCFOLIO_NOTIFY_TO or create an admin")
		}
	}
	msg := gomail.NewMsg()
	if err := msg.From(m.cfg.From); err != nil {
		return jobs.Permanent(fmt.Errorf("UGCFOLIO_MAIL_FROM: %w", err))
	}
	if err := msg.To(to...); err != nil {
		return jobs.Permanent(fmt.Errorf("recipient: %w", err))
	}
	if err := msg.ReplyToFormat(headerText(inq.Name, 100), inq.Email); err != nil {
		return jobs.Permanent(fmt.Errorf("the sender's address: %w", err))
	}
	msg.Subject(notifySubject(inq))
	msg.SetGenHeader("X-Ugcfolio-Inquiry", strconv.FormatInt(inq.ID, 10))
	data := newNotification(inq, m.siteURL)
	if err := setBodies(msg, notifyText, notifyHTML, data); err != nil {
		return err
	}
	return m.send(ctx, msg)
}

// sendAutoReply is the KindAutoReply handler.
func (m *Mailer) sendAutoReply(ctx context.Context, t *jobs.Task, n notice) error {
	inq, err := m.st.GetInquiry(ctx, n.InquiryID)
	if apperr.Is(err, apperr.CodeNotFound) {
		return jobs.Permanent(errors.New("the inquiry was deleted before the auto-reply was sent"))
	}
	if err != nil {
		return err
	}
	contact, err := m.st.GetContent(ctx, "contact", inq.Language)
	if err != nil && !apperr.Is(err, apperr.CodeNotFound) {
		return err
	}
	data := newAutoReply(inq.Language, contact.Content)
	msg := gomail.NewMsg()
	if err := msg.From(m.cfg.From); err != nil {
		return jobs.Permanent(fmt.Errorf("UGCFOLIO_MAIL_FROM: %w", err))
	}
	if err := msg.To(inq.Email); err != nil {
		return jobs.Permanent(fmt.Errorf("recipient: %w", err))
	}
	msg.Subject(data.Subject)
	msg.SetGenHeader("Auto-Submitted", "auto-replied")
	msg.SetGenHeader("X-Auto-Response-Suppress", "All")
	msg.SetGenHeader("X-Ugcfolio-Inquiry", strconv.FormatInt(inq.ID, 10))
	if err := setBodies(msg, autoReplyText, autoReplyHTML, data); err != nil {
		return err
	}
	return m.send(ctx, msg)
}

type executor interface {
	Execute(w io.Writer, data any) error
}

// setBodies gives the message its text part and its HTML alternative.
func setBodies(msg *gomail.Msg, text, html executor, data any) error {
	t, err := render(text, data)
	if err != nil {
		return jobs.Permanent(err)
	}
	h, err := render(html, data)
	if err != nil {
		return jobs.Permanent(err)
	}
	msg.SetMessageID()
	msg.SetDate()
	msg.SetBodyString(gomail.TypeTextPlain, t)
	msg.AddAlternativeString(gomail.TypeTextHTML, h)
	return nil
}

// send delivers one message over SMTP. A refusal of a recipient or the
// message for good (5xx) is permanent; anything else is tried again.
func (m *Mailer) send(ctx context.Context, msg *gomail.Msg) error {
	opts := []gomail.Option{gomail.WithPort(m.server.Port), gomail.WithTimeout(30 * time.Second)}
	if m.roots != nil {
		opts = append(opts, gomail.WithTLSConfig(&tls.Config{RootCAs: m.roots, ServerName: m.server.Host, MinVersion: tls.VersionTLS12}))
	}
	if m.server.ImplicitTLS {
		opts = append(opts, gomail.WithSSL())
	} else {
		opts = append(opts, gomail.WithTLSPolicy(gomail.TLSOpportunistic))
	}
	if m.server.Username != "" {
		opts = append(opts, gomail.WithSMTPAuth(gomail.SMTPAuthAutoDiscover),
			gomail.WithUsername(m.server.Username), gomail.WithPassword(m.server.Password))
	}
	c, err := gomail.NewClient(m.server.Host, opts...)
	if err != nil {
		return jobs.Permanent(err)
	}
	err = c.DialAndSendWithContext(ctx, msg)
	var se *gomail.SendError
	if errors.As(err, &se) && se.ErrorCode() >= 550 && se.ErrorCode() < 560 {
		return jobs.Permanent(err)
	}
	return err
}
