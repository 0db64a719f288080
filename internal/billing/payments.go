package billing

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
	"strings"

	"github.com/ugcfolio/ugcfolio/internal/apperr"
	"github.com/ugcfolio/ugcfolio/internal/billing/document"
	"github.com/ugcfolio/ugcfolio/internal/deals"
	"github.com/ugcfolio/ugcfolio/internal/forms"
)

// What corrects and settles an issued invoice: credit notes and payments.
// Each checks against the invoice as it is inside its transaction, with
// the invoice's row locked, so two at once never credit or pay more than
// is left.

// CreditInput is POST …/credit-note: the lines to credit (none: the whole
// invoice) and why.
type CreditInput struct {
	Lines  []Line `json:"lines"`
	Reason string `json:"reason"`
}

// CreditNote issues a credit note against an issued invoice: whole, or
// the lines given, never more than is left to credit.
func (s *Service) CreditNote(ctx context.Context, actor deals.Actor, id int64, in CreditInput) (Invoice, error) {
	if err := checkReason(&in); err != nil {
		return Invoice{}, err
	}
	if err := s.ownSeries(ctx); err != nil {
		return Invoice{}, err
	}
	return s.issueCredit(ctx, actor, id, in, nil)
}

// issueCredit issues the credit note under the own series' next number,
// or ext's number (ext.Number 0: Prepare's check only, nothing stored).
func (s *Service) issueCredit(ctx context.Context, actor deals.Actor, id int64, in CreditInput, ext *External) (Invoice, error) {
	var noteID int64
	err := s.st.InTx(ctx, func(tx *sql.Tx) error {
		var number int64
		var err error
		if ext != nil {
			number = ext.Number
		} else if number, err = s.takeNumber(ctx, tx); err != nil {
			return err
		}
		orig, err := s.readInvoice(ctx, tx, id, true)
		if err != nil {
			return err
		}
		lines, err := creditLines(orig, in.Lines)
		if err != nil {
			return err
		}
		d := Draft{Currency: orig.Currency, Language: orig.Language, DeliveryDate: orig.DeliveryDate, VATMode: orig.VATMode,
			Buyer: orig.Buyer, Lines: lines, Note: in.Reason}
		if noteID, err = s.insertDraft(ctx, tx, orig.DealID, string(document.KindCreditNote), d, &orig.ID); err != nil {
			return err
		}
		note := Invoice{ID: noteID, DealID: orig.DealID, Kind: string(document.KindCreditNote), Currency: d.Currency,
			Language: d.Language, DeliveryDate: d.DeliveryDate, VATMode: d.VATMode, Buyer: d.Buyer, Lines: lines, Note: d.Note}
		if _, err := s.issue(ctx, tx, actor, note, number, 0, &orig, ext); err != nil {
			return err
		}
		return s.settle(ctx, tx, actor, orig.DealID)
	})
	if err != nil {
		return Invoice{}, err
	}
	return s.Get(ctx, noteID)
}

func checkReason(in *CreditInput) error {
	in.Reason = strings.TrimSpace(in.Reason)
	if in.Reason == "" {
		return apperr.Invalid("reason is required: the credit note says why it corrects the invoice")
	}
	return capText("reason", in.Reason, maxNote)
}

// creditLines answers what a credit note of orig credits: its lines when
// none are given (allowed only while nothing of it is credited), else the
// lines given, checked, whose gross must fit in what is left to credit.
func creditLines(orig Invoice, lines []Line) ([]Line, error) {
	switch {
	case orig.Number == nil:
		return nil, apperr.New(apperr.CodeConflict, "A draft is not credited: change it or delete it")
	case orig.Kind == string(document.KindCreditNote):
		return nil, apperr.New(apperr.CodeConflict, "A credit note cannot be credited")
	}
	left := orig.Totals.Gross - orig.Credited
	if left <= 0 {
		return nil, apperr.New(apperr.CodeConflict, "The invoice is credited in full already")
	}
	if len(lines) == 0 {
		if orig.Credited > 0 {
			return nil, apperr.New(apperr.CodeConflict, "The invoice is partly credited already: send the lines to credit")
		}
		return slices.Clone(orig.Lines), nil
	}
	lines, err := checkLines(lines, orig.VATMode)
	if err != nil {
		return nil, err
	}
	d := document.Document{VATMode: document.VATMode(orig.VATMode), Currency: "NOK", Lines: docLines(lines)}
	if err := d.Compute(); err != nil {
		return nil, apperr.Invalid("%v", err)
	}
	if d.Gross <= 0 {
		return nil, apperr.Invalid("lines must credit an amount: they add up to nothing")
	}
	if d.Gross > left {
		return nil, apperr.Invalid("lines credit %d, more than the %d left to credit of invoice %d", d.Gross, left, *orig.Number)
	}
	return lines, nil
}

// PaymentInput is POST …/payments.
type PaymentInput struct {
	Amount int64  `json:"amount"` // minor units, in the invoice's currency
	PaidOn string `json:"paidOn"` // YYYY-MM-DD
	Method string `json:"method"` // "bank" (default), "card", "cash" or "other"
}

