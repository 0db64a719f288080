package billing_test

import (
	"fmt"
	"net/http"
	"slices"
	"testing"

	"github.com/ugcfolio/ugcfolio/internal/sitetest"
)

type summaryJSON struct {
	Today   string
	Overdue []struct {
		ID, DealID, Number, Outstanding int64
		Kind, Buyer, DueDate, Currency  string
	}
	VATRegistered bool
	Turnover      *struct {
		From, To                    string
		Amount, Threshold, WarnFrom int64
	}
	VATWarning string
}

func summary(t *testing.T, admin *sitetest.Client) summaryJSON {
	t.Helper()
	var s summaryJSON
	admin.Do("GET", "/api/admin/billing/summary", nil).WantStatus(t, http.StatusOK).JSON(t, &s)
	return s
}

// issueLines issues a draft of deal whose lines are one line of amount
// (minor units); with an exchange rate ("" for NOK) the buyer is a
// Swedish business.
func issueLines(t *testing.T, admin *sitetest.Client, deal int64, amount int64, rate string) invoiceJSON {
	t.Helper()
	id := readyDraft(t, admin, deal, nil)
	patch := map[string]any{"lines": []map[string]any{{"description": "Kampanje", "quantity": 1, "unitPrice": amount, "vatRate": 0}}}
	var body any
	if rate != "" {
		body = map[string]any{"exchangeRate": rate}
		patch["buyer"] = map[string]any{"orgNumber": "", "vatId": "SE556677889901",
			"address": map[string]any{"street": "Storgatan 1", "postalCode": "11122", "city": "Stockholm", "country": "SE"}}
	}
	invoice(t, admin, "PATCH", fmt.Sprintf("/api/admin/invoices/%d", id), patch, http.StatusOK)
	return invoice(t, admin, "POST", fmt.Sprintf("/api/admin/invoices/%d/issue", id), body, http.StatusOK)
}

// The Overview: the 12 months' turnover of a seller not VAT-registered
// (net, less credit notes and deducted deposits, a foreign currency at
// its invoice's rate) against the 40 000 and 50 000 kr lines, and the
// overdue invoices by due date.
func TestSummary(t *testing.T) {
	t.Parallel()
	sitetest.Each(t, sitetest.Options{}, func(t *testing.T, e *sitetest.Site) {
		admin := e.SignedInAdmin(t)
		unregistered := map[string]any{"vatRegistered": false}
		for k, v := range profile {
			if k != "vatRegistered" {
				unregistered[k] = v
			}
		}
		admin.Do("PUT", "/api/admin/billing", unregistered).WantStatus(t, http.StatusOK)
		clock := clockAt(e, "2025-03-13")
		nok := newDeal(t, admin, "Fjellkaffe", "NOK")
		old := issueLines(t, admin, nok, 6300_00, "") // 1001, a year ago

		turnover := func(day string, amount int64, warning string) summaryJSON {
			t.Helper()
			at(clock, day)
			s := summary(t, admin)
			if s.Turnover == nil || s.Turnover.To != day || s.Turnover.Amount != amount || s.VATWarning != warning ||
				s.Turnover.Threshold != 50_000_00 || s.Turnover.WarnFrom != 40_000_00 {
				t.Fatalf("on %s: %+v %+v, want %d (%s)", day, s, s.Turnover, amount, warning)
			}
			return s
		}
		if s := turnover("2026-03-12", 6300_00, "none"); s.Turnover.From != "2025-03-13" {
			t.Errorf("from %s", s.Turnover.From)
		}
		turnover("2026-03-13", 0, "none") // 12 months on, the old invoice is out

		a := issueLines(t, admin, nok, 35_000_00, "") // 1002
		turnover("2026-03-13", 35_000_00, "none")
		eur := newDeal(t, admin, "Nordlys AB", "EUR")
		issueLines(t, admin, eur, 500_00, "11.5") // 1003: 500 EUR is 5 750 kr
		turnover("2026-03-13", 40_750_00, "approaching")
		invoice(t, admin, "POST", fmt.Sprintf("/api/admin/invoices/%d/credit-note", a.ID), map[string]any{"reason": "Rabatt", // 1004
			"lines": []map[string]any{{"description": "Rabatt", "quantity": 1, "unitPrice": 1000_00, "vatRate": 0}}}, http.StatusCreated)
		turnover("2026-03-13", 39_750_00, "none")

		// A deposit request and the final invoice that deducts it count the deal once.
		booked := newDeal(t, admin, "Fjellkaffe", "NOK")
		dep := invoice(t, admin, "POST", fmt.Sprintf("/api/admin/invoices/%d/issue", readyDraft(t, admin, booked, map[string]any{"kind": "deposit", "share": 30})), nil, http.StatusOK) // 1005
		invoice(t, admin, "POST", fmt.Sprintf("/api/admin/invoices/%d/payments", dep.ID), map[string]any{"amount": dep.Outstanding, "paidOn": "2026-03-13"}, http.StatusCreated)
		turnover("2026-03-13", 41_640_00, "approaching")
		final := invoice(t, admin, "POST", fmt.Sprintf("/api/admin/invoices/%d/issue", readyDraft(t, admin, booked, nil)), nil, http.StatusOK) // 1006
		if final.Prepaid != 1890_00 {
			t.Fatalf("final %+v", final)
		}
		turnover("2026-03-13", 46_050_00, "approaching")
		c := issueLines(t, admin, nok, 3950_00, "") // 1007: 50 000 kr exactly
		turnover("2026-03-13", 50_000_00, "must-register")
		invoice(t, admin, "POST", fmt.Sprintf("/api/admin/invoices/%d/payments", c.ID), map[string]any{"amount": 950_00, "paidOn": "2026-03-13"}, http.StatusCreated)

		// Overdue: unpaid past the due date (partly paid too), by due date; the paid deposit not.
		s := turnover("2026-03-28", 50_000_00, "must-register")
		var got []string
		for _, o := range s.Overdue {
			got = append(got, fmt.Sprintf("%d %s %s %s %d %s", o.Number, o.Kind, o.Buyer, o.DueDate, o.Outstanding, o.Currency))
		}
		want := []string{
			fmt.Sprintf("1001 invoice Fjellkaffe 2025-03-27 %d NOK", old.Outstanding),
			"1002 invoice Fjellkaffe 2026-03-27 3400000 NOK",
			"1003 invoice Nordlys AB 2026-03-27 50000 EUR",
			"1006 invoice Fjellkaffe 2026-03-27 441000 NOK",
			"1007 invoice Fjellkaffe 2026-03-27 300000 NOK",
		}
		if !slices.Equal(got, want) {
			t.Errorf("overdue\n%v\nwant\n%v", got, want)
		}

		// Registered: no turnover to watch.
		admin.Do("PUT", "/api/admin/billing", map[string]any{"vatRegistered": true}).WantStatus(t, http.StatusOK)
		if s := summary(t, admin); s.Turnover != nil || s.VATWarning != "none" || !s.VATRegistered || len(s.Overdue) != 5 {
			t.Errorf("registered: %+v", s)
		}
	})
}
