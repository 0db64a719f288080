package httpapi

import (
	"context"
	"database/sql"
	"errors"
	"io"
	"mime"
	"net/http"
	"strings"
	"time"

	"github.com/ugcfolio/ugcfolio/internal/analytics"
	"github.com/ugcfolio/ugcfolio/internal/apperr"
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
		AfterFirstOpen: s.mail.Wake}
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

// The beacon's limit per client address. A browser sends a batch every few
// seconds at most (web/src/lib/analytics.ts), so 10 a second with a burst of
// 100 leaves room for a school or an office behind one address, and holds a
// script that makes up events to a trickle.
var beaconRate = ratelimit.Rate{Every: 100 * time.Millisecond, Burst: 100}

// beaconLimiter counts the beacon's limit in the database when replicas can
// share it (PostgreSQL), so three replicas do not let three times the events
// in. SQLite is one process's: there memory counts exactly as well, without
// a write on every beacon that would take the single writer from the events'
// batched inserts (issue 27 measured both: docs/deploy.md, "Several replicas").
func (s *Server) beaconLimiter() ratelimit.Limiter {
	if s.store.Dialect == store.Postgres {
		return s.sharedLimiter("analytics", beaconRate)
	}
	return ratelimit.NewMemory(beaconRate)
}

// postAnalyticsEvents answers POST /api/analytics/events (the beacon): 202
// once the events are queued, 204 when they are not counted (analytics off,
// Global Privacy Control, a bot, an admin), 400 for anything the contract
// does not allow.
func (s *Server) postAnalyticsEvents(w http.ResponseWriter, r *http.Request) error {
	if _, err := s.analyticsLimit.Attempt(r.Context(), s.proxies.Key(r)); err != nil {
		return err
	}
	if ct := r.Header.Get("Content-Type"); ct != "" {
		media, _, err := mime.ParseMediaType(ct)
		if err != nil || (media != "text/plain" && media != "application/json") {
			return apperr.Invalid("Content-Type must be text/plain or application/json")
		}
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, analytics.MaxBody))
	if err != nil {
		if _, tooLarge := errors.AsType[*http.MaxBytesError](err); tooLarge {
			return apperr.Invalid("Request body is over %d bytes", analytics.MaxBody)
		}
		return apperr.Invalid("Request body could not be read")
	}
	events, err := analytics.ParseBeacon(body)
	if err != nil {
		return apperr.Invalid("%s", err.Error())
	}
	counted, err := s.analytics.Accept(r, events)
	if err != nil {
		return err
	}
	if !counted {
		w.WriteHeader(http.StatusNoContent)
		return nil
	}
	w.WriteHeader(http.StatusAccepted)
	return nil
}

// pitchLinkBody is the body of POST /api/admin/pitch-links; notifyOpen
// (the e-mail of its first opening) is on unless it says false; language
// ("no", the default, or "en") is the page the link opens.
type pitchLinkBody struct {
	Name       string `json:"name"`
	Note       string `json:"note"`
	NotifyOpen *bool  `json:"notifyOpen"`
	Language   string `json:"language"`
}

func (s *Server) createPitchLink(w http.ResponseWriter, r *http.Request) error {
	var in pitchLinkBody
	if err := decodeJSON(w, r, &in); err != nil {
		return err
	}
	link, err := s.analytics.CreatePitchLink(r.Context(), analytics.PitchLinkInput{
		Name: in.Name, Note: in.Note, NotifyOpen: in.NotifyOpen == nil || *in.NotifyOpen, Language: in.Language})
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusCreated, link)
}

// patchPitchLink answers PATCH /api/admin/pitch-links/{id} {notifyOpen}:
// the e-mail of the link's first opening switched on or off (a body
// without it changes nothing, as every PATCH keeps what it does not
// mention), and the link.
func (s *Server) patchPitchLink(w http.ResponseWriter, r *http.Request) error {
	id, err := pathID(r, "id")
	if err != nil {
		return err
	}
	var in struct {
		NotifyOpen *bool `json:"notifyOpen"`
	}
	if err := decodeJSON(w, r, &in); err != nil {
		return err
	}
	link, err := s.analytics.SetPitchNotify(r.Context(), id, in.NotifyOpen)
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, link)
}

func (s *Server) listPitchLinks(w http.ResponseWriter, r *http.Request) error {
	links, err := s.analytics.PitchLinks(r.Context())
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, links)
}

func (s *Server) deletePitchLink(w http.ResponseWriter, r *http.Request) error {
	id, err := pathID(r, "id")
	if err != nil {
		return err
	}
	if err := s.analytics.DeletePitchLink(r.Context(), id); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// analyticsRange reads ?from and ?to (the last 7 days when missing).
func (s *Server) analyticsRange(r *http.Request) (analytics.Range, error) {
	rg, err := s.analytics.ParseRange(r.URL.Query().Get("from"), r.URL.Query().Get("to"))
	if err != nil {
		return rg, apperr.Invalid("%s", err.Error())
	}
	return rg, nil
}

func (s *Server) analyticsSummary(w http.ResponseWriter, r *http.Request) error {
	rg, err := s.analyticsRange(r)
	if err != nil {
		return err
	}
	sum, err := s.analytics.Summary(r.Context(), rg)
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, sum)
}

func (s *Server) exportAnalytics(w http.ResponseWriter, r *http.Request) error {
	rg, err := s.analyticsRange(r)
	if err != nil {
		return err
	}
	w.Header().Set("Content-Type", "text/csv; charset=utf-8")
	w.Header().Set("Content-Disposition", `attachment; filename="analytics-`+rg.From.Format("2006-01-02")+`-`+rg.To.Format("2006-01-02")+`.csv"`)
	w.Header().Set("Cache-Control", "no-store")
	return s.analytics.ExportCSV(r.Context(), rg, w)
}

func (s *Server) deleteAnalytics(w http.ResponseWriter, r *http.Request) error {
	if err := s.analytics.DeleteAll(r.Context()); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
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

func (s *Server) withPitchLinks(ctx context.Context, list []store.Inquiry) ([]inquiryWithLink, error) {
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
