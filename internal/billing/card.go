package billing

import (
	"context"
	"errors"
	"strconv"

	"github.com/ugcfolio/ugcfolio/internal/apperr"
	"github.com/ugcfolio/ugcfolio/internal/billing/document"
	"github.com/ugcfolio/ugcfolio/internal/rooms"
)

// What billing offers internal/billing/card, which owns card payments
// (Stripe Checkout): the switch that shows the brand a way to pay by card,
// an invoice found as the room finds it, and payments recorded with a
// check inside their transaction (AddPaymentChecked).

// OfferCard shows, while on, a "Pay by card" button in the room and a
// link in the e-mail of each issued invoice and deposit request with money
// outstanding; both lead to the room's …/invoices/{number}/pay, which
// internal/billing/card answers. Off (the default): nothing of it shows.
func (s *Service) OfferCard(on bool) { s.card.Store(on) }

// CardPayable reports whether inv is offered for payment by card now.
func (s *Service) CardPayable(inv Invoice) bool {
	return s.card.Load() && inv.Number != nil && inv.Kind != string(document.KindCreditNote) && inv.Outstanding > 0
}

// PayPath is the path of an invoice's card payment under the room's base
// (/room/<token>).
func PayPath(base string, number int64) string {
	return base + "/invoices/" + strconv.FormatInt(number, 10) + "/pay"
}

// InvoiceInDeal reads the issued document numbered number of one deal
// (the room's): a 404 for another deal's, or none.
func (s *Service) InvoiceInDeal(ctx context.Context, dealID, number int64) (Invoice, error) {
	list, err := s.readInvoices(ctx, s.st.DB, `WHERE deal_id = ? AND number = ?`, dealID, number)
	if err != nil {
		return Invoice{}, err
	}
	if len(list) == 0 {
		return Invoice{}, errInvoiceNotFound
	}
	return list[0], nil
}

// cardMailLink is the link of an invoice's e-mail to its card payment: ""
// when card payment is not offered for it, or its deal's room has no
// working link (the message must not open what the creator closed).
func (s *Service) cardMailLink(ctx context.Context, inv Invoice) (string, error) {
	if s.rooms == nil || !s.CardPayable(inv) {
		return "", nil
	}
	link, err := s.rooms.MailLink(ctx, inv.DealID)
	if errors.Is(err, rooms.ErrRoomClosed) || apperr.Is(err, apperr.CodeNotFound) {
		return "", nil
	}
	if err != nil {
		return "", err
	}
	return PayPath(link, *inv.Number), nil
}

// Today is billing's day in Oslo (YYYY-MM-DD): a card payment's date, a
// payment from Fiken's.
func (s *Service) Today() string { return s.today() }
