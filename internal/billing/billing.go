// Package billing is the step from a booked deal to a paid one:
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
// An issued invoice is e-mailed to the brand with its PDF and EHF
// (send.go); the reminders of unpaid ones go out by themselves, from a
// sweep on the job queue (reminders.go); both through the mail queue
// (mail.go, mailtext.go). The Overview's figures (summary.go) and the
// accountant's CSV and ZIP (export.go) are read from the issued documents.
//
// Like internal/deals the package holds its own SQL on the store's
// database (store.go) and its HTTP handlers (http.go), which
// internal/httpapi mounts behind its admin guard.
package billing

import (
	"context"
	"github.com/ugcfolio/ugcfolio/internal/billing/document"
	"github.com/ugcfolio/ugcfolio/internal/rooms"
	"github.com/ugcfolio/ugcfolio/internal/siteclock"
	"log/slog"
	"sync/atomic"
	"time"
	_ "time/tzdata" // Europe/Oslo on machines without a zoneinfo database

	"github.com/ugcfolio/ugcfolio/internal/apperr"
	"github.com/ugcfolio/ugcfolio/internal/deals"
	"github.com/ugcfolio/ugcfolio/internal/jobs"
	"github.com/ugcfolio/ugcfolio/internal/mail"
	"github.com/ugcfolio/ugcfolio/internal/store"
)

// Deps are what billing needs.
type Deps struct {
	Store *store.Store
	Log   *slog.Logger
	Deals *deals.Service
	Jobs  *jobs.Queue  // the reminders' sweep and the e-mail kinds are registered on it
	Mail  *mail.Mailer // nil or disabled: no e-mail (sending answers so)
	// Clock is billing's time (tests, the test build's clock); nil is the real time.
	Clock func() time.Time
	// SweepEvery is how often each server queues the reminders' sweep; 0: SweepEvery.
	SweepEvery time.Duration
	// Rooms shows the deal's issued documents in its delivery room; nil: not there.
	Rooms *rooms.Service
	// Agreement answers what a deal's accepted quote settled (ok false
	// when it has none); nil: drafts come from the deal alone.
	Agreement func(ctx context.Context, dealID int64) (a Agreement, ok bool, err error)
}

// Agreement is what the brand accepted in a quote: its lines (as the
// invoice prints them) and the share of it asked upfront (0 for none). A
// deal's drafts start from it rather than from the deal's price.
type Agreement struct {
	Lines          []document.Line
	DepositPercent int
}

// SweepEvery is how often each server queues the reminders' sweep (unless
// one waits): a reminder leaves within it of midnight.
const SweepEvery = 10 * time.Minute

// Service is the billing of one site.
type Service struct {
	st    *store.Store
	log   *slog.Logger
	deals *deals.Service
	jobs  *jobs.Queue
	mail  *mail.Mailer

	sweepEvery time.Duration
	rooms      *rooms.Service
	// agreementOf is Deps.Agreement.
	agreementOf func(ctx context.Context, dealID int64) (Agreement, bool, error)
	sweep       jobs.Kind[struct{}]
	mailer      jobs.Kind[mailJob]

	clock siteclock.Clock
	card  atomic.Bool // OfferCard

	// seriesOwner and onPayment are another system's hooks (external.go).
	seriesOwner     func(ctx context.Context) (string, error)
	issuedElsewhere func(ctx context.Context, invoiceID int64) (string, error)
	onPayment       PaymentHook
}

// New makes billing, registers its job kinds and its hook on the deals'
// deletion: a deal with issued invoices stays.
func New(d Deps) *Service {
	s := &Service{st: d.Store, log: d.Log, deals: d.Deals, jobs: d.Jobs, mail: d.Mail, sweepEvery: d.SweepEvery,
		agreementOf: d.Agreement, rooms: d.Rooms}
	if s.sweepEvery <= 0 {
		s.sweepEvery = SweepEvery
	}
	s.SetClock(d.Clock)
	s.sweep = jobs.Register(d.Jobs, sweepKind, jobs.Options{MaxAttempts: 3, Timeout: 5 * time.Minute,
		Backoff: jobs.Exponential(30*time.Second, 5*time.Minute)}, func(ctx context.Context, _ *jobs.Task, _ struct{}) error {
		return s.Remind(ctx)
	})
	s.mailer = jobs.Register(d.Jobs, mailKind, mail.Retry, s.sendMail)
	d.Deals.OnDelete(s.onDealDelete)
	if d.Rooms != nil {
		d.Rooms.AddSection(s.roomSection)
	}
	return s
}

// SetClock replaces the clock (tests); nil is the real time.
func (s *Service) SetClock(now func() time.Time) { s.clock.Set(now) }

// now is billing's time (siteclock.Clock.Now).
func (s *Service) now() time.Time { return s.clock.Now() }

// today is the day it is in Oslo, YYYY-MM-DD.
func (s *Service) today() string { return s.clock.Today() }

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
