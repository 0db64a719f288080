// Package analytics is ugcfolio's first-party, cookie-less analytics (issue
// 25): the server counts page views as it serves them, a beacon adds what
// only the browser knows (sections reached, plays, clicks, visible time),
// events are written in batches by one writer, a job of internal/jobs rolls
// them up into hourly and daily totals, and the admin reads a summary.
//
// Visitors are counted, never tracked (DESIGN.md section 6): nothing is
// written to the browser, and no address or User-Agent is stored. A visitor
// is sha256(day's salt, address, User-Agent), truncated; the salt is random,
// one per UTC day, and deleted the next day, so days cannot be linked.
// Pitch links are the one place a visit is tied to a named business: their
// visits are kept apart and deleted after PitchRetention.
package analytics

import (
	"context"
	"database/sql"
	"log/slog"
	"net/http"
	"sync"
	"sync/atomic"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/ugcfolio/ugcfolio/internal/config"
	"github.com/ugcfolio/ugcfolio/internal/jobs"
	"github.com/ugcfolio/ugcfolio/internal/ratelimit"
	"github.com/ugcfolio/ugcfolio/internal/store"
)

// PitchRetention is how long a pitch link's visits are kept.
const PitchRetention = 365 * 24 * time.Hour

// Deps are what the analytics need from the server.
type Deps struct {
	Config config.AnalyticsConfig
	Store  *store.Store
	Jobs   *jobs.Queue
	Log    *slog.Logger
	// Metrics, when set, gets the counters of accepted and dropped events.
	Metrics prometheus.Registerer
	// ClientAddr is the visitor's address (the peer, or from a trusted proxy).
	ClientAddr func(*http.Request) string
	// ClientKey is the client the limits count (clientaddr's Key: an IPv6
	// client's /64); ClientAddr when nil.
	ClientKey func(*http.Request) string
	// MaybeAdmin reports whether the request comes from a signed-in admin;
	// called only when the signed-in hint cookie is present.
	IsAdmin func(*http.Request) bool
	// SiteURL is the site's address, for pitch links' URLs.
	SiteURL string
	// QueueSize is how many events wait for the writer at most (default
	// 10,000); past it events are dropped and counted.
	QueueSize int
	// OnFirstOpen, when set, is called in the writer's transaction the
	// first time a pitch link that asks for it is opened (internal/mail
	// enqueues its e-mail there); AfterFirstOpen once that transaction is
	// committed (mail's Wake). See markOpened.
	OnFirstOpen    func(ctx context.Context, tx *sql.Tx, o PitchOpened) error
	AfterFirstOpen func()
	// BeaconLimit is the beacon's limit per client (ClientKey).
	BeaconLimit ratelimit.Limiter
}

// Service is the analytics of one server.
type Service struct {
	cfg         config.AnalyticsConfig
	st          *store.Store
	log         *slog.Logger
	q           *jobs.Queue
	rollup      jobs.Kind[struct{}]
	addr        func(*http.Request) string
	clientKey   func(*http.Request) string
	beaconLimit ratelimit.Limiter
	isAdmin     func(*http.Request) bool
	siteURL     string
	retention   time.Duration
	now         func() time.Time

	onFirstOpen    func(ctx context.Context, tx *sql.Tx, o PitchOpened) error
	afterFirstOpen func()

	queue    chan Event
	flushReq chan chan struct{}
	stop     chan struct{}
	stopped  chan struct{}
	stopOnce sync.Once

	salt saltCache
	// scrubPending: a salt was deleted but a checkpoint has not yet
	// emptied the WAL of it (salt.go).
	scrubPending atomic.Bool
	refs         refCache
	pageViews    *ratelimit.Memory // page views counted per client (visitor.go)
	pitch        pitchAllowance    // a pitch link's visitor-days per client (writer.go)
	inserts      map[int]*sql.Stmt // the writer's prepared INSERTs by row count (writer.go)

	accepted, dropped, written prometheus.Counter
}

// New makes the analytics, registers the rollup job kind and starts the
// writer; Close stops the writer after writing what waits.
func New(d Deps) *Service {
	s := &Service{
		cfg: d.Config, st: d.Store, log: d.Log, q: d.Jobs, addr: d.ClientAddr, isAdmin: d.IsAdmin,
		siteURL: d.SiteURL, onFirstOpen: d.OnFirstOpen, afterFirstOpen: d.AfterFirstOpen, beaconLimit: d.BeaconLimit,
		retention: time.Duration(max(d.Config.RetentionDays, 0)) * 24 * time.Hour,
		now:       func() time.Time { return time.Now().UTC() },
		flushReq:  make(chan chan struct{}),
		stop:      make(chan struct{}),
		stopped:   make(chan struct{}),
		accepted: prometheus.NewCounter(prometheus.CounterOpts{Name: "ugcfolio_analytics_events_total",
			Help: "Analytics events accepted into the write queue."}),
		dropped: prometheus.NewCounter(prometheus.CounterOpts{Name: "ugcfolio_analytics_events_dropped_total",
			Help: "Analytics events dropped because the write queue was full (a spike past what the database takes)."}),
		written: prometheus.NewCounter(prometheus.CounterOpts{Name: "ugcfolio_analytics_events_written_total",
			Help: "Analytics events written to the database."}),
	}
	if s.clientKey = d.ClientKey; s.clientKey == nil {
		s.clientKey = d.ClientAddr
	}
	if s.beaconLimit == nil {
		s.beaconLimit = ratelimit.NewMemory(BeaconRate)
	}
	s.pageViews = ratelimit.NewMemory(pageViewRate)
	s.pageViews.Now = func() time.Time { return s.now() } // the clock SetClock sets
	if s.retention == 0 {
		s.retention = config.DefaultAnalyticsRetention * 24 * time.Hour
	}
	size := d.QueueSize
	if size <= 0 {
		size = 10000
	}
	s.queue = make(chan Event, size)
	if d.Metrics != nil {
		d.Metrics.MustRegister(s.accepted, s.dropped, s.written)
	}
	s.rollup = jobs.Register(d.Jobs, rollupKind, jobs.Options{MaxAttempts: 3, Timeout: 5 * time.Minute,
		Backoff: jobs.Exponential(10*time.Second, time.Minute)}, s.runRollup)
	go s.writeLoop()
	return s
}

// Off reports whether analytics are switched off by configuration.
func (s *Service) Off() bool { return s.cfg.Off }

// Dropped answers how many events were dropped so far (full queue).
func (s *Service) Dropped() float64 { return counterValue(s.dropped) }

// Close writes the events that wait and stops the writer.
func (s *Service) Close() {
	s.stopOnce.Do(func() { close(s.stop) })
	<-s.stopped
}

// SetClock replaces the clock (tests).
func (s *Service) SetClock(now func() time.Time) { s.now = func() time.Time { return now().UTC() } }

// enqueue hands events to the writer without ever waiting: when the queue
// is full the event is dropped and counted, so a spike never grows memory
// or slows the page that sent it.
func (s *Service) enqueue(evs ...Event) {
	for _, ev := range evs {
		select {
		case s.queue <- ev:
			s.accepted.Inc()
		default:
			s.dropped.Inc()
		}
	}
}

// Written answers how many events were written so far.
func (s *Service) Written() float64 { return counterValue(s.written) }
