package quotes_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
)

// Malformed bodies to the quotes' API and the brand's form: each a 400
// (or the 404/409/415 it is) with a message that says what to correct,
// never a 500, and nothing stored.
func TestQuotesRefuseBadInput(t *testing.T) {
	t.Parallel()
	eachSite(t, func(t *testing.T, e *quotesSite) {
		admin := e.SignedInAdmin(t)
		id := newDeal(t, admin, map[string]any{"brand": "Fjellkaffe", "contactEmail": "ola@fjellkaffe.no", "price": 3000})
		create := fmt.Sprintf("/api/admin/deals/%d/quotes", id)
		draft := quote(t, admin, "POST", create, nil, http.StatusCreated)
		patch := quotePath(draft.ID, "")
		item := map[string]any{"kind": "item", "description": "Video", "quantity": 1, "unitPrice": 100000, "vatRate": 25}
		line := func(k string, v any) []map[string]any {
			l := map[string]any{}
			for key, val := range item {
				l[key] = val
			}
			l[k] = v
			return []map[string]any{l}
		}
		right := func(k string, v any) []map[string]any {
			l := map[string]any{"kind": "paid", "quantity": 1, "unitPrice": 50000, "vatRate": 25, "months": 3, "territory": "Norge"}
			if k != "" {
				l[k] = v
			}
			return []map[string]any{item, l}
		}
		cases := []struct {
			method, path string
			body         any
			status       int
			message      string
		}{
			{"PATCH", patch, `not json`, 400, "Request body is not valid JSON"},
			{"PATCH", patch, ``, 400, "Request body is empty"},
			{"PATCH", patch, `[1]`, 400, "Request body must be a single JSON object"},
			{"PATCH", patch, `{"state": "accepted"}`, 400, `Unknown field "state"`},
			{"PATCH", patch, `{"documentSha256": "x"}`, 400, `Unknown field "documentSha256"`},
			{"PATCH", patch, `{"depositPercent": "30"}`, 400, `Field "depositPercent" must be of type int`},
			{"PATCH", patch, map[string]any{"depositPercent": 101}, 400, "Deposit share must be a whole percent from 0 to 100"},
			{"PATCH", patch, map[string]any{"depositPercent": -1}, 400, "Deposit share must be a whole percent from 0 to 100"},
			{"PATCH", patch, `{"depositPercent": 12.5}`, 400, `Field "depositPercent" must be of type int`},
			{"PATCH", patch, map[string]any{"paymentTermsDays": 366}, 400, "Payment terms must be a whole number of days from 0 to 365"},
			{"PATCH", patch, map[string]any{"validUntil": "2026-02-30"}, 400, "Valid until must be a date (YYYY-MM-DD)"},
			{"PATCH", patch, map[string]any{"validUntil": "2026-03-01"}, 400, "Valid until must be today or later"},
			{"PATCH", patch, map[string]any{"vatMode": "foreign"}, 400, "VAT mode must be none, domestic or export"},
			{"PATCH", patch, map[string]any{"vatMode": "none"}, 400, "Line 1: VAT rate must be 0 when the VAT mode is none"},
			{"PATCH", patch, map[string]any{"note": strings.Repeat("x", 2001)}, 400, "Note must be at most 2000 characters"},
			{"PATCH", patch, `{"note": "a\u0000b"}`, 400, `Field "note" contains a control character (U+0000); only tab and newline are allowed`},
			{"PATCH", patch, map[string]any{"lines": []any{}}, 400, "A quote needs at least one line"},
			{"PATCH", patch, map[string]any{"lines": make([]map[string]any, 51)}, 400, "A quote has at most 50 lines"},
			{"PATCH", patch, map[string]any{"lines": line("kind", "bonus")}, 400, "Line 1: kind must be item, organic, paid, whitelisting or exclusivity"},
			{"PATCH", patch, map[string]any{"lines": line("description", " ")}, 400, "Line 1: description is required"},
			{"PATCH", patch, map[string]any{"lines": line("description", strings.Repeat("x", 501))}, 400, "Line 1: description must be at most 500 characters"},
			{"PATCH", patch, map[string]any{"lines": line("quantity", 0)}, 400, "Line 1: quantity must be a whole number from 1 to 10000"},
			{"PATCH", patch, map[string]any{"lines": line("quantity", 1.5)}, 400, `Field "lines.quantity" must be of type int64`},
			{"PATCH", patch, map[string]any{"lines": line("unitPrice", -100)}, 400, "Line 1: unit price must be a whole number of minor units (øre, cents) from 0 to 10000000000"},
			{"PATCH", patch, map[string]any{"lines": line("unitPrice", 10_000_000_001)}, 400, "Line 1: unit price must be a whole number of minor units (øre, cents) from 0 to 10000000000"},
			{"PATCH", patch, map[string]any{"lines": line("unitPrice", "100")}, 400, `Field "lines.unitPrice" must be of type int64`},
			{"PATCH", patch, map[string]any{"lines": line("vatRate", 15)}, 400, "Line 1: VAT rate must be 25 or 0"},
			{"PATCH", patch, map[string]any{"lines": line("months", 6)}, 400, "Line 1: only a usage-rights line has a duration and a territory"},
			{"PATCH", patch, map[string]any{"lines": line("net", 5)}, 400, `Unknown field "net"`},
			{"PATCH", patch, map[string]any{"lines": right("months", 0)}, 400, "Line 2: duration must be a whole number of months from 1 to 120"},
			{"PATCH", patch, map[string]any{"lines": right("months", 121)}, 400, "Line 2: duration must be a whole number of months from 1 to 120"},
			{"PATCH", patch, map[string]any{"lines": right("territory", "")}, 400, "Line 2: territory is required for usage rights"},
			{"PATCH", patch, map[string]any{"lines": right("territory", strings.Repeat("x", 101))}, 400, "Line 2: territory must be at most 100 characters"},
			{"PATCH", patch, map[string]any{"lines": "video"}, 400, `Field "lines" must be of type []quotes.LineInput`},
			{"PATCH", patch, `{"depositPercent": 10}`, 415, "Content-Type must be application/json"},
			{"POST", create, map[string]any{"depositPercent": 200}, 400, "Deposit share must be a whole percent from 0 to 100"},
			{"POST", create, map[string]any{"lines": line("kind", "")}, 400, "Line 1: kind must be item, organic, paid, whitelisting or exclusivity"},
			{"POST", create, `{"dealId": 2}`, 400, `Unknown field "dealId"`},
			{"POST", create, map[string]any{"validUntil": "2026-03-01"}, 400, "Valid until must be today or later"},
			{"POST", "/api/admin/deals/999/quotes", nil, 404, "Deal not found"},
			{"POST", "/api/admin/deals/x/quotes", nil, 404, `No deal with id "x"`},
			{"GET", "/api/admin/quotes/0", nil, 404, `No quote with id "0"`},
			{"GET", "/api/admin/quotes/999", nil, 404, "Quote not found"},
			{"GET", "/api/admin/quotes?state=open", nil, 400, "state must be one of draft, sent, accepted, expired, withdrawn"},
			{"POST", quotePath(draft.ID, "withdraw"), nil, 409, "A draft is not sent: delete it instead"},
			{"POST", quotePath(draft.ID, "send"), nil, 409, "Make a link to the deal's delivery room first: the brand reads and accepts the quote there"},
		}
		for _, c := range cases {
			var headers []string
			if c.status == 415 {
				headers = []string{"Content-Type", "text/plain"}
			}
			r := admin.Do(c.method, c.path, c.body, headers...)
			var body struct{ Message string }
			r.JSON(t, &body)
			if r.Status != c.status || body.Message != c.message {
				t.Errorf("%s %s %.80v: %d %s, want %d %q", c.method, c.path, c.body, r.Status, r.Body, c.status, c.message)
			}
		}
		// Nothing of it was stored: the one draft, as it was made.
		after := admin.Do("GET", fmt.Sprintf("/api/admin/deals/%d/quotes", id), nil).WantStatus(t, http.StatusOK)
		var list []quoteJSON
		after.JSON(t, &list)
		if len(list) != 1 || list[0].State != "draft" || list[0].DepositPercent != 0 || list[0].VATMode != "domestic" ||
			len(list[0].Lines) != 1 || list[0].Lines[0].UnitPrice != 300000 || list[0].Note != "" || list[0].ValidUntil != draft.ValidUntil {
			t.Fatalf("stored from bad input: %s", after.Body)
		}
		// Not an admin: nothing.
		e.Client().Do("GET", patch, nil).WantStatus(t, http.StatusUnauthorized)
		e.Client().Do("POST", create, nil).WantStatus(t, http.StatusUnauthorized)

		// The brand's form: checked, in the deal's language, the quote untouched.
		room := openRoom(t, admin, id)
		sent := quote(t, admin, "POST", quotePath(draft.ID, "send"), nil, http.StatusOK)
		good := acceptForm{name: "Kari", title: "CMO", company: "Fjellkaffe AS", confirm: true, sha256: sent.DocumentSHA256}
		with := func(f func(*acceptForm)) string {
			v := good
			f(&v)
			return v.encode()
		}
		brand := brandClient(e)
		for _, c := range []struct {
			body, message string
			status        int
		}{
			{with(func(f *acceptForm) { f.name = " " }), "Skriv navnet ditt.", 400},
			{with(func(f *acceptForm) { f.title = "" }), "Skriv stillingen din.", 400},
			{with(func(f *acceptForm) { f.company = "" }), "Skriv navnet på selskapet.", 400},
			{with(func(f *acceptForm) { f.confirm = false }), "Kryss av for at du godtar tilbudet på vegne av selskapet.", 400},
			{with(func(f *acceptForm) { f.name = strings.Repeat("x", 201) }), "Navn, stilling og selskap kan være på høyst 200 tegn hver.", 400},
			{with(func(f *acceptForm) { f.company = "a\x00b" }), "Feltene inneholder tegn som ikke er tillatt.", 400},
			{with(func(f *acceptForm) { f.name = "Kari\nNordmann" }), "Feltene inneholder tegn som ikke er tillatt.", 400},
			{"name=Kari&title=CMO&company=X&confirm=yes&sha256=%ff", "Tilbudet er endret etter at siden ble lastet", 409},
			{"%zz", "Skriv navnet ditt.", 400},
			{with(func(f *acceptForm) { f.sha256 = "" }), "Tilbudet er endret etter at siden ble lastet", 409},
		} {
			r := accept(e, brand, room, sent.Number, c.body)
			if r.Status != c.status || !strings.Contains(r.Body, c.message) {
				t.Errorf("accept %q: %d, want %d %q", c.body, r.Status, c.status, c.message)
			}
		}
		brand.Do("POST", fmt.Sprintf("%s/quotes/%d/accept", room, sent.Number), good.encode(),
			"Content-Type", "application/x-www-form-urlencoded", "Sec-Fetch-Site", "cross-site").WantStatus(t, http.StatusForbidden)
		accept(e, brand, room, 9, good.encode()).WantStatus(t, http.StatusNotFound)
		accept(e, brand, room+"x", 1, good.encode()).WantStatus(t, http.StatusNotFound)
		if q := quote(t, admin, "GET", quotePath(sent.ID, ""), nil, http.StatusOK); q.State != "sent" || q.Acceptance != nil {
			t.Fatalf("a refused acceptance changed the quote: %+v", q)
		}
	})
}
