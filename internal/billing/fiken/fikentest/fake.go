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

// ReceivesEHF makes a buyer's organisation number reachable by EHF.
func (f *Fake) ReceivesEHF(orgNumber string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.ehf[orgNumber] = true
}

// Fail makes the next n requests of method to the operation template
// answer status with body (Fiken's error JSON when empty).
func (f *Fake) Fail(method, template string, status, n int, body string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.faults = append(f.faults, fault{method: method, path: template, status: status, body: body, times: n})
}

// LoseAnswer makes the next request of method to template do its work
// and then answer 504, as a gateway that timed out: the client cannot
// know the work was done.
func (f *Fake) LoseAnswer(method, template string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.faults = append(f.faults, fault{method: method, path: template, status: http.StatusGatewayTimeout, afterWork: true, times: 1})
}

// Requests answers the requests taken so far.
func (f *Fake) Requests() []Request {
	f.mu.Lock()
	defer f.mu.Unlock()
	return slices.Clone(f.requests)
}

// Count answers how many requests of method to template succeeded.
func (f *Fake) Count(method, template string) int {
	n := 0
	for _, r := range f.Requests() {
		if r.Method == method && r.Template == template && r.Status < 300 {
			n++
		}
	}
	return n
}

// InvoiceCount answers how many invoices the company has.
func (f *Fake) InvoiceCount() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return len(f.invoices)
}

// CreditNoteCount answers how many credit notes the company has.
func (f *Fake) CreditNoteCount() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return len(f.creditNotes)
}

// Dispatches answers how an invoice (by number) was sent, in order.
func (f *Fake) Dispatches(number int64) []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	var out []string
	for _, inv := range f.invoices {
		if inv.number == number {
			for _, d := range inv.dispatches {
				out = append(out, d["dispatchType"].(string))
			}
		}
	}
	for _, cn := range f.creditNotes {
		if cn.number == number {
			out = append(out, cn.dispatches...)
		}
	}
	return out
}

// Payments answers the payments of an invoice (by number): amount and date.
func (f *Fake) Payments(number int64) []map[string]any {
	f.mu.Lock()
	defer f.mu.Unlock()
	for _, inv := range f.invoices {
		if inv.number == number {
			return slices.Clone(inv.payments)
		}
	}
	return nil
}

