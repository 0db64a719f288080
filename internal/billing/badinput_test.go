package billing_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/ugcfolio/ugcfolio/internal/sitetest"
	"github.com/ugcfolio/ugcfolio/internal/store"
)

// snapshot is what billing has stored: rows of each table, the series'
// next number, and every invoice's and the profile's version or time.
func snapshot(t *testing.T, st *store.Store) string {
	t.Helper()
	var b strings.Builder
	for _, q := range []string{
		`SELECT COUNT(*) FROM invoices`, `SELECT COUNT(*) FROM invoice_lines`, `SELECT COUNT(*) FROM invoice_payments`,
		`SELECT next_number FROM invoice_series`, `SELECT COALESCE(SUM(version), 0) FROM invoices`,
		`SELECT COALESCE(SUM(LENGTH(description)), 0) FROM invoice_lines`, `SELECT COUNT(*) FROM deal_events`,
		`SELECT legal_name || org_number || account_number || payment_terms_days FROM billing_profile`,
	} {
		var v string
		if err := st.DB.QueryRow(q).Scan(&v); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
		b.WriteString(v + "|")
	}
	return b.String()
}

// Malformed bodies and wrong states: each a 400 or 409 with its message
// (or a 404 for what does not exist), never a 500, and nothing stored.
func TestBadInputStoresNothing(t *testing.T) {
	t.Parallel()
	sitetest.Each(t, sitetest.Options{}, func(t *testing.T, e *sitetest.Site) {
		admin := e.SignedInAdmin(t)
		admin.Do("PUT", "/api/admin/billing", profile).WantStatus(t, http.StatusOK)
		clockAt(e, "2026-03-13")
		deal := newDeal(t, admin, "Fjellkaffe", "NOK")
		draft := readyDraft(t, admin, deal, nil)
		issued := readyDraft(t, admin, deal, nil)
		invoice(t, admin, "POST", fmt.Sprintf("/api/admin/invoices/%d/issue", issued), nil, http.StatusOK)
		bare := invoice(t, admin, "POST", fmt.Sprintf("/api/admin/deals/%d/invoices", deal), nil, http.StatusCreated).ID

		dealURL := fmt.Sprintf("/api/admin/deals/%d/invoices", deal)
		d := fmt.Sprintf("/api/admin/invoices/%d", draft)
		i := fmt.Sprintf("/api/admin/invoices/%d", issued)
		line := func(k string, v any) map[string]any {
			l := map[string]any{"description": "Video", "quantity": 1, "unitPrice": 100_00, "vatRate": 25}
			l[k] = v
			return map[string]any{"lines": []any{l}}
		}
		manyLines := make([]any, 101)
		for n := range manyLines {
			manyLines[n] = map[string]any{"description": "Video", "quantity": 1, "unitPrice": 1, "vatRate": 25}
		}
		before := snapshot(t, e.Store)
		scenarios := []sitetest.Scenario{
			{Name: "kind quote", Method: "POST", URL: dealURL, Body: map[string]any{"kind": "quote"}, WantStatus: 400,
				WantMessage: `kind must be "invoice" or "deposit" (a credit note is made from an issued invoice)`},
			{Name: "kind credit note", Method: "POST", URL: dealURL, Body: map[string]any{"kind": "credit-note"}, WantStatus: 400},
			{Name: "share on an invoice", Method: "POST", URL: dealURL, Body: map[string]any{"share": 30}, WantStatus: 400,
				WantMessage: `share is a deposit's: send it with kind "deposit"`},
			{Name: "share 0", Method: "POST", URL: dealURL, Body: map[string]any{"kind": "deposit", "share": 0}, WantStatus: 400,
				WantMessage: "share must be a whole percent from 1 to 100"},
			{Name: "share 101", Method: "POST", URL: dealURL, Body: map[string]any{"kind": "deposit", "share": 101}, WantStatus: 400},
			{Name: "share as text", Method: "POST", URL: dealURL, Body: `{"kind":"deposit","share":"half"}`, WantStatus: 400,
				WantMessage: `Field "share" must be of type int`},
			{Name: "unknown field", Method: "POST", URL: dealURL, Body: map[string]any{"number": 5}, WantStatus: 400, WantMessage: `Unknown field "number"`},
			{Name: "not JSON", Method: "POST", URL: dealURL, Body: "kind=deposit", WantStatus: 400, WantMessage: "Request body is not valid JSON"},
			{Name: "no such deal", Method: "POST", URL: "/api/admin/deals/999999/invoices", WantStatus: 404},
			{Name: "currency", Method: "PATCH", URL: d, Body: map[string]any{"currency": "NOKK"}, WantStatus: 400,
				WantMessage: "currency must be one of NOK, SEK, DKK, EUR, USD, GBP"},
			{Name: "language", Method: "PATCH", URL: d, Body: map[string]any{"language": "se"}, WantStatus: 400, WantMessage: `language must be "no" or "en"`},
			{Name: "delivery date", Method: "PATCH", URL: d, Body: map[string]any{"deliveryDate": "2026-02-30"}, WantStatus: 400,
				WantMessage: "deliveryDate must be a date (YYYY-MM-DD)"},
			{Name: "VAT mode", Method: "PATCH", URL: d, Body: map[string]any{"vatMode": "reverse"}, WantStatus: 400,
				WantMessage: "vatMode must be one of none, domestic, export"},
			{Name: "VAT mode against the lines", Method: "PATCH", URL: d, Body: map[string]any{"vatMode": "export"}, WantStatus: 400,
				WantMessage: "lines[0].vatRate must be 0 with vatMode export"},
			{Name: "buyer org number", Method: "PATCH", URL: d, Body: map[string]any{"buyer": map[string]any{"orgNumber": "123456789"}}, WantStatus: 400,
				WantMessage: "buyer.orgNumber must be a Norwegian organisation number: 9 digits, the last a valid MOD11 check digit"},
			{Name: "buyer VAT id", Method: "PATCH", URL: d, Body: map[string]any{"buyer": map[string]any{"vatId": "12"}}, WantStatus: 400,
				WantMessage: "buyer.vatId must be a VAT id: the country's two letters and up to 38 letters and digits (SE556677889901)"},
			{Name: "buyer e-mail", Method: "PATCH", URL: d, Body: map[string]any{"buyer": map[string]any{"email": "brand@"}}, WantStatus: 400,
				WantMessage: "buyer.email must be an e-mail address like name@example.no"},
			{Name: "buyer country", Method: "PATCH", URL: d, Body: map[string]any{"buyer": map[string]any{"address": map[string]any{"country": "NOR"}}}, WantStatus: 400,
				WantMessage: "buyer.address.country must be a two-letter country code (ISO 3166-1) like NO"},
			{Name: "buyer name too long", Method: "PATCH", URL: d, Body: map[string]any{"buyer": map[string]any{"name": strings.Repeat("x", 201)}}, WantStatus: 400,
				WantMessage: "buyer.name must be at most 200 characters"},
			{Name: "empty description", Method: "PATCH", URL: d, Body: line("description", " "), WantStatus: 400,
				WantMessage: "lines[0].description is required: what was delivered"},
			{Name: "quantity 0", Method: "PATCH", URL: d, Body: line("quantity", 0), WantStatus: 400,
				WantMessage: "lines[0].quantity must be a whole number from 1 to 10000"},
			{Name: "negative price", Method: "PATCH", URL: d, Body: line("unitPrice", -1), WantStatus: 400,
				WantMessage: "lines[0].unitPrice must be a whole number of minor units (øre) from 0 to 10000000000"},
			{Name: "price in kroner with decimals", Method: "PATCH", URL: d, Body: line("unitPrice", 99.5), WantStatus: 400,
				WantMessage: `Field "lines.unitPrice" must be of type int64`},
			{Name: "VAT 15 %", Method: "PATCH", URL: d, Body: line("vatRate", 15), WantStatus: 400,
				WantMessage: "lines[0].vatRate must be 25 or 0 with vatMode domestic"},
			{Name: "101 lines", Method: "PATCH", URL: d, Body: map[string]any{"lines": manyLines}, WantStatus: 400, WantMessage: "lines must be at most 100"},
			{Name: "a number by hand", Method: "PATCH", URL: d, Body: map[string]any{"number": 1}, WantStatus: 400, WantMessage: `Unknown field "number"`},
			{Name: "a state by hand", Method: "PATCH", URL: d, Body: map[string]any{"state": "paid"}, WantStatus: 400, WantMessage: `Unknown field "state"`},
			{Name: "long note", Method: "PATCH", URL: d, Body: map[string]any{"note": strings.Repeat("x", 2001)}, WantStatus: 400,
				WantMessage: "note must be at most 2000 characters"},
			{Name: "rate not a number", Method: "POST", URL: d + "/issue", Body: `{"exchangeRate":"abc"}`, WantStatus: 400},
			{Name: "rate negative", Method: "POST", URL: d + "/issue", Body: map[string]any{"exchangeRate": -1}, WantStatus: 400,
				WantMessage: "exchangeRate must be a positive decimal number of NOK for one unit of the currency, with at most 6 decimals (11.4532)"},
			{Name: "rate 7 decimals", Method: "POST", URL: d + "/issue", Body: map[string]any{"exchangeRate": "1.1234567"}, WantStatus: 400},
			{Name: "rate in exponent", Method: "POST", URL: d + "/issue", Body: `{"exchangeRate":1e3}`, WantStatus: 400},
			{Name: "issue: unknown field", Method: "POST", URL: d + "/issue", Body: map[string]any{"number": 7}, WantStatus: 400},
			{Name: "issue: buyer missing", Method: "POST", URL: fmt.Sprintf("/api/admin/invoices/%d/issue", bare), WantStatus: 400,
				WantMessage: "Cannot issue: missing the buyer's address or organisation number (buyer.address: street, city and country; or buyer.orgNumber, or buyer.vatId abroad)"},
			{Name: "pay a draft", Method: "POST", URL: d + "/payments", Body: map[string]any{"amount": 100, "paidOn": "2026-03-13"}, WantStatus: 409,
				WantMessage: "A draft is not paid: issue it first"},
			{Name: "credit a draft", Method: "POST", URL: d + "/credit-note", Body: map[string]any{"reason": "x"}, WantStatus: 409,
				WantMessage: "A draft is not credited: change it or delete it"},
			{Name: "a draft's PDF", Method: "GET", URL: d + "/pdf", WantStatus: 409, WantMessage: "A draft has no PDF or EHF: issue it first"},
			{Name: "amount 0", Method: "POST", URL: i + "/payments", Body: map[string]any{"amount": 0, "paidOn": "2026-03-13"}, WantStatus: 400,
				WantMessage: "amount must be a positive whole number of minor units (øre)"},
			{Name: "amount negative", Method: "POST", URL: i + "/payments", Body: map[string]any{"amount": -5, "paidOn": "2026-03-13"}, WantStatus: 400},
			{Name: "amount as text", Method: "POST", URL: i + "/payments", Body: `{"amount":"100","paidOn":"2026-03-13"}`, WantStatus: 400},
			{Name: "paid on a word", Method: "POST", URL: i + "/payments", Body: map[string]any{"amount": 100, "paidOn": "yesterday"}, WantStatus: 400,
				WantMessage: "paidOn must be a date (YYYY-MM-DD)"},
			{Name: "paid tomorrow", Method: "POST", URL: i + "/payments", Body: map[string]any{"amount": 100, "paidOn": "2026-03-14"}, WantStatus: 400},
			{Name: "method", Method: "POST", URL: i + "/payments", Body: map[string]any{"amount": 100, "paidOn": "2026-03-13", "method": "bitcoin"}, WantStatus: 400,
				WantMessage: "method must be one of bank, card, cash, other"},
			{Name: "more than outstanding", Method: "POST", URL: i + "/payments", Body: map[string]any{"amount": 7875_01, "paidOn": "2026-03-13"}, WantStatus: 409},
			{Name: "no reason", Method: "POST", URL: i + "/credit-note", Body: map[string]any{}, WantStatus: 400,
				WantMessage: "reason is required: the credit note says why it corrects the invoice"},
			{Name: "credit line quantity 0", Method: "POST", URL: i + "/credit-note", Body: map[string]any{"reason": "x",
				"lines": []any{map[string]any{"description": "Video", "quantity": 0, "unitPrice": 1, "vatRate": 25}}}, WantStatus: 400},
			{Name: "credit nothing", Method: "POST", URL: i + "/credit-note", Body: map[string]any{"reason": "x",
				"lines": []any{map[string]any{"description": "Video", "quantity": 1, "unitPrice": 0, "vatRate": 25}}}, WantStatus: 400,
				WantMessage: "lines must credit an amount: they add up to nothing"},
			{Name: "change issued", Method: "PATCH", URL: i, Body: map[string]any{"note": "x"}, WantStatus: 409},
			{Name: "delete issued", Method: "DELETE", URL: i, WantStatus: 409,
				WantMessage: "The invoice is issued: an issued invoice cannot be changed or deleted, only corrected by a credit note"},
			{Name: "issue issued", Method: "POST", URL: i + "/issue", WantStatus: 409},
			{Name: "state filter", Method: "GET", URL: "/api/admin/invoices?state=open", WantStatus: 400,
				WantMessage: "state must be one of draft, issued, overdue, partly-paid, paid, credited"},
			{Name: "id not a number", Method: "GET", URL: "/api/admin/invoices/abc", WantStatus: 404},
			{Name: "no such invoice", Method: "PATCH", URL: "/api/admin/invoices/999999", Body: map[string]any{}, WantStatus: 404},
			{Name: "profile org number", Method: "PUT", URL: "/api/admin/billing", Body: map[string]any{"orgNumber": "12345678"}, WantStatus: 400},
			{Name: "first number after issue", Method: "PUT", URL: "/api/admin/billing", Body: map[string]any{"firstInvoiceNumber": 5}, WantStatus: 409},
			{Name: "profile not an object", Method: "PUT", URL: "/api/admin/billing", Body: `[1]`, WantStatus: 400},
		}
		sitetest.Run(t, admin, scenarios)
		if after := snapshot(t, e.Store); after != before {
			t.Errorf("stored changed:\nbefore %s\nafter  %s", before, after)
		}
		// Not signed in: nothing of it.
		e.Client().Do("GET", "/api/admin/invoices", nil).WantStatus(t, http.StatusUnauthorized)
	})
}

