package fiken

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"

	"github.com/ugcfolio/ugcfolio/internal/apperr"
	"github.com/ugcfolio/ugcfolio/internal/billing"
	"github.com/ugcfolio/ugcfolio/internal/billing/document"
	"github.com/ugcfolio/ugcfolio/internal/deals"
	"github.com/ugcfolio/ugcfolio/internal/jobs"
)

// A document made in Fiken, step by step, each step recorded before the
// next: found or created in Fiken (fiken_id), issued here under Fiken's
// number (invoice_id), sent (sent_via). A try picks up at the first step
// not recorded, so a retry never makes a second one.

// States of a document in Fiken.
const (
	StatePending = "pending" // queued, being tried, or waiting for the next try
	StateIssued  = "issued"  // numbered by Fiken, not sent yet
	StateSent    = "sent"
	StateFailed  = "failed" // Fiken refused: Error says why
)

// Document is an invoice's or credit note's life in Fiken, as the admin sees it.
type Document struct {
	ID          int64  `json:"id"`
	Kind        string `json:"kind"`      // "invoice" or "credit-note"
	SourceID    int64  `json:"sourceId"`  // the draft, or the invoice a credit note corrects
	InvoiceID   *int64 `json:"invoiceId"` // billing's issued row
	State       string `json:"state"`
	FikenID     *int64 `json:"fikenId"`
	FikenNumber *int64 `json:"fikenNumber"`
	SentVia     string `json:"sentVia"` // "ehf" or "email" once sent
	Error       string `json:"error"`   // Fiken's message of the last failed try
	ErrorStatus int    `json:"errorStatus"`
	// Retrying: the last try failed and the job queue tries again (Fiken busy or down).
	Retrying bool `json:"retrying"`

	ref     string
	request string
	saleID  sql.NullInt64
	contact sql.NullInt64
}

// request is what a document was asked with.
type request struct {
	ExchangeRate json.Number          `json:"exchangeRate,omitempty"`
	Credit       *billing.CreditInput `json:"credit,omitempty"`
}

const docColumns = `id, kind, source_id, invoice_id, state, fiken_id, fiken_number, sent_via, error, error_status, ref, request, sale_id, contact_id`

func scanDoc(row interface{ Scan(...any) error }) (Document, error) {
	var d Document
	var inv, fid, fnum sql.NullInt64
	if err := row.Scan(&d.ID, &d.Kind, &d.SourceID, &inv, &d.State, &fid, &fnum, &d.SentVia, &d.Error, &d.ErrorStatus,
		&d.ref, &d.request, &d.saleID, &d.contact); err != nil {
		return Document{}, err
	}
	if inv.Valid {
		d.InvoiceID = &inv.Int64
	}
	if fid.Valid {
		d.FikenID = &fid.Int64
	}
	if fnum.Valid {
		d.FikenNumber = &fnum.Int64
	}
	return d, nil
}

func (s *Service) q(query string) string { return s.st.Rebind(query) }

func (s *Service) doc(ctx context.Context, id int64) (Document, error) {
	return scanDoc(s.st.DB.QueryRowContext(ctx, s.q(`SELECT `+docColumns+` FROM fiken_documents WHERE id = ?`), id))
}

