// Fiken's API for credit notes: whole or of some lines, read, sent.

package fiken

import (
	"context"
	"net/http"
)

// FullCreditNoteRequest is POST /creditNotes/full.
type FullCreditNoteRequest struct {
	IssueDate      string `json:"issueDate"`
	InvoiceID      int64  `json:"invoiceId"`
	CreditNoteText string `json:"creditNoteText,omitempty"`
}

// CreditNoteLine is a line of a partial credit note: the fields of an
// invoice's line.
type CreditNoteLine = InvoiceLine

// PartialCreditNoteRequest is POST /creditNotes/partial.
type PartialCreditNoteRequest struct {
	IssueDate      string           `json:"issueDate"`
	InvoiceID      int64            `json:"invoiceId,omitempty"`
	OrderReference string           `json:"orderReference,omitempty"`
	Currency       string           `json:"currency,omitempty"`
	CreditNoteText string           `json:"creditNoteText,omitempty"`
	Lines          []CreditNoteLine `json:"lines"`
}

// CreditNote is a credit note as Fiken answers it.
type CreditNote struct {
	CreditNoteID        int64  `json:"creditNoteId"`
	CreditNoteNumber    int64  `json:"creditNoteNumber"`
	KID                 string `json:"kid"`
	Gross               int64  `json:"gross"`
	AssociatedInvoiceID int64  `json:"associatedInvoiceId"`
	OrderReference      string `json:"orderReference"`
}

// CreateFullCreditNote credits a whole invoice and answers the note's id.
func (c *Client) CreateFullCreditNote(ctx context.Context, r FullCreditNoteRequest) (int64, error) {
	return c.create(ctx, c.company()+"/creditNotes/full", r)
}

// CreatePartialCreditNote credits lines of an invoice and answers the note's id.
func (c *Client) CreatePartialCreditNote(ctx context.Context, r PartialCreditNoteRequest) (int64, error) {
	return c.create(ctx, c.company()+"/creditNotes/partial", r)
}

// GetCreditNote answers a credit note by its id.
func (c *Client) GetCreditNote(ctx context.Context, id int64) (CreditNote, error) {
	var cn CreditNote
	_, err := c.do(ctx, http.MethodGet, c.company()+"/creditNotes/"+itoa(id), nil, nil, &cn)
	return cn, err
}

// SendCreditNote sends a credit note (r.CreditNoteID).
func (c *Client) SendCreditNote(ctx context.Context, r SendRequest) error {
	_, err := c.do(ctx, http.MethodPost, c.company()+"/creditNotes/send", nil, r, nil)
	return err
}
