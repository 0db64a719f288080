package config

import (
	"os"
	"strings"
	"testing"
	"time"
)

func TestAccountSettings(t *testing.T) {
	c, err := loadWith(t, map[string]string{})
	if err != nil || c.Registration != RegistrationUntilAdmin || c.SessionIdle != DefaultSessionIdle {
		t.Fatalf("defaults: registration %q, idle %v, %v", c.Registration, c.SessionIdle, err)
	}
	c, err = loadWith(t, map[string]string{"UGCFOLIO_REGISTRATION": "closed", "UGCFOLIO_SESSION_IDLE": "12h"})
	if err != nil || c.Registration != RegistrationClosed || c.SessionIdle != 12*time.Hour {
		t.Fatalf("set: registration %q, idle %v, %v", c.Registration, c.SessionIdle, err)
	}
	if c, err = loadWith(t, map[string]string{"UGCFOLIO_REGISTRATION": "open"}); err != nil || c.Registration != RegistrationOpen {
		t.Fatalf("open: registration %q, %v", c.Registration, err)
	}
	for env, value := range map[string]string{"UGCFOLIO_REGISTRATION": "nej", "UGCFOLIO_SESSION_IDLE": "1m"} {
		if _, err := loadWith(t, map[string]string{env: value}); err == nil || !strings.Contains(err.Error(), env) {
			t.Errorf("%s=%s: %v", env, value, err)
		}
	}
}

// The data directory serve creates is its owner's alone.
func TestDataDirIsOwnerOnly(t *testing.T) {
	dir := t.TempDir() + "/data"
	if err := checkWritableDir(dir); err != nil {
		t.Fatal(err)
	}
	fi, err := os.Stat(dir)
	if err != nil || fi.Mode().Perm() != 0o700 {
		t.Fatalf("mode %v, %v; want 0700", fi.Mode().Perm(), err)
	}
}

// S3 connections (uploads and backups) use TLS unless the operator
// says _TLS=false.
func TestS3UsesTLSUnlessToldNot(t *testing.T) {
	s3 := map[string]string{"UGCFOLIO_S3_ENDPOINT": "s3.example.no", "UGCFOLIO_S3_BUCKET": "b", "UGCFOLIO_S3_ACCESS_KEY": "k", "UGCFOLIO_S3_SECRET_KEY": "s"}
	c, err := loadWith(t, s3)
	if err != nil || !c.S3.UseTLS || !c.Backup.S3.UseTLS {
		t.Fatalf("default: uploads TLS %v, backups TLS %v, %v", c.S3.UseTLS, c.Backup.S3.UseTLS, err)
	}
	s3["UGCFOLIO_S3_TLS"] = "false"
	c, err = loadWith(t, s3)
	if err != nil || c.S3.UseTLS || c.Backup.S3.UseTLS {
		t.Fatalf("_TLS=false: uploads TLS %v, backups TLS %v, %v", c.S3.UseTLS, c.Backup.S3.UseTLS, err)
	}
	s3["UGCFOLIO_BACKUP_S3_TLS"] = "true"
	if c, err = loadWith(t, s3); err != nil || !c.Backup.S3.UseTLS {
		t.Fatalf("backup TLS on its own: %v, %v", c.Backup.S3.UseTLS, err)
	}
}
