package fiken_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/ugcfolio/ugcfolio/internal/billing/fiken"
)

// issued makes a draft for buyer and has it issued and sent in Fiken.
func (s site) issued(t *testing.T, buyer map[string]any) (int64, int64) {
	t.Helper()
	id := s.draft(t, buyer)
	s.admin.Do("POST", fmt.Sprintf("/api/admin/invoices/%d/fiken/issue", id), nil).WantStatus(t, http.StatusAccepted)
	st := s.until(t, id, "sent", settled)
	if st.Document.State != fiken.StateSent {
		t.Fatalf("not sent: %+v", st.Document)
	}
	return id, *st.Document.FikenNumber
}

func creditsSettled(n int) func(status) bool {
	return func(st status) bool {
		if len(st.CreditNotes) < n {
			return false
		}
		d := st.CreditNotes[n-1]
		return d.State == fiken.StateSent || d.State == fiken.StateFailed || d.Retrying
	}
}

func TestCreditNotes(t *testing.T) {
	t.Parallel()
	withFiken(t, 10*time.Millisecond, func(t *testing.T, s site) {
		s.connect(t)
		s.fake.ReceivesEHF("123456785")
		id, _ := s.issued(t, norwegianBuyer)
		// Part of it: a line of 1 000 kr net.
		s.admin.Do("POST", fmt.Sprintf("/api/admin/invoices/%d/fiken/credit-note", id), map[string]any{"reason": "One video dropped",
			"lines": []map[string]any{{"description": "Video 3", "quantity": 1, "unitPrice": 100000, "vatRate": 25}}}).WantStatus(t, http.StatusAccepted)
		st := s.until(t, id, "credited", creditsSettled(1))
		cn := st.CreditNotes[0]
		if cn.State != fiken.StateSent || cn.SentVia != "ehf" || cn.FikenNumber == nil || *cn.FikenNumber != 10002 || cn.InvoiceID == nil {
			t.Fatalf("partial credit note: %+v", cn)
		}
		note := s.invoice(t, *cn.InvoiceID)
		if note.Number == nil || *note.Number != 10002 || note.CorrectsID == nil || *note.CorrectsID != id || note.Totals.Gross != 125000 {
			t.Fatalf("the credit note here: %+v", note)
		}
		if inv := s.invoice(t, id); inv.Outstanding != inv.Totals.Gross-125000 {
			t.Fatalf("after the partial credit: %+v", inv)
		}
		// Billing's own rules hold: more than is left is refused before Fiken is asked.
		s.admin.Do("POST", fmt.Sprintf("/api/admin/invoices/%d/fiken/credit-note", id), map[string]any{"reason": "x",
			"lines": []map[string]any{{"description": "All", "quantity": 1, "unitPrice": 10000000, "vatRate": 25}}}).WantStatus(t, http.StatusBadRequest)

		// A whole one, to a private buyer by e-mail.
		whole, number := s.issued(t, privateBuyer)
		s.admin.Do("POST", fmt.Sprintf("/api/admin/invoices/%d/fiken/credit-note", whole), map[string]any{"reason": "Cancelled"}).WantStatus(t, http.StatusAccepted)
		st = s.until(t, whole, "credited", creditsSettled(1))
		if cn := st.CreditNotes[0]; cn.State != fiken.StateSent || cn.SentVia != "email" || *cn.FikenNumber != number+1 {
			t.Fatalf("full credit note: %+v", cn)
		}
		if inv := s.invoice(t, whole); inv.State != "credited" || inv.Outstanding != 0 {
			t.Fatalf("credited in full: %+v", inv)
		}
		if s.fake.Count("POST", "/companies/{companySlug}/creditNotes/full") != 1 || s.fake.Count("POST", "/companies/{companySlug}/creditNotes/partial") != 1 {
			t.Fatalf("credit notes made: %v", s.fake.Requests())
		}
		// The own series stays unused for credit notes too.
		s.admin.Do("POST", fmt.Sprintf("/api/admin/invoices/%d/credit-note", id), map[string]any{"reason": "x"}).WantStatus(t, http.StatusConflict)
	})
}

