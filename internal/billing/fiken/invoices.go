// An invoice made in Fiken: IssueInvoice records and queues it; workInvoice is
// its job's steps (made, numbered by Fiken, issued here, sent).

package fiken

import (
	"context"
	"database/sql"
	"errors"

	"github.com/ugcfolio/ugcfolio/internal/apperr"
	"github.com/ugcfolio/ugcfolio/internal/billing"
	"github.com/ugcfolio/ugcfolio/internal/billing/document"
)

// IssueInvoice makes draft id's invoice in Fiken: checked as an issue is,
// recorded, and queued (the job makes it, lets Fiken number it, issues it
// here under that number and sends it). A draft whose last try failed is
// tried again; one made already is a 409.
func (s *Service) IssueInvoice(ctx context.Context, id int64, o billing.IssueOptions) (Document, error) {
	if err := s.connected(ctx); err != nil {
		return Document{}, err
	}
	doc, err := s.billing.Prepare(ctx, id, o)
	if err != nil {
		return Document{}, err
	}
	if doc.Prepaid > 0 {
		return Document{}, apperr.New(apperr.CodeConflict, "This invoice deducts paid deposits, which is not sent to Fiken: make the final invoice in Fiken by hand, or credit the deposit requests")
	}
	req := marshal(request{ExchangeRate: o.ExchangeRate})
	var docID int64
	err = s.st.InTx(ctx, func(tx *sql.Tx) error {
		var state string
		err := tx.QueryRowContext(ctx, s.q(`SELECT id, state FROM fiken_documents WHERE kind = 'invoice' AND source_id = ?`), id).Scan(&docID, &state)
		switch {
		case errors.Is(err, sql.ErrNoRows):
			if docID, err = s.insertDoc(ctx, tx, "invoice", id, newRef("UGC", id), req); err != nil {
				return err
			}
		case err != nil:
			return err
		case state == StateFailed:
			if _, err := tx.ExecContext(ctx, s.q(`UPDATE fiken_documents SET state = 'pending', request = ?, error = '', error_status = 0, updated_at = ? WHERE id = ?`),
				req, s.billing.Now(), docID); err != nil {
				return err
			}
		default:
			return apperr.New(apperr.CodeConflict, "The invoice is being made in Fiken or made already")
		}
		return s.enqueue(ctx, tx, docID)
	})
	if err != nil {
		return Document{}, err
	}
	return s.queued(ctx, docID)
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

func fikenLines(doc document.Document) []InvoiceLine {
	out := make([]InvoiceLine, len(doc.Lines))
	for i, l := range doc.Lines {
		out[i] = fikenLine(doc.VATMode, l.Description, l.Quantity, l.UnitPrice, l.VATRate)
	}
	return out
}
