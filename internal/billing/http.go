package billing

import (
	"bytes"
	"net/http"
	"strconv"

	"github.com/ugcfolio/ugcfolio/internal/deals"
	"github.com/ugcfolio/ugcfolio/internal/httpx"
)

// The JSON API of billing under /api/admin/ (README.md "Billing API").
// internal/httpapi mounts Routes behind its admin guard and answers every
// error a handler returns; a handler decodes, calls and writes.

// Routes answers every route of billing's API: all of it the admin's.
func (s *Service) Routes() []httpx.Route {
	return []httpx.Route{
		{Pattern: "GET /api/admin/billing", Admin: s.getProfile},
		{Pattern: "PUT /api/admin/billing", Admin: s.putProfile},
		{Pattern: "POST /api/admin/deals/{id}/invoices", Admin: s.createInvoice},
		{Pattern: "GET /api/admin/invoices", Admin: s.listInvoices},
		{Pattern: "GET /api/admin/invoices/{id}", Admin: s.getInvoice},
		{Pattern: "PATCH /api/admin/invoices/{id}", Admin: s.patchInvoice},
		{Pattern: "DELETE /api/admin/invoices/{id}", Admin: s.deleteInvoice},
		{Pattern: "POST /api/admin/invoices/{id}/issue", Admin: s.issueInvoice},
		{Pattern: "GET /api/admin/invoices/{id}/pdf", Admin: s.servePDF},
		{Pattern: "GET /api/admin/invoices/{id}/ehf", Admin: s.serveEHF},
		{Pattern: "POST /api/admin/invoices/{id}/credit-note", Admin: s.creditNote},
		{Pattern: "POST /api/admin/invoices/{id}/payments", Admin: s.addPayment},
		{Pattern: "POST /api/admin/invoices/{id}/send", Admin: s.sendInvoice},
		{Pattern: "GET /api/admin/billing/summary", Admin: s.getSummary},
		{Pattern: "GET /api/admin/billing/export.csv", Admin: s.exportCSV},
		{Pattern: "GET /api/admin/billing/archive.zip", Admin: s.exportZIP},
	}
}

func invoiceID(r *http.Request) (int64, error) { return httpx.PathID(r, "id", "invoice with id") }

// decodeOptional decodes a body that may be left out (no body: dst stays).
func decodeOptional(w http.ResponseWriter, r *http.Request, dst any) error {
	if r.ContentLength == 0 {
		return nil
	}
	return httpx.DecodeJSON(w, r, dst)
}

func (s *Service) getProfile(w http.ResponseWriter, r *http.Request, _ httpx.Admin) error {
	p, err := s.Profile(r.Context())
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, p)
}

// putProfile answers PUT /api/admin/billing: the body goes over the stored
// profile (what it leaves out stays; kidAgreement null is none), and the
// result is checked whole.
func (s *Service) putProfile(w http.ResponseWriter, r *http.Request, _ httpx.Admin) error {
	p, err := s.Profile(r.Context())
	if err != nil {
		return err
	}
	if err := httpx.DecodeJSON(w, r, &p); err != nil {
		return err
	}
	if p, err = s.SaveProfile(r.Context(), p); err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, p)
}

// createInvoice answers POST /api/admin/deals/{id}/invoices (body optional:
// {kind, share}) with 201 and the new draft.
func (s *Service) createInvoice(w http.ResponseWriter, r *http.Request, admin httpx.Admin) error {
	dealID, err := httpx.PathID(r, "id", "deal with id")
	if err != nil {
		return err
	}
	var o DraftOptions
	if err := decodeOptional(w, r, &o); err != nil {
		return err
	}
	inv, err := s.CreateDraft(r.Context(), deals.ActorOf(admin), dealID, o)
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusCreated, inv)
}

// listInvoices answers GET /api/admin/invoices[?state=S], newest first.
func (s *Service) listInvoices(w http.ResponseWriter, r *http.Request, _ httpx.Admin) error {
	list, err := s.List(r.Context(), r.URL.Query().Get("state"))
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, list)
}

func (s *Service) getInvoice(w http.ResponseWriter, r *http.Request, _ httpx.Admin) error {
	id, err := invoiceID(r)
	if err != nil {
		return err
	}
	inv, err := s.Get(r.Context(), id)
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, inv)
}

// patchInvoice answers PATCH /api/admin/invoices/{id}: the body goes over
// the draft (lines, when sent, replace its lines); an issued one is a 409.
func (s *Service) patchInvoice(w http.ResponseWriter, r *http.Request, _ httpx.Admin) error {
	id, err := invoiceID(r)
	if err != nil {
		return err
	}
	cur, err := s.Get(r.Context(), id)
	if err != nil {
		return err
	}
	if cur.Number != nil {
		return errIssued
	}
	next := draftOf(cur)
	next.Lines = nil // lines sent replace the draft's; decoding into a slice would merge
	if err := httpx.DecodeJSON(w, r, &next); err != nil {
		return err
	}
	if next.Lines == nil {
		next.Lines = cur.Lines
	}
	inv, err := s.UpdateDraft(r.Context(), cur, next)
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, inv)
}

