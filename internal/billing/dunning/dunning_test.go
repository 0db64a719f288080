package dunning

import (
	"errors"
	"testing"
	"time"
)

func day(s string) time.Time {
	t, err := time.Parse(Date, s)
	if err != nil {
		panic(err)
	}
	return t
}

func TestNextFollowsTheScheduleOnce(t *testing.T) {
	t.Parallel()
	due := day("2026-12-15")
	cases := []struct {
		today string
		sent  []Step
		want  Step // "" for none
	}{
		{"2026-12-11", nil, ""},
		{"2026-12-12", nil, StepBeforeDue},
		{"2026-12-13", []Step{StepBeforeDue}, ""},
		{"2026-12-15", []Step{StepBeforeDue}, StepOnDue},
		{"2026-12-21", []Step{StepBeforeDue, StepOnDue}, ""},
		{"2026-12-22", []Step{StepBeforeDue, StepOnDue}, StepAfterDue},
		{"2026-12-28", []Step{StepBeforeDue, StepOnDue, StepAfterDue}, ""},
		{"2026-12-29", []Step{StepBeforeDue, StepOnDue, StepAfterDue}, StepFormal},
		{"2027-02-01", Steps(), ""},
		// Servers down from before the first step to past the third: only the latest owed.
		{"2026-12-23", nil, StepAfterDue},
		// After the latest step was sent, an earlier one is never sent.
		{"2026-12-30", []Step{StepFormal}, ""},
	}
	for _, c := range cases {
		got, ok := Next(due, day(c.today), c.sent)
		if got != c.want || ok != (c.want != "") {
			t.Errorf("%s with %v sent: got %q %v, want %q", c.today, c.sent, got, ok, c.want)
		}
	}
}

func TestRatesTableIsReadAndDated(t *testing.T) {
	t.Parallel()
	r, ok := RateOn(day("2025-08-10"))
	if !ok || r.BasisPoints != 1250 || r.From != "2025-07-01" {
		t.Fatalf("rate on 2025-08-10: %+v %v", r, ok)
	}
	if r, ok := RateOn(day("2026-01-01")); !ok || r.From != "2026-01-01" {
		t.Fatalf("rate on its first day: %+v %v", r, ok)
	}
	if _, ok := RateOn(day("2022-12-31")); ok {
		t.Fatal("a rate before the table's first date")
	}
	last := rates[len(rates)-1]
	if _, ok := RateOn(last.from.AddDate(0, 6, -1)); !ok {
		t.Fatal("no rate on the last day of the table's last half-year")
	}
	if _, ok := RateOn(last.from.AddDate(0, 6, 0)); ok {
		t.Fatal("a rate guessed past the table's last half-year")
	}
	for _, bad := range []string{
		`{"rates":[{"from":"2024-01-01","basisPoints":1250},{"from":"2023-07-01","basisPoints":1175}]}`,
		`{"rates":[{"from":"2024-13-01","basisPoints":1250}]}`,
		`{"rates":[{"from":"2024-01-01","basisPoints":0}]}`,
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s: accepted", bad)
				}
			}()
			mustRates([]byte(bad))
		}()
	}
}

func TestInterestIsSimpleAndFollowsTheRateOfEachDay(t *testing.T) {
	t.Parallel()
	// 10 000 kr, 30 days at 12.00 % (2026): 1 000 000 øre × 0.12 × 30 / 365 = 9 863.01 øre → 98.63 kr.
	got, err := Interest(1_000_000, day("2026-02-01"), day("2026-03-03"))
	if err != nil || got != 9863 {
		t.Fatalf("30 days in 2026: %d, %v", got, err)
	}
	// Across the change of 1 January 2026: 23–31 December at 12.50 %, 1–11 January at 12.00 %.
	// 1 000 000 × (9×1250 + 11×1200) / (365 × 10 000) = 6 698.63 → 6 699 øre.
	got, err = Interest(1_000_000, day("2025-12-22"), day("2026-01-11"))
	if err != nil || got != 6699 {
		t.Fatalf("across 1 January 2026: %d, %v", got, err)
	}
	if got, _ := Interest(1_000_000, day("2026-02-01"), day("2026-02-01")); got != 0 {
		t.Fatalf("on the due date: %d", got)
	}
	if _, err := Interest(1_000_000, day("2022-12-01"), day("2023-01-10")); !errors.Is(err, ErrNoRate) {
		t.Fatalf("interest before the table's first date: %v", err)
	}
}