func (s *Service) docs(ctx context.Context, where string, args ...any) ([]Document, error) {
	rows, err := s.st.DB.QueryContext(ctx, s.q(`SELECT `+docColumns+` FROM fiken_documents `+where), args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []Document{}
	for rows.Next() {
		d, err := scanDoc(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, d)
	}
	return out, rows.Err()
}

func (s *Service) set(ctx context.Context, id int64, assignments string, args ...any) error {
	_, err := s.st.DB.ExecContext(ctx, s.q(`UPDATE fiken_documents SET `+assignments+`, updated_at = ? WHERE id = ?`),
		append(args, s.billing.Now(), id)...)
	return err
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

// IssueInvoice makes draft id's invoice in Fiken: checked as an issue is,
// recorded, and queued (the job makes it, lets Fiken number it, issues it
// here under that number and sends it). A draft whose last try failed is
// tried again; one made already is a 409.
func (s *Service) IssueInvoice(ctx context.Context, id int64, o billing.IssueOptions) (Document, error) {
	if _, ok, err := s.connection(ctx); err != nil {
		return Document{}, err
	} else if !ok {
		return Document{}, errNotConnected
	}
	doc, err := s.billing.Prepare(ctx, id, o)
	if err != nil {
		return Document{}, err
	}
	if doc.Prepaid > 0 {
		return Document{}, apperr.New(apperr.CodeConflict, "This invoice deducts paid deposits, which is not sent to Fiken: make the final invoice in Fiken by hand, or credit the deposit requests")
	}
	req, _ := json.Marshal(request{ExchangeRate: o.ExchangeRate})
	var docID int64
	err = s.st.InTx(ctx, func(tx *sql.Tx) error {
		var state string
		err := tx.QueryRowContext(ctx, s.q(`SELECT id, state FROM fiken_documents WHERE kind = 'invoice' AND source_id = ?`), id).Scan(&docID, &state)
		switch {
		case errors.Is(err, sql.ErrNoRows):
			now := s.billing.Now()
			if err := tx.QueryRowContext(ctx, s.q(`INSERT INTO fiken_documents (kind, source_id, ref, request, state, created_at, updated_at)
				VALUES ('invoice', ?, ?, ?, 'pending', ?, ?) RETURNING id`), id, newRef("UGC", id), string(req), now, now).Scan(&docID); err != nil {
				return err
			}
		case err != nil:
			return err
		case state == StateFailed:
			if _, err := tx.ExecContext(ctx, s.q(`UPDATE fiken_documents SET state = 'pending', request = ?, error = '', error_status = 0, updated_at = ? WHERE id = ?`),
				string(req), s.billing.Now(), docID); err != nil {
				return err
			}
		default:
			return apperr.New(apperr.CodeConflict, "The invoice is being made in Fiken or made already")
		}
		_, err = s.calls.Enqueue(ctx, tx, docSubject(docID), call{Doc: docID})
		return err
	})
	if err != nil {
		return Document{}, err
	}
	s.calls.Wake()
	return s.status(ctx, docID)
}

// CreditNote makes a credit note of invoice id (made in Fiken) in Fiken:
// checked as billing checks one, recorded, queued; one at a time.
func (s *Service) CreditNote(ctx context.Context, id int64, in billing.CreditInput) (Document, error) {
	if _, ok, err := s.connection(ctx); err != nil {
		return Document{}, err
	} else if !ok {
		return Document{}, errNotConnected
	}
	orig, err := s.docs(ctx, `WHERE kind = 'invoice' AND invoice_id = ?`, id)
	if err != nil {
		return Document{}, err
	}
	if len(orig) == 0 {
		return Document{}, apperr.New(apperr.CodeConflict, "The invoice was not issued in Fiken: its credit note cannot be made there")
	}
	if err := s.billing.PrepareCredit(ctx, id, in); err != nil {
		return Document{}, err
	}
	req, _ := json.Marshal(request{Credit: &in})
	var docID int64
	err = s.st.InTx(ctx, func(tx *sql.Tx) error {
		var n int
		if err := tx.QueryRowContext(ctx, s.q(`SELECT COUNT(*) FROM fiken_documents WHERE kind = 'credit-note' AND source_id = ? AND state = 'pending'`), id).Scan(&n); err != nil {
			return err
		}
		if n > 0 {
			return apperr.New(apperr.CodeConflict, "A credit note of this invoice is being made in Fiken: wait for it")
		}
		now := s.billing.Now()
		if err := tx.QueryRowContext(ctx, s.q(`INSERT INTO fiken_documents (kind, source_id, ref, request, state, created_at, updated_at)
			VALUES ('credit-note', ?, ?, ?, 'pending', ?, ?) RETURNING id`), id, newRef("UGC-CN", id), string(req), now, now).Scan(&docID); err != nil {
			return err
		}
		_, err := s.calls.Enqueue(ctx, tx, docSubject(docID), call{Doc: docID})
		return err
	})
	if err != nil {
		return Document{}, err
	}
	s.calls.Wake()
	return s.status(ctx, docID)
}

func docSubject(id int64) string { return "fiken-doc:" + itoa(id) }

// status answers a document with whether the job queue tries it again.
func (s *Service) status(ctx context.Context, id int64) (Document, error) {
	d, err := s.doc(ctx, id)
	if err != nil {
		return Document{}, err
	}
	return s.withJob(ctx, d)
}

func (s *Service) withJob(ctx context.Context, d Document) (Document, error) {
	if (d.State == StatePending || d.State == StateIssued) && d.Error != "" {
		j, ok, err := s.jobs.Latest(ctx, callKind, docSubject(d.ID))
		if err != nil {
			return Document{}, err
		}
		d.Retrying = ok && (j.State == jobs.Queued || j.State == jobs.Running)
	}
	return d, nil
}

// actor is who the deal's history says did it.
var actor = deals.Actor{Name: "Fiken"}

// work is one try of a document: each step not done yet. Fiken busy or
// down is returned for the job queue to try again (the last try fails the
// document); a refusal fails the document with Fiken's message and ends
// the tries.
func (s *Service) work(ctx context.Context, docID int64, last bool) error {
	d, err := s.doc(ctx, docID)
	if err != nil {
		return jobs.Permanent(err)
	}
	if d.State == StateSent || d.State == StateFailed {
		return nil
	}
	c, ok, err := s.connection(ctx)
	if err == nil && !ok {
		err = errNotConnected
	}
	if err == nil {
		var req request
		json.Unmarshal([]byte(d.request), &req)
		if d.Kind == "invoice" {
			err = s.workInvoice(ctx, s.client(c), d, req)
		} else {
			err = s.workCredit(ctx, s.client(c), d, req)
		}
	}
	if err == nil {
		return nil
	}
	status, msg := 0, err.Error()
	if fe, ok := AsError(err); ok {
		status, msg = fe.Status, fe.Message
		if fe.Status == http.StatusUnauthorized {
			msg = "Fiken refused the API token (401): " + fe.Message + ". Connect Fiken again with a new token in Settings → Billing."
		}
		if fe.Retryable() && !last {
			if serr := s.set(ctx, docID, `error = ?, error_status = ?`, msg, status); serr != nil {
				return serr
			}
			return err
		}
	} else if !apperr.Is(err, apperr.CodeInvalid) && !apperr.Is(err, apperr.CodeConflict) && !apperr.Is(err, apperr.CodeNotFound) {
		// Our own database: try again.
		s.set(ctx, docID, `error = ?, error_status = 0`, msg)
		return err
	}
	if serr := s.set(ctx, docID, `state = 'failed', error = ?, error_status = ?`, msg, status); serr != nil {
		return serr
	}
	s.log.Warn("fiken: a document failed", "doc", docID, "status", status, "err", msg)
	return jobs.Permanent(err)
}

func (s *Service) workInvoice(ctx context.Context, c *Client, d Document, req request) error {
	o := billing.IssueOptions{ExchangeRate: req.ExchangeRate}
	if d.FikenID == nil {
		// A try whose answer was lost may have made it: look for it by its reference first.
		found, err := c.FindInvoices(ctx, d.ref)
		if err != nil {
			return err
		}
		var fid int64
		if len(found) > 0 {
			fid = found[0].InvoiceID
		} else {
			inv, err := s.billing.Get(ctx, d.SourceID)
			if err != nil {
				return err
			}
			doc, err := s.billing.Prepare(ctx, d.SourceID, o)
			if err != nil {
				return err
			}
			contactID, err := s.contact(ctx, c, d, inv)
			if err != nil {
				return err
			}
			conn, _, err := s.connection(ctx)
			if err != nil {
				return err
			}
			r := InvoiceRequest{IssueDate: doc.IssueDate, DueDate: doc.DueDate, Lines: fikenLines(doc), YourReference: doc.BuyerReference,
				OrderReference: d.ref, CustomerID: contactID, BankAccountCode: conn.bankAccount, InvoiceText: capRunes(doc.Note, 500)}
			if doc.Currency != "NOK" {
				r.Currency = doc.Currency
			}
			if fid, err = c.CreateInvoice(ctx, r); err != nil {
				return err
			}
		}
		if err := s.set(ctx, d.ID, `fiken_id = ?`, fid); err != nil {
			return err
		}
		d.FikenID = &fid
	}
	fi, err := c.GetInvoice(ctx, *d.FikenID)
	if err != nil {
		return err
	}
	if d.InvoiceID == nil {
		if _, err := s.billing.IssueExternal(ctx, actor, d.SourceID, o, billing.External{Number: fi.InvoiceNumber, KID: fi.KID}); err != nil {
			// A try that issued it and stopped before recording so: it bears Fiken's number.
			inv, gerr := s.billing.Get(ctx, d.SourceID)
			if gerr != nil || inv.Number == nil || *inv.Number != fi.InvoiceNumber {
				if apperr.Is(err, apperr.CodeConflict) || isUnique(err) {
					return apperr.New(apperr.CodeConflict, "Fiken numbered the invoice %d, a number ugcfolio's own series used already: set Fiken's invoice counter past ugcfolio's numbers (Fiken: Innstillinger → Faktura), then credit invoice %d in Fiken", fi.InvoiceNumber, fi.InvoiceNumber)
				}
				return err
			}
		}
		var sale any
		if fi.Sale != nil && fi.Sale.SaleID > 0 {
			sale = fi.Sale.SaleID
		}
		if err := s.set(ctx, d.ID, `invoice_id = ?, fiken_number = ?, sale_id = ?, state = 'issued', error = '', error_status = 0`,
			d.SourceID, fi.InvoiceNumber, sale); err != nil {
			return err
		}
	}
	// Sent already (a try whose answer was lost): record how.
	if len(fi.Dispatches) == 0 {
		inv, err := s.billing.Get(ctx, d.SourceID)
		if err != nil {
			return err
		}
		if err := c.SendInvoice(ctx, SendRequest{Method: methods(inv.Buyer), IncludeDocumentAttachments: true,
			RecipientEmail: inv.Buyer.Email, InvoiceID: *d.FikenID}); err != nil {
			return err
		}
		if fi, err = c.GetInvoice(ctx, *d.FikenID); err != nil {
			return err
		}
	}
	via := "unknown"
	if n := len(fi.Dispatches); n > 0 {
		via = fi.Dispatches[n-1].DispatchType
	}
	return s.set(ctx, d.ID, `state = 'sent', sent_via = ?, error = '', error_status = 0`, via)
}

// methods are how to send to a buyer: EHF first when it has a Norwegian
// organisation number (Fiken tries the next when the buyer cannot receive EHF).
func methods(b billing.Buyer) []string {
	if b.OrgNumber != "" {
		return []string{"ehf", "email"}
	}
	return []string{"email"}
}

func isUnique(err error) bool {
	m := strings.ToLower(err.Error())
	return strings.Contains(m, "unique") || strings.Contains(m, "duplicate key")
}

// contact finds the buyer among Fiken's contacts (by organisation number,
// else e-mail, else name) or makes it, and records it.
func (s *Service) contact(ctx context.Context, c *Client, d Document, inv billing.Invoice) (int64, error) {
	if d.contact.Valid {
		return d.contact.Int64, nil
	}
	b := inv.Buyer
	var filter map[string][]string
	switch {
	case b.OrgNumber != "":
		filter = map[string][]string{"organizationNumber": {b.OrgNumber}}
	case b.Email != "":
		filter = map[string][]string{"email": {b.Email}}
	default:
		filter = map[string][]string{"name": {b.Name}}
	}
	found, err := c.FindContacts(ctx, filter)
	if err != nil {
		return 0, err
	}
	var id int64
	if i := slices.IndexFunc(found, func(ct Contact) bool { return ct.Customer && ct.Name != "" }); i >= 0 {
		id = found[i].ContactID
	} else {
		ct := Contact{Name: b.Name, Email: b.Email, OrganizationNumber: b.OrgNumber, Customer: true}
		if inv.Language == "en" {
			ct.Language = "ENGLISH"
		}
		if b.Address.Country != "" {
			ct.Address = &Address{StreetAddress: b.Address.Street, PostCode: b.Address.PostalCode, City: b.Address.City, Country: b.Address.Country}
		}
		if id, err = c.CreateContact(ctx, ct); err != nil {
			return 0, err
		}
	}
	return id, s.set(ctx, d.ID, `contact_id = ?`, id)
}

// vatType is Fiken's VAT type and income account of a line under a VAT mode.
func vatType(mode document.VATMode, rate int) (string, string) {
	switch {
	case mode == document.VATDomestic && rate == 25:
		return "HIGH", "3000"
	case mode == document.VATExport:
		return "OUTSIDE", "3100" // services sold abroad: outside the VAT area
	case mode == document.VATDomestic:
		return "EXEMPT", "3100"
	}
	return "NONE", "3000" // not VAT-registered
}

func fikenLines(doc document.Document) []InvoiceLine {
	out := make([]InvoiceLine, len(doc.Lines))
	for i, l := range doc.Lines {
		vt, acc := vatType(doc.VATMode, l.VATRate)
		out[i] = InvoiceLine{Description: capRunes(l.Description, 200), Quantity: float64(l.Quantity), UnitPrice: l.UnitPrice, VATType: vt, IncomeAccount: acc}
	}
	return out
}

func capRunes(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}

func (s *Service) workCredit(ctx context.Context, c *Client, d Document, req request) error {
	if req.Credit == nil {
		return jobs.Permanent(fmt.Errorf("fiken: credit note %d has no request", d.ID))
	}
	origs, err := s.docs(ctx, `WHERE kind = 'invoice' AND invoice_id = ?`, d.SourceID)
	if err != nil || len(origs) == 0 || origs[0].FikenID == nil {
		return fmt.Errorf("fiken: the invoice of credit note %d is not in Fiken (%v)", d.ID, err)
	}
	orig := origs[0]
	if d.FikenID == nil {
		fi, err := c.GetInvoice(ctx, *orig.FikenID)
		if err != nil {
			return err
		}
		// A credit note of the invoice that no document here has is the
		// one a try whose answer was lost made (one is made at a time).
		var known []int64
		others, err := s.docs(ctx, `WHERE kind = 'credit-note' AND source_id = ? AND fiken_id IS NOT NULL`, d.SourceID)
		if err != nil {
			return err
		}
		for _, o := range others {
			known = append(known, *o.FikenID)
		}
		var fid int64
		for _, cn := range fi.AssociatedCreditNotes {
			if !slices.Contains(known, cn) {
				fid = cn
			}
		}
		if fid == 0 {
			inv, err := s.billing.Get(ctx, d.SourceID)
			if err != nil {
				return err
			}
			today := s.billing.Today()
			if len(req.Credit.Lines) == 0 {
				fid, err = c.CreateFullCreditNote(ctx, FullCreditNoteRequest{IssueDate: today, InvoiceID: *orig.FikenID, CreditNoteText: capRunes(req.Credit.Reason, 500)})
			} else {
				r := PartialCreditNoteRequest{IssueDate: today, InvoiceID: *orig.FikenID, OrderReference: d.ref, CreditNoteText: capRunes(req.Credit.Reason, 500)}
				if inv.Currency != "NOK" {
					r.Currency = inv.Currency
				}
				for _, l := range req.Credit.Lines {
					vt, acc := vatType(document.VATMode(inv.VATMode), l.VATRate)
					r.Lines = append(r.Lines, CreditNoteLine{Description: capRunes(l.Description, 200), Quantity: float64(l.Quantity), UnitPrice: l.UnitPrice, VATType: vt, IncomeAccount: acc})
				}
				fid, err = c.CreatePartialCreditNote(ctx, r)
			}
			if err != nil {
				return err
			}
		}
		if err := s.set(ctx, d.ID, `fiken_id = ?`, fid); err != nil {
			return err
		}
		d.FikenID = &fid
	}
	if d.InvoiceID == nil {
		cn, err := c.GetCreditNote(ctx, *d.FikenID)
		if err != nil {
			return err
		}
		note, err := s.billing.CreditNoteExternal(ctx, actor, d.SourceID, *req.Credit, billing.External{Number: cn.CreditNoteNumber, KID: cn.KID})
		if err != nil {
			if isUnique(err) {
				return apperr.New(apperr.CodeConflict, "Fiken numbered the credit note %d, a number ugcfolio's own series used already: set Fiken's counter past ugcfolio's numbers", cn.CreditNoteNumber)
			}
			return err
		}
		if err := s.set(ctx, d.ID, `invoice_id = ?, fiken_number = ?, state = 'issued', error = '', error_status = 0`, note.ID, cn.CreditNoteNumber); err != nil {
			return err
		}
		d.InvoiceID = &note.ID
	}
	inv, err := s.billing.Get(ctx, d.SourceID)
	if err != nil {
		return err
	}
	// Credit notes carry no dispatches in Fiken's answer: each method is
	// tried on its own, so that the one that went is known.
	var last error
	for _, m := range methods(inv.Buyer) {
		err := c.SendCreditNote(ctx, SendRequest{Method: []string{m}, IncludeDocumentAttachments: true, RecipientEmail: inv.Buyer.Email, CreditNoteID: *d.FikenID})
		if err == nil {
			return s.set(ctx, d.ID, `state = 'sent', sent_via = ?, error = '', error_status = 0`, m)
		}
		if fe, ok := AsError(err); !ok || fe.Status != http.StatusBadRequest {
			return err
		}
		last = err
	}
	return last
}
