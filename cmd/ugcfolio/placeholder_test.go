package main

import (
	"context"
	"strings"
	"testing"
	"time"
)

// serve started with deploy/env.example's secrets unedited stops with one
// line naming the setting, before it opens anything.
func TestServeRefusesAPlaceholderSecret(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	getenv := env("DATABASE_URL", "postgres://ugcfolio:change-me@127.0.0.1:1/ugcfolio?sslmode=disable")
	r := runCmd(t, ctx, getenv, "", "serve", "--addr", "127.0.0.1:0", "--data", t.TempDir())
	lines := strings.Split(strings.TrimSpace(r.stderr), "\n")
	if r.code == 0 || len(lines) != 1 || !strings.Contains(lines[0], "DATABASE_URL holds a placeholder password") {
		t.Fatalf("exit %d, stderr %q", r.code, r.stderr)
	}
}
