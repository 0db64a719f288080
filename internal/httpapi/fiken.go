package httpapi

import (
	"context"

	"github.com/ugcfolio/ugcfolio/internal/billing/fiken"
)

// newFiken connects billing to the creator's Fiken (internal/billing/fiken).
func (s *Server) newFiken(d Deps) *fiken.Service {
	c := d.Config.Fiken
	fd := fiken.Deps{Store: d.Store, Log: d.Log, Billing: s.billing, Jobs: s.jobs,
		Config: fiken.Config{Token: c.Token, Company: c.Company, BankAccount: c.BankAccount, BaseURL: c.APIURL}}
	if d.Fiken != nil {
		d.Fiken(&fd)
	}
	return fiken.New(fd)
}

// RunFiken queues the fetch of payments from Fiken until ctx ends; serve runs it.
func (s *Server) RunFiken(ctx context.Context) { s.fiken.Run(ctx) }

// Fiken is the server's Fiken connection (tests).
func (s *Server) Fiken() *fiken.Service { return s.fiken }
