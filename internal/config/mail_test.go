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
