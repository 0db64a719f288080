package billing_test

import (
	"fmt"
	"net/http"
	"testing"

	"github.com/ugcfolio/ugcfolio/internal/sitetest"
)

// A deposit request, paid; the final invoice deducts it; the deal is paid
// when both are.
func TestDepositDeductedByTheFinalInvoice(t *testing.T) {
	t.Parallel()
	sitetest.Each(t, sitetest.Options{}, func(t *testing.T, e *sitetest.Site) {
		admin := e.SignedInAdmin(t)
		admin.Do("PUT", "/api/admin/billing", profile).WantStatus(t, http.StatusOK)
		clockAt(e, "2026-03-13")
		deal := newDeal(t, admin, "Fjellkaffe", "NOK")
		dep := readyDraft(t, admin, deal, map[string]any{"kind": "deposit", "share": 30})
		d := invoice(t, admin, "POST", fmt.Sprintf("/api/admin/invoices/%d/issue", dep), nil, http.StatusOK)
		if d.Kind != "deposit" || len(d.Lines) != 1 || d.Lines[0].UnitPrice != 1890_00 || d.Totals.Gross != 2362_50 ||
			d.Lines[0].Description != "Forskudd 30 % – Instagram-pakke: 3 videoer, 30 sek, 9:16" {
			t.Fatalf("deposit %+v", d)
		}
		invoice(t, admin, "POST", fmt.Sprintf("/api/admin/invoices/%d/payments", dep), map[string]any{"amount": 2362_50, "paidOn": "2026-03-13"}, http.StatusCreated)
		if st := dealStage(t, admin, deal); st != "booked" {
			t.Errorf("a paid deposit moved the deal to %s", st)
		}

		final := readyDraft(t, admin, deal, nil)
		f := invoice(t, admin, "POST", fmt.Sprintf("/api/admin/invoices/%d/issue", final), nil, http.StatusOK)
		if f.Totals.Gross != 7875_00 || f.Prepaid != 2362_50 || f.Payable != 5512_50 || f.Outstanding != 5512_50 {
			t.Fatalf("final %+v", f)
		}
		admin.Do("POST", fmt.Sprintf("/api/admin/invoices/%d/payments", final), map[string]any{"amount": 5512_50, "paidOn": "2026-03-20"}).
			WantMessage(t, http.StatusBadRequest, "paidOn must not be after today (2026-03-13)")
		invoice(t, admin, "POST", fmt.Sprintf("/api/admin/invoices/%d/payments", final), map[string]any{"amount": 5512_50, "paidOn": "2026-03-13"}, http.StatusCreated)
		if st := dealStage(t, admin, deal); st != "paid" {
			t.Errorf("deal %s, want paid", st)
		}
		var events struct {
			Events []struct{ Kind, Detail, ToStage string }
		}
		admin.Do("GET", fmt.Sprintf("/api/admin/deals/%d", deal), nil).WantStatus(t, http.StatusOK).JSON(t, &events)
		last := events.Events[len(events.Events)-1]
		if last.ToStage != "paid" || last.Detail != "its invoices are paid" {
			t.Errorf("last event %+v", last)
		}
	})
}

