// Package card is the payment of invoices by card through Stripe
// Checkout: a "Pay by card" button in the delivery room and a link in the
// invoice's e-mail (shown by internal/billing while this package is on)
// lead to the room's …/invoices/{number}/pay, which makes (or reuses while
// it is valid) one Checkout Session for the invoice and its outstanding
// amount and sends the brand to it; Stripe's checkout.session.completed
// event, posted to /api/stripe/webhook and checked against its signature,
// records the payment (method "card") once through billing, and the
// invoice and its deal move as for a payment by bank.
//
// Not Stripe Invoicing: the invoice and its number stay ugcfolio's, the
// session carries the invoice's id and number in its metadata. Its two
// tables (card_sessions, card_payments) are this package's.
package card

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/stripe/stripe-go/v82"

	"github.com/ugcfolio/ugcfolio/internal/apperr"
	"github.com/ugcfolio/ugcfolio/internal/billing"
	"github.com/ugcfolio/ugcfolio/internal/billing/document"
	"github.com/ugcfolio/ugcfolio/internal/httpx"
	"github.com/ugcfolio/ugcfolio/internal/rooms"
	"github.com/ugcfolio/ugcfolio/internal/store"
)

// Config is the Stripe account's (internal/config StripeConfig).
type Config struct {
	SecretKey     string // sk_…
	WebhookSecret string // whsec_…
	APIURL        string // "": Stripe's own API; stripe-mock or a fake in tests
	Vipps         bool   // offer Vipps on NOK invoices (Stripe's preview)
}

// Deps are what card payment needs.
type Deps struct {
	Config  Config
	Store   *store.Store
	Log     *slog.Logger
	Billing *billing.Service
	Rooms   *rooms.Service
	// SiteURL is the site's address (https://example.no): where Stripe
	// sends the brand back to, the room.
	SiteURL string
	// HTTPClient asks Stripe's API; nil: one with a 30 s timeout.
	HTTPClient *http.Client
	// Now is the real time: a session's expiry and the webhook's signature
	// tolerance are Stripe's, never the site's test clock. nil: time.Now.
	Now func() time.Time
}

// Service is card payment on one site.
type Service struct {
	cfg     Config
	st      *store.Store
	log     *slog.Logger
	billing *billing.Service
	rooms   *rooms.Service
	siteURL string
	stripe  *stripe.Client
	now     func() time.Time
}

// New turns card payment on: billing shows its button and link from now.
func New(d Deps) *Service {
	s := &Service{cfg: d.Config, st: d.Store, log: d.Log, billing: d.Billing, rooms: d.Rooms,
		siteURL: strings.TrimRight(d.SiteURL, "/"), now: d.Now}
	if s.now == nil {
		s.now = time.Now
	}
	hc := d.HTTPClient
	if hc == nil {
		hc = &http.Client{Timeout: 30 * time.Second}
	}
	bc := &stripe.BackendConfig{HTTPClient: hc, LeveledLogger: &stripe.LeveledLogger{Level: stripe.LevelNull},
		MaxNetworkRetries: stripe.Int64(2)}
	if d.Config.APIURL != "" {
		bc.URL = stripe.String(d.Config.APIURL)
	}
	s.stripe = stripe.NewClient(d.Config.SecretKey, stripe.WithBackends(stripe.NewBackendsWithConfig(bc)))
	d.Billing.OfferCard(true)
	return s
}

// Routes answers card payment's routes: the brand's in the room (the
// token is a key, so Redact) and Stripe's webhook. A nil Service (card
// payment off) has none.
func (s *Service) Routes() []httpx.Route {
	if s == nil {
		return nil
	}
	pay := s.rooms.Handle(s.pay)
	return []httpx.Route{
		// The room's button and the e-mail's link are links (GET: the page's
		// form-action 'self' would stop a form's redirect to Checkout); a
		// session is reused while valid, so a repeated GET makes no other.
		{Pattern: "GET /room/{token}/invoices/{number}/pay", Handler: pay, Redact: true},
		{Pattern: "POST /room/{token}/invoices/{number}/pay", Handler: pay, Redact: true},
		{Pattern: "POST /api/stripe/webhook", Handler: s.webhook},
	}
}

// Methods are the payment method types offered for a currency: card
// always; Klarna in the currencies Stripe's Klarna takes (all the
// invoices' currencies: NOK, SEK, DKK, EUR, USD, GBP); MobilePay in DKK,
// EUR, NOK and SEK; Vipps in NOK with vipps on.
func Methods(currency string, vipps bool) []string {
	c := strings.ToUpper(currency)
	out := []string{"card"}
	switch c {
	case "NOK", "SEK", "DKK", "EUR", "USD", "GBP":
		out = append(out, "klarna")
	}
	switch c {
	case "NOK", "SEK", "DKK", "EUR":
		out = append(out, "mobilepay")
	}
	if vipps && c == "NOK" {
		out = append(out, "vipps")
	}
	return out
}

// sessionLife is how long a new session stays open (Stripe takes 30
// minutes to 24 hours); a stored one is reused while it has reuseMargin left.
const (
	sessionLife = 23 * time.Hour
	reuseMargin = 10 * time.Minute
)

