package config

import (
	"errors"
	"fmt"
	"net/mail"
	"net/url"
	"strconv"
	"strings"
)

// MailConfig is outgoing e-mail. Mail is off while SMTPURL is empty.
type MailConfig struct {
	// SMTPURL is smtp://[user:pass@]host[:port] (STARTTLS required, port
	// 587 by default) or smtps://… (TLS from the start, port 465); only
	// smtp://…?tls=none sends in plain text. UGCFOLIO_SMTP_URL or
	// UGCFOLIO_SMTP_URL_FILE.
	SMTPURL string
	// From is the sender of every message (UGCFOLIO_MAIL_FROM).
	From string
	// NotifyTo receive the notification of each inquiry
	// (UGCFOLIO_NOTIFY_TO, comma-separated; empty: every admin's address).
	NotifyTo []string
	// AutoReply sends the visitor a thank-you (UGCFOLIO_MAIL_AUTOREPLY=true).
	AutoReply bool
	// AutoReplyPerHour caps the auto-replies the whole site sends in an
	// hour (UGCFOLIO_MAIL_AUTOREPLY_PER_HOUR, default 20): past it an
	// inquiry is stored and notified, and its visitor gets no auto-reply.
	AutoReplyPerHour int
	// PublicURL is the site's address for links in messages
	// (UGCFOLIO_PUBLIC_URL; empty: http:// and the listen address).
	PublicURL string
}

// DefaultAutoReplyPerHour is the site-wide cap on auto-replies an hour:
// more than a small business's real inquiries, few enough that the form
// cannot be used to mail strangers in bulk.
const DefaultAutoReplyPerHour = 20

// Enabled reports whether e-mail is configured.
func (m MailConfig) Enabled() bool { return m.SMTPURL != "" }

func loadMail(getenv Getenv) (MailConfig, error) {
	m := MailConfig{
		From:             strings.TrimSpace(getenv("UGCFOLIO_MAIL_FROM")),
		AutoReply:        getenv("UGCFOLIO_MAIL_AUTOREPLY") == "true",
		PublicURL:        strings.TrimRight(strings.TrimSpace(getenv("UGCFOLIO_PUBLIC_URL")), "/"),
		AutoReplyPerHour: DefaultAutoReplyPerHour,
	}
	var err error
	if v := strings.TrimSpace(getenv("UGCFOLIO_MAIL_AUTOREPLY_PER_HOUR")); v != "" {
		if m.AutoReplyPerHour, err = strconv.Atoi(v); err != nil || m.AutoReplyPerHour < 1 {
			return m, fmt.Errorf("UGCFOLIO_MAIL_AUTOREPLY_PER_HOUR: %q is not a whole number of at least 1", v)
		}
	}
	if m.SMTPURL, err = secret(getenv, "UGCFOLIO_SMTP_URL"); err != nil {
		return m, err
	}
	for _, a := range strings.Split(getenv("UGCFOLIO_NOTIFY_TO"), ",") {
		if a = strings.TrimSpace(a); a != "" {
			m.NotifyTo = append(m.NotifyTo, a)
		}
	}
	return m, nil
}

func (m MailConfig) validate() error {
	if m.PublicURL != "" {
		u, err := url.Parse(m.PublicURL)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return errors.New("UGCFOLIO_PUBLIC_URL must be an http:// or https:// address")
		}
	}
	if !m.Enabled() {
		return nil
	}
	if _, err := ParseSMTPURL(m.SMTPURL); err != nil {
		return err
	}
	if m.From == "" {
		return errors.New("UGCFOLIO_SMTP_URL needs UGCFOLIO_MAIL_FROM (the sender's address)")
	}
	if _, err := mail.ParseAddress(m.From); err != nil || strings.ContainsAny(m.From, "\r\n") {
		return fmt.Errorf("UGCFOLIO_MAIL_FROM: %q is not an e-mail address", m.From)
	}
	for _, a := range m.NotifyTo {
		if _, err := mail.ParseAddress(a); err != nil {
			return fmt.Errorf("UGCFOLIO_NOTIFY_TO: %q is not an e-mail address", a)
		}
	}
	return nil
}

// SMTPServer is a parsed UGCFOLIO_SMTP_URL.
type SMTPServer struct {
	Host               string
	Port               int
	ImplicitTLS        bool // smtps://
	Plain              bool // smtp://…?tls=none: no TLS at all (the operator said so)
	Username, Password string
}

// Transport names how messages travel, for the start-up line.
func (s SMTPServer) Transport() string {
	switch {
	case s.ImplicitTLS:
		return "implicit TLS (smtps)"
	case s.Plain:
		return "plain text, no TLS (tls=none)"
	}
	return "STARTTLS required"
}

// ParseSMTPURL reads smtp://[user:pass@]host[:port] or smtps://…; the
// query tls=none (smtp:// only) turns TLS off, any other query is refused
// so that a typo cannot silently change the transport.
func ParseSMTPURL(raw string) (SMTPServer, error) {
	bad := func(why string) (SMTPServer, error) {
		return SMTPServer{}, fmt.Errorf("UGCFOLIO_SMTP_URL: %s (want smtp://user:pass@host:port or smtps://…)", why)
	}
	u, err := url.Parse(raw)
	if err != nil {
		return bad("not a URL")
	}
	s := SMTPServer{Host: u.Hostname()}
	switch u.Scheme {
	case "smtp":
		s.Port = 587
	case "smtps":
		s.Port, s.ImplicitTLS = 465, true
	default:
		return bad("the scheme must be smtp or smtps")
	}
	if s.Host == "" {
		return bad("no host")
	}
	if p := u.Port(); p != "" {
		if s.Port, err = strconv.Atoi(p); err != nil || s.Port < 1 || s.Port > 65535 {
			return bad("bad port")
		}
	}
	q := u.Query()
	switch {
	case len(q) == 0:
	case len(q) == 1 && q.Get("tls") == "none" && len(q["tls"]) == 1:
		if s.ImplicitTLS {
			return bad("tls=none is for smtp://, not smtps://")
		}
		s.Plain = true
	default:
		return bad("the only query is tls=none")
	}
	if u.User != nil {
		s.Username = u.User.Username()
		s.Password, _ = u.User.Password()
	}
	if s.Plain && s.Username != "" {
		return bad("tls=none with a user would send the password in clear text")
	}
	return s, nil
}