// RegisterPayment registers a payment of an invoice (by number) in Fiken,
// as the creator does in Fiken's own screens (a bank match).
func (f *Fake) RegisterPayment(number, amount int64, date string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	for _, inv := range f.invoices {
		if inv.number == number {
			f.nextID++
			inv.payments = append(inv.payments, map[string]any{"paymentId": f.nextID, "date": date, "account": f.BankAccounts[0], "amount": amount})
		}
	}
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
		q := r.URL.Query()
		out := []map[string]any{}
		for _, id := range sortedKeys(f.contacts) {
			c := f.contacts[id]
			if (q.Get("organizationNumber") == "" || q.Get("organizationNumber") == str(c["organizationNumber"])) &&
				(q.Get("email") == "" || q.Get("email") == str(c["email"])) && (q.Get("name") == "" || q.Get("name") == str(c["name"])) {
				out = append(out, c)
			}
		}
		writeJSON(w, out)
	case "POST /contacts":
		f.nextID++
		c := map[string]any{"contactId": f.nextID}
		for k, v := range body {
			if k != "memberNumberString" && k != "phoneNumber" { // write only
				c[k] = v
			}
		}
		f.contacts[f.nextID] = c
		created(w, r, base+"/contacts", f.nextID)
	case "POST /invoices":
		cust, ok := f.contacts[num(body["customerId"])]
		if !ok || cust["customer"] != true {
			fail(w, http.StatusBadRequest, "bad_request", fmt.Sprintf("customerId %d is not a customer", num(body["customerId"])))
			return
		}
		if !slices.Contains(f.BankAccounts, str(body["bankAccountCode"])) {
			fail(w, http.StatusBadRequest, "bad_request", fmt.Sprintf("bankAccountCode %q is not a bank account of the company", str(body["bankAccountCode"])))
			return
		}
		var gross int64
		for i, l := range asList(body["lines"]) {
			lm := asMap(l)
			vat := map[string]int64{"HIGH": 25, "MEDIUM": 15, "LOW": 12}[str(lm["vatType"])]
			if lm["vatType"] == nil && lm["vatInPercent"] == nil {
				fail(w, http.StatusBadRequest, "bad_request", fmt.Sprintf("lines[%d]: at least vatType or vatInPercent has to be specified", i))
				return
			}
			if lm["incomeAccount"] == nil && lm["productId"] == nil {
				fail(w, http.StatusBadRequest, "bad_request", fmt.Sprintf("lines[%d]: either the line or the product needs an income account", i))
				return
			}
			net := int64(lm["quantity"].(float64) * float64(num(lm["unitPrice"])))
			gross += net + (net*vat+50)/100
		}
		f.nextID++
		f.counter++
		id := f.nextID
		f.nextID++
		cur := str(body["currency"])
		if cur == "" {
			cur = "NOK"
		}
		f.invoices[id] = &invoice{id: id, number: f.counter, customerID: num(body["customerId"]), saleID: f.nextID, gross: gross,
			req: body, currency: cur, kid: fmt.Sprintf("%07d", f.counter)}
		created(w, r, base+"/invoices", id)
	case "GET /invoices":
		out := []map[string]any{}
		for _, id := range sortedKeys(f.invoices) {
			inv := f.invoices[id]
			if ref := r.URL.Query().Get("orderReference"); ref == "" || ref == str(inv.req["orderReference"]) {
				out = append(out, f.invoiceJSON(inv))
			}
		}
		writeJSON(w, out)
	case "GET /invoices/{invoiceId}":
		id, _ := strconv.ParseInt(vars["invoiceId"], 10, 64)
		inv, ok := f.invoices[id]
		if !ok {
			fail(w, http.StatusNotFound, "not_found", "no invoice "+vars["invoiceId"])
			return
		}
		writeJSON(w, f.invoiceJSON(inv))
	case "POST /invoices/send":
		inv, ok := f.invoices[num(body["invoiceId"])]
		if !ok {
			fail(w, http.StatusNotFound, "not_found", fmt.Sprintf("no invoice %d", num(body["invoiceId"])))
			return
		}
		how, msg := f.dispatch(body, f.contacts[inv.customerID])
		if how == "" {
			fail(w, http.StatusBadRequest, "bad_request", msg)
			return
		}
		inv.dispatches = append(inv.dispatches, map[string]any{"date": inv.req["issueDate"], "dispatchType": how})
		w.WriteHeader(http.StatusOK)
	case "POST /creditNotes/full", "POST /creditNotes/partial":
		inv, ok := f.invoices[num(body["invoiceId"])]
		if !ok {
			fail(w, http.StatusBadRequest, "bad_request", fmt.Sprintf("invoiceId %d: no such invoice", num(body["invoiceId"])))
			return
		}
		gross := inv.gross
		if op == "POST /creditNotes/partial" {
			gross = 0
			for _, l := range asList(body["lines"]) {
				lm := asMap(l)
				vat := map[string]int64{"HIGH": 25, "MEDIUM": 15, "LOW": 12}[str(lm["vatType"])]
				net := int64(lm["quantity"].(float64) * float64(num(lm["unitPrice"])))
				gross += net + (net*vat+50)/100
			}
		}
		var credited int64
		for _, c := range inv.credits {
			credited += f.creditNotes[c].gross
		}
		if credited+gross > inv.gross {
			fail(w, http.StatusBadRequest, "bad_request", "the credit note credits more than is left of the invoice")
			return
		}
		f.nextID++
		f.counter++
		f.creditNotes[f.nextID] = &creditNote{id: f.nextID, number: f.counter, invoiceID: inv.id, gross: gross, orderReference: str(body["orderReference"])}
		inv.credits = append(inv.credits, f.nextID)
		created(w, r, base+"/creditNotes", f.nextID)
	case "GET /creditNotes/{creditNoteId}":
		id, _ := strconv.ParseInt(vars["creditNoteId"], 10, 64)
		cn, ok := f.creditNotes[id]
		if !ok {
			fail(w, http.StatusNotFound, "not_found", "no credit note "+vars["creditNoteId"])
			return
		}
		writeJSON(w, map[string]any{"creditNoteId": cn.id, "creditNoteNumber": cn.number, "gross": cn.gross,
			"associatedInvoiceId": cn.invoiceID, "orderReference": cn.orderReference})
	case "POST /creditNotes/send":
		cn, ok := f.creditNotes[num(body["creditNoteId"])]
		if !ok {
			fail(w, http.StatusNotFound, "not_found", fmt.Sprintf("no credit note %d", num(body["creditNoteId"])))
			return
		}
		how, msg := f.dispatch(body, f.contacts[f.invoices[cn.invoiceID].customerID])
		if how == "" {
			fail(w, http.StatusBadRequest, "bad_request", msg)
			return
		}
		cn.dispatches = append(cn.dispatches, how)
		w.WriteHeader(http.StatusOK)
	case "GET /sales/{saleId}/payments", "POST /sales/{saleId}/payments":
		saleID, _ := strconv.ParseInt(vars["saleId"], 10, 64)
		var inv *invoice
		for _, i := range f.invoices {
			if i.saleID == saleID {
				inv = i
			}
		}
		if inv == nil {
			fail(w, http.StatusNotFound, "not_found", "no sale "+vars["saleId"])
			return
		}
		if r.Method == http.MethodGet {
			writeJSON(w, append([]map[string]any{}, inv.payments...))
			return
		}
		if !slices.Contains(f.BankAccounts, str(body["account"])) {
			fail(w, http.StatusBadRequest, "bad_request", fmt.Sprintf("account %q is not a bank account of the company", str(body["account"])))
			return
		}
		f.nextID++
		p := map[string]any{"paymentId": f.nextID, "date": body["date"], "account": body["account"], "amount": num(body["amount"])}
		inv.payments = append(inv.payments, p)
		created(w, r, base+"/sales/"+vars["saleId"]+"/payments", f.nextID)
	default:
		fail(w, http.StatusNotImplemented, "not_implemented", "the fake does not do "+op)
	}
}

