package rooms

import (
	"time"

	"github.com/ugcfolio/ugcfolio/internal/siteclock"
)

// Days as the creator and the brand count them: in Norway's time zone.
// Expiry days, licence dates and reminders are calendar days there; the
// time a draft waits for its answer is counted in business days (Monday
// to Friday; public holidays are not known and count as business days).

var oslo = siteclock.Oslo

// day is t's calendar day in Oslo, YYYY-MM-DD.
func day(t time.Time) string { return siteclock.Day(t) }

// addDays answers the day n days after d (YYYY-MM-DD; n may be negative).
func addDays(d string, n int) string {
	t, err := time.Parse(time.DateOnly, d)
	if err != nil {
		return d
	}
	return t.AddDate(0, 0, n).Format(time.DateOnly)
}

// daysBetween answers how many days from a to b (YYYY-MM-DD), b later.
func daysBetween(a, b string) int {
	ta, err1 := time.Parse(time.DateOnly, a)
	tb, err2 := time.Parse(time.DateOnly, b)
	if err1 != nil || err2 != nil {
		return 0
	}
	return int(tb.Sub(ta).Hours() / 24)
}

// addBusinessDays answers the moment n business days after t, at the same
// time of day in Oslo: a draft sent on Friday at 15:00 with 3 days is due
// on Wednesday at 15:00, one sent on Saturday on Wednesday too.
func addBusinessDays(t time.Time, n int) time.Time {
	local := t.In(oslo)
	for n > 0 {
		local = local.AddDate(0, 0, 1)
		if wd := local.Weekday(); wd != time.Saturday && wd != time.Sunday {
			n--
		}
	}
	return local.UTC()
}

// isoDay reads a YYYY-MM-DD day (the forms have checked it).
func isoDay(d string) time.Time {
	t, _ := time.Parse(time.DateOnly, d)
	return t
}