// VAT modes: export in EUR needs the rate and the buyer's VAT id; a seller
// not registered issues without VAT.
func TestVATModes(t *testing.T) {
	t.Parallel()
	sitetest.Each(t, sitetest.Options{}, func(t *testing.T, e *sitetest.Site) {
		admin := e.SignedInAdmin(t)
		admin.Do("PUT", "/api/admin/billing", profile).WantStatus(t, http.StatusOK)
		clockAt(e, "2026-03-13")
		deal := newDeal(t, admin, "Nordic Brew AB", "EUR")
		d := invoice(t, admin, "POST", fmt.Sprintf("/api/admin/deals/%d/invoices", deal), nil, http.StatusCreated)
		path := fmt.Sprintf("/api/admin/invoices/%d", d.ID)
		invoice(t, admin, "PATCH", path, map[string]any{"vatMode": "export",
			"buyer": map[string]any{"address": map[string]any{"street": "Drottninggatan 1", "postalCode": "111 51", "city": "Stockholm", "country": "SE"}},
			"lines": []map[string]any{{"description": "3 videos, 30 s", "quantity": 3, "unitPrice": 700_00, "vatRate": 0}}}, http.StatusOK)
		admin.Do("POST", path+"/issue", map[string]any{"exchangeRate": "11.4532"}).WantMessage(t, http.StatusBadRequest,
			"Cannot issue: missing the buyer's VAT id (buyer.vatId: reverse charge is for a business abroad)")
		invoice(t, admin, "PATCH", path, map[string]any{"buyer": map[string]any{"vatId": "se 556677889901"}}, http.StatusOK)
		admin.Do("POST", path+"/issue", nil).WantMessage(t, http.StatusBadRequest,
			"Cannot issue: missing the NOK exchange rate (exchangeRate: an invoice in EUR states its VAT in NOK too)")
		inv := invoice(t, admin, "POST", path+"/issue", map[string]any{"exchangeRate": 11.4532}, http.StatusOK)
		if inv.Totals.VAT != 0 || inv.Totals.Gross != 2100_00 || inv.Currency != "EUR" || inv.Buyer.VATID != "SE556677889901" {
			t.Errorf("export %+v", inv)
		}

		// Not registered: none, and domestic refused.
		admin.Do("PUT", "/api/admin/billing", map[string]any{"vatRegistered": false}).WantStatus(t, http.StatusOK)
		nok := newDeal(t, admin, "Havsalt", "NOK")
		id := readyDraft(t, admin, nok, nil)
		got := invoice(t, admin, "GET", fmt.Sprintf("/api/admin/invoices/%d", id), nil, http.StatusOK)
		if got.VATMode != "none" || got.Lines[0].VATRate != 0 || got.Totals.Gross != 6300_00 {
			t.Fatalf("not registered draft %+v", got)
		}
		invoice(t, admin, "PATCH", fmt.Sprintf("/api/admin/invoices/%d", id), map[string]any{"vatMode": "domestic",
			"lines": []map[string]any{{"description": "3 videoer", "quantity": 3, "unitPrice": 2100_00, "vatRate": 25}}}, http.StatusOK)
		admin.Do("POST", fmt.Sprintf("/api/admin/invoices/%d/issue", id), nil).WantMessage(t, http.StatusBadRequest,
			"Cannot issue: vatMode domestic charges VAT, and the billing profile is not VAT-registered")

		// A buyer with an address but no organisation number has no Peppol address: the PDF only.
		invoice(t, admin, "PATCH", fmt.Sprintf("/api/admin/invoices/%d", id), map[string]any{"vatMode": "none",
			"buyer": map[string]any{"orgNumber": "", "address": map[string]any{"street": "Strandgata 5", "postalCode": "9008", "city": "Tromsø"}},
			"lines": []map[string]any{{"description": "3 videoer", "quantity": 3, "unitPrice": 2100_00, "vatRate": 0}}}, http.StatusOK)
		plain := invoice(t, admin, "POST", fmt.Sprintf("/api/admin/invoices/%d/issue", id), nil, http.StatusOK)
		if plain.PDFSHA256 == "" || plain.EHFSHA256 != "" {
			t.Fatalf("PDF only: pdf %q ehf %q", plain.PDFSHA256, plain.EHFSHA256)
		}
		admin.Do("GET", fmt.Sprintf("/api/admin/invoices/%d/pdf", id), nil).WantStatus(t, http.StatusOK)
		// The seller's own address is on every invoice (bokføringsforskriften § 5-1-1).
		admin.Do("PUT", "/api/admin/billing", map[string]any{"address": map[string]any{"street": "", "postalCode": "", "city": "", "country": "NO"}}).WantStatus(t, http.StatusOK)
		admin.Do("POST", fmt.Sprintf("/api/admin/invoices/%d/issue", readyDraft(t, admin, nok, nil)), nil).WantMessage(t, http.StatusBadRequest,
			"Cannot issue: missing the seller's address (address: street, city and country in Settings → Billing)")
		admin.Do("GET", fmt.Sprintf("/api/admin/invoices/%d/ehf", id), nil).WantMessage(t, http.StatusNotFound,
			"this invoice has no EHF: its buyer has no Peppol address (a Norwegian organisation number or a European VAT id); send the PDF")
	})
}
