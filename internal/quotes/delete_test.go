package quotes_test

import (
	"fmt"
	"net/http"
	"testing"
)

// Deleting a deal deletes its quotes but the accepted one, which is kept —
// detached from the deal, with its brand, document and record — as the
// proof of the agreement.
func TestDealDeletionKeepsOnlyTheAcceptedQuote(t *testing.T) {
	t.Parallel()
	eachSite(t, func(t *testing.T, e *quotesSite) {
		admin := e.SignedInAdmin(t)
		id := newDeal(t, admin, map[string]any{"brand": "Havbris", "price": 4000})
		room := openRoom(t, admin, id)
		withdrawn := sentQuote(t, admin, id, nil)
		quote(t, admin, "POST", quotePath(withdrawn.ID, "withdraw"), nil, http.StatusOK)
		accepted := sentQuote(t, admin, id, nil)
		form := acceptForm{name: "Siri", title: "Daglig leder", company: "Havbris AS", confirm: true, sha256: accepted.DocumentSHA256}
		accept(e, brandClient(e), room, accepted.Number, form.encode()).WantStatus(t, http.StatusSeeOther)
		draft := quote(t, admin, "POST", fmt.Sprintf("/api/admin/deals/%d/quotes", id), nil, http.StatusCreated)

		other := newDeal(t, admin, map[string]any{"brand": "Tindefjell", "price": 1000})
		otherDraft := quote(t, admin, "POST", fmt.Sprintf("/api/admin/deals/%d/quotes", other), nil, http.StatusCreated)

		for _, d := range []int64{id, other} {
			admin.Do("DELETE", fmt.Sprintf("/api/admin/deals/%d", d), nil).WantStatus(t, http.StatusNoContent)
		}
		kept := quote(t, admin, "GET", quotePath(accepted.ID, ""), nil, http.StatusOK)
		if kept.DealID != nil || kept.Brand != "Havbris" || kept.State != "accepted" || kept.DocumentSHA256 != accepted.DocumentSHA256 ||
			kept.Acceptance == nil || kept.Acceptance.Name != "Siri" || len(kept.Lines) != 1 {
			t.Fatalf("the accepted quote after its deal's deletion: %+v", kept)
		}
		for _, q := range []quoteJSON{withdrawn, draft, otherDraft} {
			admin.Do("GET", quotePath(q.ID, ""), nil).WantMessage(t, http.StatusNotFound, "Quote not found")
		}
		var all []quoteJSON
		admin.Do("GET", "/api/admin/quotes", nil).WantStatus(t, http.StatusOK).JSON(t, &all)
		if len(all) != 1 || all[0].ID != accepted.ID {
			t.Fatalf("quotes after the deletions: %+v", all)
		}
		// Still kept as it is.
		admin.Do("POST", quotePath(accepted.ID, "withdraw"), nil).WantStatus(t, http.StatusConflict)
		admin.Do("DELETE", quotePath(accepted.ID, ""), nil).WantStatus(t, http.StatusConflict)
		admin.Do("GET", fmt.Sprintf("/api/admin/deals/%d/quotes", id), nil).WantMessage(t, http.StatusNotFound, "Deal not found")
	})
}
