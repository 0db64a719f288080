// The fake's invoices: made (numbered from 10001, with a sale), found by
// order reference, read, sent, and the payments of their sales.

package fikentest

import (
	"fmt"
	"net/http"
	"slices"
	"strconv"
)

// createInvoice is POST /invoices: to a customer, into a bank account of
// the company, each line with a VAT type and an income account.
func (f *Fake) createInvoice(w http.ResponseWriter, r *http.Request, base string, body map[string]any) {
	cust, ok := f.contacts[num(body["customerId"])]
	if !ok || cust["customer"] != true {
		fail(w, http.StatusBadRequest, "bad_request", fmt.Sprintf("customerId %d is not a customer", num(body["customerId"])))
		return
	}
	if !slices.Contains(f.BankAccounts, str(body["bankAccountCode"])) {
		fail(w, http.StatusBadRequest, "bad_request", fmt.Sprintf("bankAccountCode %q is not a bank account of the company", str(body["bankAccountCode"])))
		return
	}
	for i, l := range asList(body["lines"]) {
		lm := asMap(l)
		if lm["vatType"] == nil && lm["vatInPercent"] == nil {
			fail(w, http.StatusBadRequest, "bad_request", fmt.Sprintf("lines[%d]: at least vatType or vatInPercent has to be specified", i))
			return
		}
		if lm["incomeAccount"] == nil && lm["productId"] == nil {
			fail(w, http.StatusBadRequest, "bad_request", fmt.Sprintf("lines[%d]: either the line or the product needs an income account", i))
			return
		}
	}
	f.nextID++
	f.counter++
	id := f.nextID
	f.nextID++
	cur := str(body["currency"])
	if cur == "" {
		cur = "NOK"
	}
	f.invoices[id] = &invoice{id: id, number: f.counter, customerID: num(body["customerId"]), saleID: f.nextID, gross: grossOf(body["lines"]),
		req: body, currency: cur, kid: fmt.Sprintf("%07d", f.counter)}
	created(w, r, base+"/invoices", id)
}

// grossOf is what lines come to with their VAT.
func grossOf(lines any) int64 {
	var gross int64
	for _, l := range asList(lines) {
		lm := asMap(l)
		vat := map[string]int64{"HIGH": 25, "MEDIUM": 15, "LOW": 12}[str(lm["vatType"])]
		net := int64(lm["quantity"].(float64) * float64(num(lm["unitPrice"])))
		gross += net + (net*vat+50)/100
	}
	return gross
}

// findInvoices is GET /invoices, by order reference when one is given.
func (f *Fake) findInvoices(w http.ResponseWriter, r *http.Request) {
	out := []map[string]any{}
	for _, id := range sortedKeys(f.invoices) {
		inv := f.invoices[id]
		if ref := r.URL.Query().Get("orderReference"); ref == "" || ref == str(inv.req["orderReference"]) {
			out = append(out, f.invoiceJSON(inv))
		}
	}
	writeJSON(w, out)
}

// getInvoice is GET /invoices/{invoiceId}.
func (f *Fake) getInvoice(w http.ResponseWriter, invoiceID string) {
	id, _ := strconv.ParseInt(invoiceID, 10, 64)
	inv, ok := f.invoices[id]
	if !ok {
		fail(w, http.StatusNotFound, "not_found", "no invoice "+invoiceID)
		return
	}
	writeJSON(w, f.invoiceJSON(inv))
}

// sendInvoice is POST /invoices/send.
func (f *Fake) sendInvoice(w http.ResponseWriter, body map[string]any) {
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
}

// payments is GET and POST /sales/{saleId}/payments: a sale's payments,
// and one more into a bank account of the company.
func (f *Fake) payments(w http.ResponseWriter, r *http.Request, base, sale string, body map[string]any) {
	saleID, _ := strconv.ParseInt(sale, 10, 64)
	var inv *invoice
	for _, i := range f.invoices {
		if i.saleID == saleID {
			inv = i
		}
	}
	if inv == nil {
		fail(w, http.StatusNotFound, "not_found", "no sale "+sale)
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
	created(w, r, base+"/sales/"+sale+"/payments", f.nextID)
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
