package config

import (
	"flag"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func loadWith(t *testing.T, env map[string]string) (Config, error) {
	t.Helper()
	env["UGCFOLIO_DATA"] = t.TempDir()
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	return LoadServe(nil, func(k string) string { return env[k] }, fs)
}

func TestMailSettings(t *testing.T) {
	secret := filepath.Join(t.TempDir(), "smtp")
	os.WriteFile(secret, []byte("smtps://u:p@mail.example.no\n"), 0o600)
	c, err := loadWith(t, map[string]string{"UGCFOLIO_SMTP_URL_FILE": secret, "UGCFOLIO_MAIL_FROM": "ugcfolio <noreply@ugcfolio.no>",
		"UGCFOLIO_NOTIFY_TO": " a@ugcfolio.no , b@ugcfolio.no", "UGCFOLIO_MAIL_AUTOREPLY": "true"})
	if err != nil {
		t.Fatal(err)
	}
	srv, _ := ParseSMTPURL(c.Mail.SMTPURL)
	if !c.Mail.Enabled() || !c.Mail.AutoReply || strings.Join(c.Mail.NotifyTo, ",") != "a@ugcfolio.no,b@ugcfolio.no" ||
		srv != (SMTPServer{Host: "mail.example.no", Port: 465, ImplicitTLS: true, Username: "u", Password: "p"}) {
		t.Fatalf("mail config %+v, server %+v", c.Mail, srv)
	}
	if c, err := loadWith(t, map[string]string{}); err != nil || c.Mail.Enabled() || c.Mail.AutoReply {
		t.Fatalf("unset: %+v, %v", c.Mail, err)
	}
	for _, tc := range []struct {
		env  map[string]string
		want string
	}{
		{map[string]string{"UGCFOLIO_SMTP_URL": "http://x", "UGCFOLIO_MAIL_FROM": "a@b.no"}, "scheme must be smtp or smtps"},
		{map[string]string{"UGCFOLIO_SMTP_URL": "smtp://x:99999", "UGCFOLIO_MAIL_FROM": "a@b.no"}, "bad port"},
		{map[string]string{"UGCFOLIO_SMTP_URL": "smtp://x"}, "needs UGCFOLIO_MAIL_FROM"},
		{map[string]string{"UGCFOLIO_SMTP_URL": "smtp://x", "UGCFOLIO_MAIL_FROM": "nope"}, "UGCFOLIO_MAIL_FROM"},
		{map[string]string{"UGCFOLIO_SMTP_URL": "smtp://x", "UGCFOLIO_MAIL_FROM": "a@b.no", "UGCFOLIO_NOTIFY_TO": "a@b.no,bad"}, "UGCFOLIO_NOTIFY_TO"},
		{map[string]string{"UGCFOLIO_PUBLIC_URL": "ftp://x"}, "UGCFOLIO_PUBLIC_URL"},
	} {
		if _, err := loadWith(t, tc.env); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v: error %v, want %q", tc.env, err, tc.want)
		}
	}
}

// TLS is required unless the URL says tls=none.
func TestSMTPTransport(t *testing.T) {
	for raw, want := range map[string]string{
		"smtp://u:p@mail.example.no":      "STARTTLS required",
		"smtps://u:p@mail.example.no":     "implicit TLS (smtps)",
		"smtp://mail.example.no?tls=none": "plain text, no TLS (tls=none)",
	} {
		srv, err := ParseSMTPURL(raw)
		if err != nil || srv.Transport() != want {
			t.Errorf("%s: %q, %v; want %q", raw, srv.Transport(), err, want)
		}
	}
	if srv, _ := ParseSMTPURL("smtp://mail.example.no?tls=none"); !srv.Plain || srv.ImplicitTLS {
		t.Errorf("tls=none: %+v", srv)
	}
	for _, raw := range []string{"smtps://mail.example.no?tls=none", "smtp://mail.example.no?tls=off",
		"smtp://mail.example.no?tls=none&x=1", "smtp://mail.example.no?insecure=true", "smtp://u:p@mail.example.no?tls=none"} {
		if _, err := ParseSMTPURL(raw); err == nil {
			t.Errorf("%s accepted", raw)
		}
	}
}

func TestAutoReplyPerHour(t *testing.T) {
	c, err := loadWith(t, map[string]string{})
	if err != nil || c.Mail.AutoReplyPerHour != DefaultAutoReplyPerHour || DefaultAutoReplyPerHour != 20 {
		t.Fatalf("default: %d, %v", c.Mail.AutoReplyPerHour, err)
	}
	if c, err = loadWith(t, map[string]string{"UGCFOLIO_MAIL_AUTOREPLY_PER_HOUR": "5"}); err != nil || c.Mail.AutoReplyPerHour != 5 {
		t.Fatalf("5: %d, %v", c.Mail.AutoReplyPerHour, err)
	}
	for _, bad := range []string{"0", "-1", "many"} {
		if _, err := loadWith(t, map[string]string{"UGCFOLIO_MAIL_AUTOREPLY_PER_HOUR": bad}); err == nil ||
			!strings.Contains(err.Error(), "UGCFOLIO_MAIL_AUTOREPLY_PER_HOUR") {
			t.Errorf("%q: %v", bad, err)
		}
	}
}
