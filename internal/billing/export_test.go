package billing_test

import (
	"archive/zip"
	"bytes"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/ugcfolio/ugcfolio/internal/sitetest"
)

// For the accountant: a period's CSV (documents by issue date, payments by
// the day paid) and a year's ZIP of the stored PDFs and EHF files; bad
// periods are 400s.
func TestAccountantExports(t *testing.T) {
	t.Parallel()
	sitetest.Each(t, sitetest.Options{}, func(t *testing.T, e *sitetest.Site) {
		admin := e.SignedInAdmin(t)
		admin.Do("PUT", "/api/admin/billing", profile).WantStatus(t, http.StatusOK)
		clock := clockAt(e, "2026-03-13")
		deal := newDeal(t, admin, "Fjellkaffe", "NOK")
		inv := invoice(t, admin, "POST", fmt.Sprintf("/api/admin/invoices/%d/issue", readyDraft(t, admin, deal, nil)), nil, http.StatusOK) // 1001
		invoice(t, admin, "POST", fmt.Sprintf("/api/admin/invoices/%d/payments", inv.ID), map[string]any{"amount": 1000_00, "paidOn": "2026-03-13"}, http.StatusCreated)
		note := invoice(t, admin, "POST", fmt.Sprintf("/api/admin/invoices/%d/credit-note", inv.ID), map[string]any{"reason": "Rabatt", // 1002
			"lines": []map[string]any{{"description": "Rabatt", "quantity": 1, "unitPrice": 500_00, "vatRate": 25}}}, http.StatusCreated)
		at(clock, "2026-04-02")
		later := invoice(t, admin, "POST", fmt.Sprintf("/api/admin/invoices/%d/issue", readyDraft(t, admin, deal, nil)), nil, http.StatusOK) // 1003

		r := admin.Do("GET", "/api/admin/billing/export.csv?from=2026-03-01&to=2026-03-31", nil).WantStatus(t, http.StatusOK)
		if r.Header.Get("Content-Type") != "text/csv; charset=utf-8" ||
			r.Header.Get("Content-Disposition") != `attachment; filename="regnskap-2026-03-01_2026-03-31.csv"` {
			t.Errorf("headers %v", r.Header)
		}
		want := strings.Join([]string{
			"type,number,date,due_date,buyer,buyer_org_number,buyer_vat_id,currency,vat_code,vat_rate,net,vat,gross,vat_nok,corrects,method",
			"invoice,1001,2026-03-13,2026-03-27,Fjellkaffe,123456785,,NOK,3,25,6300.00,1575.00,7875.00,,,",
			"credit-note,1002,2026-03-13,,Fjellkaffe,123456785,,NOK,3,25,-500.00,-125.00,-625.00,,1001,",
			"payment,1001,2026-03-13,,,,,NOK,,,,,1000.00,,,bank",
		}, "\n") + "\n"
		if got := strings.ReplaceAll(r.Body, "\r\n", "\n"); got != want {
			t.Errorf("CSV\n%s\nwant\n%s", got, want)
		}
		if body := admin.Do("GET", "/api/admin/billing/export.csv?from=2026-04-01&to=2026-04-30", nil).WantStatus(t, http.StatusOK).Body; !strings.Contains(body, "invoice,1003,2026-04-02") || strings.Contains(body, "1001") {
			t.Errorf("April\n%s", body)
		}

		r = admin.Do("GET", "/api/admin/billing/archive.zip?year=2026", nil).WantStatus(t, http.StatusOK)
		if r.Header.Get("Content-Type") != "application/zip" || r.Header.Get("Content-Disposition") != `attachment; filename="fakturaer-2026.zip"` {
			t.Errorf("headers %v", r.Header)
		}
		z, err := zip.NewReader(bytes.NewReader([]byte(r.Body)), int64(len(r.Body)))
		if err != nil {
			t.Fatal(err)
		}
		files := map[string]string{}
		var names []string
		for _, f := range z.File {
			rc, _ := f.Open()
			b, _ := io.ReadAll(rc)
			rc.Close()
			files[f.Name] = string(b)
			names = append(names, f.Name)
		}
		if got := strings.Join(names, " "); got != "invoice-1001.pdf invoice-1001.xml credit-note-1002.pdf credit-note-1002.xml invoice-1003.pdf invoice-1003.xml" {
			t.Errorf("archive %s", got)
		}
		for name, id := range map[string]int64{"invoice-1001": inv.ID, "credit-note-1002": note.ID, "invoice-1003": later.ID} {
			pdf := admin.Do("GET", fmt.Sprintf("/api/admin/invoices/%d/pdf", id), nil).WantStatus(t, http.StatusOK).Body
			ehf := admin.Do("GET", fmt.Sprintf("/api/admin/invoices/%d/ehf", id), nil).WantStatus(t, http.StatusOK).Body
			if files[name+".pdf"] != pdf || files[name+".xml"] != ehf {
				t.Errorf("%s differs from what is served", name)
			}
		}
		r = admin.Do("GET", "/api/admin/billing/archive.zip?year=2025", nil).WantStatus(t, http.StatusOK)
		if z, err := zip.NewReader(bytes.NewReader([]byte(r.Body)), int64(len(r.Body))); err != nil || len(z.File) != 0 {
			t.Errorf("2025's archive: %v, %v", z, err)
		}

		var scenarios []sitetest.Scenario
		for _, tc := range []struct{ query, msg string }{
			{"", "from must be a date (YYYY-MM-DD): the period's first day"},
			{"from=2026-03-01", "to must be a date (YYYY-MM-DD): the period's last day"},
			{"from=2026-13-01&to=2026-12-31", "from must be a date (YYYY-MM-DD): the period's first day"},
			{"from=2026-03-01&to=31.03.2026", "to must be a date (YYYY-MM-DD): the period's last day"},
			{"from=2026-04-01&to=2026-03-31", "from (2026-04-01) must not be after to (2026-03-31)"},
			{"from=2000-01-01&to=2026-12-31", "the period must be at most 10 years"},
			{"from=2026-03-01&to=2026-03-31%27%3B--", "to must be a date (YYYY-MM-DD): the period's last day"},
		} {
			scenarios = append(scenarios, sitetest.Scenario{Name: "csv " + tc.query, Method: "GET", URL: "/api/admin/billing/export.csv?" + tc.query,
				WantStatus: http.StatusBadRequest, WantMessage: tc.msg})
		}
		for _, year := range []string{"", "26", "abcd", "1999", "20266", "2026.0", "-2026"} {
			scenarios = append(scenarios, sitetest.Scenario{Name: "zip " + year, Method: "GET", URL: "/api/admin/billing/archive.zip?year=" + year,
				WantStatus: http.StatusBadRequest, WantMessage: "year must be a year like 2026 (four digits, 2000 to 2999)"})
		}
		sitetest.Run(t, admin, scenarios)
		// The admin's only.
		e.Visitor(t).Do("GET", "/api/admin/billing/export.csv?from=2026-03-01&to=2026-03-31", nil).WantStatus(t, http.StatusForbidden)
		e.Client().Do("GET", "/api/admin/billing/archive.zip?year=2026", nil).WantStatus(t, http.StatusUnauthorized)
	})
}
