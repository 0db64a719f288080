package httpapi

import "github.com/ugcfolio/ugcfolio/internal/billing"

// Billing (issue 34) lives in internal/billing, handlers included: the
// server registers its admin routes behind its guard.

// Billing is the server's billing (tests set its clock).
func (s *Server) Billing() *billing.Service { return s.billing }
