// A credit note made in Fiken: CreditNote records and queues it; workCredit
// is its job's steps (made, issued here under Fiken's number, sent).

package fiken

import (
	"context"
	"database/sql"
	"fmt"
	"net/http"
	"slices"

	"github.com/ugcfolio/ugcfolio/internal/apperr"
	"github.com/ugcfolio/ugcfolio/internal/billing"
	"github.com/ugcfolio/ugcfolio/internal/billing/document"
	"github.com/ugcfolio/ugcfolio/internal/jobs"
)

// CreditNote makes a credit note of invoice id (made in Fiken) in Fiken:
// checked as billing checks one, recorded, queued; one at a time.
func (s *Service) CreditNote(ctx context.Context, id int64, in billing.CreditInput) (Document, error) {
	if err := s.connected(ctx); err != nil {
		return Document{}, err
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
	req := marshal(request{Credit: &in})
	var docID int64
	err = s.st.InTx(ctx, func(tx *sql.Tx) error {
		var n int
		if err := tx.QueryRowContext(ctx, s.q(`SELECT COUNT(*) FROM fiken_documents WHERE kind = 'credit-note' AND source_id = ? AND state = 'pending'`), id).Scan(&n); err != nil {
			return err
		}
		if n > 0 {
			return apperr.New(apperr.CodeConflict, "A credit note of this invoice is being made in Fiken: wait for it")
		}
		var err error
		if docID, err = s.insertDoc(ctx, tx, "credit-note", id, newRef("UGC-CN", id), req); err != nil {
			return err
		}
		return s.enqueue(ctx, tx, docID)
	})
	if err != nil {
		return Document{}, err
	}
	return s.queued(ctx, docID)
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
					r.Lines = append(r.Lines, fikenLine(document.VATMode(inv.VATMode), l.Description, l.Quantity, l.UnitPrice, l.VATRate))
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
