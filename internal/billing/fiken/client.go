package fiken

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"
)

// The client of Fiken's API v2: the few calls billing makes, their paths
// and fields as Fiken's published description has them
// (third_party/fiken/fiken-openapi.yaml). Plain net/http and
// encoding/json; the personal API token goes as a bearer token.

// DefaultBaseURL is Fiken's API.
const DefaultBaseURL = "https://api.fiken.no/api/v2"

// Client calls Fiken's API for one company.
type Client struct {
	BaseURL string // DefaultBaseURL when empty
	Token   string // the personal API token
	Company string // the company's slug
	HTTP    *http.Client
}

// Error is an answer of Fiken that is not a success, or no answer at all
// (Status 0: the network, a timeout).
type Error struct {
	Status  int
	Message string // Fiken's message, as it says it
}

func (e *Error) Error() string {
	if e.Status == 0 {
		return "Fiken did not answer: " + e.Message
	}
	return fmt.Sprintf("Fiken answered %d: %s", e.Status, e.Message)
}

// Retryable reports whether another try may succeed: Fiken busy (429),
// down (5xx) or not answering. A wrong token (401), a refusal (403) or a
// validation error (400) come back the same however often they are tried.
func (e *Error) Retryable() bool {
	return e.Status == 0 || e.Status == http.StatusTooManyRequests || e.Status >= 500
}

// AsError answers err's *Error, if it is one.
func AsError(err error) (*Error, bool) {
	var fe *Error
	ok := errors.As(err, &fe)
	return fe, ok
}

// errorBody is how Fiken words an error: {error, error_description}, as
// its description shows; some answers carry a message or a list of them.
type errorBody struct {
	Error            string `json:"error"`
	ErrorDescription string `json:"error_description"`
	Message          string `json:"message"`
}

func readError(status int, body []byte) *Error {
	msg := ""
	var eb errorBody
	if json.Unmarshal(body, &eb) == nil {
		switch {
		case eb.ErrorDescription != "":
			msg = eb.ErrorDescription
		case eb.Message != "":
			msg = eb.Message
		default:
			msg = eb.Error
		}
	}
	if msg == "" {
		msg = strings.TrimSpace(string(body))
		if len(msg) > 300 {
			msg = msg[:300] + "…"
		}
	}
	if msg == "" {
		msg = http.StatusText(status)
	}
	return &Error{Status: status, Message: msg}
}

// do sends one request: body (nil: none) as JSON, out (nil: ignored)
// read from a 2xx answer. It answers the Location header (a created
// thing's address).
func (c *Client) do(ctx context.Context, method, path string, query url.Values, body, out any) (string, error) {
	base := c.BaseURL
	if base == "" {
		base = DefaultBaseURL
	}
	u := strings.TrimRight(base, "/") + path
	if len(query) > 0 {
		u += "?" + query.Encode()
	}
	var rd io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			return "", err
		}
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequestWithContext(ctx, method, u, rd)
	if err != nil {
		return "", err
	}
	req.Header.Set("Authorization", "Bearer "+c.Token)
	req.Header.Set("Accept", "application/json")
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	hc := c.HTTP
	if hc == nil {
		hc = &http.Client{Timeout: 30 * time.Second}
	}
	res, err := hc.Do(req)
	if err != nil {
		// Never the request itself in the message: no token in a log.
		return "", &Error{Message: fmt.Sprintf("%s %s: %v", method, path, errors.Unwrap(err))}
	}
	defer res.Body.Close()
	b, err := io.ReadAll(io.LimitReader(res.Body, 4<<20))
	if err != nil {
		return "", &Error{Message: fmt.Sprintf("%s %s: reading the answer: %v", method, path, err)}
	}
	if res.StatusCode < 200 || res.StatusCode > 299 {
		return "", readError(res.StatusCode, b)
	}
	if out != nil && len(bytes.TrimSpace(b)) > 0 {
		if err := json.Unmarshal(b, out); err != nil {
			return "", &Error{Status: res.StatusCode, Message: "an answer that is not the JSON described: " + err.Error()}
		}
	}
	return res.Header.Get("Location"), nil
}

func (c *Client) company() string { return "/companies/" + url.PathEscape(c.Company) }

// idFrom reads the id at the end of a Location address.
func idFrom(location string) (int64, error) {
	i := strings.LastIndexByte(location, '/')
	id, err := strconv.ParseInt(location[i+1:], 10, 64)
	if err != nil || id <= 0 {
		return 0, &Error{Status: 201, Message: fmt.Sprintf("a Location without an id: %q", location)}
	}
	return id, nil
}

// Address is Fiken's address.
type Address struct {
	StreetAddress string `json:"streetAddress,omitempty"`
	City          string `json:"city,omitempty"`
	PostCode      string `json:"postCode,omitempty"`
	Country       string `json:"country"`
}

