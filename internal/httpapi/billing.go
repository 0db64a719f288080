package httpapi

import (
	"context"

	"github.com/ugcfolio/ugcfolio/internal/billing"
)

// Billing (issue 34) lives in internal/billing, handlers included: the
// server registers its admin routes behind its guard.

// newBilling makes billing over the server's deals, jobs and mail. It
// goes by the site's clock, the one the rooms go by (a test build moves
// both), and sweeps for reminders as often as the rooms sweep.
func (s *Server) newBilling(d Deps) *billing.Service {
	return billing.New(billing.Deps{Store: d.Store, Log: d.Log, Deals: s.deals, Jobs: s.jobs, Mail: s.mail,
		Clock: d.RoomsClock, SweepEvery: d.RoomsSweepEvery})
}

// RunBilling queues billing's reminders sweep until ctx ends; serve runs it.
func (s *Server) RunBilling(ctx context.Context) { s.billing.Run(ctx) }

// Billing is the server's billing (tests set its clock).
func (s *Server) Billing() *billing.Service { return s.billing }
