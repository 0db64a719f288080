package billing_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/ugcfolio/ugcfolio/internal/billing/document/peppoltest"
	"github.com/ugcfolio/ugcfolio/internal/sitetest"
	"github.com/ugcfolio/ugcfolio/internal/store/storetest"
)

// Every kind of document the product issues, made through its API as the
// creator makes them, is judged by the official EN 16931 and Peppol BIS
// Billing 3.0 rules (Norwegian ones included), all in one Java start: a
// deposit request, the final invoice that deducts it, a credit note in
// part, a Norwegian buyer billed in EUR, a business abroad (reverse
// charge), and a seller not VAT-registered.
func TestIssuedDocumentsPassTheOfficialRules(t *testing.T) {
	t.Parallel()
	// On SQLite only: the database does not change a byte of what is issued.
	func(e *sitetest.Site) {
		admin := e.SignedInAdmin(t)
		admin.Do("PUT", "/api/admin/billing", profile).WantStatus(t, http.StatusOK)
		clockAt(e, "2026-03-13")
		docs := map[string][]byte{}
		issue := func(name string, id int64, body any) invoiceJSON {
			t.Helper()
			inv := invoice(t, admin, "POST", fmt.Sprintf("/api/admin/invoices/%d/issue", id), body, http.StatusOK)
			docs[name] = []byte(admin.Do("GET", fmt.Sprintf("/api/admin/invoices/%d/ehf", id), nil).WantStatus(t, http.StatusOK).Body)
			return inv
		}

		// A deposit request, paid; the final invoice deducts it; a credit note takes off a line.
		deal := newDeal(t, admin, "Fjellkaffe", "NOK")
		deposit := issue("deposit", readyDraft(t, admin, deal, map[string]any{"kind": "deposit", "share": 30}), nil)
		invoice(t, admin, "POST", fmt.Sprintf("/api/admin/invoices/%d/payments", deposit.ID),
			map[string]any{"amount": deposit.Outstanding, "paidOn": "2026-03-13", "method": "bank"}, http.StatusCreated)
		final := issue("final", readyDraft(t, admin, deal, nil), nil)
		if final.Prepaid != deposit.Totals.Gross {
			t.Fatalf("the final invoice deducts %d, the deposit was %d", final.Prepaid, deposit.Totals.Gross)
		}
		cn := invoice(t, admin, "POST", fmt.Sprintf("/api/admin/invoices/%d/credit-note", final.ID), map[string]any{"reason": "Én video færre",
			"lines": []map[string]any{{"description": "Én video", "quantity": 1, "unitPrice": 2100_00, "vatRate": 25}}}, http.StatusCreated)
		docs["credit-note"] = []byte(admin.Do("GET", fmt.Sprintf("/api/admin/invoices/%d/ehf", cn.ID), nil).WantStatus(t, http.StatusOK).Body)

		// A Norwegian business billed in EUR: 25 %, its VAT in NOK too.
		eur := readyDraft(t, admin, newDeal(t, admin, "Nordlys AS", "EUR"), nil)
		invoice(t, admin, "PATCH", fmt.Sprintf("/api/admin/invoices/%d", eur), map[string]any{"vatMode": "domestic",
			"buyer": map[string]any{"address": map[string]any{"street": "Kaigata 2", "postalCode": "5003", "city": "Bergen", "country": "NO"}},
			"lines": []map[string]any{{"description": "2 videos", "quantity": 2, "unitPrice": 450_00, "vatRate": 25}}}, http.StatusOK)
		issue("domestic-eur", eur, map[string]any{"exchangeRate": "11.4532"})

		// A business abroad: 0 %, reverse charge.
		export := invoice(t, admin, "POST", fmt.Sprintf("/api/admin/deals/%d/invoices", newDeal(t, admin, "Nordic Brew AB", "EUR")), nil, http.StatusCreated).ID
		invoice(t, admin, "PATCH", fmt.Sprintf("/api/admin/invoices/%d", export), map[string]any{"vatMode": "export",
			"buyer": map[string]any{"vatId": "SE556677889901", "address": map[string]any{"street": "Drottninggatan 1", "postalCode": "111 51", "city": "Stockholm", "country": "SE"}},
			"lines": []map[string]any{{"description": "3 videos, 30 s", "quantity": 3, "unitPrice": 700_00, "vatRate": 0}}}, http.StatusOK)
		issue("export-eur", export, map[string]any{"exchangeRate": "11.4532"})

		// A seller under the 50 000 kr line: no VAT, no MVA.
		admin.Do("PUT", "/api/admin/billing", map[string]any{"vatRegistered": false}).WantStatus(t, http.StatusOK)
		issue("not-registered", readyDraft(t, admin, newDeal(t, admin, "Havsalt", "NOK"), nil), nil)

		for name, f := range peppoltest.Validate(t, docs) {
			if len(f.Fatal) > 0 {
				t.Errorf("%s: the official rules refuse it:\n  %s", name, strings.Join(f.Fatal, "\n  "))
			}
			for _, w := range f.Warnings {
				t.Logf("%s: warning %s", name, w)
			}
		}
		if len(docs) != 6 {
			t.Fatalf("%d documents judged, want 6", len(docs))
		}
	}(sitetest.New(t, storetest.SQLite(t), sitetest.Options{}))
}
