package config

import (
	"fmt"
	"net/url"
	"strings"
)

// placeholderPrefixes begin the secrets of examples (deploy/env.example,
// the docs): a copy started without editing them would run a public site
// on a password printed in this repository.
var placeholderPrefixes = []string{"change-me", "changeme", "change_me"}

// IsPlaceholder reports whether secret is an example's placeholder rather
// than a secret of the operator's.
func IsPlaceholder(secret string) bool {
	s := strings.ToLower(strings.TrimSpace(secret))
	for _, p := range placeholderPrefixes {
		if strings.HasPrefix(s, p) {
			return true
		}
	}
	return false
}

// checkPlaceholders refuses any secret of c that is still a placeholder,
// naming the setting (never the value).
func (c Config) checkPlaceholders() error {
	secrets := []struct{ name, value string }{
		{"DATABASE_URL", urlPassword(c.DatabaseURL)},
		{"UGCFOLIO_S3_SECRET_KEY", c.S3.SecretKey},
		{"UGCFOLIO_GATE_PASSWORD", c.GatePassword},
		{"UGCFOLIO_SMTP_URL", urlPassword(c.Mail.SMTPURL)},
		{"UGCFOLIO_BACKUP_KEY", c.Backup.Key},
		{"UGCFOLIO_BACKUP_S3_SECRET_KEY", c.Backup.S3.SecretKey},
	}
	for _, s := range secrets {
		if IsPlaceholder(s.value) {
			return fmt.Errorf("%s holds a placeholder password from an example: set a long random secret of your own (e.g. head -c 24 /dev/urandom | base64)", s.name)
		}
	}
	return nil
}

// urlPassword is the password of a URL like postgres://user:pass@host, "" if none.
func urlPassword(raw string) string {
	u, err := url.Parse(raw)
	if err != nil || u.User == nil {
		return ""
	}
	p, _ := u.User.Password()
	return p
}
