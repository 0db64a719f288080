package card_test

import (
	"bufio"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stripe/stripe-go/v82/webhook"

	"github.com/ugcfolio/ugcfolio/internal/billing/card"
	"github.com/ugcfolio/ugcfolio/internal/config"
	"github.com/ugcfolio/ugcfolio/internal/sitetest"
)

// stripeMock is the address of the one stripe-mock the package's tests
// share (make tools installs it into .tools/): Stripe's own API
// description checks every request's shape, and it answers with fixtures.
var stripeMock string

func TestMain(m *testing.M) {
	bin := filepath.Join("..", "..", "..", ".tools", "stripe-mock")
	if p := os.Getenv("STRIPE_MOCK"); p != "" {
		bin = p
	}
	cmd := exec.Command(bin, "-http-addr", "127.0.0.1:0", "-https-addr", "127.0.0.1:0")
	out, err := cmd.StdoutPipe()
	cmd.Stderr = cmd.Stdout
	if err == nil {
		err = cmd.Start()
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "stripe-mock (make tools installs it into .tools/): %v\n", err)
		os.Exit(1)
	}
	addr := regexp.MustCompile(`Listening for HTTP at address: (\S+)`)
	found := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			if m := addr.FindStringSubmatch(sc.Text()); m != nil {
				select {
				case found <- m[1]:
				default:
				}
			}
		}
	}()
	select {
	case a := <-found:
		stripeMock = "http://" + a
	case <-time.After(60 * time.Second):
		fmt.Fprintln(os.Stderr, "stripe-mock did not start listening")
		cmd.Process.Kill()
		os.Exit(1)
	}
	code := m.Run()
	cmd.Process.Kill()
	cmd.Wait()
	os.Exit(code)
}

const webhookSecret = "whsec_test_ugcfolio"

// withStripe turns card payment on against stripe-mock.
func withStripe(vipps bool) sitetest.Options {
	return sitetest.Options{Config: func(c *config.Config) {
		c.Stripe = config.StripeConfig{SecretKey: "sk_test_123", WebhookSecret: webhookSecret, APIURL: stripeMock, Vipps: vipps}
	}}
}

var profile = map[string]any{
	"legalName": "Kari Nordmann Film", "orgNumber": "988 077 917", "vatRegistered": true,
	"address": map[string]string{"street": "Storgata 1", "postalCode": "0155", "city": "Oslo", "country": "no"},
	"email":   "kari@example.no", "accountNumber": "8601.11.17947", "paymentTermsDays": 14,
	"invoiceLanguage": "no", "firstInvoiceNumber": 1001,
}

type invoiceJSON struct {
	ID          int64
	Number      *int64
	State       string
	Outstanding int64
	Payments    []struct {
		Amount int64
		Method string
	}
}

// issuedInvoice makes a deal of 6 300 kr (7 875,00 with VAT), issues its
// invoice and opens its room: the invoice, the deal and the room's path.
func issuedInvoice(t *testing.T, e *sitetest.Site, admin *sitetest.Client, currency string) (invoiceJSON, int64, string) {
	t.Helper()
	admin.Do("PUT", "/api/admin/billing", profile).WantStatus(t, http.StatusOK)
	var d struct{ ID int64 }
	admin.Do("POST", "/api/admin/deals", map[string]any{"brand": "Fjellkaffe", "contactEmail": "marked@fjellkaffe.no",
		"package": "Instagram-pakke", "price": 6300, "currency": currency, "deliverableCount": 3, "deliverableSeconds": 30,
		"dueDate": "2026-03-12", "stage": "booked"}).WantStatus(t, http.StatusCreated).JSON(t, &d)
	var inv invoiceJSON
	admin.Do("POST", fmt.Sprintf("/api/admin/deals/%d/invoices", d.ID), nil).WantStatus(t, http.StatusCreated).JSON(t, &inv)
	admin.Do("PATCH", fmt.Sprintf("/api/admin/invoices/%d", inv.ID), map[string]any{"buyer": map[string]any{"orgNumber": "123456785"}}).
		WantStatus(t, http.StatusOK)
	body := map[string]any{}
	if currency != "NOK" {
		body["exchangeRate"] = "11.5"
	}
	admin.Do("POST", fmt.Sprintf("/api/admin/invoices/%d/issue", inv.ID), body).WantStatus(t, http.StatusOK).JSON(t, &inv)
	var rm struct{ URL string }
	admin.Do("POST", fmt.Sprintf("/api/admin/deals/%d/room", d.ID), map[string]any{}).WantStatus(t, http.StatusCreated).JSON(t, &rm)
	return inv, d.ID, rm.URL[strings.Index(rm.URL, "/room/"):]
}

