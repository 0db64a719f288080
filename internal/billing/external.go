package billing

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"github.com/ugcfolio/ugcfolio/internal/apperr"
	"github.com/ugcfolio/ugcfolio/internal/billing/document"
	"github.com/ugcfolio/ugcfolio/internal/deals"
)

// What another system that numbers the invoices (the accounting system,
// internal/billing/fiken) needs of billing: while it is connected the own
// series is not used (Issue and CreditNote answer 409), a document it
// numbered is issued here under its number, and payments go both ways.

// External is what the other system gave a document it numbered.
type External struct {
	Number int64  // its number (0: only check, store nothing)
	KID    string // its KID, "" for none
}

// PaymentHook runs in the transaction that records a payment of inv.
type PaymentHook func(ctx context.Context, tx *sql.Tx, inv Invoice, paymentID int64) error

// errPrepared ends a transaction that only built a document.
var errPrepared = errors.New("billing: prepared, nothing stored")

// SetSeriesOwner makes Issue and CreditNote refuse (409) while owner
// answers a name: the system that numbers the invoices instead.
func (s *Service) SetSeriesOwner(owner func(ctx context.Context) (string, error)) {
	s.seriesOwner = owner
}

// SetIssuedElsewhere tells billing which issued documents another system
// numbered and sends: f answers its name for such a document ("" for
// billing's own). Billing e-mails no such document and sends no reminder
// of it: the other system owns the dialogue with the buyer.
func (s *Service) SetIssuedElsewhere(f func(ctx context.Context, invoiceID int64) (string, error)) {
	s.issuedElsewhere = f
}

// elsewhere answers the system that issued the document, "" for billing.
func (s *Service) elsewhere(ctx context.Context, id int64) (string, error) {
	if s.issuedElsewhere == nil {
		return "", nil
	}
	return s.issuedElsewhere(ctx, id)
}

// OnPayment runs hook in the transaction of every payment the admin records.
func (s *Service) OnPayment(hook PaymentHook) { s.onPayment = hook }

func (s *Service) ownSeries(ctx context.Context) error {
	if s.seriesOwner == nil {
		return nil
	}
	name, err := s.seriesOwner(ctx)
	if err != nil || name == "" {
		return err
	}
	return apperr.New(apperr.CodeConflict, "%s is connected and numbers the invoices: issue it in %s (the own series is not used meanwhile)", name, name)
}

// Prepare answers the document Issue would freeze of a draft (without
// its number), refusing what Issue refuses; nothing is stored.
func (s *Service) Prepare(ctx context.Context, id int64, o IssueOptions) (document.Document, error) {
	rate, err := parseRate(o.ExchangeRate)
	if err != nil {
		return document.Document{}, err
	}
	var doc document.Document
	err = s.st.InTx(ctx, func(tx *sql.Tx) error {
		inv, err := s.readDraft(ctx, tx, id, false)
		if err != nil {
			return err
		}
		doc, err = s.issue(ctx, tx, deals.Actor{}, inv, 0, rate, nil, nil)
		return err
	})
	if errors.Is(err, errPrepared) {
		err = nil
	}
	return doc, err
}

// IssueExternal issues a draft under the number another system gave it
// (the own series untouched), with the dates Prepare answered.
func (s *Service) IssueExternal(ctx context.Context, actor deals.Actor, id int64, o IssueOptions, ext External) (Invoice, error) {
	if ext.Number <= 0 {
		return Invoice{}, errors.New("billing: an external issue needs a number")
	}
	rate, err := parseRate(o.ExchangeRate)
	if err != nil {
		return Invoice{}, err
	}
	err = s.st.InTx(ctx, func(tx *sql.Tx) error {
		inv, err := s.readInvoice(ctx, tx, id, true)
		if err != nil {
			return err
		}
		if inv.Number != nil {
			return errIssued
		}
		_, err = s.issue(ctx, tx, actor, inv, ext.Number, rate, nil, &ext)
		return err
	})
	if err != nil {
		return Invoice{}, err
	}
	return s.Get(ctx, id)
}

// PrepareCredit refuses what CreditNote would refuse; nothing is stored.
func (s *Service) PrepareCredit(ctx context.Context, id int64, in CreditInput) error {
	_, err := s.CreditNoteExternal(ctx, deals.Actor{}, id, in, External{})
	if errors.Is(err, errPrepared) {
		return nil
	}
	return err
}

// CreditNoteExternal issues a credit note of invoice id under the number
// another system gave it (ext.Number 0: PrepareCredit).
func (s *Service) CreditNoteExternal(ctx context.Context, actor deals.Actor, id int64, in CreditInput, ext External) (Invoice, error) {
	if err := checkReason(&in); err != nil {
		return Invoice{}, err
	}
	return s.issueCredit(ctx, actor, id, in, &ext)
}

// AddPaymentFrom records a payment another system registered (no
// OnPayment hook: it came from there); within runs in its transaction.
func (s *Service) AddPaymentFrom(ctx context.Context, actor deals.Actor, id int64, in PaymentInput, within PaymentHook) (Invoice, error) {
	return s.recordPayment(ctx, actor, id, in, nil, within)
}

// Now is billing's time (the site's clock).
func (s *Service) Now() time.Time { return s.now() }
