package card

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"html/template"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/stripe/stripe-go/v82"
	"github.com/stripe/stripe-go/v82/webhook"

	"github.com/ugcfolio/ugcfolio/internal/apperr"
	"github.com/ugcfolio/ugcfolio/internal/billing"
	"github.com/ugcfolio/ugcfolio/internal/deals"
	"github.com/ugcfolio/ugcfolio/internal/httpx"
)

// Stripe's events, posted to POST /api/stripe/webhook. Each is checked
// against its Stripe-Signature (HMAC-SHA256 under the webhook secret, its
// timestamp at most Tolerance old: a replayed old event is refused). A
// paid Checkout Session is recorded as a payment of its invoice once: its
// row in card_payments (the session's id its primary key) is written in
// the payment's transaction, so Stripe resending the event, or sending it
// to two replicas at once, records nothing more. Refused (400, nothing
// recorded): a bad or old signature, a session not made here, an invoice
// that is not the session's, an amount or currency not the session's, an
// amount more than is outstanding.

// Tolerance is how old an event's signature may be (Stripe's default).
const Tolerance = 5 * time.Minute

// maxEvent is the largest event body read (Stripe's are a few kB).
const maxEvent = 256 << 10

// stripeActor is who a card payment is recorded by in the deal's history.
var stripeActor = deals.Actor{Name: "Stripe"}

var errBadSignature = apperr.Invalid("Stripe-Signature does not verify: the event is refused")

func (s *Service) webhook(w http.ResponseWriter, r *http.Request) error {
	body, err := io.ReadAll(io.LimitReader(r.Body, maxEvent+1))
	if err != nil {
		return apperr.Invalid("the event's body could not be read")
	}
	if len(body) > maxEvent {
		return apperr.New(apperr.CodeTooLarge, "the event is larger than %d bytes", maxEvent)
	}
	ev, err := s.verify(body, r.Header.Get("Stripe-Signature"))
	if err != nil {
		s.log.Warn("stripe: webhook refused", "error", err)
		return errBadSignature
	}
	switch ev.Type {
	case stripe.EventTypeCheckoutSessionCompleted, stripe.EventTypeCheckoutSessionAsyncPaymentSucceeded:
	default:
		return httpx.WriteJSON(w, http.StatusOK, map[string]string{"result": "ignored"})
	}
	var sess stripe.CheckoutSession
	if err := json.Unmarshal(ev.Data.Raw, &sess); err != nil {
		return apperr.Invalid("the event's checkout session could not be read")
	}
	if ev.Type == stripe.EventTypeCheckoutSessionCompleted && sess.PaymentStatus != stripe.CheckoutSessionPaymentStatusPaid {
		// Paid later (a delayed method): checkout.session.async_payment_succeeded records it.
		return httpx.WriteJSON(w, http.StatusOK, map[string]string{"result": "not paid yet"})
	}
	result, err := s.Record(r.Context(), ev.ID, sess)
	if err != nil {
		if apperr.Is(err, apperr.CodeInvalid) {
			s.log.Error("stripe: a paid checkout session was refused: look at it in Stripe (refund it, or record the payment by hand)",
				"event", ev.ID, "session", sess.ID, "error", err)
		}
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, map[string]string{"result": result})
}

// verify checks an event's signature and age and reads it.
func (s *Service) verify(body []byte, header string) (stripe.Event, error) {
	if header == "" {
		return stripe.Event{}, webhook.ErrNotSigned
	}
	// The event's API version is the webhook endpoint's: only the fields
	// read here are needed, so another version than the library's is read.
	return webhook.ConstructEventWithOptions(body, header, s.cfg.WebhookSecret,
		webhook.ConstructEventOptions{Tolerance: Tolerance, IgnoreAPIVersionMismatch: true})
}

// Results of Record.
const (
	Recorded  = "recorded"
	Duplicate = "already recorded"
)

var errAlreadyRecorded = errors.New("the session is recorded already")

