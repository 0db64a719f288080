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

// create posts body to path and answers the id of what it made.
func (c *Client) create(ctx context.Context, path string, body any) (int64, error) {
	loc, err := c.do(ctx, http.MethodPost, path, nil, body, nil)
	if err != nil {
		return 0, err
	}
	return idFrom(loc)
}

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
	return c.create(ctx, c.company()+"/contacts", ct)
}
