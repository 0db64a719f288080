package billing_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/ugcfolio/ugcfolio/internal/sitetest"
)

// Sending an issued invoice: the PDF and the EHF attached byte for byte
// as stored, in the invoice's language, to the buyer or the address given;
// the EHF warning from 2027-01-01; mail off says so.
func TestSendInvoice(t *testing.T) {
	t.Parallel()
	sitetest.Each(t, sitetest.Options{Mail: true}, func(t *testing.T, e *sitetest.Site) {
		admin := e.SignedInAdmin(t)
		admin.Do("PUT", "/api/admin/billing", profile).WantStatus(t, http.StatusOK)
		clock := clockAt(e, "2026-03-13")
		deal := newDeal(t, admin, "Fjellkaffe", "NOK")
		draft := readyDraft(t, admin, deal, nil)
		admin.Do("POST", fmt.Sprintf("/api/admin/invoices/%d/send", draft), nil).
			WantMessage(t, http.StatusConflict, "A draft is not sent: issue it first")
		inv := invoice(t, admin, "POST", fmt.Sprintf("/api/admin/invoices/%d/issue", draft), nil, http.StatusOK)

		var sent struct {
			To          string
			Attachments []string
		}
		admin.Do("POST", fmt.Sprintf("/api/admin/invoices/%d/send", inv.ID), nil).WantStatus(t, http.StatusAccepted).JSON(t, &sent)
		if sent.To != "marked@fjellkaffe.no" || strings.Join(sent.Attachments, " ") != "faktura-1001.pdf faktura-1001.xml" {
			t.Fatalf("sent %+v", sent)
		}
		msg := e.SMTP.WaitFor(t, 1, 10*time.Second)[0]
		if msg.To[0] != "marked@fjellkaffe.no" || msg.Subject() != "Faktura 1001 fra Kari Nordmann Film" || msg.Header.Get("Reply-To") != "<kari@example.no>" {
			t.Errorf("message to %v, subject %q, reply-to %q", msg.To, msg.Subject(), msg.Header.Get("Reply-To"))
		}
		for _, want := range []string{"Vedlagt er faktura 1001, datert 13.03.2026.", "Å betale: 7\u00a0875,00 NOK", "Forfallsdato: 27.03.2026",
			"Kontonummer: 8601.11.17947", "KID: " + inv.KID, "IBAN: NO9386011117947", "Kari Nordmann Film"} {
			if !strings.Contains(msg.Text, want) {
				t.Errorf("the text lacks %q:\n%s", want, msg.Text)
			}
		}
		pdf := admin.Do("GET", fmt.Sprintf("/api/admin/invoices/%d/pdf", inv.ID), nil).WantStatus(t, http.StatusOK).Body
		ehf := admin.Do("GET", fmt.Sprintf("/api/admin/invoices/%d/ehf", inv.ID), nil).WantStatus(t, http.StatusOK).Body
		if len(msg.Attachments) != 2 {
			t.Fatalf("%d attachments", len(msg.Attachments))
		}
		if a := msg.Attachments[0]; a.Name != "faktura-1001.pdf" || a.ContentType != "application/pdf" || string(a.Data) != pdf {
			t.Errorf("PDF attachment %s %s, %d bytes (stored %d)", a.Name, a.ContentType, len(a.Data), len(pdf))
		}
		if a := msg.Attachments[1]; a.Name != "faktura-1001.xml" || a.ContentType != "application/xml" || string(a.Data) != ehf {
			t.Errorf("EHF attachment %s %s, %d bytes (stored %d)", a.Name, a.ContentType, len(a.Data), len(ehf))
		}
		if ev := lastEvent(t, admin, deal); ev.Kind != "invoice-sent" || ev.Detail != "Invoice 1001 e-mailed to marked@fjellkaffe.no (faktura-1001.pdf, faktura-1001.xml)" {
			t.Errorf("event %+v", ev)
		}

		// In English, to another address; a buyer with no Peppol address gets the PDF only.
		en := readyDraft(t, admin, deal, nil)
		invoice(t, admin, "PATCH", fmt.Sprintf("/api/admin/invoices/%d", en), map[string]any{"language": "en",
			"buyer": map[string]any{"orgNumber": "", "address": map[string]any{"street": "Kaigata 2", "postalCode": "5003", "city": "Bergen", "country": "NO"}}}, http.StatusOK)
		invoice(t, admin, "POST", fmt.Sprintf("/api/admin/invoices/%d/issue", en), nil, http.StatusOK)
		admin.Do("POST", fmt.Sprintf("/api/admin/invoices/%d/send", en), map[string]any{"to": "ap@fjellkaffe.no"}).WantStatus(t, http.StatusAccepted)
		msg = e.SMTP.WaitFor(t, 2, 10*time.Second)[1]
		if msg.To[0] != "ap@fjellkaffe.no" || msg.Subject() != "Invoice 1002 from Kari Nordmann Film" || len(msg.Attachments) != 1 ||
			!strings.Contains(msg.Text, "Amount due: NOK 7,875.00") || !strings.Contains(msg.Text, "Due date: 27 March 2026") {
			t.Errorf("English message to %v, %q, %d attachments:\n%s", msg.To, msg.Subject(), len(msg.Attachments), msg.Text)
		}

		for _, tc := range []struct {
			body any
			msg  string
		}{
			{map[string]any{"to": "not an address"}, "to must be one e-mail address like name@example.no"},
			{map[string]any{"to": "a@b.no, c@d.no"}, "to must be one e-mail address like name@example.no"},
			{map[string]any{"to": 7}, ""},
			{`{"confirmNoEHF": "yes"}`, ""},
		} {
			r := admin.Do("POST", fmt.Sprintf("/api/admin/invoices/%d/send", inv.ID), tc.body)
			if tc.msg != "" {
				r.WantMessage(t, http.StatusBadRequest, tc.msg)
			} else {
				r.WantStatus(t, http.StatusBadRequest)
			}
		}
		admin.Do("POST", "/api/admin/invoices/999999/send", nil).WantStatus(t, http.StatusNotFound)

		// From 1 January 2027 a VAT-registered seller is warned before
		// e-mailing an invoice to a Norwegian business, until she confirms.
		clock.Set(time.Date(2027, 1, 4, 9, 0, 0, 0, time.UTC))
		r := admin.Do("POST", fmt.Sprintf("/api/admin/invoices/%d/send", inv.ID), map[string]any{})
		r.WantStatus(t, http.StatusConflict)
		if !strings.Contains(r.Body, "From 1 January 2027") || !strings.Contains(r.Body, "Peppol access point") || !strings.Contains(r.Body, "confirmNoEHF") {
			t.Errorf("warning %s", r.Body)
		}
		admin.Do("POST", fmt.Sprintf("/api/admin/invoices/%d/send", inv.ID), map[string]any{"confirmNoEHF": true}).WantStatus(t, http.StatusAccepted)
		// A buyer with no organisation number is not a business to warn about.
		admin.Do("POST", fmt.Sprintf("/api/admin/invoices/%d/send", en), nil).WantStatus(t, http.StatusAccepted)
		e.SMTP.WaitFor(t, 4, 10*time.Second)
	})
}