func TestPaymentsBothWays(t *testing.T) {
	t.Parallel()
	withFiken(t, 10*time.Millisecond, func(t *testing.T, s site) {
		s.connect(t)
		id, number := s.issued(t, privateBuyer)
		gross := s.invoice(t, id).Totals.Gross
		today := s.Server.Billing().Today()

		// Recorded here: sent to Fiken.
		s.admin.Do("POST", fmt.Sprintf("/api/admin/invoices/%d/payments", id), map[string]any{"amount": 100000, "paidOn": today}).WantStatus(t, http.StatusCreated)
		st := s.until(t, id, "paid in Fiken", func(st status) bool { return len(st.Payments) == 1 && st.Payments[0].State != "pending" })
		if p := st.Payments[0]; p.Direction != "to-fiken" || p.State != "done" || p.FikenPaymentID == nil {
			t.Fatalf("sent to Fiken: %+v", p)
		}
		if got := s.fake.Payments(number); len(got) != 1 || got[0]["amount"] != int64(100000) || got[0]["date"] != today || got[0]["account"] != "1920:10001" {
			t.Fatalf("Fiken's payments: %v", got)
		}

		// Registered in Fiken: fetched, once however often the fetch runs.
		s.fake.RegisterPayment(number, gross-100000, today)
		for range 2 {
			if err := s.Server.Fiken().Sync(t.Context()); err != nil {
				t.Fatal(err)
			}
		}
		inv := s.invoice(t, id)
		if inv.State != "paid" || inv.Paid != gross || inv.Outstanding != 0 {
			t.Fatalf("after the fetch: %+v", inv)
		}
		st = s.status(t, id)
		if len(st.Payments) != 2 || st.Payments[1].Direction != "from-fiken" {
			t.Fatalf("payments: %+v", st.Payments)
		}
		// The fetch never sent the fetched payment back.
		if got := s.fake.Payments(number); len(got) != 2 {
			t.Fatalf("Fiken's payments after the fetch: %v", got)
		}
		// The job queue's fetch (fiken.sync) through the API.
		s.admin.Do("POST", "/api/admin/billing/fiken/sync", nil).WantStatus(t, http.StatusAccepted)
	})
}

func TestFikenAnswers401(t *testing.T) {
	t.Parallel()
	withFiken(t, 10*time.Millisecond, func(t *testing.T, s site) {
		s.connect(t)
		s.fake.Token = "revoked" // the creator revoked the token in Fiken
		before := len(s.fake.Requests())
		id := s.draft(t, privateBuyer)
		s.admin.Do("POST", fmt.Sprintf("/api/admin/invoices/%d/fiken/issue", id), nil).WantStatus(t, http.StatusAccepted)
		st := s.until(t, id, "failed", settled)
		d := st.Document
		if d.State != fiken.StateFailed || d.ErrorStatus != 401 || !strings.Contains(d.Error, "Fiken refused the API token (401): Full authentication is required to access this resource") {
			t.Fatalf("401: %+v", d)
		}
		// Not tried again: one request, the job failed.
		if n := len(s.fake.Requests()) - before; n != 1 {
			t.Fatalf("%d requests after a 401", n)
		}
		if inv := s.invoice(t, id); inv.Number != nil {
			t.Fatalf("issued after a 401: %+v", inv)
		}
		// A new token, and "Issue in Fiken" again goes through.
		s.fake.Token = token
		s.admin.Do("POST", fmt.Sprintf("/api/admin/invoices/%d/fiken/issue", id), nil).WantStatus(t, http.StatusAccepted)
		if st := s.until(t, id, "sent", func(st status) bool { return st.Document.State == fiken.StateSent }); st.Document.Error != "" {
			t.Fatalf("after a new try: %+v", st.Document)
		}
	})
}

func TestFikenAnswers429(t *testing.T) {
	t.Parallel()
	withFiken(t, time.Hour, func(t *testing.T, s site) {
		// A wait of an hour between tries: the first failure is seen as it stands.
		s.connect(t)
		s.fake.Fail("POST", "/companies/{companySlug}/invoices", http.StatusTooManyRequests, 1, "")
		id := s.draft(t, privateBuyer)
		s.admin.Do("POST", fmt.Sprintf("/api/admin/invoices/%d/fiken/issue", id), nil).WantStatus(t, http.StatusAccepted)
		st := s.until(t, id, "retrying", settled)
		if d := st.Document; d.State != fiken.StatePending || !d.Retrying || d.ErrorStatus != 429 || d.Error != "the fake answers 429" {
			t.Fatalf("429: %+v", d)
		}
	})
}

func TestFikenBusyThenDown(t *testing.T) {
	t.Parallel()
	withFiken(t, 10*time.Millisecond, func(t *testing.T, s site) {
		s.connect(t)
		// Busy, then down, then well: tried again until it goes, made once.
		s.fake.Fail("POST", "/companies/{companySlug}/invoices", http.StatusTooManyRequests, 2, "")
		s.fake.Fail("POST", "/companies/{companySlug}/invoices/send", http.StatusInternalServerError, 2, "")
		id := s.draft(t, privateBuyer)
		s.admin.Do("POST", fmt.Sprintf("/api/admin/invoices/%d/fiken/issue", id), nil).WantStatus(t, http.StatusAccepted)
		st := s.until(t, id, "sent", func(st status) bool { return st.Document.State == fiken.StateSent })
		if st.Document.Error != "" || s.fake.InvoiceCount() != 1 || len(s.fake.Dispatches(*st.Document.FikenNumber)) != 1 {
			t.Fatalf("after 429s and 500s: %+v, %d invoices", st.Document, s.fake.InvoiceCount())
		}
		// Down for good: the last try fails it, with Fiken's message.
		s.fake.Fail("GET", "/companies/{companySlug}/invoices", http.StatusInternalServerError, 100, `{"error":"server_error","error_description":"Fiken is down for maintenance"}`)
		down := s.draft(t, privateBuyer)
		s.admin.Do("POST", fmt.Sprintf("/api/admin/invoices/%d/fiken/issue", down), nil).WantStatus(t, http.StatusAccepted)
		st = s.until(t, down, "failed", func(st status) bool { return st.Document.State == fiken.StateFailed })
		if d := st.Document; d.ErrorStatus != 500 || d.Error != "Fiken is down for maintenance" {
			t.Fatalf("500 to the last try: %+v", d)
		}
		if inv := s.invoice(t, down); inv.Number != nil {
			t.Fatalf("issued while Fiken was down: %+v", inv)
		}
	})
}

