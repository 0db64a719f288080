package analytics

import (
	"errors"
	"io"
	"mime"
	"net/http"
	"time"

	"github.com/ugcfolio/ugcfolio/internal/apperr"
	"github.com/ugcfolio/ugcfolio/internal/httpx"
	"github.com/ugcfolio/ugcfolio/internal/ratelimit"
)

// The HTTP face of the analytics: the beacon's endpoint and the admin's
// JSON API. Handlers decode and call; the rest of the package does the rest.

// Routes are the beacon's and the admin's (pitch links, the summary, its
// CSV, deleting everything).
func (s *Service) Routes() []httpx.Route {
	return []httpx.Route{
		{Pattern: "POST /api/analytics/events", Handler: s.postEvents},
		{Pattern: "POST /api/admin/pitch-links", Admin: s.createPitchLink},
		{Pattern: "GET /api/admin/pitch-links", Admin: s.listPitchLinks},
		{Pattern: "PATCH /api/admin/pitch-links/{id}", Admin: s.patchPitchLink},
		{Pattern: "DELETE /api/admin/pitch-links/{id}", Admin: s.deletePitchLink},
		{Pattern: "GET /api/admin/analytics/summary", Admin: s.summary},
		{Pattern: "GET /api/admin/analytics/export.csv", Admin: s.exportCSV},
		{Pattern: "DELETE /api/admin/analytics", Admin: s.deleteAll},
	}
}

// BeaconRate is the beacon's limit per client address. A browser sends a
// batch every few seconds at most (web/src/api/analytics.ts), so 10 a
// second with a burst of 100 leaves room for a school or an office behind
// one address, and holds a script that makes up events to a trickle.
var BeaconRate = ratelimit.Rate{Every: 100 * time.Millisecond, Burst: 100}

// postEvents answers POST /api/analytics/events (the beacon): 202
// once the events are queued, 204 when they are not counted (analytics off,
// Global Privacy Control, a bot, an admin), 400 for anything the contract
// does not allow.
func (s *Service) postEvents(w http.ResponseWriter, r *http.Request) error {
	if _, err := s.beaconLimit.Attempt(r.Context(), s.clientKey(r)); err != nil {
		return err
	}
	if ct := r.Header.Get("Content-Type"); ct != "" {
		media, _, err := mime.ParseMediaType(ct)
		if err != nil || (media != "text/plain" && media != "application/json") {
			return apperr.Invalid("Content-Type must be text/plain or application/json")
		}
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, MaxBody))
	if err != nil {
		if _, tooLarge := errors.AsType[*http.MaxBytesError](err); tooLarge {
			return apperr.Invalid("Request body is over %d bytes", MaxBody)
		}
		return apperr.Invalid("Request body could not be read")
	}
	events, err := ParseBeacon(body)
	if err != nil {
		return apperr.Invalid("%s", err.Error())
	}
	counted, err := s.Accept(r, events)
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

func (s *Service) createPitchLink(w http.ResponseWriter, r *http.Request, _ httpx.Admin) error {
	var in pitchLinkBody
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	link, err := s.CreatePitchLink(r.Context(), PitchLinkInput{
		Name: in.Name, Note: in.Note, NotifyOpen: in.NotifyOpen == nil || *in.NotifyOpen, Language: in.Language})
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusCreated, link)
}

// patchPitchLink answers PATCH /api/admin/pitch-links/{id} {notifyOpen}:
// the e-mail of the link's first opening switched on or off (a body
// without it changes nothing, as every PATCH keeps what it does not
// mention), and the link.
func (s *Service) patchPitchLink(w http.ResponseWriter, r *http.Request, _ httpx.Admin) error {
	id, err := httpx.PathID(r, "id", "pitch link with id")
	if err != nil {
		return err
	}
	var in struct {
		NotifyOpen *bool `json:"notifyOpen"`
	}
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	link, err := s.SetPitchNotify(r.Context(), id, in.NotifyOpen)
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, link)
}

func (s *Service) listPitchLinks(w http.ResponseWriter, r *http.Request, _ httpx.Admin) error {
	links, err := s.PitchLinks(r.Context())
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, links)
}

func (s *Service) deletePitchLink(w http.ResponseWriter, r *http.Request, _ httpx.Admin) error {
	id, err := httpx.PathID(r, "id", "pitch link with id")
	if err != nil {
		return err
	}
	if err := s.DeletePitchLink(r.Context(), id); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// analyticsRange reads ?from and ?to (the last 7 days when missing).
func (s *Service) requestRange(r *http.Request) (Range, error) {
	rg, err := s.ParseRange(r.URL.Query().Get("from"), r.URL.Query().Get("to"))
	if err != nil {
		return rg, apperr.Invalid("%s", err.Error())
	}
	return rg, nil
}

func (s *Service) summary(w http.ResponseWriter, r *http.Request, _ httpx.Admin) error {
	rg, err := s.requestRange(r)
	if err != nil {
		return err
	}
	sum, err := s.Summary(r.Context(), rg)
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, sum)
}

func (s *Service) exportCSV(w http.ResponseWriter, r *http.Request, _ httpx.Admin) error {
	rg, err := s.requestRange(r)
	if err != nil {
		return err
	}
	w.Header().Set("Content-Type", "text/csv; charset=utf-8")
	w.Header().Set("Content-Disposition", `attachment; filename="analytics-`+rg.From.Format("2006-01-02")+`-`+rg.To.Format("2006-01-02")+`.csv"`)
	w.Header().Set("Cache-Control", "no-store")
	return s.ExportCSV(r.Context(), rg, w)
}

func (s *Service) deleteAll(w http.ResponseWriter, r *http.Request, _ httpx.Admin) error {
	if err := s.DeleteAll(r.Context()); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}
