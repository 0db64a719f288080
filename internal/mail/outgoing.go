package mail

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	netmail "net/mail"

	gomail "github.com/wneessen/go-mail"

	"github.com/ugcfolio/ugcfolio/internal/jobs"
)

// Messages composed by other packages (delivery rooms): they
// queue their own job kind (with Retry's tries) and, in its handler,
// compose the message from what is stored and hand it to Deliver. The
// transport, TLS policy and retry rules are this package's, as for the
// inquiries' messages.

// Message is an e-mail to send: plain text with an HTML alternative.
type Message struct {
	To      []string
	ReplyTo string // "" for none
	Subject string
	Text    string
	HTML    string
	Headers map[string]string // extra headers (X-Ugcfolio-…)
	// Attachments go after the text (an invoice's PDF and EHF).
	Attachments []Attachment
}

// Attachment is a file a message carries.
type Attachment struct {
	Name        string // the file name the recipient sees
	ContentType string // "application/pdf"
	Data        []byte
}

// Deliver sends msg now, from UGCFOLIO_MAIL_FROM. A message that can never
// leave (mail off, a bad address) is a jobs.Permanent error; a failure to
// reach the server is not, so the job tries again.
func (m *Mailer) Deliver(ctx context.Context, msg Message) error {
	if !m.Enabled() {
		return jobs.Permanent(errors.New("e-mail is off"))
	}
	g := gomail.NewMsg()
	if err := g.From(m.cfg.From); err != nil {
		return jobs.Permanent(fmt.Errorf("UGCFOLIO_MAIL_FROM: %w", err))
	}
	if err := g.To(msg.To...); err != nil {
		return jobs.Permanent(fmt.Errorf("recipient: %w", err))
	}
	if msg.ReplyTo != "" {
		addr, err := netmail.ParseAddress(msg.ReplyTo)
		if err != nil {
			return jobs.Permanent(fmt.Errorf("reply-to: %w", err))
		}
		g.ReplyToMailAddress(addr)
	}
	g.Subject(headerText(msg.Subject, 200))
	for k, v := range msg.Headers {
		g.SetGenHeader(gomail.Header(k), headerText(v, 200))
	}
	g.SetMessageID()
	g.SetDate()
	g.SetBodyString(gomail.TypeTextPlain, msg.Text)
	if msg.HTML != "" {
		g.AddAlternativeString(gomail.TypeTextHTML, msg.HTML)
	}
	for _, a := range msg.Attachments {
		if err := g.AttachReader(a.Name, bytes.NewReader(a.Data), gomail.WithFileContentType(gomail.ContentType(a.ContentType))); err != nil {
			return jobs.Permanent(fmt.Errorf("attachment %s: %w", a.Name, err))
		}
	}
	return m.send(ctx, g)
}

// ReplyAddress answers where replies to a message for someone else (a
// brand) go: the first of UGCFOLIO_NOTIFY_TO, an address the creator chose
// for mail, else "" (no Reply-To: replies go to the sender,
// UGCFOLIO_MAIL_FROM). Never an admin's account, whose address is its
// login: strangers need not learn it.
func (m *Mailer) ReplyAddress() string {
	if len(m.cfg.NotifyTo) > 0 {
		return m.cfg.NotifyTo[0]
	}
	return ""
}

// CreatorAddresses answers where the creator's messages go: the
// inquiries' recipients (UGCFOLIO_NOTIFY_TO), else every admin.
func (m *Mailer) CreatorAddresses(ctx context.Context) ([]string, error) {
	if len(m.cfg.NotifyTo) > 0 {
		return m.cfg.NotifyTo, nil
	}
	to, err := m.st.AdminEmails(ctx)
	if err != nil {
		return nil, err
	}
	if len(to) == 0 {
		return nil, errors.New("no recipient: set UGCFOLIO_NOTIFY_TO or create an admin")
	}
	return to, nil
}
