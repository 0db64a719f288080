package main

import (
	"log/slog"
	"time"

	"github.com/ugcfolio/ugcfolio/internal/config"
)

// The delivery rooms' clock: drafts approved when their days are
// up, licence reminders 14 days before an end and on the day. Billing goes
// by the same clock (invoice dates, payment reminders). The browser
// tests need to move it, so a test build (go build -tags testclock, made
// by the e2e target as bin/ugcfolio-testclock) reads UGCFOLIO_TEST_CLOCK
// (testclock_on.go); the binary that is shipped has no such code at all,
// and says so once if the variable is set.

// testClockEnv names the test build's clock file.
const testClockEnv = "UGCFOLIO_TEST_CLOCK"

// testClock, set by the test build only, answers the rooms' clock and
// sweep interval from the environment.
var testClock func(getenv config.Getenv, log *slog.Logger) (func() time.Time, time.Duration)

// roomsTestClock answers the rooms' clock and sweep interval: the real
// time (nil) and the default, unless this is a test build.
func roomsTestClock(getenv config.Getenv, log *slog.Logger) (func() time.Time, time.Duration) {
	if testClock != nil {
		return testClock(getenv, log)
	}
	if getenv(testClockEnv) != "" {
		log.Warn(testClockEnv + " is ignored: this binary is not a test build (go build -tags testclock)")
	}
	return nil, 0
}
