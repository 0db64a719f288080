package httpapi

import (
	"context"

	"github.com/ugcfolio/ugcfolio/internal/apperr"
	"github.com/ugcfolio/ugcfolio/internal/billing"
	"github.com/ugcfolio/ugcfolio/internal/billing/document"
)

// Billing (issue 34) lives in internal/billing, handlers included: the
// server registers its admin routes behind its guard.

// newBilling makes billing over the server's deals, jobs and mail. It
// goes by the site's clock, the one the rooms go by (a test build moves
// both), and sweeps for reminders as often as the rooms sweep.
func (s *Server) newBilling(d Deps) *billing.Service {
	return billing.New(billing.Deps{Store: d.Store, Log: d.Log, Deals: s.deals, Jobs: s.jobs, Mail: s.mail,
		Clock: d.RoomsClock, SweepEvery: d.RoomsSweepEvery, Agreement: s.agreement, Rooms: s.rooms})
}

// agreement answers what a deal's accepted quote settled, for its drafts.
func (s *Server) agreement(ctx context.Context, dealID int64) (billing.Agreement, bool, error) {
	q, err := s.quotes.Accepted(ctx, dealID)
	if apperr.Is(err, apperr.CodeNotFound) {
		return billing.Agreement{}, false, nil
	}
	if err != nil {
		return billing.Agreement{}, false, err
	}
	return billing.Agreement{Lines: q.InvoiceLines(), DepositPercent: q.DepositPercent}, true, nil
}

// quoteVATMode is the VAT mode a new quote starts with: the billing
// profile's (none while she is not VAT-registered).
func (s *Server) quoteVATMode(ctx context.Context) (document.VATMode, error) {
	p, err := s.billing.Profile(ctx)
	if err != nil {
		return "", err
	}
	if !p.VATRegistered {
		return document.VATNone, nil
	}
	return document.VATDomestic, nil
}

// RunBilling queues billing's reminders sweep until ctx ends; serve runs it.
func (s *Server) RunBilling(ctx context.Context) { s.billing.Run(ctx) }

// Billing is the server's billing (tests set its clock).
func (s *Server) Billing() *billing.Service { return s.billing }

// quoteSeller is who a quote is from, as the billing profile names her:
// "Kari Nordmann Film, org.nr. 988 077 917 MVA" ("" before she has a name there).
func (s *Server) quoteSeller(ctx context.Context) (string, error) {
	p, err := s.billing.Profile(ctx)
	if err != nil || p.LegalName == "" {
		return "", err
	}
	from := p.LegalName
	if p.OrgNumber != "" {
		from += ", org.nr. " + document.GroupOrgNumber(p.OrgNumber)
		if p.VATRegistered {
			from += " MVA"
		}
	}
	return from, nil
}
