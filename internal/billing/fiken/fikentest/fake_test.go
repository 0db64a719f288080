package fikentest_test

import (
	"bytes"
	"encoding/json"
	"net/http"
	"testing"

	"github.com/ugcfolio/ugcfolio/internal/billing/fiken/fikentest"
)

// The fake refuses what Fiken's published description does not allow, in
// Fiken's error shape.
func TestTheFakeHoldsRequestsToTheDescription(t *testing.T) {
	t.Parallel()
	f := fikentest.New(t, "tok", "acme")
	do := func(method, path string, body any) (int, map[string]string) {
		t.Helper()
		var rd *bytes.Reader
		if body != nil {
			b, _ := json.Marshal(body)
			rd = bytes.NewReader(b)
		} else {
			rd = bytes.NewReader(nil)
		}
		req, _ := http.NewRequest(method, f.URL+path, rd)
		req.Header.Set("Authorization", "Bearer tok")
		req.Header.Set("Content-Type", "application/json")
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		var e map[string]string
		json.NewDecoder(res.Body).Decode(&e)
		return res.StatusCode, e
	}
	invoice := func(mod func(map[string]any)) map[string]any {
		b := map[string]any{"issueDate": "2026-03-13", "dueDate": "2026-03-27", "bankAccountCode": "1920:10001", "cash": false, "customerId": 1,
			"lines": []any{map[string]any{"quantity": 1, "unitPrice": 100, "vatType": "HIGH", "incomeAccount": "3000"}}}
		mod(b)
		return b
	}
	for _, c := range []struct {
		name, method, path string
		body               any
		status             int
		msg                string
	}{
		{"unknown field", "POST", "/companies/acme/contacts", map[string]any{"name": "A", "nickname": "a"}, 400, "unexpected field nickname"},
		{"read-only field", "POST", "/companies/acme/contacts", map[string]any{"name": "A", "contactId": 7}, 400, "contactId is read only"},
		{"required field", "POST", "/companies/acme/contacts", map[string]any{"email": "a@b.no"}, 400, "name is required"},
		{"too long", "POST", "/companies/acme/contacts", map[string]any{"name": string(bytes.Repeat([]byte("x"), 201))}, 400, "name is longer than 200 characters"},
		{"nested unknown", "POST", "/companies/acme/invoices", invoice(func(b map[string]any) {
			b["lines"] = []any{map[string]any{"quantity": 1, "price": 100}}
		}), 400, "unexpected field lines[0].price"},
		{"missing cash", "POST", "/companies/acme/invoices", invoice(func(b map[string]any) { delete(b, "cash") }), 400, "cash is required"},
		{"no lines", "POST", "/companies/acme/invoices", invoice(func(b map[string]any) { b["lines"] = []any{} }), 400, "lines must have at least 1 item(s)"},
		{"wrong type", "POST", "/companies/acme/invoices", invoice(func(b map[string]any) { b["customerId"] = "1" }), 400, "customerId must be an integer"},
		{"not a date", "POST", "/companies/acme/invoices", invoice(func(b map[string]any) { b["issueDate"] = "13.03.2026" }), 400, "issueDate must be a date, yyyy-mm-dd"},
		{"currency pattern", "POST", "/companies/acme/invoices", invoice(func(b map[string]any) { b["currency"] = "nok" }), 400, "currency does not match ^[A-Z]{3}$"},
		{"send: enum", "POST", "/companies/acme/invoices/send", map[string]any{"invoiceId": 1, "method": []any{"fax"}, "includeDocumentAttachments": true}, 400, "method[0] must be one of [email ehf efaktura sms letter auto]"},
		{"send: allOf required", "POST", "/companies/acme/invoices/send", map[string]any{"method": []any{"email"}, "includeDocumentAttachments": true}, 400, "invoiceId is required"},
		{"full credit note: unknown", "POST", "/companies/acme/creditNotes/full", map[string]any{"issueDate": "2026-03-13", "invoiceId": 1, "lines": []any{}}, 400, "unexpected field lines"},
		{"payment required", "POST", "/companies/acme/sales/1/payments", map[string]any{"date": "2026-03-13", "amount": 100}, 400, "account is required"},
		{"query parameter", "GET", "/companies/acme/invoices?kid=1", nil, 400, "unexpected query parameter kid"},
		{"no such path", "GET", "/companies/acme/nothing", nil, 404, "no such resource: /companies/acme/nothing"},
		{"other company", "GET", "/companies/other", nil, 403, "No access to company other"},
		{"a good contact", "POST", "/companies/acme/contacts", map[string]any{"name": "A", "customer": true, "address": map[string]any{"country": "NO"}}, 201, ""},
		{"address needs a country", "POST", "/companies/acme/contacts", map[string]any{"name": "A", "address": map[string]any{"city": "Oslo"}}, 400, "address.country is required"},
	} {
		status, e := do(c.method, c.path, c.body)
		if status != c.status || (c.msg != "" && (e["error_description"] != c.msg || e["error"] == "")) {
			t.Errorf("%s: %d %v, want %d %q", c.name, status, e, c.status, c.msg)
		}
	}
	req, _ := http.NewRequest("GET", f.URL+"/companies/acme", nil)
	req.Header.Set("Authorization", "Bearer other")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusUnauthorized {
		t.Errorf("a wrong token: %d", res.StatusCode)
	}
}
