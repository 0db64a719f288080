package main

import (
	"context"
	"net"
	"strings"
	"testing"
	"time"
)

// The operations settings (backups, HTTPS, metrics) stop a bad start with
// one line too, and backup and restore refuse bad arguments plainly.
func TestBadOpsConfigurationStopsWithOneLine(t *testing.T) {
	t.Parallel()
	taken, _ := net.Listen("tcp", "127.0.0.1:0")
	defer taken.Close()
	cases := []struct {
		name   string
		getenv func(string) string
		args   []string
		want   string
	}{
		{"bad domain", env(), []string{"serve", "--domain", "localhost"}, `--domain "localhost": want a host name`},
		{"bad metrics address", env(), []string{"serve", "--metrics-addr", "nowhere"}, `--metrics-addr: bad address "nowhere"`},
		{"metrics address in use", env(), []string{"serve", "--addr", "127.0.0.1:0", "--metrics-addr", taken.Addr().String()}, "cannot listen on " + taken.Addr().String()},
		{"bad backup interval", env("UGCFOLIO_BACKUP_EVERY", "daily"), []string{"serve"}, "UGCFOLIO_BACKUP_EVERY: want a duration"},
		{"bad backup keep", env("UGCFOLIO_BACKUP_KEEP", "-1"), []string{"serve"}, "UGCFOLIO_BACKUP_KEEP: want a whole number"},
		{"S3 backups without a server", env("UGCFOLIO_BACKUP_TO", "s3://b/p", "UGCFOLIO_BACKUP_KEY", testBackupKey), []string{"serve"}, "UGCFOLIO_BACKUP_TO=s3://… needs UGCFOLIO_BACKUP_S3_ENDPOINT"},
		{"scheduled backups without a key", env("UGCFOLIO_BACKUP_TO", t.TempDir()), []string{"serve"}, "UGCFOLIO_BACKUP_KEY must be set"},
		{"backup without a key", env(), []string{"backup", "--to", t.TempDir()}, "UGCFOLIO_BACKUP_KEY must be set"},
		{"backup with a short key", env("UGCFOLIO_BACKUP_KEY", "short"), []string{"backup", "--to", t.TempDir()}, "at least 32 characters"},
		{"backup with a bad age recipient", env("UGCFOLIO_BACKUP_KEY", testBackupKey, "UGCFOLIO_BACKUP_AGE_RECIPIENTS", "age1nope"), []string{"backup", "--to", t.TempDir()}, "UGCFOLIO_BACKUP_AGE_RECIPIENTS"},
		{"restore without a key", env(), []string{"restore", "--from", t.TempDir()}, "UGCFOLIO_BACKUP_KEY must be set"},
		{"backup without --to", env(), []string{"backup"}, "backup needs --to DEST"},
		{"backup of no database", env("UGCFOLIO_BACKUP_KEY", testBackupKey), []string{"backup", "--to", t.TempDir()}, "no database at"},
		{"backup to another scheme", env("UGCFOLIO_BACKUP_KEY", testBackupKey), []string{"backup", "--to", "ftp://x/y"}, `want a directory or s3://bucket/prefix`},
		{"restore without --from", env(), []string{"restore"}, "restore needs --from SRC"},
		{"restore from nothing", env("UGCFOLIO_BACKUP_KEY", testBackupKey), []string{"restore", "--from", t.TempDir()}, "no complete backup in"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
			defer cancel()
			args := tc.args
			if args[0] == "serve" || args[0] == "backup" {
				args = append(args, "--data", t.TempDir())
			}
			r := runCmd(t, ctx, tc.getenv, "", args...)
			if r.code == 0 {
				t.Fatal("exit code 0")
			}
			lines := strings.Split(strings.TrimSpace(r.stderr), "\n")
			if len(lines) != 1 || !strings.HasPrefix(lines[0], "ugcfolio: ") || !strings.Contains(lines[0], tc.want) {
				t.Fatalf("stderr %q, want one line with %q", r.stderr, tc.want)
			}
		})
	}
}
