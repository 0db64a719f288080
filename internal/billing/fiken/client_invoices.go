// Fiken's API for invoices: made, read, found by reference, sent, and the
// payments of the sale an invoice makes.

package fiken

import (
	"context"
	"net/http"
	"net/url"
)

// InvoiceLine is a line of an invoice request (a free-text line).
type InvoiceLine struct {
	Description   string  `json:"description,omitempty"`
	Quantity      float64 `json:"quantity"`
	UnitPrice     int64   `json:"unitPrice"`
	VATType       string  `json:"vatType,omitempty"`
	IncomeAccount string  `json:"incomeAccount,omitempty"`
}

// InvoiceRequest is POST /invoices.
type InvoiceRequest struct {
	UUID            string        `json:"uuid,omitempty"`
	IssueDate       string        `json:"issueDate"`
	DueDate         string        `json:"dueDate"`
	Lines           []InvoiceLine `json:"lines"`
	YourReference   string        `json:"yourReference,omitempty"`
	OrderReference  string        `json:"orderReference,omitempty"`
	CustomerID      int64         `json:"customerId"`
	BankAccountCode string        `json:"bankAccountCode"`
	Currency        string        `json:"currency,omitempty"`
	InvoiceText     string        `json:"invoiceText,omitempty"`
	Cash            bool          `json:"cash"`
}

// Sale is the sale an invoice made (its payments).
type Sale struct {
	SaleID       int64     `json:"saleId"`
	SalePayments []Payment `json:"salePayments"`
}

// Dispatch is one sending of an invoice.
type Dispatch struct {
	Date         string `json:"date"`
	DispatchType string `json:"dispatchType"` // email, sms, ehf, letter, vipps, efaktura, unknown
}

// Invoice is an invoice as Fiken answers it.
type Invoice struct {
	InvoiceID             int64      `json:"invoiceId"`
	InvoiceNumber         int64      `json:"invoiceNumber"`
	KID                   string     `json:"kid"`
	IssueDate             string     `json:"issueDate"`
	DueDate               string     `json:"dueDate"`
	Net                   int64      `json:"net"`
	VAT                   int64      `json:"vat"`
	Gross                 int64      `json:"gross"`
	Currency              string     `json:"currency"`
	OrderReference        string     `json:"orderReference"`
	AssociatedCreditNotes []int64    `json:"associatedCreditNotes"`
	Customer              *Contact   `json:"customer"`
	Sale                  *Sale      `json:"sale"`
	Dispatches            []Dispatch `json:"dispatches"`
}

// CreateInvoice makes an invoice, which Fiken numbers, and answers its id.
func (c *Client) CreateInvoice(ctx context.Context, r InvoiceRequest) (int64, error) {
	return c.create(ctx, c.company()+"/invoices", r)
}

// GetInvoice answers an invoice by its id.
func (c *Client) GetInvoice(ctx context.Context, id int64) (Invoice, error) {
	var inv Invoice
	_, err := c.do(ctx, http.MethodGet, c.company()+"/invoices/"+itoa(id), nil, nil, &inv)
	return inv, err
}

// FindInvoices answers the invoices with an order reference.
func (c *Client) FindInvoices(ctx context.Context, orderReference string) ([]Invoice, error) {
	var out []Invoice
	_, err := c.do(ctx, http.MethodGet, c.company()+"/invoices", url.Values{"orderReference": {orderReference}}, nil, &out)
	return out, err
}

// SendRequest is POST /invoices/send and /creditNotes/send: the methods in
// the order Fiken tries them.
type SendRequest struct {
	Method                     []string `json:"method"`
	IncludeDocumentAttachments bool     `json:"includeDocumentAttachments"`
	RecipientEmail             string   `json:"recipientEmail,omitempty"`
	RecipientName              string   `json:"recipientName,omitempty"`
	InvoiceID                  int64    `json:"invoiceId,omitempty"`
	CreditNoteID               int64    `json:"creditNoteId,omitempty"`
}

// SendInvoice sends an invoice (r.InvoiceID).
func (c *Client) SendInvoice(ctx context.Context, r SendRequest) error {
	_, err := c.do(ctx, http.MethodPost, c.company()+"/invoices/send", nil, r, nil)
	return err
}

// Payment is a payment of a sale (an invoice's).
type Payment struct {
	PaymentID int64  `json:"paymentId,omitempty"` // read only
	Date      string `json:"date"`
	Account   string `json:"account"`
	Amount    int64  `json:"amount"`
	Currency  string `json:"currency,omitempty"`
}

// Payments answers the payments of a sale.
func (c *Client) Payments(ctx context.Context, saleID int64) ([]Payment, error) {
	var out []Payment
	_, err := c.do(ctx, http.MethodGet, c.company()+"/sales/"+itoa(saleID)+"/payments", nil, nil, &out)
	return out, err
}

// AddPayment registers a payment of a sale and answers its id.
func (c *Client) AddPayment(ctx context.Context, saleID int64, p Payment) (int64, error) {
	p.PaymentID = 0
	return c.create(ctx, c.company()+"/sales/"+itoa(saleID)+"/payments", p)
}
