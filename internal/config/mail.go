package config

import (
	"errors"
	"fmt"
	"net/mail"
	"net/url"
	"strconv"
	"strings"
)

// MailConfig is outgoing e-mail (issue 14). Mail is off while SMTPURL is empty.
type MailConfig struct {
	// SMTPURL is smtp://[user:pass@]host[:port] (STARTTLS when offered,
	// port 587 by default) or smtps://… (TLS from the start, port 465).
	// UGCFOLIO_SMTP_URL or UGCFOLIO_SMTP_URL_FILE.
	SMTPURL string
	// From is the sender of every message (UGCFOLIO_MAIL_FROM).
	From string
	// NotifyTo receive the notification of each inquiry
	// (UGCFOLIO_NOTIFY_TO, comma-separated; empty: every admin's address).
	NotifyTo []string
	// AutoReply sends the visitor a thank-you (UGCFOLIO_MAIL_AUTOREPLY=true).
	AutoReply bool
	// PublicURL is the site's address for links in messages
	// (UGCFOLIO_PUBLIC_URL; empty: http:// and the listen address).
	PublicURL string
}

// Enabled reports whether e-mail is configured.
func (m MailConfig) Enabled() bool { return m.SMTPURL != "" }

func loadMail(getenv Getenv) (MailConfig, error) {
	m := MailConfig{
		From:      strings.TrimSpace(getenv("UGCFOLIO_MAIL_FROM")),
		AutoReply: getenv("UGCFOLIO_MAIL_AUTOREPLY") == "true",
		PublicURL: strings.TrimRight(strings.TrimSpace(getenv("UGCFOLIO_PUBLIC_URL")), "/"),
	}
	var err error
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
	Username, Password string
}

// ParseSMTPURL reads smtp://[user:pass@]host[:port] or smtps://….
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
	if u.User != nil {
		s.Username = u.User.Username()
		s.Password, _ = u.User.Password()
	}
	return s, nil
}
