// What a test does to the fake (EHF reach, faults, lost answers, a payment
// made in Fiken) and reads from it (the requests, counts, dispatches,
// payments).

package fikentest

import (
	"net/http"
	"slices"
)

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
