package quotes_test

import (
	"context"
	"fmt"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"
)

// The whole way of a quote: a draft prefilled from the deal, changed,
// sent into the room, shown there in full, refused with a stale hash,
// accepted with the right one — the deal booked, the record kept, both
// sides e-mailed — and then never changed again.
func TestQuoteFromDraftToAccepted(t *testing.T) {
	t.Parallel()
	eachSite(t, func(t *testing.T, e *quotesSite) {
		admin := e.SignedInAdmin(t)
		// A seller not VAT-registered: her quotes start without VAT.
		admin.Do("PUT", "/api/admin/billing", map[string]any{"vatRegistered": false}).WantStatus(t, http.StatusOK)
		unregistered := newDeal(t, admin, map[string]any{"brand": "Havsalt", "price": 1000, "currency": "NOK"})
		if q := quote(t, admin, "POST", fmt.Sprintf("/api/admin/deals/%d/quotes", unregistered), nil, http.StatusCreated); q.VATMode != "none" || q.Lines[0].VATRate != 0 {
			t.Fatalf("an unregistered seller's quote: %+v", q)
		}
		admin.Do("PUT", "/api/admin/billing", map[string]any{"vatRegistered": true, "legalName": "Kari Nordmann Film",
			"orgNumber": "988077917"}).WantStatus(t, http.StatusOK)
		id := newDeal(t, admin, map[string]any{"brand": "Fjellkaffe AS", "contactName": "Ola", "contactEmail": "ola@fjellkaffe.no",
			"language": "en", "package": "Starter", "price": 6300, "currency": "NOK", "deliverableCount": 3,
			"deliverableSeconds": 30, "stage": "negotiating"})

		// The draft, from the deal: its videos at its price, in øre.
		draft := quote(t, admin, "POST", fmt.Sprintf("/api/admin/deals/%d/quotes", id), nil, http.StatusCreated)
		want := lineJSON{Kind: "item", Description: "UGC video (Starter), 9:16, 30 s", Quantity: 3, UnitPrice: 210000, VATRate: 25, Net: 630000}
		if draft.State != "draft" || draft.Number != 1 || draft.Currency != "NOK" || draft.Language != "en" || draft.VATMode != "domestic" ||
			len(draft.Lines) != 1 || draft.Lines[0] != want || draft.ValidUntil != "2026-04-01" || draft.PaymentTermsDays != 14 ||
			draft.Totals.Net != 630000 || draft.Totals.VAT != 157500 || draft.Totals.Gross != 787500 || draft.DocumentSHA256 != "" {
			t.Fatalf("draft %+v", draft)
		}

		// Changed: a usage right of its own, a deposit.
		lines := []map[string]any{
			{"kind": "item", "description": "UGC video, 9:16, 30 s", "quantity": 3, "unitPrice": 210000, "vatRate": 25},
			{"kind": "paid", "description": "", "quantity": 1, "unitPrice": 150000, "vatRate": 25, "months": 6, "territory": "Norway"},
		}
		draft = quote(t, admin, "PATCH", quotePath(draft.ID, ""), map[string]any{"lines": lines, "depositPercent": 30,
			"note": "Two rounds of changes included."}, http.StatusOK)
		if draft.Totals.Net != 780000 || draft.Totals.VAT != 195000 || draft.Totals.Gross != 975000 || draft.Totals.Deposit != 292500 ||
			len(draft.Lines) != 2 || draft.Lines[1].Months != 6 || draft.Lines[1].Net != 150000 || draft.PaymentTermsDays != 14 {
			t.Fatalf("changed draft %+v", draft)
		}

		// Sent only into a room the brand can open.
		admin.Do("POST", quotePath(draft.ID, "send"), nil).WantMessage(t, http.StatusConflict,
			"Make a link to the deal's delivery room first: the brand reads and accepts the quote there")
		room := openRoom(t, admin, id)
		sent := quote(t, admin, "POST", quotePath(draft.ID, "send"), nil, http.StatusOK)
		if sent.State != "sent" || sent.SentAt == nil || !sent.SentAt.Equal(monday) || len(sent.DocumentSHA256) != 64 {
			t.Fatalf("sent %+v", sent)
		}
		// Frozen: neither changed nor deleted, nor sent twice.
		admin.Do("PATCH", quotePath(sent.ID, ""), map[string]any{"depositPercent": 0}).WantMessage(t, http.StatusConflict,
			"Only a draft can be changed or deleted: this quote has been sent")
		admin.Do("DELETE", quotePath(sent.ID, ""), nil).WantStatus(t, http.StatusConflict)
		admin.Do("POST", quotePath(sent.ID, "send"), nil).WantStatus(t, http.StatusConflict)
		// The brand reads it from the e-mail first (a message still queued when the quote is
		// answered is dropped: it would ask for what is done).
		e.SMTP.WaitFor(t, 1, 10*time.Second)

		// The brand's room shows it in full, in English, with the form.
		brand := brandClient(e)
		page := brand.Do("GET", room, nil).WantStatus(t, http.StatusOK)
		wantContains(t, "the room", page.Body, "Quote 1", "From", "Kari Nordmann Film, org.nr. 988 077 917 MVA", "Fjellkaffe AS, Ola", "UGC video, 9:16, 30 s",
			"Usage rights: paid use (ads), 6 months, Norway", "NOK 7,800.00", "VAT 25 % of NOK 7,800.00", "NOK 1,950.00",
			"NOK 9,750.00", "Deposit 30 %", "NOK 2,925.00", "1 April 2026", "Two rounds of changes included.",
			"I accept this quote on behalf of the company", `name="confirm"`)
		if strings.Contains(page.Body, "<script") {
			t.Error("the room loads a script")
		}
		doc, shown := shownDocument(t, page.Body, 0)
		if m := shaField.FindStringSubmatch(page.Body); m == nil || m[1] != sent.DocumentSHA256 || shown != sent.DocumentSHA256 {
			t.Fatalf("the form's hash %v, the shown document's %s, the stored %s", m, shown, sent.DocumentSHA256)
		}

		// A form shown with another document: refused, nothing recorded.
		stale := acceptForm{name: "Kari Nordmann", title: "Marketing lead", company: "Fjellkaffe AS", confirm: true,
			sha256: strings.Repeat("0", 64)}
		r := accept(e, brand, room, 1, stale.encode()).WantStatus(t, http.StatusConflict)
		wantContains(t, "the refusal", r.Body, "The quote changed after the page was loaded: reload the page and read it again.",
			`value="Kari Nordmann"`, `value="Marketing lead"`)
		if d := getDeal(t, admin, id); d.Stage != "negotiating" {
			t.Fatalf("a refused acceptance moved the deal to %s", d.Stage)
		}

		// Accepted with the hash of what was shown.
		e.clock.Advance(90 * time.Minute)
		good := stale
		good.sha256 = shown
		r = accept(e, brand, room, 1, good.encode()).WantStatus(t, http.StatusSeeOther)
		if loc := r.Header.Get("Location"); loc != room+"?quote=1&accepted=1#quote-1" {
			t.Fatalf("redirect %q", loc)
		}
		page = brand.Do("GET", r.Header.Get("Location"), nil).WantStatus(t, http.StatusOK)
		wantContains(t, "the room after accepting", page.Body, "Thank you! The quote is accepted.",
			"Accepted 2 March 2026 at 11:30 by Kari Nordmann, Marketing lead, Fjellkaffe AS.", doc)
		if strings.Contains(page.Body, `name="confirm"`) {
			t.Error("an accepted quote still has its form")
		}

		// The acceptance waits for the creator on the Overview until she opens the deal.
		if got := answeredDeals(t, admin); len(got) != 1 || got[0] != id {
			t.Fatalf("answered by the brand: %v, want the deal %d", got, id)
		}
		got := quote(t, admin, "GET", quotePath(sent.ID, ""), nil, http.StatusOK)
		a := got.Acceptance
		if got.State != "accepted" || a == nil || a.Name != "Kari Nordmann" || a.Title != "Marketing lead" || a.Company != "Fjellkaffe AS" ||
			!a.At.Equal(monday.Add(90*time.Minute)) || a.ClientAddress != "127.0.0.1" || a.SHA256 != sent.DocumentSHA256 {
			t.Fatalf("accepted %+v %+v", got, a)
		}
		d := getDeal(t, admin, id)
		var booked, recorded bool
		for _, ev := range d.Events {
			booked = booked || (ev.FromStage == "negotiating" && ev.ToStage == "booked" && ev.Actor.Name == "Kari Nordmann (Fjellkaffe AS)")
			recorded = recorded || (ev.Kind == "quote" && ev.Detail == "quote 1 accepted by Kari Nordmann, Marketing lead, Fjellkaffe AS")
		}
		if d.Stage != "booked" || !booked || !recorded {
			t.Fatalf("deal %+v", d)
		}
		if got := answeredDeals(t, admin); len(got) != 0 {
			t.Errorf("answered after the deal was opened: %v", got)
		}

		// Kept as it is: a second acceptance, a withdrawal, a change, a deletion.
		accept(e, brand, room, 1, good.encode()).WantStatus(t, http.StatusConflict)
		msg := "An accepted quote cannot be changed, withdrawn or deleted: it is the record of the agreement"
		admin.Do("POST", quotePath(sent.ID, "withdraw"), nil).WantMessage(t, http.StatusConflict, msg)
		admin.Do("PATCH", quotePath(sent.ID, ""), map[string]any{"note": "x"}).WantMessage(t, http.StatusConflict, msg)
		admin.Do("DELETE", quotePath(sent.ID, ""), nil).WantMessage(t, http.StatusConflict, msg)
		// And the deal takes no second one.
		second := quote(t, admin, "POST", fmt.Sprintf("/api/admin/deals/%d/quotes", id), nil, http.StatusCreated)
		admin.Do("POST", quotePath(second.ID, "send"), nil).WantMessage(t, http.StatusConflict, "This deal already has an accepted quote")

		// What the invoices read: the accepted quote with its lines and deposit share.
		acc, err := e.Server.Quotes().Accepted(context.Background(), id)
		if err != nil || acc.ID != sent.ID || len(acc.Lines) != 2 || acc.DepositPercent != 30 || acc.Totals.Deposit != 292500 {
			t.Fatalf("Accepted: %+v, %v", acc, err)
		}

		// The deal's drafts start from what was accepted: the deposit request
		// asks its share of the quote's net, the invoice has its lines, the
		// usage right described as the brand read it.
		type draftJSON struct {
			Lines []struct {
				Description string
				Quantity    int64
				UnitPrice   int64
				VATRate     int
			}
		}
		var deposit, final draftJSON
		admin.Do("POST", fmt.Sprintf("/api/admin/deals/%d/invoices", id), map[string]any{"kind": "deposit"}).
			WantStatus(t, http.StatusCreated).JSON(t, &deposit)
		if len(deposit.Lines) != 1 || deposit.Lines[0].UnitPrice != 234000 || deposit.Lines[0].Description != "Deposit 30 % of the accepted quote" {
			t.Fatalf("deposit request from the quote: %+v", deposit)
		}
		admin.Do("POST", fmt.Sprintf("/api/admin/deals/%d/invoices", id), nil).WantStatus(t, http.StatusCreated).JSON(t, &final)
		if len(final.Lines) != 2 || final.Lines[0].Description != "UGC video, 9:16, 30 s" || final.Lines[0].Quantity != 3 ||
			final.Lines[0].UnitPrice != 210000 || final.Lines[1].Description != "Usage rights: paid use (ads), 6 months, Norway" ||
			final.Lines[1].UnitPrice != 150000 || final.Lines[1].VATRate != 25 {
			t.Fatalf("invoice from the quote: %+v", final)
		}

		// E-mail: the quote to the brand with a link to it, then the
		// accepted quote to both sides.
		mails := e.SMTP.WaitFor(t, 3, 10*time.Second)
		bySubject := map[string]int{}
		for i, m := range mails {
			bySubject[m.Subject()] = i
		}
		sentMail, ok := bySubject["Quote 1 – Fjellkaffe AS: for your acceptance"]
		if !ok || mails[sentMail].To[0] != "ola@fjellkaffe.no" {
			t.Fatalf("no quote to the brand: %v", bySubject)
		}
		link := regexp.MustCompile(`/room/[A-Za-z0-9_-]{32}/quotes/1`).FindString(mails[sentMail].Text)
		if link == "" || !strings.Contains(mails[sentMail].HTML, "NOK 9,750.00") {
			t.Fatalf("the brand's mail:\n%s", mails[sentMail].Text)
		}
		wantContains(t, "the quote's page", brand.Do("GET", link, nil).WantStatus(t, http.StatusOK).Body, doc, "Kari Nordmann")
		toCreator, ok1 := bySubject["Fjellkaffe AS godtok tilbud 1 (NOK 9,750.00)"]
		toBrand, ok2 := bySubject["Quote 1 – Fjellkaffe AS: accepted"]
		if !ok1 || !ok2 || mails[toCreator].To[0] != "creator@ugcfolio.no" || mails[toBrand].To[0] != "ola@fjellkaffe.no" {
			t.Fatalf("acceptance mails: %v", bySubject)
		}
		for _, i := range []int{toCreator, toBrand} {
			wantContains(t, "an acceptance mail", mails[i].Text, "Kari Nordmann, Marketing lead, Fjellkaffe AS", sent.DocumentSHA256, "NOK 9,750.00")
		}
		wantContains(t, "the creator's mail", mails[toCreator].Text, "30 % depositum (2 925,00 kr)", fmt.Sprintf("/admin/deals/%d", id))
	})
}