// Record records a paid Checkout Session as a payment of its invoice, once
// (Duplicate when it was); a 400 names why it is refused.
func (s *Service) Record(ctx context.Context, eventID string, sess stripe.CheckoutSession) (string, error) {
	if done, err := s.recorded(ctx, sess.ID); err != nil || done {
		return Duplicate, err
	}
	invoiceID, err := strconv.ParseInt(sess.Metadata["invoice_id"], 10, 64)
	if err != nil || invoiceID <= 0 {
		return "", apperr.Invalid("the checkout session %s names no invoice (metadata invoice_id)", sess.ID)
	}
	var made struct {
		invoiceID, amount int64
		currency          string
	}
	err = s.st.DB.QueryRowContext(ctx, s.q(`SELECT invoice_id, amount, currency FROM card_sessions WHERE session_id = ?`), sess.ID).
		Scan(&made.invoiceID, &made.amount, &made.currency)
	if errors.Is(err, sql.ErrNoRows) {
		return "", apperr.Invalid("the checkout session %s was not made here", sess.ID)
	}
	if err != nil {
		return "", err
	}
	switch {
	case made.invoiceID != invoiceID:
		return "", apperr.Invalid("the checkout session %s was made for invoice id %d, not %d", sess.ID, made.invoiceID, invoiceID)
	case sess.AmountTotal != made.amount || !strings.EqualFold(string(sess.Currency), made.currency):
		return "", apperr.Invalid("the checkout session %s paid %d %s, not the %d %s it was made for",
			sess.ID, sess.AmountTotal, strings.ToUpper(string(sess.Currency)), made.amount, made.currency)
	}
	in := billing.PaymentInput{Amount: made.amount, PaidOn: s.billing.Today(), Method: "card"}
	_, err = s.billing.AddPaymentChecked(ctx, stripeActor, invoiceID, in, func(ctx context.Context, tx *sql.Tx, inv billing.Invoice) error {
		var one int
		err := tx.QueryRowContext(ctx, s.q(`SELECT 1 FROM card_payments WHERE session_id = ?`), sess.ID).Scan(&one)
		if err == nil {
			return errAlreadyRecorded
		}
		if !errors.Is(err, sql.ErrNoRows) {
			return err
		}
		_, err = tx.ExecContext(ctx, s.q(`INSERT INTO card_payments (session_id, event_id, invoice_id, amount, created_at)
			VALUES (?, ?, ?, ?, ?)`), sess.ID, eventID, invoiceID, made.amount, s.now().UTC())
		return err
	})
	if err == nil {
		s.log.Info("stripe: card payment recorded", "invoice", invoiceID, "amount", made.amount, "currency", made.currency, "session", sess.ID)
		return Recorded, nil
	}
	// Another delivery of the same event got there first (its payment
	// may have left nothing outstanding, which billing answers first).
	if done, rerr := s.recorded(ctx, sess.ID); rerr == nil && done {
		return Duplicate, nil
	}
	switch {
	case apperr.Is(err, apperr.CodeNotFound):
		return "", apperr.Invalid("the checkout session %s names invoice id %d, which does not exist", sess.ID, invoiceID)
	case apperr.Is(err, apperr.CodeConflict), apperr.Is(err, apperr.CodeInvalid):
		return "", apperr.Invalid("the payment of checkout session %s is refused: %v", sess.ID, err)
	}
	return "", fmt.Errorf("stripe: recording checkout session %s: %w", sess.ID, err)
}

// recorded reports whether a session's payment is recorded.
func (s *Service) recorded(ctx context.Context, sessionID string) (bool, error) {
	var one int
	err := s.st.DB.QueryRowContext(ctx, s.q(`SELECT 1 FROM card_payments WHERE session_id = ?`), sessionID).Scan(&one)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	}
	return err == nil, err
}

// htmlParagraph is a text as one paragraph of a room page.
func htmlParagraph(text string) template.HTML {
	return template.HTML("<p>" + template.HTMLEscapeString(text) + "</p>") // #nosec: escaped
}
