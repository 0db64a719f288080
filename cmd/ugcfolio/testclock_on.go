//go:build testclock

package main

import (
	"log/slog"
	"os"
	"strings"
	"time"

	"github.com/ugcfolio/ugcfolio/internal/config"
)

// In a test build, UGCFOLIO_TEST_CLOCK names a file that holds an RFC 3339
// time: the rooms' clock reads it at every use (so a test moves the clock
// by writing the file), and goes by the real time while the file is
// missing or empty. The sweep then runs every second.
func init() {
	testClock = func(getenv config.Getenv, log *slog.Logger) (func() time.Time, time.Duration) {
		path := getenv(testClockEnv)
		if path == "" {
			return nil, 0
		}
		log.Warn("TEST BUILD: the delivery rooms' clock is read from " + path)
		return func() time.Time {
			b, err := os.ReadFile(path)
			if err != nil {
				return time.Now()
			}
			t, err := time.Parse(time.RFC3339, strings.TrimSpace(string(b)))
			if err != nil {
				return time.Now()
			}
			return t
		}, time.Second
	}
}
