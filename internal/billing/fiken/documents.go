package fiken

import (
	"context"
	"database/sql"
	"encoding/json"
	"net/http"
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

// connected answers errNotConnected when Fiken is not connected.
func (s *Service) connected(ctx context.Context) error {
	_, ok, err := s.connection(ctx)
	if err == nil && !ok {
		err = errNotConnected
	}
	return err
}

// marshal is a document's request as stored.
func marshal(r request) string {
	b, _ := json.Marshal(r)
	return string(b)
}

// insertDoc records a pending document of kind made of source.
func (s *Service) insertDoc(ctx context.Context, tx *sql.Tx, kind string, source int64, ref, req string) (int64, error) {
	now := s.billing.Now()
	var id int64
	err := tx.QueryRowContext(ctx, s.q(`INSERT INTO fiken_documents (kind, source_id, ref, request, state, created_at, updated_at)
		VALUES (?, ?, ?, ?, 'pending', ?, ?) RETURNING id`), kind, source, ref, req, now, now).Scan(&id)
	return id, err
}

// enqueue queues a try of document id with the transaction that records it.
func (s *Service) enqueue(ctx context.Context, tx *sql.Tx, id int64) error {
	_, err := s.calls.Enqueue(ctx, tx, docSubject(id), call{Doc: id})
	return err
}

// queued wakes the job queue for a document just queued and answers it.
func (s *Service) queued(ctx context.Context, id int64) (Document, error) {
	s.calls.Wake()
	return s.status(ctx, id)
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

func isUnique(err error) bool {
	m := strings.ToLower(err.Error())
	return strings.Contains(m, "unique") || strings.Contains(m, "duplicate key")
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

// fikenLine is a line as Fiken takes it, on an invoice or a credit note.
func fikenLine(mode document.VATMode, description string, quantity, unitPrice int64, rate int) InvoiceLine {
	vt, acc := vatType(mode, rate)
	return InvoiceLine{Description: capRunes(description, 200), Quantity: float64(quantity), UnitPrice: unitPrice, VATType: vt, IncomeAccount: acc}
}

// capRunes cuts s to n characters, the last an ellipsis, where Fiken
// limits a field.
func capRunes(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}
