// Package quotes is the creator's offer to a brand: written from
// a deal, sent into the deal's delivery room (and by e-mail), accepted
// there by the brand with a typed name, title and company. Accepting books
// the deal.
//
//   - A quote (quotes.go, rules.go, store.go) belongs to a deal and holds
//     lines (the work, and usage rights as lines of their own), a VAT mode,
//     a deposit share, payment terms and a last valid day. Its totals are
//     internal/billing/document's Compute: money is counted in one place.
//   - Its state is never stored: draft until sent, then sent, accepted,
//     withdrawn or, past its last day, expired (State).
//   - Sending (service.go) freezes it: the HTML document the brand is shown
//     (document.go, templates/document.html) is stored with its SHA-256.
//     The brand's acceptance (room.go) must post that hash back, so what is
//     kept is proof of the exact document accepted.
//   - The brand's side is a section of the room page and two routes under
//     /room/<token>/ that internal/rooms opens from the token (rooms.Visit):
//     the quotes know nothing of tokens.
//   - E-mail (mail.go) goes through the job queue as the rooms' does: the
//     quote to the brand when it is sent, the accepted quote to both sides.
//
// Deleting a deal deletes its quotes, but an accepted one is kept, detached
// from the deal (onDealDelete): it is the record of an agreement.
package quotes

import (
	"context"
	"github.com/ugcfolio/ugcfolio/internal/siteclock"
	"log/slog"
	"net/http"
	"time"
	_ "time/tzdata" // Europe/Oslo on machines without a zoneinfo database

	"github.com/ugcfolio/ugcfolio/internal/billing/document"
	"github.com/ugcfolio/ugcfolio/internal/deals"
	"github.com/ugcfolio/ugcfolio/internal/jobs"
	"github.com/ugcfolio/ugcfolio/internal/mail"
	"github.com/ugcfolio/ugcfolio/internal/rooms"
	"github.com/ugcfolio/ugcfolio/internal/store"
)

// The states of a quote, derived from what happened to it.
const (
	StateDraft     = "draft"
	StateSent      = "sent"
	StateAccepted  = "accepted"
	StateExpired   = "expired"
	StateWithdrawn = "withdrawn"
)

// States lists every state.
var States = []string{StateDraft, StateSent, StateAccepted, StateExpired, StateWithdrawn}

// The kinds of a line: the work itself, or one kind of usage right.
const (
	KindItem         = "item"
	KindOrganic      = "organic"
	KindPaid         = "paid"
	KindWhitelisting = "whitelisting"
	KindExclusivity  = "exclusivity"
)

// Kinds lists every kind of line; RightsKinds those that are usage rights.
var (
	Kinds       = []string{KindItem, KindOrganic, KindPaid, KindWhitelisting, KindExclusivity}
	RightsKinds = Kinds[1:]
)

// LineInput is a line as the admin writes it. UnitPrice is net, in minor
// units (øre); VATRate a percent. Months and Territory belong to a usage
// right (any kind but item) and are required there, empty on an item.
type LineInput struct {
	Kind        string `json:"kind"`
	Description string `json:"description"`
	Quantity    int64  `json:"quantity"`
	UnitPrice   int64  `json:"unitPrice"`
	VATRate     int    `json:"vatRate"`
	Months      int    `json:"months"`
	Territory   string `json:"territory"`
}

// Line is a stored line with its net amount (Quantity × UnitPrice).
type Line struct {
	LineInput
	Net int64 `json:"net"`
}

// Input is what the admin writes of a quote (POST's optional body, PATCH).
type Input struct {
	VATMode          string      `json:"vatMode"` // none | domestic | export (document.VATMode)
	Lines            []LineInput `json:"lines"`
	DepositPercent   int         `json:"depositPercent"`   // 0 for no deposit
	PaymentTermsDays int         `json:"paymentTermsDays"` // days from the invoice to its due date
	ValidUntil       string      `json:"validUntil"`       // YYYY-MM-DD, the last day it may be accepted
	Note             string      `json:"note"`             // free text printed under the lines
}

// Totals are a quote's sums in minor units: Net, VAT and Gross as
// document.Compute makes them (VAT per rate on the summed lines), and
// Deposit, the share of Gross asked upfront.
type Totals struct {
	Net      int64     `json:"net"`
	VAT      int64     `json:"vat"`
	Gross    int64     `json:"gross"`
	Deposit  int64     `json:"deposit"`
	VATLines []VATLine `json:"vatLines"`
}

// VATLine is the VAT of the lines of one rate.
type VATLine struct {
	Rate    int   `json:"rate"`
	Taxable int64 `json:"taxable"`
	Tax     int64 `json:"tax"`
}

// Acceptance is the record of the brand's acceptance: who typed what,
// when, from which address, and the SHA-256 of the document they were shown.
type Acceptance struct {
	Name          string    `json:"name"`
	Title         string    `json:"title"`
	Company       string    `json:"company"`
	At            time.Time `json:"at"`
	ClientAddress string    `json:"clientAddress"`
	SHA256        string    `json:"sha256"`
}

