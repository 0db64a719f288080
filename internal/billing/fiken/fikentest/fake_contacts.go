// The fake's contacts: found by organisation number, e-mail or name, made,
// and reached by a send (EHF or e-mail).

package fikentest

import (
	"fmt"
	"net/http"
)

// findContacts is GET /contacts: those every filter given matches.
func (f *Fake) findContacts(w http.ResponseWriter, r *http.Request) {
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
}

// createContact is POST /contacts.
func (f *Fake) createContact(w http.ResponseWriter, r *http.Request, base string, body map[string]any) {
	f.nextID++
	c := map[string]any{"contactId": f.nextID}
	for k, v := range body {
		if k != "memberNumberString" && k != "phoneNumber" { // write only
			c[k] = v
		}
	}
	f.contacts[f.nextID] = c
	created(w, r, base+"/contacts", f.nextID)
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
