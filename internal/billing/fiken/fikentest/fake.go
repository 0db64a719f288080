// Package fikentest is a fake Fiken in process, built from Fiken's
// published description of its API v2 (third_party/fiken): each request
// is checked against the description — its operation, its query
// parameters, its body's schema — and refused in Fiken's error shape when
// it does not match; the few operations billing uses then act on a small
// bookkeeping of their own (contacts, invoices numbered from 10001, credit
// notes, sales and their payments, dispatches). Tests make Fiken answer
// 401, 429 or 500, or lose an answer after doing the work, to see what
// the client and the jobs make of it.
package fikentest

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
)

// Fake is a fake Fiken for one company.
type Fake struct {
	URL     string // the API's base address, as the client's BaseURL (…/api/v2)
	Token   string
	Company string
	// BankAccounts are the company's bank account codes ("1920:10001").
	BankAccounts []string

	spec *spec
	srv  *httptest.Server

	mu          sync.Mutex
	nextID      int64
	counter     int64 // the last invoice number (credit notes share it)
	contacts    map[int64]map[string]any
	invoices    map[int64]*invoice
	creditNotes map[int64]*creditNote
	ehf         map[string]bool // organisation numbers reachable by EHF
	faults      []fault
	requests    []Request
}

type invoice struct {
	id, number, customerID, saleID, gross int64
	req                                   map[string]any
	currency, kid                         string
	dispatches                            []map[string]any
	payments                              []map[string]any
	credits                               []int64
}

type creditNote struct {
	id, number, invoiceID, gross int64
	orderReference               string
	dispatches                   []string
}

type fault struct {
	method, path string // path: the operation's template, e.g. /companies/{companySlug}/invoices
	status       int
	body         string
	afterWork    bool // do the work, then answer status (an answer lost)
	times        int
}

// Request is one request the fake took (its body as sent).
type Request struct {
	Method, Path, Template string
	Body                   map[string]any
	Status                 int
}

// New starts a fake Fiken for company with token; it stops at the test's end.
func New(t testing.TB, token, company string) *Fake {
	t.Helper()
	sp, err := loadSpec()
	if err != nil {
		t.Fatal(err)
	}
	f := newFake(sp, token, company)
	f.srv = httptest.NewServer(f)
	f.URL = f.srv.URL + "/api/v2"
	t.Cleanup(f.srv.Close)
	return f
}

// Serve makes a fake Fiken to serve on a server of the caller's (a test
// command for the browser tests); URL stays for the caller to set.
func Serve(token, company string) (*Fake, error) {
	sp, err := loadSpec()
	if err != nil {
		return nil, err
	}
	return newFake(sp, token, company), nil
}

func newFake(sp *spec, token, company string) *Fake {
	return &Fake{Token: token, Company: company, BankAccounts: []string{"1920:10001"}, spec: sp, nextID: 1000,
		counter: 10000, contacts: map[int64]map[string]any{}, invoices: map[int64]*invoice{},
		creditNotes: map[int64]*creditNote{}, ehf: map[string]bool{}}
}

// fail is Fiken's error shape.
func fail(w http.ResponseWriter, status int, code, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(map[string]string{"error": code, "error_description": msg})
}