// Quote is a stored quote.
type Quote struct {
	ID               int64       `json:"id"`
	DealID           *int64      `json:"dealId"` // null once its deal is deleted (an accepted quote is kept)
	Number           int         `json:"number"` // the deal's 1, 2…
	Brand            string      `json:"brand"`
	State            string      `json:"state"`
	Currency         string      `json:"currency"`
	Language         string      `json:"language"`
	VATMode          string      `json:"vatMode"`
	Lines            []Line      `json:"lines"`
	DepositPercent   int         `json:"depositPercent"`
	PaymentTermsDays int         `json:"paymentTermsDays"`
	ValidUntil       string      `json:"validUntil"`
	Note             string      `json:"note"`
	Totals           Totals      `json:"totals"`
	CreatedAt        time.Time   `json:"createdAt"`
	UpdatedAt        time.Time   `json:"updatedAt"`
	SentAt           *time.Time  `json:"sentAt"`
	WithdrawnAt      *time.Time  `json:"withdrawnAt"`
	DocumentSHA256   string      `json:"documentSha256"` // "" for a draft
	Acceptance       *Acceptance `json:"acceptance"`

	document string // the frozen HTML the brand is shown ("" for a draft)
}

// Input answers what the admin wrote of q.
func (q Quote) Input() Input {
	in := Input{VATMode: q.VATMode, DepositPercent: q.DepositPercent, PaymentTermsDays: q.PaymentTermsDays,
		ValidUntil: q.ValidUntil, Note: q.Note, Lines: make([]LineInput, len(q.Lines))}
	for i, l := range q.Lines {
		in.Lines[i] = l.LineInput
	}
	return in
}

// Deps are what the quotes need.
type Deps struct {
	Store *store.Store
	Log   *slog.Logger
	Deals *deals.Service
	Rooms *rooms.Service // the room the quote is shown in, and its links
	Jobs  *jobs.Queue
	Mail  *mail.Mailer // nil or disabled: no e-mail
	// SiteURL is the site's address for links in e-mail, without a trailing slash.
	SiteURL string
	// ClientAddress answers the client's address, kept with an acceptance.
	ClientAddress func(r *http.Request) string
	// Clock is the time quotes go by (the last valid day); nil: the real
	// time. The rooms' test clock in tests.
	Clock func() time.Time
	// VATMode answers the VAT mode a new quote starts with (the billing
	// profile's: none when she is not VAT-registered); nil: domestic.
	VATMode func(ctx context.Context) (document.VATMode, error)
	// Seller answers who the quote is from as it names her ("Kari Nordmann
	// Film, org.nr. 988 077 917 MVA"; "" before she has said); nil: nobody named.
	Seller func(ctx context.Context) (string, error)
}

// Service is the quotes of one site.
type Service struct {
	st       *store.Store
	log      *slog.Logger
	deals    *deals.Service
	rooms    *rooms.Service
	mail     *mail.Mailer
	siteURL  string
	clientIP func(r *http.Request) string
	vatMode  func(ctx context.Context) (document.VATMode, error)
	sellerOf func(ctx context.Context) (string, error)

	clock siteclock.Clock

	mailer jobs.Kind[mailJob]
}

// New makes the quotes, registers their e-mail's job kind, their hook on
// the deals' deletion and their section of the room page.
func New(d Deps) *Service {
	s := &Service{st: d.Store, log: d.Log, deals: d.Deals, rooms: d.Rooms, mail: d.Mail, siteURL: d.SiteURL,
		clientIP: d.ClientAddress, vatMode: d.VATMode, sellerOf: d.Seller}
	if s.clientIP == nil {
		s.clientIP = func(r *http.Request) string { return r.RemoteAddr }
	}
	s.SetClock(d.Clock)
	s.mailer = jobs.Register(d.Jobs, mailKind, mail.Retry, s.sendMail)
	d.Deals.OnDelete(s.onDealDelete)
	d.Rooms.AddSection(s.roomSection)
	return s
}

// SetClock replaces the clock (tests); nil is the real time.
func (s *Service) SetClock(now func() time.Time) { s.clock.Set(now) }

// now is the quotes' time (siteclock.Clock.Now).
func (s *Service) now() time.Time { return s.clock.Now() }

// oslo is where the creator and the brand count days: a quote valid until
// 31 March may be accepted until midnight that day in Norway.
var oslo = siteclock.Oslo

// today is the quotes' day in Oslo, YYYY-MM-DD.
func (s *Service) today() string { return s.clock.Today() }

// stateOf derives a quote's state on a day.
func stateOf(q Quote, today string) string {
	switch {
	case q.SentAt == nil:
		return StateDraft
	case q.Acceptance != nil:
		return StateAccepted
	case q.WithdrawnAt != nil:
		return StateWithdrawn
	case today > q.ValidUntil:
		return StateExpired
	}
	return StateSent
}

// q is a query in the store's dialect.
func (s *Service) q(query string) string { return s.st.Rebind(query) }

// seller answers who the quote is from ("" when nobody is named).
func (s *Service) seller(ctx context.Context) (string, error) {
	if s.sellerOf == nil {
		return "", nil
	}
	return s.sellerOf(ctx)
}
