// The fake's credit notes: of a whole invoice or of some lines (never more
// than is left of it), numbered in the invoices' series, read, sent.

package fikentest

import (
	"fmt"
	"net/http"
	"strconv"
)

// createCreditNote is POST /creditNotes/full, or /partial with lines.
func (f *Fake) createCreditNote(w http.ResponseWriter, r *http.Request, base string, body map[string]any, partial bool) {
	inv, ok := f.invoices[num(body["invoiceId"])]
	if !ok {
		fail(w, http.StatusBadRequest, "bad_request", fmt.Sprintf("invoiceId %d: no such invoice", num(body["invoiceId"])))
		return
	}
	gross := inv.gross
	if partial {
		gross = grossOf(body["lines"])
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
}

// getCreditNote is GET /creditNotes/{creditNoteId}.
func (f *Fake) getCreditNote(w http.ResponseWriter, creditNoteID string) {
	id, _ := strconv.ParseInt(creditNoteID, 10, 64)
	cn, ok := f.creditNotes[id]
	if !ok {
		fail(w, http.StatusNotFound, "not_found", "no credit note "+creditNoteID)
		return
	}
	writeJSON(w, map[string]any{"creditNoteId": cn.id, "creditNoteNumber": cn.number, "gross": cn.gross,
		"associatedInvoiceId": cn.invoiceID, "orderReference": cn.orderReference})
}

// sendCreditNote is POST /creditNotes/send, to the invoice's customer.
func (f *Fake) sendCreditNote(w http.ResponseWriter, body map[string]any) {
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
}
