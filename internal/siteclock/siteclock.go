// Package siteclock is the one clock the site's capabilities go by (issue
// 32): the time, which a test or the test build (UGCFOLIO_TEST_CLOCK)
// replaces, and the creator's day, a day in Norway. Rooms, quotes and
// billing each hold a Clock rather than a clock of their own.
package siteclock

import (
	"sync"
	"time"
	_ "time/tzdata" // Europe/Oslo on a machine without a zone database
)

// Oslo is where the creator and her brands count days: a quote valid
// until 31 March, an invoice due on 27 March, end at midnight in Norway.
var Oslo = mustLoad("Europe/Oslo")

func mustLoad(name string) *time.Location {
	loc, err := time.LoadLocation(name)
	if err != nil {
		panic(err) // embedded by time/tzdata: cannot fail
	}
	return loc
}

// Clock is a replaceable clock, safe for use by many goroutines. Its zero
// value goes by the real time.
type Clock struct {
	mu  sync.RWMutex
	now func() time.Time
}

// Set replaces the time the clock answers; nil is the real time.
func (c *Clock) Set(now func() time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = now
}

// Now answers the time in UTC, to the microsecond (what both databases keep).
func (c *Clock) Now() time.Time {
	c.mu.RLock()
	now := c.now
	c.mu.RUnlock()
	if now == nil {
		now = time.Now
	}
	return now().UTC().Truncate(time.Microsecond)
}

// Today answers the day it is in Norway, YYYY-MM-DD.
func (c *Clock) Today() string { return Day(c.Now()) }

// Day answers the day a moment falls on in Norway, YYYY-MM-DD.
func Day(t time.Time) string { return t.In(Oslo).Format(time.DateOnly) }
