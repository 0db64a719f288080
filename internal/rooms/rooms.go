// Package rooms is the delivery side of a deal: the brand's
// private room at an unguessable link, the drafts the creator uploads to
// it, the brand's answers, and the licence (usage rights) of each
// delivered video.
//
//   - A room (store.go, links.go) belongs to one deal. Its links are
//     192-bit random tokens of which only a hash is kept; revoking the room
//     revokes them all, and an expiry day ends them. Every request of the
//     brand is checked on the server (access.go): a wrong, revoked, expired
//     or another deal's token is a 404 that says nothing, and failed
//     lookups are rate limited per client address.
//   - A draft (drafts.go, answers.go) is an upload through the same chunked
//     protocol and processing as the portfolio, finalized into the deal
//     instead of the site: its original and what processing made of it are
//     never served under /uploads/ or /media/ (IsDraftFile), only through
//     the room and the admin (files.go), never cached by shared caches.
//   - A draft not answered within the room's business days is approved by
//     the sweep (sweep.go), a job of internal/jobs, which also e-mails the
//     creator 14 days before a licence ends and on the day, once each
//     (licences.go, reminders.go). Messages go through the mail queue
//     (mail.go, mailtext.go).
//   - The brand's pages are rendered here (page.go, templates/): no
//     JavaScript of the visitor's app, in the deal's language.
//
// Deleting a deal deletes its room, links, drafts, licences and their files
// (the deals' OnDelete hook, files.go).
package rooms

import (
	"context"
	"log/slog"
	"net/http"
	"sync"
	"time"

	"github.com/ugcfolio/ugcfolio/internal/deals"
	"github.com/ugcfolio/ugcfolio/internal/jobs"
	"github.com/ugcfolio/ugcfolio/internal/mail"
	"github.com/ugcfolio/ugcfolio/internal/media"
	"github.com/ugcfolio/ugcfolio/internal/processing"
	"github.com/ugcfolio/ugcfolio/internal/ratelimit"
	"github.com/ugcfolio/ugcfolio/internal/siteclock"
	"github.com/ugcfolio/ugcfolio/internal/store"
)

// Deps are what the rooms need.
type Deps struct {
	Store      *store.Store
	Log        *slog.Logger
	Deals      *deals.Service
	Uploads    *media.Uploads        // the chunked upload protocol drafts arrive through
	Storage    media.Storage         // where their files live
	Processing *processing.Processor // what makes them playable
	Jobs       *jobs.Queue           // the sweep and the e-mail kinds are registered on it
	Mail       *mail.Mailer          // nil or disabled: no e-mail
	SiteURL    string                // for links in e-mail, without a trailing slash
	// ClientKey answers the client's address, for the rate limit.
	ClientKey func(r *http.Request) string
	// Creator answers who the brand's pages name, in a language
	// (creator.go); nil: the site's host, no e-mail.
	Creator func(ctx context.Context, lang string) (Creator, error)

	// Clock is the time the rooms go by (due dates, expiry, reminders);
	// nil: the real time. Only a test build sets another (cmd/ugcfolio's
	// testclock).
	Clock func() time.Time
	// SweepEvery is how often each server queues a sweep; 0: SweepEvery.
	SweepEvery time.Duration
}

// SweepEvery is how often each server queues a sweep (unless one waits):
// a due draft is approved within it, a reminder leaves within it of
// midnight.
const SweepEvery = 10 * time.Minute

// Service is the rooms of one site.
type Service struct {
	st         *store.Store
	log        *slog.Logger
	deals      *deals.Service
	uploads    *media.Uploads
	storage    media.Storage
	processing *processing.Processor
	jobs       *jobs.Queue
	mail       *mail.Mailer
	siteURL    string
	clientKey  func(r *http.Request) string
	creator    func(ctx context.Context, lang string) (Creator, error)
	sweepEvery time.Duration

	limit ratelimit.Limiter // failed token lookups per client address, counted in the database

	clock siteclock.Clock

	sweep  jobs.Kind[struct{}]
	mailer jobs.Kind[mailJob]

	sectionsMu sync.Mutex
	sections   []Section // what other capabilities show in the room (sections.go)
}

// Failed room lookups a client address may make: a burst, then one every
// few seconds; past it a wrong token answers 429. A right token spends
// nothing and is never refused (open), so the limit does not slow a guess
// down: 2^192 tokens leave guessing hopeless anyway. It tells a scan to
// back off, and is counted in the database (lookupScope of rate_limits),
// so replicas give a client the tries of one server.
var lookupRate = ratelimit.Rate{Every: 6 * time.Second, Burst: 20}

// lookupScope names the limit's rows in rate_limits.
const lookupScope = "room-lookup"

// New makes the rooms, registers their job kinds and their hook on the
// deals' deletion.
func New(d Deps) *Service {
	s := &Service{st: d.Store, log: d.Log, deals: d.Deals, uploads: d.Uploads, storage: d.Storage,
		processing: d.Processing, jobs: d.Jobs, mail: d.Mail, siteURL: d.SiteURL,
		clientKey: d.ClientKey, creator: d.Creator, sweepEvery: d.SweepEvery,
		limit: ratelimit.NewShared(d.Store, d.Log, lookupScope, lookupRate)}
	if s.sweepEvery <= 0 {
		s.sweepEvery = SweepEvery
	}
	s.SetClock(d.Clock)
	s.sweep = jobs.Register(d.Jobs, sweepKind, jobs.Options{MaxAttempts: 3, Timeout: 5 * time.Minute,
		Backoff: jobs.Exponential(30*time.Second, 5*time.Minute)}, s.runSweep)
	s.mailer = jobs.Register(d.Jobs, mailKind, mail.Retry, s.sendMail)
	d.Deals.OnDelete(s.onDealDelete)
	d.Store.AddUploadUse(s.usesUpload) // a draft's upload is never the janitor's
	return s
}

// SetClock replaces the clock (tests); nil is the real time.
func (s *Service) SetClock(now func() time.Time) { s.clock.Set(now) }

// now is the rooms' time (siteclock.Clock.Now).
func (s *Service) now() time.Time { return s.clock.Now() }

// SetLimiter replaces the rate limit of failed lookups (tests).
func (s *Service) SetLimiter(l ratelimit.Limiter) { s.limit = l }

// q is a query in the store's dialect.
func (s *Service) q(query string) string { return s.st.Rebind(query) }