// PaymentMethods are how a payment may have come.
var PaymentMethods = []string{"bank", "card", "cash", "other"}

// AddPayment records a payment of an issued invoice or deposit request:
// never more than is outstanding. A deal whose issued invoices are all
// settled by it moves to paid.
func (s *Service) AddPayment(ctx context.Context, actor deals.Actor, id int64, in PaymentInput) (Invoice, error) {
	return s.AddPaymentChecked(ctx, actor, id, in, nil)
}

// PaymentCheck runs inside a payment's transaction, with the invoice's
// row locked, before the payment is written: an error refuses the payment
// and rolls back what the check wrote (internal/billing/card's record of
// a paid Checkout Session lands with the payment, or not at all).
type PaymentCheck func(ctx context.Context, tx *sql.Tx, inv Invoice) error

// AddPaymentChecked is AddPayment with check run first inside its
// transaction (nil: none).
func (s *Service) AddPaymentChecked(ctx context.Context, actor deals.Actor, id int64, in PaymentInput, check PaymentCheck) (Invoice, error) {
	return s.recordPayment(ctx, actor, id, in, check, s.onPayment)
}

// recordPayment records the payment: check (nil: none) runs first in its
// transaction, within (nil: nothing) after it with the new payment's id.
func (s *Service) recordPayment(ctx context.Context, actor deals.Actor, id int64, in PaymentInput, check PaymentCheck, within PaymentHook) (Invoice, error) {
	if in.Method == "" {
		in.Method = PaymentMethods[0]
	}
	switch {
	case in.Amount <= 0:
		return Invoice{}, apperr.Invalid("amount must be a positive whole number of minor units (øre)")
	case !forms.IsDate(in.PaidOn):
		return Invoice{}, apperr.Invalid("paidOn must be a date (YYYY-MM-DD)")
	case in.PaidOn > s.today():
		return Invoice{}, apperr.Invalid("paidOn must not be after today (%s)", s.today())
	case !slices.Contains(PaymentMethods, in.Method):
		return Invoice{}, apperr.Invalid("method must be one of %s", strings.Join(PaymentMethods, ", "))
	}
	err := s.st.InTx(ctx, func(tx *sql.Tx) error {
		inv, err := s.readInvoice(ctx, tx, id, true)
		if err != nil {
			return err
		}
		switch {
		case inv.Number == nil:
			return apperr.New(apperr.CodeConflict, "A draft is not paid: issue it first")
		case inv.Kind == string(document.KindCreditNote):
			return apperr.New(apperr.CodeConflict, "A credit note is not paid")
		case in.Amount > inv.Outstanding:
			return apperr.New(apperr.CodeConflict, "amount %d is more than the %d outstanding", in.Amount, inv.Outstanding)
		}
		if check != nil {
			if err := check(ctx, tx, inv); err != nil {
				return err
			}
		}
		var paymentID int64
		if err := tx.QueryRowContext(ctx, s.q(`INSERT INTO invoice_payments (invoice_id, amount, paid_on, method, created_at)
			VALUES (?, ?, ?, ?, ?) RETURNING id`), id, in.Amount, in.PaidOn, in.Method, s.now()).Scan(&paymentID); err != nil {
			return err
		}
		if within != nil {
			if err := within(ctx, tx, inv, paymentID); err != nil {
				return err
			}
		}
		if err := s.deals.Record(ctx, tx, deals.Event{DealID: &inv.DealID, Brand: inv.Buyer.Name, Actor: actor, Kind: "payment",
			Detail: fmt.Sprintf("Payment of %s on %s %d", money(in.Amount, inv.Currency), kindLabel(inv.Kind), *inv.Number)}); err != nil {
			return err
		}
		return s.settle(ctx, tx, actor, inv.DealID)
	})
	if err != nil {
		return Invoice{}, err
	}
	return s.Get(ctx, id)
}

// money writes an amount for the deal's history: "6 300.00 NOK".
func money(minor int64, currency string) string {
	return fmt.Sprintf("%d.%02d %s", minor/100, minor%100, currency)
}

// settle moves a deal to paid when every invoice and deposit request it
// has issued is settled (paid or credited) and one invoice was paid.
func (s *Service) settle(ctx context.Context, tx *sql.Tx, actor deals.Actor, dealID int64) error {
	list, err := s.readInvoices(ctx, tx, `WHERE deal_id = ? AND number IS NOT NULL AND kind <> 'credit-note'`, dealID)
	if err != nil {
		return err
	}
	paid := false
	for _, inv := range list {
		if inv.Outstanding > 0 {
			return nil
		}
		paid = paid || (inv.Kind == string(document.KindInvoice) && inv.State == StatePaid)
	}
	if !paid {
		return nil
	}
	return s.deals.MoveStage(ctx, tx, actor, dealID, deals.StagePaid, "its invoices are paid")
}
