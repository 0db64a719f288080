package httpapi

import (
	"context"
	"database/sql"
	"net/http"
	"strings"

	"github.com/ugcfolio/ugcfolio/internal/analytics"
	"github.com/ugcfolio/ugcfolio/internal/deals"
	"github.com/ugcfolio/ugcfolio/internal/ratelimit"
	"github.com/ugcfolio/ugcfolio/internal/store"
)

// The HTTP face of internal/analytics (issue 25): the beacon's endpoint and
// the admin's JSON API. Handlers decode, authorise (admin routes are guarded
// by s.admin) and call; the analytics package does the rest.

// newAnalytics wires the analytics of the server.
func (s *Server) newAnalytics(d Deps) *analytics.Service {
	deps := analytics.Deps{Config: d.Config.Analytics, Store: d.Store, Jobs: s.jobs, Log: d.Log, SiteURL: s.siteURL,
		ClientAddr: func(r *http.Request) string { return s.proxies.Addr(r).String() },
		ClientKey:  func(r *http.Request) string { return s.proxies.Key(r) },
		IsAdmin:    s.adminOnAnyPath,
		// The creator's e-mail when a pitch link is first opened (nothing while mail is off).
		OnFirstOpen: func(ctx context.Context, tx *sql.Tx, o analytics.PitchOpened) error {
			return s.mail.EnqueuePitchOpened(ctx, tx, o.LinkID, o.Name, o.Note, o.At)
		},
		AfterFirstOpen: s.mail.Wake, BeaconLimit: s.analyticsLimit}
	if d.Metrics != nil {
		deps.Metrics = d.Metrics.Registerer()
	}
	return analytics.New(deps)
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

// RunAnalytics queues the analytics rollup every half minute until ctx ends,
// then writes the events that wait; serve runs it and waits for it before
// closing the store.
func (s *Server) RunAnalytics(ctx context.Context) {
	s.analytics.Run(ctx)
	s.analytics.Close()
}

// beaconLimiter counts the beacon's limit in the database when replicas can
// share it (PostgreSQL), so three replicas do not let three times the events
// in. SQLite is one process's: there memory counts exactly as well, without
// a write on every beacon that would take the single writer from the events'
// batched inserts (issue 27 measured both: docs/deploy.md, "Several replicas").
func (s *Server) beaconLimiter() ratelimit.Limiter {
	if s.store.Dialect == store.Postgres {
		return s.sharedLimiter("analytics", analytics.BeaconRate)
	}
	return ratelimit.NewMemory(analytics.BeaconRate)
}

func (s *Server) recentActivity(w http.ResponseWriter, r *http.Request) error {
	deals, err := s.dealActivity(r.Context())
	if err != nil {
		return err
	}
	list, err := s.analytics.Activity(r.Context(), deals...)
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, list)
}

// inquiryWithLink is an inquiry in the admin's list, with the pitch link it
// came through and the deal made from it (null for none).
type inquiryWithLink struct {
	store.Inquiry
	PitchLink *analytics.LinkRef `json:"pitchLink"`
	Deal      *deals.Ref         `json:"deal"`
}

// annotateInquiries gives the inbox each inquiry's pitch link and deal.
func (s *Server) annotateInquiries(ctx context.Context, list []store.Inquiry) (any, error) {
	ids := make([]int64, len(list))
	for i, inq := range list {
		ids[i] = inq.ID
	}
	links, err := s.analytics.InquiryLinks(ctx, ids)
	if err != nil {
		return nil, err
	}
	made, err := s.deals.OfInquiries(ctx, ids)
	if err != nil {
		return nil, err
	}
	out := make([]inquiryWithLink, len(list))
	for i, inq := range list {
		out[i].Inquiry = inq
		if l, ok := links[inq.ID]; ok {
			out[i].PitchLink = &l
		}
		if d, ok := made[inq.ID]; ok {
			out[i].Deal = &d
		}
	}
	return out, nil
}

// Analytics is the server's analytics (the benchmark drives it).
func (s *Server) Analytics() *analytics.Service { return s.analytics }
