package config

import (
	"bufio"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A secret left at an example's placeholder stops the start with one line
// naming the setting: a site must not run on a password that is printed
// in its own repository.
func TestPlaceholderSecretsStopTheStart(t *testing.T) {
	cases := []struct {
		env  map[string]string
		name string
	}{
		{map[string]string{"DATABASE_URL": "postgres://ugcfolio:change-me@postgres:5432/ugcfolio"}, "DATABASE_URL"},
		{map[string]string{"DATABASE_URL": "postgres://ugcfolio:Change-Me-Too@postgres/ugcfolio"}, "DATABASE_URL"},
		{map[string]string{"UGCFOLIO_S3_ENDPOINT": "s3:7070", "UGCFOLIO_S3_BUCKET": "b", "UGCFOLIO_S3_ACCESS_KEY": "app",
			"UGCFOLIO_S3_SECRET_KEY": "change-me-three"}, "UGCFOLIO_S3_SECRET_KEY"},
		{map[string]string{"UGCFOLIO_GATE_USERNAME": "kari", "UGCFOLIO_GATE_PASSWORD": "changeme"}, "UGCFOLIO_GATE_PASSWORD"},
		{map[string]string{"UGCFOLIO_SMTP_URL": "smtps://kari:change-me@mail.example.no", "UGCFOLIO_MAIL_FROM": "kari@example.no"}, "UGCFOLIO_SMTP_URL"},
		{map[string]string{"UGCFOLIO_BACKUP_TO": "/tmp/b", "UGCFOLIO_BACKUP_KEY": "change-me-to-32-random-characters!!"}, "UGCFOLIO_BACKUP_KEY"},
	}
	for _, c := range cases {
		_, err := loadWith(t, c.env)
		if err == nil || !strings.Contains(err.Error(), c.name) || !strings.Contains(err.Error(), "placeholder") || strings.Contains(err.Error(), "\n") {
			t.Errorf("%v: %v, want one line naming %s as a placeholder", c.env, err, c.name)
		}
		if err != nil && strings.Contains(strings.ToLower(err.Error()), "change") {
			t.Errorf("the error repeats the secret: %v", err)
		}
	}
	// Real secrets pass, also ones that merely contain the words.
	if _, err := loadWith(t, map[string]string{"DATABASE_URL": "postgres://ugcfolio:x8Hq-change-me-not@postgres/ugcfolio",
		"UGCFOLIO_GATE_USERNAME": "kari", "UGCFOLIO_GATE_PASSWORD": "7f3kQ9…"}); err != nil {
		t.Errorf("real secrets: %v", err)
	}
}

// Every secret deploy/env.example hands out is a placeholder the binary
// refuses, so an example copied without editing cannot become a site.
func TestDeployExampleSecretsAreRefused(t *testing.T) {
	f, err := os.Open(filepath.Join("..", "..", "deploy", "env.example"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	n := 0
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		name, value, ok := strings.Cut(strings.TrimSpace(sc.Text()), "=")
		if !ok || strings.HasPrefix(name, "#") || !(strings.HasSuffix(name, "PASSWORD") || strings.HasSuffix(name, "SECRET_KEY")) {
			continue
		}
		n++
		if !IsPlaceholder(value) {
			t.Errorf("%s=%s in deploy/env.example is not refused as a placeholder", name, value)
		}
	}
	if n < 3 {
		t.Fatalf("only %d secrets found in deploy/env.example", n)
	}
}
