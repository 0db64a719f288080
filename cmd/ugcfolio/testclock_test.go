//go:build !testclock

package main

import (
	"io"
	"log/slog"
	"strings"
	"testing"
)

// The delivery rooms' test clock exists only in a test build
// (-tags testclock). The shipped binary ignores UGCFOLIO_TEST_CLOCK, says so
// once, and sets no clock of its own.
func TestShippedBinaryIgnoresTheTestClock(t *testing.T) {
	t.Parallel()
	if testClock != nil {
		t.Fatal("a test clock is compiled into the shipped binary")
	}
	clock, every := roomsTestClock(func(string) string { return "/tmp/clock" }, slog.New(slog.NewTextHandler(io.Discard, nil)))
	if clock != nil || every != 0 {
		t.Fatal("the shipped binary took a test clock")
	}
	r := serveUntilHealthy(t, env(testClockEnv, t.TempDir()+"/clock"), "--data", t.TempDir())
	out := r.stdout + r.stderr
	if n := strings.Count(out, "UGCFOLIO_TEST_CLOCK is ignored: this binary is not a test build"); n != 1 {
		t.Fatalf("the warning came %d times:\n%s", n, out)
	}
	if strings.Contains(out, "TEST BUILD") {
		t.Fatalf("the shipped binary read a test clock:\n%s", out)
	}
}
