// Package dunning is when an unpaid invoice is reminded of and what late
// interest it has earned: the steps of the reminder schedule
// and the dated table of forsinkelsesrente, kept as data (rates.json).
// It knows nothing of the store, mail or HTTP; internal/billing asks it.
package dunning

import (
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"time"
)

// Step is one reminder of an unpaid invoice, named by its distance in days
// from the due date.
type Step string

const (
	StepBeforeDue Step = "before-due" // 3 days before: a friendly heads-up
	StepOnDue     Step = "on-due"     // on the due date
	StepAfterDue  Step = "after-due"  // 7 days after
	// StepFormal is the formal reminder (purring), no earlier than 14 days
	// after the due date (only then may a reminder fee be charged); it may
	// carry the fee and the late interest earned.
	StepFormal Step = "formal"
)

// schedule lists the steps in order with their offset from the due date.
var schedule = []struct {
	step Step
	days int
}{
	{StepBeforeDue, -3},
	{StepOnDue, 0},
	{StepAfterDue, 7},
	{StepFormal, 14},
}

// Steps lists every step in the schedule's order.
func Steps() []Step {
	out := make([]Step, len(schedule))
	for i, s := range schedule {
		out[i] = s.step
	}
	return out
}

// Date is a calendar day, YYYY-MM-DD, in the site's time zone.
const Date = time.DateOnly

// Next answers the step to send on today for an invoice due on due that
// is still unpaid, given the steps already sent; ok is false when none is
// owed. When the servers were down over several steps' days, only the
// latest one owed is sent (a brand never gets three e-mails at once), and
// the earlier ones are never sent after it.
func Next(due, today time.Time, sent []Step) (step Step, ok bool) {
	days := daysBetween(due, today)
	latestSent := -1
	for i, s := range schedule {
		if slices.Contains(sent, s.step) {
			latestSent = i
		}
	}
	for i := len(schedule) - 1; i > latestSent; i-- {
		if days >= schedule[i].days {
			return schedule[i].step, true
		}
	}
	return "", false
}

// daysBetween is the whole days from a to b (negative when b is before a),
// by their calendar dates.
func daysBetween(a, b time.Time) int {
	da := time.Date(a.Year(), a.Month(), a.Day(), 0, 0, 0, 0, time.UTC)
	db := time.Date(b.Year(), b.Month(), b.Day(), 0, 0, 0, 0, time.UTC)
	return int(db.Sub(da).Hours() / 24)
}

// ErrNoRate is Interest's answer for a day the table has no rate for: a
// reminder then claims no interest rather than a guessed one.
var ErrNoRate = errors.New("no late interest rate is known")

//go:embed rates.json
var ratesJSON []byte

// Rate is the late interest rate from a date on, in basis points a year
// (1200 = 12.00 %).
type Rate struct {
	From        string `json:"from"`
	BasisPoints int64  `json:"basisPoints"`
	Source      string `json:"source"` // where the figure comes from
	from        time.Time
}

// rates is the table, oldest first; a broken table stops the program at
// start rather than charging a wrong interest later.
var rates = mustRates(ratesJSON)

func mustRates(b []byte) []Rate {
	var table struct {
		Rates []Rate `json:"rates"`
	}
	if err := json.Unmarshal(b, &table); err != nil {
		panic("dunning: rates.json: " + err.Error())
	}
	for i := range table.Rates {
		r := &table.Rates[i]
		t, err := time.Parse(Date, r.From)
		if err != nil || r.BasisPoints <= 0 || (i > 0 && !t.After(table.Rates[i-1].from)) {
			panic(fmt.Sprintf("dunning: rates.json: rate %d (%s) is not a later date with a positive rate", i, r.From))
		}
		r.from = t
	}
	return table.Rates
}

// RateOn answers the rate in force on a day; ok is false before the
// table's first date and after its last half-year (a rate not yet in the
// table is not guessed).
func RateOn(day time.Time) (Rate, bool) {
	i, found := slices.BinarySearchFunc(rates, day, func(r Rate, d time.Time) int { return r.from.Compare(d) })
	if !found {
		if i == 0 {
			return Rate{}, false
		}
		i--
	}
	if r := rates[i]; i == len(rates)-1 && !day.Before(r.from.AddDate(0, 6, 0)) {
		return Rate{}, false
	}
	return rates[i], true
}

// Interest answers the late interest on amount (minor units) for the days
// after due up to and including until: simple interest, actual days / 365,
// each day at the rate in force on it (the rate changes each half-year),
// rounded half up to a minor unit. Zero when until is not after due.
func Interest(amount int64, due, until time.Time) (int64, error) {
	if amount <= 0 || daysBetween(due, until) <= 0 {
		return 0, nil
	}
	// Sum amount × basis points per day, then divide once: exact until the end.
	var sum int64
	for day := dayAfter(due); daysBetween(day, until) >= 0; day = dayAfter(day) {
		r, ok := RateOn(day)
		if !ok {
			return 0, fmt.Errorf("%w for %s", ErrNoRate, day.Format(Date))
		}
		sum += amount * r.BasisPoints
	}
	return (sum + 365*10_000/2) / (365 * 10_000), nil
}

func dayAfter(t time.Time) time.Time {
	return time.Date(t.Year(), t.Month(), t.Day()+1, 0, 0, 0, 0, time.UTC)
}