// Contact is a customer (or supplier) in Fiken.
type Contact struct {
	ContactID          int64    `json:"contactId,omitempty"` // read only
	Name               string   `json:"name"`
	Email              string   `json:"email,omitempty"`
	OrganizationNumber string   `json:"organizationNumber,omitempty"`
	Customer           bool     `json:"customer,omitempty"`
	Language           string   `json:"language,omitempty"`
	Address            *Address `json:"address,omitempty"`
	MemberNumberString string   `json:"memberNumberString,omitempty"` // write only
}

// Company is GET /companies/{slug}.
type Company struct {
	Name               string `json:"name"`
	Slug               string `json:"slug"`
	OrganizationNumber string `json:"organizationNumber"`
	HasAPIAccess       bool   `json:"hasApiAccess"`
	TestCompany        bool   `json:"testCompany"`
}

// GetCompany answers the company: a test of the token and the slug.
func (c *Client) GetCompany(ctx context.Context) (Company, error) {
	var co Company
	_, err := c.do(ctx, http.MethodGet, c.company(), nil, nil, &co)
	return co, err
}

// FindContacts answers the contacts a filter finds (organizationNumber,
// email, name: equal to).
func (c *Client) FindContacts(ctx context.Context, filter url.Values) ([]Contact, error) {
	var out []Contact
	_, err := c.do(ctx, http.MethodGet, c.company()+"/contacts", filter, nil, &out)
	return out, err
}

// CreateContact makes a contact and answers its id.
func (c *Client) CreateContact(ctx context.Context, ct Contact) (int64, error) {
	ct.ContactID = 0
	loc, err := c.do(ctx, http.MethodPost, c.company()+"/contacts", nil, ct, nil)
	if err != nil {
		return 0, err
	}
	return idFrom(loc)
}

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
	loc, err := c.do(ctx, http.MethodPost, c.company()+"/invoices", nil, r, nil)
	if err != nil {
		return 0, err
	}
	return idFrom(loc)
}

// GetInvoice answers an invoice by its id.
func (c *Client) GetInvoice(ctx context.Context, id int64) (Invoice, error) {
	var inv Invoice
	_, err := c.do(ctx, http.MethodGet, c.company()+"/invoices/"+strconv.FormatInt(id, 10), nil, nil, &inv)
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

// SendCreditNote sends a credit note (r.CreditNoteID).
func (c *Client) SendCreditNote(ctx context.Context, r SendRequest) error {
	_, err := c.do(ctx, http.MethodPost, c.company()+"/creditNotes/send", nil, r, nil)
	return err
}

// FullCreditNoteRequest is POST /creditNotes/full.
type FullCreditNoteRequest struct {
	IssueDate      string `json:"issueDate"`
	InvoiceID      int64  `json:"invoiceId"`
	CreditNoteText string `json:"creditNoteText,omitempty"`
}

// CreditNoteLine is a line of a partial credit note.
type CreditNoteLine struct {
	Description   string  `json:"description,omitempty"`
	Quantity      float64 `json:"quantity"`
	UnitPrice     int64   `json:"unitPrice"`
	VATType       string  `json:"vatType,omitempty"`
	IncomeAccount string  `json:"incomeAccount,omitempty"`
}

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
	loc, err := c.do(ctx, http.MethodPost, c.company()+"/creditNotes/full", nil, r, nil)
	if err != nil {
		return 0, err
	}
	return idFrom(loc)
}

// CreatePartialCreditNote credits lines of an invoice and answers the note's id.
func (c *Client) CreatePartialCreditNote(ctx context.Context, r PartialCreditNoteRequest) (int64, error) {
	loc, err := c.do(ctx, http.MethodPost, c.company()+"/creditNotes/partial", nil, r, nil)
	if err != nil {
		return 0, err
	}
	return idFrom(loc)
}

// GetCreditNote answers a credit note by its id.
func (c *Client) GetCreditNote(ctx context.Context, id int64) (CreditNote, error) {
	var cn CreditNote
	_, err := c.do(ctx, http.MethodGet, c.company()+"/creditNotes/"+strconv.FormatInt(id, 10), nil, nil, &cn)
	return cn, err
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
	_, err := c.do(ctx, http.MethodGet, c.company()+"/sales/"+strconv.FormatInt(saleID, 10)+"/payments", nil, nil, &out)
	return out, err
}

// AddPayment registers a payment of a sale and answers its id.
func (c *Client) AddPayment(ctx context.Context, saleID int64, p Payment) (int64, error) {
	p.PaymentID = 0
	loc, err := c.do(ctx, http.MethodPost, c.company()+"/sales/"+strconv.FormatInt(saleID, 10)+"/payments", nil, p, nil)
	if err != nil {
		return 0, err
	}
	return idFrom(loc)
}
