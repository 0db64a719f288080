package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ugcfolio/ugcfolio/internal/media"
	"github.com/ugcfolio/ugcfolio/internal/media/s3test"
)

// TestServeDemoOnS3 wires S3 storage from UGCFOLIO_S3_*: the demo posters
// land in the bucket (created at start), not on the local disk.
func TestServeDemoOnS3(t *testing.T) {
	t.Parallel()
	o := s3test.Start(t)
	dir := t.TempDir()
	r := serveUntilHealthy(t, env(
		"UGCFOLIO_S3_ENDPOINT", o.Endpoint, "UGCFOLIO_S3_BUCKET", o.Bucket,
		"UGCFOLIO_S3_ACCESS_KEY", o.AccessKey, "UGCFOLIO_S3_SECRET_KEY", o.SecretKey,
		"UGCFOLIO_S3_REGION", o.Region, "UGCFOLIO_S3_TLS", "false",
	), "--data", dir, "--demo")
	if r.code != 0 {
		t.Fatalf("serve: %+v", r)
	}
	s, err := media.NewS3(context.Background(), o)
	if err != nil {
		t.Fatal(err)
	}
	f, err := s.Open(context.Background(), "demo-1.svg")
	if err != nil {
		t.Fatalf("demo poster not in the bucket: %v", err)
	}
	f.Close()
	if _, err := os.Stat(filepath.Join(dir, "uploads", "demo-1.svg")); !os.IsNotExist(err) {
		t.Fatalf("demo poster written locally with S3 configured: %v", err)
	}
}

// TestServeStopsOnUnreachableS3 reports a bad S3 setting at start.
func TestServeStopsOnUnreachableS3(t *testing.T) {
	t.Parallel()
	r := runCmd(t, context.Background(), env(
		"UGCFOLIO_S3_ENDPOINT", freeAddr(t), "UGCFOLIO_S3_BUCKET", "uploads",
		"UGCFOLIO_S3_ACCESS_KEY", "k", "UGCFOLIO_S3_SECRET_KEY", "s", "UGCFOLIO_S3_TLS", "false",
	), "", "serve", "--addr", freeAddr(t), "--data", t.TempDir())
	if r.code != 1 || !strings.HasPrefix(r.stderr, "ugcfolio: S3 ") {
		t.Fatalf("unreachable S3 not reported: %+v", r)
	}
}
