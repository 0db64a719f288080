package siteclock

import (
	"sync"
	"testing"
	"time"
)

func TestClockIsReplacedAndCountsNorwegianDays(t *testing.T) {
	t.Parallel()
	var c Clock
	if d := time.Since(c.Now()); d < 0 || d > time.Minute {
		t.Fatalf("the zero clock is %v from the real time", d)
	}
	// 23:30 UTC on 31 March 2026 is already 1 April in Norway (summer time, UTC+2).
	at := time.Date(2026, 3, 31, 23, 30, 0, 123456789, time.UTC)
	c.Set(func() time.Time { return at.In(time.FixedZone("elsewhere", -5*3600)) })
	if got := c.Now(); !got.Equal(at.Truncate(time.Microsecond)) || got.Location() != time.UTC {
		t.Fatalf("Now %v", got)
	}
	if got := c.Today(); got != "2026-04-01" {
		t.Fatalf("Today %s, want 2026-04-01", got)
	}
	if got := Day(time.Date(2026, 12, 31, 22, 59, 0, 0, time.UTC)); got != "2026-12-31" {
		t.Fatalf("Day before midnight in winter: %s", got)
	}
	c.Set(nil)
	if d := time.Since(c.Now()); d < 0 || d > time.Minute {
		t.Fatalf("Set(nil) is %v from the real time", d)
	}
	// Read and replaced at once (go test -race).
	var wg sync.WaitGroup
	for range 4 {
		wg.Add(2)
		go func() { defer wg.Done(); c.Now() }()
		go func() { defer wg.Done(); c.Set(time.Now) }()
	}
	wg.Wait()
}
