package mail

import (
	"context"
	"crypto/tls"
	"errors"
	"time"

	gomail "github.com/wneessen/go-mail"

	"github.com/ugcfolio/ugcfolio/internal/jobs"
)

// Transport names how messages travel (STARTTLS, implicit TLS, or plain
// because the operator said tls=none), for the start-up line.
func (m *Mailer) Transport() string {
	if !m.Enabled() {
		return "off"
	}
	return m.server.Transport()
}

// send delivers one message over SMTP. TLS is required (STARTTLS, or
// implicit with smtps://) unless the URL says tls=none: a server that does
// not offer STARTTLS gets no message, and the try waits with the reason.
// A refusal of a recipient or the message for good (5xx) is permanent;
// anything else is tried again.
func (m *Mailer) send(ctx context.Context, msg *gomail.Msg) error {
	opts := []gomail.Option{gomail.WithPort(m.server.Port), gomail.WithTimeout(30 * time.Second)}
	if m.roots != nil {
		opts = append(opts, gomail.WithTLSConfig(&tls.Config{RootCAs: m.roots, ServerName: m.server.Host, MinVersion: tls.VersionTLS12}))
	}
	switch {
	case m.server.ImplicitTLS:
		opts = append(opts, gomail.WithSSL())
	case m.server.Plain:
		opts = append(opts, gomail.WithTLSPolicy(gomail.NoTLS))
	default:
		opts = append(opts, gomail.WithTLSPolicy(gomail.TLSMandatory))
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
