// Package deals is the creator's pipeline: a deal is the work
// agreed with one brand, from the inquiry it came from to the paid video,
// moved through its stages on the admin's board. Every change is recorded
// as an event (who, when, a stage move, the fields changed), which the
// deal's history and the Overview's recent activity read.
//
// The package holds its own SQL on the store's database (as
// internal/analytics does), the deal form's field rules (rules.go, rows in
// testdata/rules.json) and the HTTP handlers of /api/admin/deals (http.go),
// which internal/httpapi mounts behind its admin guard.
//
// What hangs off a deal later (delivery rooms, drafts, licences) refers to
// it by id (REFERENCES deals (id) ON DELETE CASCADE), records its own events
// with Record, and removes its files through a hook given to OnDelete.
package deals

import (
	"context"
	"database/sql"
	"log/slog"
	"slices"
	"sync"
	"time"

	"github.com/ugcfolio/ugcfolio/internal/apperr"
	"github.com/ugcfolio/ugcfolio/internal/store"
)

// The stages of a deal, in the board's order.
const (
	StageNew          = "new"
	StageNegotiating  = "negotiating"
	StageBooked       = "booked"
	StageInProduction = "in_production"
	StageDelivered    = "delivered"
	StagePaid         = "paid"
	StageLost         = "lost"
)

// Stages lists every stage in the board's order (testdata/rules.json
// "dealStages"). Any stage may follow any other: the board lets the creator
// correct a slip, and a lost deal can come back.
var Stages = []string{StageNew, StageNegotiating, StageBooked, StageInProduction, StageDelivered, StagePaid, StageLost}

// openStages are the stages whose work is still to be delivered: what "due
// this week" lists.
var openStages = []string{StageNew, StageNegotiating, StageBooked, StageInProduction}

// Formats are a deliverable's aspect ratios ("dealFormats").
var Formats = []string{"9:16", "1:1", "16:9"}

// Currencies are the ISO 4217 codes a price may be in ("currencies"), NOK
// first: the default.
var Currencies = []string{"NOK", "SEK", "DKK", "EUR", "USD", "GBP"}

// DefaultCurrency is a new deal's currency.
const DefaultCurrency = "NOK"

// Input is what the admin writes of a deal. Price is in whole units of the
// currency (kroner: a creator quotes "6 300 kr", never øre); 0 is "no
// price yet". DueDate is YYYY-MM-DD or "".
type Input struct {
	Brand              string `json:"brand"`
	ContactName        string `json:"contactName"`
	ContactEmail       string `json:"contactEmail"`
	Language           string `json:"language"`
	Package            string `json:"package"`
	Price              int    `json:"price"`
	Currency           string `json:"currency"`
	DeliverableCount   int    `json:"deliverableCount"`
	DeliverableSeconds int    `json:"deliverableSeconds"`
	DeliverableFormat  string `json:"deliverableFormat"`
	DueDate            string `json:"dueDate"`
	Brief              string `json:"brief"`
	Notes              string `json:"notes"`
	Stage              string `json:"stage"`
}

// Deal is a stored deal.
type Deal struct {
	ID int64 `json:"id"`
	Input
	InquiryID *int64    `json:"inquiryId"` // the inquiry it was made from; null when by hand or deleted
	CreatedAt time.Time `json:"createdAt"`
	UpdatedAt time.Time `json:"updatedAt"`
	version   int64
}

// Actor is who made a change: the signed-in admin (ID 0 for none, such as
// a brand answering in its room later).
type Actor struct {
	ID   int64  `json:"id,omitempty"`
	Name string `json:"name"`
}

// DeleteHook removes what hangs off a deal, inside the deal's deletion
// transaction, before the deal's row goes. It answers what to do once that
// transaction is committed (remove files from storage; nil for nothing):
// a file is never removed for a deal that stays, and a failure of the hook
// keeps the deal and everything of it.
type DeleteHook func(ctx context.Context, tx *sql.Tx, dealID int64) (afterCommit func(context.Context), err error)

// Deps are what the deals need.
type Deps struct {
	Store *store.Store
	Log   *slog.Logger
}

// Service is the deals of one site.
type Service struct {
	st  *store.Store
	log *slog.Logger
	now func() time.Time

	mu    sync.Mutex
	hooks []DeleteHook
}

// New makes the deals' service.
func New(d Deps) *Service {
	return &Service{st: d.Store, log: d.Log,
		now: func() time.Time { return time.Now().UTC().Truncate(time.Microsecond) }}
}

// SetClock replaces the clock (tests).
func (s *Service) SetClock(now func() time.Time) {
	s.now = func() time.Time { return now().UTC().Truncate(time.Microsecond) }
}

// OnDelete adds a hook run in every deal's deletion (rooms, drafts).
func (s *Service) OnDelete(h DeleteHook) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.hooks = append(s.hooks, h)
}

func (s *Service) deleteHooks() []DeleteHook {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.hooks)
}

var errNotFound = apperr.NotFound("Deal not found")

// errChanged answers an update of a deal that another request changed
// after this one read it: nothing of it is stored.
var errChanged = apperr.New(apperr.CodeConflict, "The deal was changed at the same time: reload it and try again")
