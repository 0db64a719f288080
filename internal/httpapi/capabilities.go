package httpapi

import (
	"context"
	"net/http"
	"strings"
	"time"

	"github.com/ugcfolio/ugcfolio/internal/analytics"
	"github.com/ugcfolio/ugcfolio/internal/billing"
	"github.com/ugcfolio/ugcfolio/internal/billing/fiken"
	"github.com/ugcfolio/ugcfolio/internal/capabilities"
	"github.com/ugcfolio/ugcfolio/internal/deals"
	"github.com/ugcfolio/ugcfolio/internal/mediakit"
	"github.com/ugcfolio/ugcfolio/internal/quotes"
	"github.com/ugcfolio/ugcfolio/internal/ratelimit"
	"github.com/ugcfolio/ugcfolio/internal/rooms"
	"github.com/ugcfolio/ugcfolio/internal/store"
)

// host is what the server shares with the capabilities (internal/capabilities makes them).
func (s *Server) host(d Deps) capabilities.Host {
	h := capabilities.Host{Config: d.Config, Store: d.Store, Log: d.Log, Jobs: s.jobs, Mail: s.mail,
		Storage: s.storage, Uploads: s.uploads, Processing: s.processing, SiteURL: s.siteURL,
		Now:   func() time.Time { return s.now() },
		Cache: s.publicCache.get, IsAdmin: s.isAdmin, IsAdminAnywhere: s.adminOnAnyPath,
		ClientAddr:   func(r *http.Request) string { return s.proxies.Addr(r).String() },
		ClientKey:    func(r *http.Request) string { return s.proxies.Key(r) },
		ContactLimit: s.contactLimit, BeaconLimit: s.analyticsLimit,
		RoomsClock: d.RoomsClock, RoomsSweepEvery: d.RoomsSweepEvery, Fiken: d.Fiken}
	if d.Metrics != nil {
		h.Metrics = d.Metrics.Registerer()
	}
	return h
}

// adminOnAnyPath is isAdmin for a request outside /api/ too: sessions are
// loaded only for the API (withSessions), and the home page's page view
// must not count the admin. Called only when the signed-in hint is there.
func (s *Server) adminOnAnyPath(r *http.Request) bool {
	if strings.HasPrefix(r.URL.Path, "/api/") {
		return s.isAdmin(r)
	}
	c, err := r.Cookie(s.sessions.Cookie.Name)
	if err != nil {
		return false
	}
	ctx, err := s.sessions.Load(r.Context(), c.Value)
	if err != nil {
		return false
	}
	return s.isAdmin(r.WithContext(ctx))
}

// beaconLimiter counts the beacon's limit in the database when replicas can
// share it (PostgreSQL), so three replicas do not let three times the events
// in. SQLite is one process's: there memory counts exactly as well, without
// a write on every beacon that would take the single writer from the events'
// batched inserts (docs/deploy.md, "Several replicas", has both measured).
func (s *Server) beaconLimiter() ratelimit.Limiter {
	if s.store.Dialect == store.Postgres {
		return s.sharedLimiter("analytics", analytics.BeaconRate)
	}
	return ratelimit.NewMemory(analytics.BeaconRate)
}

// RunAnalytics runs the analytics' rollup until ctx ends, then writes the events that wait.
func (s *Server) RunAnalytics(ctx context.Context) { s.caps.RunAnalytics(ctx) }

// RunSweeps runs the capabilities' periodic work (rooms, billing, Fiken) until ctx ends.
func (s *Server) RunSweeps(ctx context.Context) { s.caps.RunSweeps(ctx) }

// The capabilities, for tests and the bench programs that drive one directly.

func (s *Server) Analytics() *analytics.Service { return s.caps.Analytics }
func (s *Server) Deals() *deals.Service         { return s.caps.Deals }
func (s *Server) Rooms() *rooms.Service         { return s.caps.Rooms }
func (s *Server) Quotes() *quotes.Service       { return s.caps.Quotes }
func (s *Server) Billing() *billing.Service     { return s.caps.Billing }
func (s *Server) Fiken() *fiken.Service         { return s.caps.Fiken }
func (s *Server) MediaKit() *mediakit.Service   { return s.caps.MediaKit }