func (s *Service) deleteInvoice(w http.ResponseWriter, r *http.Request, _ httpx.Admin) error {
	id, err := invoiceID(r)
	if err != nil {
		return err
	}
	if err := s.DeleteDraft(r.Context(), id); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// issueInvoice answers POST /api/admin/invoices/{id}/issue (body optional:
// {exchangeRate}) with 200 and the issued invoice.
func (s *Service) issueInvoice(w http.ResponseWriter, r *http.Request, admin httpx.Admin) error {
	id, err := invoiceID(r)
	if err != nil {
		return err
	}
	var o IssueOptions
	if err := decodeOptional(w, r, &o); err != nil {
		return err
	}
	inv, err := s.Issue(r.Context(), deals.ActorOf(admin), id, o)
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, inv)
}

func (s *Service) servePDF(w http.ResponseWriter, r *http.Request, _ httpx.Admin) error {
	return s.serveFile(w, r, "pdf", "application/pdf")
}

func (s *Service) serveEHF(w http.ResponseWriter, r *http.Request, _ httpx.Admin) error {
	return s.serveFile(w, r, "ehf", "application/xml")
}

// serveFile answers an issued invoice's stored PDF or EHF, byte for byte
// as made at issue; its ETag is the stored SHA-256.
func (s *Service) serveFile(w http.ResponseWriter, r *http.Request, which, contentType string) error {
	id, err := invoiceID(r)
	if err != nil {
		return err
	}
	f, err := s.file(r.Context(), id, which)
	if err != nil {
		return err
	}
	return writeFile(w, f, which, contentType)
}

// writeFile writes a stored PDF or EHF as a download, its ETag the stored
// SHA-256 (the admin's and the room's downloads alike).
func writeFile(w http.ResponseWriter, f File, which, contentType string) error {
	h := w.Header()
	h.Set("Content-Type", contentType)
	h.Set("Content-Disposition", `attachment; filename="`+fileName(f, which)+`"`)
	h.Set("Content-Length", strconv.Itoa(len(f.Bytes)))
	h.Set("ETag", `"`+f.SHA256+`"`)
	h.Set("Cache-Control", "private, no-store")
	w.WriteHeader(http.StatusOK)
	_, err := w.Write(f.Bytes)
	return err
}

// creditNote answers POST /api/admin/invoices/{id}/credit-note with 201
// and the issued credit note.
func (s *Service) creditNote(w http.ResponseWriter, r *http.Request, admin httpx.Admin) error {
	id, err := invoiceID(r)
	if err != nil {
		return err
	}
	var in CreditInput
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	note, err := s.CreditNote(r.Context(), deals.ActorOf(admin), id, in)
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusCreated, note)
}

// addPayment answers POST /api/admin/invoices/{id}/payments with 201 and
// the invoice as the payment leaves it.
func (s *Service) addPayment(w http.ResponseWriter, r *http.Request, admin httpx.Admin) error {
	id, err := invoiceID(r)
	if err != nil {
		return err
	}
	var in PaymentInput
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	inv, err := s.AddPayment(r.Context(), deals.ActorOf(admin), id, in)
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusCreated, inv)
}

// sendInvoice answers POST /api/admin/invoices/{id}/send (body optional:
// {to, confirmNoEHF}) with 202 and where the message goes: it is queued,
// and leaves with the mail queue's tries.
func (s *Service) sendInvoice(w http.ResponseWriter, r *http.Request, admin httpx.Admin) error {
	id, err := invoiceID(r)
	if err != nil {
		return err
	}
	var in SendInput
	if err := decodeOptional(w, r, &in); err != nil {
		return err
	}
	sent, err := s.Send(r.Context(), deals.ActorOf(admin), id, in)
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusAccepted, sent)
}

// getSummary answers GET /api/admin/billing/summary: the Overview's figures.
func (s *Service) getSummary(w http.ResponseWriter, r *http.Request, _ httpx.Admin) error {
	sum, err := s.Summary(r.Context())
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, sum)
}

// exportCSV answers GET /api/admin/billing/export.csv?from=&to=.
func (s *Service) exportCSV(w http.ResponseWriter, r *http.Request, _ httpx.Admin) error {
	p, err := ParsePeriod(r.URL.Query().Get("from"), r.URL.Query().Get("to"))
	if err != nil {
		return err
	}
	var b bytes.Buffer
	if err := s.WriteCSV(r.Context(), &b, p); err != nil {
		return err
	}
	return writeDownload(w, "text/csv; charset=utf-8", exportName("regnskap", p, "csv"), b.Bytes())
}

// exportZIP answers GET /api/admin/billing/archive.zip?year=.
func (s *Service) exportZIP(w http.ResponseWriter, r *http.Request, _ httpx.Admin) error {
	p, err := ParseYear(r.URL.Query().Get("year"))
	if err != nil {
		return err
	}
	var b bytes.Buffer
	if err := s.WriteArchive(r.Context(), &b, p); err != nil {
		return err
	}
	return writeDownload(w, "application/zip", "fakturaer-"+p.From[:4]+".zip", b.Bytes())
}

// writeDownload answers a file made whole before a byte is sent (so a
// failure is an error response, never half a file).
func writeDownload(w http.ResponseWriter, contentType, name string, body []byte) error {
	h := w.Header()
	h.Set("Content-Type", contentType)
	h.Set("Content-Disposition", `attachment; filename="`+name+`"`)
	h.Set("Content-Length", strconv.Itoa(len(body)))
	h.Set("Cache-Control", "private, no-store")
	w.WriteHeader(http.StatusOK)
	_, err := w.Write(body)
	return err
}
