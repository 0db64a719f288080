// Package mail sends the site's e-mail through internal/jobs: the
// notification of each inquiry to the creator and, when turned on, an
// auto-reply to the visitor. Both are enqueued in the inquiry's own
// transaction (a transactional outbox), so an inquiry that is stored is
// also mailed, after restarts and kill -9, and a rolled-back one is not.
// The creator is also told when a pitch link is first opened (pitch.go),
// enqueued in the transaction that records the opening.
// Sending goes through github.com/wneessen/go-mail.
package mail

import (
	"context"
	"crypto/x509"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"log/slog"
	netmail "net/mail"
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

// NotifyEvery is how often the creator gets a notification at most: the
// first inquiry of a quiet spell is mailed at once, the ones that follow
// within NotifyEvery wait for the end of it and go together in a digest.
const NotifyEvery = 2 * time.Minute

// maxDigest is how many inquiries one digest lists; more due at once make
// several digests.
const maxDigest = 100

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
	// NotifyEvery spaces the notifications; 0: NotifyEvery (tests shorten it).
	NotifyEvery time.Duration
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
	// notifyEvery spaces notifications (NotifyEvery); perHour caps the
	// site's auto-replies an hour.
	notifyEvery time.Duration
	perHour     int

	notify      jobs.Kind[notice]
	autoReply   jobs.Kind[notice]
	pitchOpened jobs.Kind[pitchOpened] // pitch.go
}

// notice is the payload of both kinds: which inquiry.
type notice struct {
	InquiryID int64 `json:"inquiryId"`
}

// New registers the mail kinds when mail is configured.
func New(d Deps) (*Mailer, error) {
	m := &Mailer{cfg: d.Config, siteURL: strings.TrimRight(d.SiteURL, "/"), st: d.Store, jobs: d.Jobs, log: d.Log, roots: d.RootCAs,
		now: func() time.Time { return time.Now().UTC() }, notifyEvery: d.NotifyEvery, perHour: d.Config.AutoReplyPerHour}
	if m.notifyEvery <= 0 {
		m.notifyEvery = NotifyEvery
	}
	if m.perHour <= 0 {
		m.perHour = config.DefaultAutoReplyPerHour
	}
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
	// One notification at a time per process: the one that runs takes the
	// others due with it (a digest) instead of racing them into single mails.
	notifyOpts := opts
	notifyOpts.Concurrency = 1
	m.notify = jobs.Register(d.Jobs, KindNotify, notifyOpts, m.sendNotification)
	m.autoReply = jobs.Register(d.Jobs, KindAutoReply, opts, m.sendAutoReply)
	m.pitchOpened = jobs.Register(d.Jobs, KindPitchOpened, opts, m.sendPitchOpened)
	return m, nil
}

// Enabled reports whether e-mail is configured.
func (m *Mailer) Enabled() bool { return m != nil && m.cfg.Enabled() }

func subject(inquiryID int64) string { return "inquiry:" + strconv.FormatInt(inquiryID, 10) }

// OnInquiry is store.CreateInquiry's hook: inside the inquiry's
// transaction it enqueues the notification (spaced by notifyEvery, see
// EnqueueSpaced) and, when auto-replies are on, the address (normalised:
// AutoReplyKey) has had none for a day and the site has not sent its
// hourly cap, the auto-reply. Call Wake after the commit. Disabled, it
// does nothing.
func (m *Mailer) OnInquiry(ctx context.Context) func(tx *sql.Tx, inq store.Inquiry) error {
	return func(tx *sql.Tx, inq store.Inquiry) error {
		if !m.Enabled() {
			return nil
		}
		if _, err := m.notify.EnqueueSpaced(ctx, tx, subject(inq.ID), notice{inq.ID}, m.notifyEvery); err != nil {
			return err
		}
		if !m.cfg.AutoReply {
			return nil
		}
		claim, err := m.st.ClaimAutoReply(ctx, tx, AutoReplyKey(inq.Email), m.now(), AutoReplyWindow, m.perHour)
		if err != nil {
			return err
		}
		switch claim {
		case store.AutoReplyRecent:
			return nil
		case store.AutoReplyCapped:
			m.log.Warn("auto-reply cap reached: the inquiry is stored and notified, its visitor gets no auto-reply",
				"inquiry", inq.ID, "perHour", m.perHour)
			return nil
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
		m.pitchOpened.Wake()
	}
}

// sendNotification is the KindNotify handler: the inquiry's notification,
// or a digest when other notifications are due with it (TakeDue).
func (m *Mailer) sendNotification(ctx context.Context, t *jobs.Task, n notice) error {
	inq, err := m.st.GetInquiry(ctx, n.InquiryID)
	if apperr.Is(err, apperr.CodeNotFound) {
		return jobs.Permanent(errors.New("the inquiry was deleted before it was sent"))
	}
	if err != nil {
		return err
	}
	list, err := m.dueWith(ctx, t, inq)
	if err != nil {
		return err
	}
	to, err := m.recipients(ctx)
	if err != nil {
		return err
	}
	msg := gomail.NewMsg()
	if err := msg.From(m.cfg.From); err != nil {
		return jobs.Permanent(fmt.Errorf("UGCFOLIO_MAIL_FROM: %w", err))
	}
	if err := msg.To(to...); err != nil {
		return jobs.Permanent(fmt.Errorf("recipient: %w", err))
	}
	if len(list) == 1 {
		err = m.single(msg, inq)
	} else {
		err = m.digest(msg, list)
	}
	if err != nil {
		return err
	}
	if err := m.send(ctx, msg); err != nil {
		return err
	}
	ids := make([]int64, len(list))
	for i, q := range list {
		ids[i] = q.ID
	}
	// The message has left: a failure to record it must not send it again.
	if err := m.st.MarkInquiriesNotified(ctx, ids, time.Now()); err != nil {
		m.log.Error("mail: cannot record the notification as sent", "inquiries", ids, "err", err)
	}
	return nil
}

// single is the notification of one inquiry, replying to its visitor.
func (m *Mailer) single(msg *gomail.Msg, inq store.Inquiry) error {
	// net/mail quotes and encodes the name (", <, commas, æøå): any name
	// gives a valid header. go-mail's ReplyToFormat only wraps it in quotes.
	msg.ReplyToMailAddress(&netmail.Address{Name: headerText(inq.Name, 100), Address: inq.Email})
	msg.Subject(notifySubject(inq))
	msg.SetGenHeader("X-Ugcfolio-Inquiry", strconv.FormatInt(inq.ID, 10))
	return setBodies(msg, notifyText, notifyHTML, newNotification(inq, m.siteURL))
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