// The triggers keep an issued invoice as issued, whatever asks.
func TestIssuedRowsRefuseChange(t *testing.T) {
	t.Parallel()
	sitetest.Each(t, sitetest.Options{}, func(t *testing.T, e *sitetest.Site) {
		admin := e.SignedInAdmin(t)
		admin.Do("PUT", "/api/admin/billing", profile).WantStatus(t, http.StatusOK)
		deal := newDeal(t, admin, "Fjellkaffe", "NOK")
		id := readyDraft(t, admin, deal, nil)
		before := invoice(t, admin, "POST", fmt.Sprintf("/api/admin/invoices/%d/issue", id), nil, http.StatusOK)
		q := e.Store.Rebind
		if _, err := e.Store.DB.Exec(q(`UPDATE invoices SET payable = 1 WHERE id = ?`), id); err == nil || !strings.Contains(err.Error(), "an issued invoice cannot be changed") {
			t.Errorf("update: %v", err)
		}
		if _, err := e.Store.DB.Exec(q(`UPDATE invoices SET number = NULL WHERE id = ?`), id); err == nil {
			t.Error("an issued invoice went back to a draft")
		}
		if _, err := e.Store.DB.Exec(q(`DELETE FROM invoices WHERE id = ?`), id); err == nil || !strings.Contains(err.Error(), "an issued invoice cannot be deleted") {
			t.Errorf("delete: %v", err)
		}
		if _, err := e.Store.DB.Exec(q(`DELETE FROM deals WHERE id = ?`), deal); err == nil {
			t.Error("the deal's deletion took its issued invoice")
		}
		after := invoice(t, admin, "GET", fmt.Sprintf("/api/admin/invoices/%d", id), nil, http.StatusOK)
		if *after.Number != *before.Number || after.Payable != before.Payable || after.PDFSHA256 != before.PDFSHA256 {
			t.Errorf("issued invoice changed: %+v → %+v", before, after)
		}
	})
}