// dispatch answers the first method of a send request that reaches the
// customer, or why none does.
func (f *Fake) dispatch(body map[string]any, customer map[string]any) (string, string) {
	for _, m := range asList(body["method"]) {
		switch m {
		case "ehf":
			org := str(body["organizationNumber"])
			if org == "" {
				org = str(customer["organizationNumber"])
			}
			if f.ehf[org] {
				return "ehf", ""
			}
		case "email":
			if str(body["recipientEmail"]) != "" || str(customer["email"]) != "" {
				return "email", ""
			}
		}
	}
	return "", fmt.Sprintf("the customer cannot be reached by %v", body["method"])
}

func (f *Fake) invoiceJSON(inv *invoice) map[string]any {
	payments := append([]map[string]any{}, inv.payments...)
	credits := append([]int64{}, inv.credits...)
	disp := append([]map[string]any{}, inv.dispatches...)
	return map[string]any{"invoiceId": inv.id, "invoiceNumber": inv.number, "kid": inv.kid, "issueDate": inv.req["issueDate"],
		"dueDate": inv.req["dueDate"], "gross": inv.gross, "currency": inv.currency, "orderReference": inv.req["orderReference"],
		"associatedCreditNotes": credits, "customer": f.contacts[inv.customerID], "dispatches": disp,
		"sale": map[string]any{"saleId": inv.saleID, "salePayments": payments}}
}

func sortedKeys[V any](m map[int64]V) []int64 {
	keys := make([]int64, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
