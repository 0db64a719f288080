package billing_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/ugcfolio/ugcfolio/internal/sitetest"
)

// The brand downloads its deal's issued documents from the delivery room,
// byte for byte as the admin does; a draft is not shown, and one room never
// reaches another deal's invoice.
func TestTheRoomServesItsDealsInvoices(t *testing.T) {
	t.Parallel()
	sitetest.Each(t, sitetest.Options{}, func(t *testing.T, e *sitetest.Site) {
		admin := e.SignedInAdmin(t)
		admin.Do("PUT", "/api/admin/billing", profile).WantStatus(t, http.StatusOK)
		clockAt(e, "2026-03-13")
		deal, other := newDeal(t, admin, "Fjellkaffe", "NOK"), newDeal(t, admin, "Havsalt", "NOK")
		issued := invoice(t, admin, "POST", fmt.Sprintf("/api/admin/invoices/%d/issue", readyDraft(t, admin, deal, nil)), nil, http.StatusOK)
		readyDraft(t, admin, deal, nil) // a draft: not the brand's to see
		elsewhere := invoice(t, admin, "POST", fmt.Sprintf("/api/admin/invoices/%d/issue", readyDraft(t, admin, other, nil)), nil, http.StatusOK)

		var rm struct{ URL string }
		admin.Do("POST", fmt.Sprintf("/api/admin/deals/%d/room", deal), map[string]any{}).WantStatus(t, http.StatusCreated).JSON(t, &rm)
		room := rm.URL[strings.Index(rm.URL, "/room/"):]
		brand := e.Visitor(t)

		page := brand.Do("GET", room, nil).WantStatus(t, http.StatusOK).Body
		if n := strings.Count(page, `data-testid="room-invoice"`); n != 1 {
			t.Fatalf("the room lists %d documents, want the one issued:\n%s", n, page)
		}
		for _, want := range []string{"Faktura 1001", "7\u00a0875,00 NOK", "forfall 27.03.2026", "Til betaling",
			room + "/invoices/1001/pdf", room + "/invoices/1001/ehf"} {
			if !strings.Contains(page, want) {
				t.Errorf("the room does not show %q", want)
			}
		}
		for _, f := range []struct{ ext, sha string }{{"pdf", issued.PDFSHA256}, {"ehf", issued.EHFSHA256}} {
			got := brand.Do("GET", room+"/invoices/1001/"+f.ext, nil).WantStatus(t, http.StatusOK).Body
			if sha(got) != f.sha {
				t.Errorf("the room's %s is not the stored one", f.ext)
			}
		}
		// Another deal's invoice, a number not issued, a number that is no number: the room's 404.
		for _, path := range []string{fmt.Sprintf("/invoices/%d/pdf", *elsewhere.Number), "/invoices/1003/pdf", "/invoices/x/ehf", "/invoices/-1/pdf"} {
			brand.Do("GET", room+path, nil).WantStatus(t, http.StatusNotFound)
		}
		// A link that does not work reaches nothing.
		brand.Do("GET", "/room/"+strings.Repeat("A", 32)+"/invoices/1001/pdf", nil).WantStatus(t, http.StatusNotFound)
	})
}