func (f *Fake) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	rec := &recorder{ResponseWriter: w, status: 200}
	req := Request{Method: r.Method, Path: r.URL.Path}
	defer func() {
		req.Status = rec.status
		f.mu.Lock()
		f.requests = append(f.requests, req)
		f.mu.Unlock()
	}()
	path, ok := strings.CutPrefix(r.URL.Path, "/api/v2")
	if !ok {
		fail(rec, http.StatusNotFound, "not_found", "no such resource")
		return
	}
	template, vars, op := f.spec.match(r.Method, path)
	req.Template = template
	if template == "" {
		fail(rec, http.StatusNotFound, "not_found", "no such resource: "+path)
		return
	}
	if op == nil {
		fail(rec, http.StatusMethodNotAllowed, "method_not_allowed", r.Method+" is not supported on "+path)
		return
	}
	if r.Header.Get("Authorization") != "Bearer "+f.Token {
		fail(rec, http.StatusUnauthorized, "unauthorized", "Full authentication is required to access this resource")
		return
	}
	if slug, ok := vars["companySlug"]; ok && slug != f.Company {
		fail(rec, http.StatusForbidden, "forbidden", "No access to company "+slug)
		return
	}
	allowed := f.spec.queryParams(template, op)
	for k := range r.URL.Query() {
		if !slices.Contains(allowed, k) {
			fail(rec, http.StatusBadRequest, "bad_request", "unexpected query parameter "+k)
			return
		}
	}
	var body map[string]any
	if schema := bodySchema(op); schema != nil {
		if ct := r.Header.Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
			fail(rec, http.StatusUnsupportedMediaType, "unsupported_media_type", "we accept application/json only")
			return
		}
		raw, _ := io.ReadAll(r.Body)
		var v any
		if err := json.Unmarshal(raw, &v); err != nil {
			fail(rec, http.StatusBadRequest, "bad_request", "the body is not JSON: "+err.Error())
			return
		}
		if msg := f.spec.validate(schema, v, ""); msg != "" {
			fail(rec, http.StatusBadRequest, "bad_request", msg)
			return
		}
		body, _ = v.(map[string]any)
		req.Body = body
	}
	f.mu.Lock()
	var flt *fault
	for i := range f.faults {
		if f.faults[i].times > 0 && f.faults[i].method == r.Method && f.faults[i].path == template {
			f.faults[i].times--
			flt = &f.faults[i]
			break
		}
	}
	f.mu.Unlock()
	if flt != nil && !flt.afterWork {
		if flt.body != "" {
			rec.WriteHeader(flt.status)
			io.WriteString(rec, flt.body)
			return
		}
		fail(rec, flt.status, http.StatusText(flt.status), fmt.Sprintf("the fake answers %d", flt.status))
		return
	}
	if flt != nil {
		f.act(httptest.NewRecorder(), r, template, vars, body)
		fail(rec, flt.status, "gateway_timeout", "the gateway timed out")
		return
	}
	f.act(rec, r, template, vars, body)
}

type recorder struct {
	http.ResponseWriter
	status int
}

func (r *recorder) WriteHeader(s int) { r.status = s; r.ResponseWriter.WriteHeader(s) }

func writeJSON(w http.ResponseWriter, v any) {
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(v)
}

func created(w http.ResponseWriter, r *http.Request, path string, id int64) {
	w.Header().Set("Location", "https://"+r.Host+"/api/v2"+path+"/"+strconv.FormatInt(id, 10))
	w.WriteHeader(http.StatusCreated)
}

func num(v any) int64 {
	f, _ := v.(float64)
	return int64(f)
}

func str(v any) string {
	s, _ := v.(string)
	return s
}

// act does what an operation does, its request checked already.
func (f *Fake) act(w http.ResponseWriter, r *http.Request, template string, vars map[string]string, body map[string]any) {
	f.mu.Lock()
	defer f.mu.Unlock()
	base := "/companies/" + f.Company
	op := r.Method + " " + strings.TrimPrefix(template, "/companies/{companySlug}")
	switch op {
	case "GET ":
		writeJSON(w, map[string]any{"name": "Test company", "slug": f.Company, "organizationNumber": "988077917", "hasApiAccess": true, "testCompany": true})
	case "GET /contacts":
		f.findContacts(w, r)
	case "POST /contacts":
		f.createContact(w, r, base, body)
	case "POST /invoices":
		f.createInvoice(w, r, base, body)
	case "GET /invoices":
		f.findInvoices(w, r)
	case "GET /invoices/{invoiceId}":
		f.getInvoice(w, vars["invoiceId"])
	case "POST /invoices/send":
		f.sendInvoice(w, body)
	case "POST /creditNotes/full", "POST /creditNotes/partial":
		f.createCreditNote(w, r, base, body, op == "POST /creditNotes/partial")
	case "GET /creditNotes/{creditNoteId}":
		f.getCreditNote(w, vars["creditNoteId"])
	case "POST /creditNotes/send":
		f.sendCreditNote(w, body)
	case "GET /sales/{saleId}/payments", "POST /sales/{saleId}/payments":
		f.payments(w, r, base, vars["saleId"], body)
	default:
		fail(w, http.StatusNotImplemented, "not_implemented", "the fake does not do "+op)
	}
}

func sortedKeys[V any](m map[int64]V) []int64 {
	keys := make([]int64, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