func TestFikenValidationError(t *testing.T) {
	t.Parallel()
	withFiken(t, 10*time.Millisecond, func(t *testing.T, s site) {
		// A bank account the company does not have: Fiken refuses the invoice.
		s.admin.Do("PUT", "/api/admin/billing/fiken", map[string]any{"token": token, "company": "kari-nordmann-film", "bankAccount": "1920:10009"}).WantStatus(t, http.StatusOK)
		id := s.draft(t, privateBuyer)
		s.admin.Do("POST", fmt.Sprintf("/api/admin/invoices/%d/fiken/issue", id), nil).WantStatus(t, http.StatusAccepted)
		st := s.until(t, id, "failed", settled)
		if d := st.Document; d.State != fiken.StateFailed || d.ErrorStatus != 400 || d.Error != `bankAccountCode "1920:10009" is not a bank account of the company` {
			t.Fatalf("validation: %+v", d)
		}
		if n := s.fake.Count("POST", "/companies/{companySlug}/invoices"); n != 0 || s.fake.InvoiceCount() != 0 {
			t.Fatalf("made after a refusal: %d", n)
		}
		// Billing's own checks come first: a draft that cannot be issued never reaches Fiken.
		bad := s.draft(t, map[string]any{"name": ""})
		s.admin.Do("POST", fmt.Sprintf("/api/admin/invoices/%d/fiken/issue", bad), nil).WantStatus(t, http.StatusBadRequest)
	})
}

// A try whose answer is lost (Fiken did the work, the answer timed out)
// is followed by one that finds the work instead of doing it again.
func TestNothingIsMadeTwice(t *testing.T) {
	t.Parallel()
	withFiken(t, 10*time.Millisecond, func(t *testing.T, s site) {
		s.connect(t)
		s.fake.ReceivesEHF("123456785")
		s.fake.LoseAnswer("POST", "/companies/{companySlug}/invoices")
		s.fake.LoseAnswer("POST", "/companies/{companySlug}/invoices/send")
		id := s.draft(t, norwegianBuyer)
		s.admin.Do("POST", fmt.Sprintf("/api/admin/invoices/%d/fiken/issue", id), nil).WantStatus(t, http.StatusAccepted)
		st := s.until(t, id, "sent", func(st status) bool { return st.Document.State == fiken.StateSent })
		number := *st.Document.FikenNumber
		if s.fake.InvoiceCount() != 1 || len(s.fake.Dispatches(number)) != 1 || st.Document.SentVia != "ehf" {
			t.Fatalf("after lost answers: %d invoices, dispatches %v", s.fake.InvoiceCount(), s.fake.Dispatches(number))
		}
		if inv := s.invoice(t, id); *inv.Number != number {
			t.Fatalf("the number here: %+v", inv)
		}

		s.fake.LoseAnswer("POST", "/companies/{companySlug}/creditNotes/full")
		s.admin.Do("POST", fmt.Sprintf("/api/admin/invoices/%d/fiken/credit-note", id), map[string]any{"reason": "Cancelled"}).WantStatus(t, http.StatusAccepted)
		st = s.until(t, id, "credited", func(st status) bool { return len(st.CreditNotes) == 1 && st.CreditNotes[0].State == fiken.StateSent })
		if s.fake.CreditNoteCount() != 1 {
			t.Fatalf("credit note after a lost answer: %+v, %d made", st.CreditNotes[0], s.fake.CreditNoteCount())
		}

		other, otherNumber := s.issued(t, privateBuyer)
		s.fake.LoseAnswer("POST", "/companies/{companySlug}/sales/{saleId}/payments")
		s.admin.Do("POST", fmt.Sprintf("/api/admin/invoices/%d/payments", other), map[string]any{"amount": 5000, "paidOn": s.Server.Billing().Today()}).WantStatus(t, http.StatusCreated)
		s.until(t, other, "paid in Fiken", func(st status) bool { return len(st.Payments) == 1 && st.Payments[0].State == "done" })
		if got := s.fake.Payments(otherNumber); len(got) != 1 {
			t.Fatalf("payments after a lost answer: %v", got)
		}
	})
}