func count(t *testing.T, e *sitetest.Site, query string, args ...any) int {
	t.Helper()
	var n int
	if err := e.Store.DB.QueryRow(e.Store.Rebind(query), args...).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// sentText is the text of the invoice's e-mail, sent from its page.
func sentText(t *testing.T, e *sitetest.Site, admin *sitetest.Client, id int64) string {
	t.Helper()
	admin.Do("POST", fmt.Sprintf("/api/admin/invoices/%d/send", id), nil).WantStatus(t, http.StatusAccepted)
	msgs := e.SMTP.WaitFor(t, 1, 10*time.Second)
	return msgs[len(msgs)-1].Text
}

// Without the keys nothing of Stripe shows: no button, no link, no route.
func TestOffWithoutKeys(t *testing.T) {
	t.Parallel()
	sitetest.Each(t, sitetest.Options{Mail: true}, func(t *testing.T, e *sitetest.Site) {
		admin := e.SignedInAdmin(t)
		inv, _, room := issuedInvoice(t, e, admin, "NOK")
		if text := sentText(t, e, admin, inv.ID); strings.Contains(text, "kort") || strings.Contains(text, "/pay") {
			t.Errorf("the e-mail offers card payment without Stripe's keys:\n%s", text)
		}
		brand := e.Client()
		page := brand.Do("GET", room, nil).WantStatus(t, http.StatusOK).Body
		if strings.Contains(page, "Betal med kort") || strings.Contains(page, "/pay") {
			t.Errorf("the room offers card payment without Stripe's keys:\n%s", page)
		}
		brand.Do("POST", room+"/invoices/1001/pay", nil).WantStatus(t, http.StatusNotFound)
		brand.Do("POST", "/api/stripe/webhook", "{}").WantStatus(t, http.StatusNotFound)
	})
}

// The invoice's e-mail carries the link, in its language, which opens
// Checkout through the room.
func TestMailLink(t *testing.T) {
	t.Parallel()
	o := withStripe(false)
	o.Mail = true
	sitetest.Each(t, o, func(t *testing.T, e *sitetest.Site) {
		admin := e.SignedInAdmin(t)
		inv, _, _ := issuedInvoice(t, e, admin, "NOK")
		text := sentText(t, e, admin, inv.ID)
		link := regexp.MustCompile(`Betal med kort: (\S+)`).FindStringSubmatch(text)
		if link == nil || !strings.HasPrefix(link[1], e.URL+"/room/") || !strings.HasSuffix(link[1], "/invoices/1001/pay") {
			t.Fatalf("the e-mail has no card link:\n%s", text)
		}
		loc := e.Client().NoRedirects().Do("GET", strings.TrimPrefix(link[1], e.URL), nil).WantStatus(t, http.StatusSeeOther).Header.Get("Location")
		if !strings.HasPrefix(loc, "https://checkout.stripe.com/") {
			t.Errorf("the e-mail's link sends to %q", loc)
		}
	})
}

// The room's button makes one Checkout Session (its shape checked by
// stripe-mock against Stripe's API description) and reuses it while it is
// valid; a settled invoice has no button.
func TestPayByCardMakesOneSession(t *testing.T) {
	t.Parallel()
	sitetest.Each(t, withStripe(false), func(t *testing.T, e *sitetest.Site) {
		admin := e.SignedInAdmin(t)
		inv, _, room := issuedInvoice(t, e, admin, "NOK")
		brand := e.Client().NoRedirects()
		page := brand.Do("GET", room, nil).WantStatus(t, http.StatusOK).Body
		if !strings.Contains(page, `href="`+room+`/invoices/1001/pay"`) || !strings.Contains(page, "Betal med kort") {
			t.Fatalf("the room has no card button:\n%s", page)
		}
		first := brand.Do("POST", room+"/invoices/1001/pay", nil).WantStatus(t, http.StatusSeeOther).Header.Get("Location")
		if !strings.HasPrefix(first, "https://checkout.stripe.com/") {
			t.Fatalf("sent to %q, want stripe-mock's checkout URL", first)
		}
		again := brand.Do("GET", room+"/invoices/1001/pay", nil).WantStatus(t, http.StatusSeeOther).Header.Get("Location")
		if again != first {
			t.Errorf("second visit sent to %q, want the same session's %q", again, first)
		}
		if n := count(t, e, `SELECT COUNT(*) FROM card_sessions WHERE invoice_id = ? AND amount = 787500 AND currency = 'NOK'`, inv.ID); n != 1 {
			t.Errorf("%d sessions stored for the invoice's 7 875,00 NOK, want 1", n)
		}
		// Another number, another deal's: the room's 404.
		brand.Do("POST", room+"/invoices/1002/pay", nil).WantStatus(t, http.StatusNotFound)
		brand.Do("POST", room+"/invoices/x/pay", nil).WantStatus(t, http.StatusNotFound)
		// Paid by bank: no button, and the link leads back to the room.
		admin.Do("POST", fmt.Sprintf("/api/admin/invoices/%d/payments", inv.ID), map[string]any{"amount": 787500, "paidOn": "2026-03-13"}).
			WantStatus(t, http.StatusCreated)
		page = brand.Do("GET", room, nil).WantStatus(t, http.StatusOK).Body
		if strings.Contains(page, "Betal med kort") {
			t.Errorf("a paid invoice still offers card payment")
		}
		if loc := brand.Do("POST", room+"/invoices/1001/pay", nil).WantStatus(t, http.StatusSeeOther).Header.Get("Location"); loc != room+"#invoices" {
			t.Errorf("a paid invoice's pay link sends to %q", loc)
		}
	})
}

// The methods offered follow the currency; Vipps only with its setting,
// and stripe-mock, whose API description predates Vipps, refuses it: the
// session is then made for card alone.
func TestMethods(t *testing.T) {
	t.Parallel()
	cases := []struct {
		currency string
		vipps    bool
		want     string
	}{
		{"NOK", false, "card klarna mobilepay"}, {"NOK", true, "card klarna mobilepay vipps"}, {"DKK", true, "card klarna mobilepay"},
		{"EUR", false, "card klarna mobilepay"}, {"SEK", false, "card klarna mobilepay"}, {"USD", true, "card klarna"}, {"GBP", false, "card klarna"},
	}
	for _, c := range cases {
		if got := strings.Join(card.Methods(c.currency, c.vipps), " "); got != c.want {
			t.Errorf("Methods(%s, vipps %v) = %s, want %s", c.currency, c.vipps, got, c.want)
		}
	}
	sitetest.Each(t, withStripe(true), func(t *testing.T, e *sitetest.Site) {
		admin := e.SignedInAdmin(t)
		_, _, room := issuedInvoice(t, e, admin, "NOK")
		loc := e.Client().NoRedirects().Do("POST", room+"/invoices/1001/pay", nil).WantStatus(t, http.StatusSeeOther).Header.Get("Location")
		if !strings.HasPrefix(loc, "https://checkout.stripe.com/") {
			t.Errorf("with Vipps on, sent to %q", loc)
		}
	})
}

// event is a checkout.session.completed of a session.
func event(id, session string, invoiceID, amount int64, currency string) []byte {
	b, _ := json.Marshal(map[string]any{"id": id, "object": "event", "type": "checkout.session.completed", "api_version": "2025-01-27.acacia",
		"created": time.Now().Unix(), "data": map[string]any{"object": map[string]any{"id": session, "object": "checkout.session",
			"amount_total": amount, "currency": currency, "payment_status": "paid", "status": "complete",
			"metadata": map[string]string{"invoice_id": fmt.Sprint(invoiceID), "invoice_number": "1001"}}}})
	return b
}

// post sends an event signed with secret at time at.
func post(c *sitetest.Client, payload []byte, secret string, at time.Time) sitetest.Response {
	signed := webhook.GenerateTestSignedPayload(&webhook.UnsignedPayload{Payload: payload, Secret: secret, Timestamp: at})
	return c.Do("POST", "/api/stripe/webhook", string(payload), "Stripe-Signature", signed.Header, "Content-Type", "application/json")
}

// A paid session's event records the payment once, however often and
// however concurrently it comes; a wrong signature, a session not made
// here, an unknown invoice, a wrong amount or currency and a replayed old
// event are refused with nothing recorded.
func TestWebhookRecordsOnce(t *testing.T) {
	t.Parallel()
	sitetest.Each(t, withStripe(false), func(t *testing.T, e *sitetest.Site) {
		admin := e.SignedInAdmin(t)
		inv, deal, room := issuedInvoice(t, e, admin, "NOK")
		e.Client().NoRedirects().Do("POST", room+"/invoices/1001/pay", nil).WantStatus(t, http.StatusSeeOther)
		var session string
		if err := e.Store.DB.QueryRow(e.Store.Rebind(`SELECT session_id FROM card_sessions WHERE invoice_id = ?`), inv.ID).Scan(&session); err != nil {
			t.Fatal(err)
		}
		stripe := e.Client()
		now := time.Now()
		good := event("evt_paid", session, inv.ID, 787500, "nok")
		refused := []struct {
			name string
			resp sitetest.Response
			want string
		}{
			{"wrong signature", post(stripe, good, "whsec_someone_else", now), "Stripe-Signature does not verify"},
			{"unsigned", stripe.Do("POST", "/api/stripe/webhook", string(good)), "Stripe-Signature does not verify"},
			{"tampered", post(stripe, good[:len(good)-1], webhookSecret, now), "Stripe-Signature does not verify"},
			{"replayed old event", post(stripe, good, webhookSecret, now.Add(-card.Tolerance-time.Minute)), "Stripe-Signature does not verify"},
			{"session not made here", post(stripe, event("evt_x", "cs_test_elsewhere", inv.ID, 787500, "nok"), webhookSecret, now), "was not made here"},
			{"unknown invoice", post(stripe, event("evt_u", session, 999999, 787500, "nok"), webhookSecret, now), "not 999999"},
			{"no invoice", post(stripe, event("evt_n", session, 0, 787500, "nok"), webhookSecret, now), "names no invoice"},
			{"wrong amount", post(stripe, event("evt_a", session, inv.ID, 700000, "nok"), webhookSecret, now), "paid 700000 NOK, not the 787500 NOK"},
			{"wrong currency", post(stripe, event("evt_c", session, inv.ID, 787500, "eur"), webhookSecret, now), "paid 787500 EUR"},
		}
		for _, r := range refused {
			if r.resp.Status != http.StatusBadRequest || !strings.Contains(r.resp.Body, r.want) {
				t.Errorf("%s: %d %s, want 400 saying %q", r.name, r.resp.Status, r.resp.Body, r.want)
			}
		}
		if n := count(t, e, `SELECT COUNT(*) FROM invoice_payments`) + count(t, e, `SELECT COUNT(*) FROM card_payments`); n != 0 {
			t.Fatalf("refused events recorded %d rows", n)
		}

		// Five deliveries of the paid event at once: one payment.
		var wg sync.WaitGroup
		results := make([]sitetest.Response, 5)
		for i := range results {
			wg.Add(1)
			go func() {
				defer wg.Done()
				results[i] = post(e.Client(), good, webhookSecret, time.Now())
			}()
		}
		wg.Wait()
		recorded := 0
		for _, r := range results {
			if r.Status != http.StatusOK {
				t.Errorf("a delivery answered %d %s", r.Status, r.Body)
			}
			if strings.Contains(r.Body, `"recorded"`) {
				recorded++
			}
		}
		if recorded != 1 {
			t.Errorf("%d deliveries recorded the payment, want 1", recorded)
		}
		// And once more later, as Stripe resends.
		if r := post(stripe, good, webhookSecret, time.Now()); r.Status != http.StatusOK || !strings.Contains(r.Body, "already recorded") {
			t.Errorf("a resent event answered %d %s", r.Status, r.Body)
		}
		var after invoiceJSON
		admin.Do("GET", fmt.Sprintf("/api/admin/invoices/%d", inv.ID), nil).WantStatus(t, http.StatusOK).JSON(t, &after)
		if after.State != "paid" || after.Outstanding != 0 || len(after.Payments) != 1 || after.Payments[0].Method != "card" || after.Payments[0].Amount != 787500 {
			t.Errorf("after the webhook the invoice is %+v", after)
		}
		if n := count(t, e, `SELECT COUNT(*) FROM card_payments WHERE session_id = ? AND event_id = 'evt_paid'`, session); n != 1 {
			t.Errorf("%d card_payments rows, want 1", n)
		}
		var d struct{ Stage string }
		admin.Do("GET", fmt.Sprintf("/api/admin/deals/%d", deal), nil).WantStatus(t, http.StatusOK).JSON(t, &d)
		if d.Stage != "paid" {
			t.Errorf("the deal is %s, want paid", d.Stage)
		}
		page := e.Client().Do("GET", room, nil).WantStatus(t, http.StatusOK).Body
		if !strings.Contains(page, "Betalt") || strings.Contains(page, "Betal med kort") {
			t.Errorf("the room does not show the invoice paid:\n%s", page)
		}
		// Events of other kinds are taken and ignored.
		other, _ := json.Marshal(map[string]any{"id": "evt_o", "object": "event", "type": "payment_intent.created", "data": map[string]any{"object": map[string]any{}}})
		if r := post(stripe, other, webhookSecret, time.Now()); r.Status != http.StatusOK || !strings.Contains(r.Body, "ignored") {
			t.Errorf("another event answered %d %s", r.Status, r.Body)
		}
	})
}