// With e-mail off, sending says so and queues nothing.
func TestSendWithMailOff(t *testing.T) {
	t.Parallel()
	sitetest.Each(t, sitetest.Options{}, func(t *testing.T, e *sitetest.Site) {
		admin := e.SignedInAdmin(t)
		admin.Do("PUT", "/api/admin/billing", profile).WantStatus(t, http.StatusOK)
		clockAt(e, "2026-03-13")
		deal := newDeal(t, admin, "Fjellkaffe", "NOK")
		inv := invoice(t, admin, "POST", fmt.Sprintf("/api/admin/invoices/%d/issue", readyDraft(t, admin, deal, nil)), nil, http.StatusOK)
		admin.Do("POST", fmt.Sprintf("/api/admin/invoices/%d/send", inv.ID), nil).WantMessage(t, http.StatusBadRequest,
			"E-mail is off on this site (no UGCFOLIO_SMTP_URL): nothing was sent. Download the PDF (and the EHF) and send it yourself, or set up e-mail")
		if ev := lastEvent(t, admin, deal); ev.Kind == "invoice-sent" {
			t.Errorf("recorded %+v", ev)
		}
		var n int
		e.Store.DB.QueryRow(`SELECT COUNT(*) FROM jobs WHERE kind = 'billing.mail'`).Scan(&n)
		if n != 0 {
			t.Errorf("%d mail jobs queued", n)
		}
	})
}

type eventJSON struct{ Kind, Detail, ToStage string }

// events are a deal's history, oldest first.
func events(t *testing.T, admin *sitetest.Client, deal int64) []eventJSON {
	t.Helper()
	var d struct{ Events []eventJSON }
	admin.Do("GET", fmt.Sprintf("/api/admin/deals/%d", deal), nil).WantStatus(t, http.StatusOK).JSON(t, &d)
	return d.Events
}

func lastEvent(t *testing.T, admin *sitetest.Client, deal int64) eventJSON {
	t.Helper()
	all := events(t, admin, deal)
	return all[len(all)-1]
}
