// Package billing is the step from a booked deal to a paid one (issue 34):
// the creator's billing profile, her invoices, deposit requests and credit
// notes, their gap-free numbering, the payments she records and the state
// each invoice is in, derived from them.
//
// A draft carries no number and can change or go. Issuing takes the next
// number of the one series inside the issuing transaction, freezes what
// the invoice prints as a document.Document, makes its PDF and EHF from it
// and stores all of it at once; from then on the row never changes (the
// code answers 409, and triggers refuse it too), and only a credit note
// that references it corrects it. The state (draft, issued, overdue,
// partly-paid, paid, credited) is never stored: it follows from the dates,
// the payments and the credit notes each time it is read.
//
// Like internal/deals the package holds its own SQL on the store's
// database (store.go) and its HTTP handlers (http.go), which
// internal/httpapi mounts behind its admin guard.
package billing

import (
	"log/slog"
	"sync"
	"time"
	_ "time/tzdata" // Europe/Oslo on machines without a zoneinfo database

	"github.com/ugcfolio/ugcfolio/internal/apperr"
	"github.com/ugcfolio/ugcfolio/internal/deals"
	"github.com/ugcfolio/ugcfolio/internal/store"
)

// Deps are what billing needs.
type Deps struct {
	Store *store.Store
	Log   *slog.Logger
	Deals *deals.Service
	// Clock is billing's time (tests); nil is the real time.
	Clock func() time.Time
}

// Service is the billing of one site.
type Service struct {
	st    *store.Store
	log   *slog.Logger
	deals *deals.Service

	clockMu sync.RWMutex
	clock   func() time.Time
}

// New makes billing and registers its hook on the deals' deletion: a deal
// with issued invoices stays.
func New(d Deps) *Service {
	s := &Service{st: d.Store, log: d.Log, deals: d.Deals}
	s.SetClock(d.Clock)
	d.Deals.OnDelete(s.onDealDelete)
	return s
}

// SetClock replaces the clock (tests); nil is the real time.
func (s *Service) SetClock(now func() time.Time) {
	if now == nil {
		now = time.Now
	}
	s.clockMu.Lock()
	defer s.clockMu.Unlock()
	s.clock = now
}

// now is billing's time, UTC, to the microsecond (what both databases keep).
func (s *Service) now() time.Time {
	s.clockMu.RLock()
	defer s.clockMu.RUnlock()
	return s.clock().UTC().Truncate(time.Microsecond)
}

// oslo is where the creator's days are: an invoice's dates are Norwegian days.
var oslo = mustLoad("Europe/Oslo")

func mustLoad(name string) *time.Location {
	loc, err := time.LoadLocation(name)
	if err != nil {
		panic(err) // embedded by time/tzdata: cannot fail
	}
	return loc
}

// today is the day it is in Oslo, YYYY-MM-DD.
func (s *Service) today() string { return s.now().In(oslo).Format(time.DateOnly) }

// addDays answers the day n days after d (YYYY-MM-DD).
func addDays(d string, n int) string {
	t, err := time.Parse(time.DateOnly, d)
	if err != nil {
		return d
	}
	return t.AddDate(0, 0, n).Format(time.DateOnly)
}

var (
	errInvoiceNotFound = apperr.NotFound("Invoice not found")
	errIssued          = apperr.New(apperr.CodeConflict, "The invoice is issued: an issued invoice cannot be changed or deleted, only corrected by a credit note")
)
