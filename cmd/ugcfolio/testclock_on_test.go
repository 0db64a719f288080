//go:build testclock

package main

import (
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// The test build's clock: the time in the file, the real time without it.
func TestTestBuildReadsTheClockFile(t *testing.T) {
	t.Parallel()
	file := filepath.Join(t.TempDir(), "clock")
	clock, every := roomsTestClock(func(k string) string {
		if k == testClockEnv {
			return file
		}
		return ""
	}, slog.New(slog.NewTextHandler(io.Discard, nil)))
	if clock == nil || every != time.Second {
		t.Fatalf("no clock (%v), every %v", clock == nil, every)
	}
	if d := time.Since(clock()); d < 0 || d > time.Minute {
		t.Fatalf("without the file the clock is off by %v", d)
	}
	os.WriteFile(file, []byte("2030-06-30T08:00:00Z\n"), 0o600)
	if got := clock(); !got.Equal(time.Date(2030, 6, 30, 8, 0, 0, 0, time.UTC)) {
		t.Fatalf("clock %v", got)
	}
}