// An expired or withdrawn quote cannot be accepted, whatever the form
// says; a quote cannot be sent already past its last day.
func TestExpiredAndWithdrawnQuotesCannotBeAccepted(t *testing.T) {
	t.Parallel()
	eachSite(t, func(t *testing.T, e *quotesSite) {
		admin := e.SignedInAdmin(t)
		id := newDeal(t, admin, map[string]any{"brand": "Nordlys", "contactEmail": "post@nordlys.no", "price": 5000, "stage": "new"})
		room := openRoom(t, admin, id)

		expiring := sentQuote(t, admin, id, map[string]any{"validUntil": "2026-03-03"})
		withdrawn := sentQuote(t, admin, id, nil)
		withdrawn = quote(t, admin, "POST", quotePath(withdrawn.ID, "withdraw"), nil, http.StatusOK)
		if withdrawn.State != "withdrawn" || withdrawn.WithdrawnAt == nil {
			t.Fatalf("withdrawn %+v", withdrawn)
		}
		admin.Do("POST", quotePath(withdrawn.ID, "withdraw"), nil).WantMessage(t, http.StatusConflict, "This quote is withdrawn already")

		brand := brandClient(e)
		page := brand.Do("GET", room, nil).WantStatus(t, http.StatusOK).Body
		second := strings.Index(page, `id="quote-2"`)
		first := strings.Index(page, `id="quote-1"`)
		if second < 0 || first < second {
			t.Fatalf("the room lists the newest quote first:\n%s", page)
		}
		wantContains(t, "the withdrawn quote", page[second:first], "Tilbud 2 er trukket tilbake.")
		if strings.Contains(page[second:first], "quote-document") || strings.Contains(page[second:first], `name="confirm"`) {
			t.Error("a withdrawn quote is still shown with its form")
		}
		form := acceptForm{name: "Per", title: "CMO", company: "Nordlys AS", confirm: true, sha256: withdrawn.DocumentSHA256}
		r := accept(e, brand, room, 2, form.encode()).WantStatus(t, http.StatusConflict)
		wantContains(t, "the refusal", r.Body, "Tilbudet er trukket tilbake og kan ikke godtas.")

		// The day after its last day (Oslo), the first has expired.
		e.clock.Set(time.Date(2026, 3, 3, 22, 59, 0, 0, time.UTC)) // 23:59 in Oslo: still valid
		if q := quote(t, admin, "GET", quotePath(expiring.ID, ""), nil, http.StatusOK); q.State != "sent" {
			t.Fatalf("on its last day: %s", q.State)
		}
		e.clock.Set(time.Date(2026, 3, 3, 23, 0, 0, 0, time.UTC)) // midnight in Oslo
		if q := quote(t, admin, "GET", quotePath(expiring.ID, ""), nil, http.StatusOK); q.State != "expired" {
			t.Fatalf("the day after: %s", q.State)
		}
		page = brand.Do("GET", room, nil).WantStatus(t, http.StatusOK).Body
		wantContains(t, "the room", page, "Tilbudet gikk ut 03.03.2026 og kan ikke lenger godtas.")
		form.sha256 = expiring.DocumentSHA256
		r = accept(e, brand, room, 1, form.encode()).WantStatus(t, http.StatusConflict)
		wantContains(t, "the refusal", r.Body, "Tilbudet har gått ut og kan ikke lenger godtas.")

		var expired []quoteJSON
		admin.Do("GET", "/api/admin/quotes?state=expired", nil).WantStatus(t, http.StatusOK).JSON(t, &expired)
		if len(expired) != 1 || expired[0].ID != expiring.ID {
			t.Fatalf("expired quotes %+v", expired)
		}
		if d := getDeal(t, admin, id); d.Stage != "new" {
			t.Fatalf("deal moved to %s", d.Stage)
		}

		// A draft past its last day is not sent.
		old := quote(t, admin, "POST", fmt.Sprintf("/api/admin/deals/%d/quotes", id), nil, http.StatusCreated)
		e.clock.Set(time.Date(2026, 6, 1, 9, 0, 0, 0, time.UTC))
		admin.Do("POST", quotePath(old.ID, "send"), nil).WantMessage(t, http.StatusBadRequest, "Valid until must be today or later")

		// A draft is never the brand's to see or accept.
		brand.Do("GET", fmt.Sprintf("%s/quotes/%d", room, old.Number), nil).WantStatus(t, http.StatusNotFound)
		accept(e, brand, room, old.Number, form.encode()).WantStatus(t, http.StatusNotFound)
		// Nor is anything with a wrong token.
		accept(e, brand, "/room/"+strings.Repeat("A", 32), 1, form.encode()).WantStatus(t, http.StatusNotFound)
	})
}