// Session answers the Checkout URL of an invoice's outstanding amount: a
// stored session of the same invoice, amount and currency while it is
// valid, else a new one, stored. roomURL is where the brand comes back to.
func (s *Service) Session(ctx context.Context, inv billing.Invoice, roomURL string) (string, error) {
	if !s.billing.CardPayable(inv) {
		return "", apperr.New(apperr.CodeConflict, "The invoice has nothing outstanding to pay by card")
	}
	now := s.now()
	var url string
	err := s.st.DB.QueryRowContext(ctx, s.q(`SELECT url FROM card_sessions WHERE invoice_id = ? AND amount = ? AND currency = ?
		AND expires_at > ? ORDER BY expires_at DESC LIMIT 1`), inv.ID, inv.Outstanding, inv.Currency, now.Add(reuseMargin).Unix()).Scan(&url)
	if err == nil {
		return url, nil
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return "", err
	}
	expires := now.Add(sessionLife).Unix()
	methods := Methods(inv.Currency, s.cfg.Vipps)
	sess, err := s.create(ctx, inv, roomURL, expires, methods)
	var se *stripe.Error
	if errors.As(err, &se) && se.Type == stripe.ErrorTypeInvalidRequest && len(methods) > 1 {
		// A method the account has not turned on is refused by name: card alone then.
		s.log.Warn("stripe: checkout session refused with "+strings.Join(methods, ", ")+"; trying card alone",
			"invoice", inv.ID, "error", se.Msg)
		sess, err = s.create(ctx, inv, roomURL, expires, []string{"card"})
	}
	if err != nil {
		return "", fmt.Errorf("stripe: creating the checkout session of invoice %d: %w", inv.ID, err)
	}
	if sess.URL == "" || sess.ID == "" {
		return "", fmt.Errorf("stripe: the checkout session of invoice %d came without its id or URL", inv.ID)
	}
	if _, err := s.st.DB.ExecContext(ctx, s.q(`INSERT INTO card_sessions (session_id, invoice_id, amount, currency, url, expires_at, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?)`), sess.ID, inv.ID, inv.Outstanding, inv.Currency, sess.URL, expires, now.UTC()); err != nil {
		return "", err
	}
	return sess.URL, nil
}

// create asks Stripe for a Checkout Session of one line: the invoice's
// outstanding amount in its currency.
func (s *Service) create(ctx context.Context, inv billing.Invoice, roomURL string, expires int64, methods []string) (*stripe.CheckoutSession, error) {
	name := itemName(inv)
	meta := map[string]string{"invoice_id": strconv.FormatInt(inv.ID, 10), "invoice_number": strconv.FormatInt(*inv.Number, 10)}
	p := &stripe.CheckoutSessionCreateParams{
		Mode:              stripe.String(string(stripe.CheckoutSessionModePayment)),
		ClientReferenceID: stripe.String(strconv.FormatInt(inv.ID, 10)),
		Metadata:          meta,
		LineItems: []*stripe.CheckoutSessionCreateLineItemParams{{
			Quantity: stripe.Int64(1),
			PriceData: &stripe.CheckoutSessionCreateLineItemPriceDataParams{
				Currency:    stripe.String(strings.ToLower(inv.Currency)),
				UnitAmount:  stripe.Int64(inv.Outstanding),
				ProductData: &stripe.CheckoutSessionCreateLineItemPriceDataProductDataParams{Name: stripe.String(name)},
			},
		}},
		PaymentIntentData:  &stripe.CheckoutSessionCreatePaymentIntentDataParams{Description: stripe.String(name), Metadata: meta},
		PaymentMethodTypes: stripe.StringSlice(methods),
		SuccessURL:         stripe.String(roomURL + "?paid=card#invoices"),
		CancelURL:          stripe.String(roomURL + "#invoices"),
		ExpiresAt:          stripe.Int64(expires),
		Locale:             stripe.String(map[bool]string{true: "en", false: "nb"}[inv.Language == "en"]),
	}
	if inv.Buyer.Email != "" {
		p.CustomerEmail = stripe.String(inv.Buyer.Email)
	}
	p.Context = ctx
	return s.stripe.V1CheckoutSessions.Create(ctx, p)
}

// itemName is what Checkout and the card statement's description call the
// invoice: "Faktura 1001" / "Invoice 1001".
func itemName(inv billing.Invoice) string {
	n := strconv.FormatInt(*inv.Number, 10)
	en := inv.Language == "en"
	if inv.Kind == string(document.KindDeposit) {
		if en {
			return "Deposit request " + n
		}
		return "Forskuddsfaktura " + n
	}
	if en {
		return "Invoice " + n
	}
	return "Faktura " + n
}

// pay answers the room's …/invoices/{number}/pay: to Checkout (303) for an
// invoice with money outstanding, back to the room for one settled, the
// room's 404 for another deal's or none.
func (s *Service) pay(w http.ResponseWriter, r *http.Request, v rooms.Visit) error {
	number, err := strconv.ParseInt(r.PathValue("number"), 10, 64)
	if err != nil || number <= 0 {
		return rooms.NotFoundPage(w)
	}
	inv, err := s.billing.InvoiceInDeal(r.Context(), v.Deal.ID, number)
	if apperr.Is(err, apperr.CodeNotFound) {
		return rooms.NotFoundPage(w)
	}
	if err != nil {
		return err
	}
	if !s.billing.CardPayable(inv) {
		http.Redirect(w, r, v.Base+"#invoices", http.StatusSeeOther)
		return nil
	}
	url, err := s.Session(r.Context(), inv, s.siteURL+v.Base)
	if err != nil {
		s.log.Error("stripe: no checkout session", "invoice", inv.ID, "error", err)
		en := v.Deal.Language == "en"
		title, body := "Kortbetaling er ikke tilgjengelig akkurat nå", "Prøv igjen om litt, eller betal med bankoverføring som beskrevet på fakturaen."
		if en {
			title, body = "Card payment is not available right now", "Please try again in a little while, or pay by bank transfer as the invoice describes."
		}
		return s.rooms.RenderPage(w, http.StatusBadGateway, v, title, htmlParagraph(body))
	}
	http.Redirect(w, r, url, http.StatusSeeOther)
	return nil
}

// q rewrites ? placeholders for the store's dialect.
func (s *Service) q(query string) string { return s.st.Rebind(query) }
