package deals

import (
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/ugcfolio/ugcfolio/internal/apperr"
	"github.com/ugcfolio/ugcfolio/internal/forms"
	"github.com/ugcfolio/ugcfolio/internal/httpx"
)

// The JSON API of deals under /api/admin/ (docs/deals.md "Deals API").
// internal/httpapi mounts Routes behind its admin guard and answers every
// error a handler returns; a handler decodes, calls and writes.

// Routes answers every route of the deals' API: all of it the admin's.
func (s *Service) Routes() []httpx.Route {
	return []httpx.Route{
		{Pattern: "GET /api/admin/deals", Admin: s.listDeals},
		{Pattern: "POST /api/admin/deals", Admin: s.createDeal},
		{Pattern: "GET /api/admin/deals/summary", Admin: s.summary},
		{Pattern: "GET /api/admin/deals/{id}", Admin: s.getDeal},
		{Pattern: "PATCH /api/admin/deals/{id}", Admin: s.updateDeal},
		{Pattern: "DELETE /api/admin/deals/{id}", Admin: s.deleteDeal},
		{Pattern: "POST /api/admin/contact/{id}/deal", Admin: s.dealFromInquiry},
	}
}

// ActorOf is the admin a change is recorded under.
func ActorOf(a httpx.Admin) Actor { return Actor{ID: a.ID, Name: a.Name} }

// pathID reads {id}: a positive whole number, else 404 (no such deal or inquiry).
func pathID(r *http.Request, what string) (int64, error) {
	return httpx.PathID(r, "id", what+" with id")
}

// listDeals answers GET /api/admin/deals[?stage=S]: every deal (or a
// stage's), soonest due first.
func (s *Service) listDeals(w http.ResponseWriter, r *http.Request, _ httpx.Admin) error {
	stage := r.URL.Query().Get("stage")
	if stage != "" && !slices.Contains(Stages, stage) {
		return apperr.Invalid("stage must be one of %s", strings.Join(Stages, ", "))
	}
	list, err := s.List(r.Context(), stage)
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, list)
}

// createBody is POST /api/admin/deals: a deal's fields, or an inquiry's id
// (with any fields that should not come from the inquiry).
type createBody struct {
	InquiryID *int64 `json:"inquiryId"`
	Input
	// DeliverableCount shadows Input's, to tell "not given" (one video by
	// hand; the inquiry's package from an inquiry) from a count given.
	DeliverableCount *int `json:"deliverableCount"`
}

// createDeal answers POST /api/admin/deals: 201 with the new deal; with
// inquiryId, 201 with the inquiry's new deal or 200 with the one it has.
func (s *Service) createDeal(w http.ResponseWriter, r *http.Request, admin httpx.Admin) error {
	var body createBody
	if err := httpx.DecodeJSON(w, r, &body); err != nil {
		return err
	}
	if body.DeliverableCount != nil {
		body.Input.DeliverableCount = *body.DeliverableCount
	}
	if body.InquiryID != nil {
		if *body.InquiryID <= 0 {
			return apperr.Invalid("inquiryId must be the id of an inquiry")
		}
		return s.answerFromInquiry(w, r, admin, *body.InquiryID, body.Input)
	}
	if body.DeliverableCount == nil {
		body.Input.DeliverableCount = defaultVideos
	}
	d, err := s.Create(r.Context(), ActorOf(admin), body.Input)
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusCreated, d)
}

// dealFromInquiry answers POST /api/admin/contact/{id}/deal (no body): the
// one click of the inbox, as createDeal with only inquiryId.
func (s *Service) dealFromInquiry(w http.ResponseWriter, r *http.Request, admin httpx.Admin) error {
	id, err := pathID(r, "inquiry")
	if err != nil {
		return err
	}
	return s.answerFromInquiry(w, r, admin, id, Input{})
}

func (s *Service) answerFromInquiry(w http.ResponseWriter, r *http.Request, admin httpx.Admin, inquiryID int64, over Input) error {
	d, created, err := s.FromInquiry(r.Context(), ActorOf(admin), inquiryID, over)
	if err != nil {
		return err
	}
	if created {
		return httpx.WriteJSON(w, http.StatusCreated, d)
	}
	return httpx.WriteJSON(w, http.StatusOK, d)
}

// DealWithEvents is GET /api/admin/deals/{id}: the deal and its history,
// oldest first. The creator is opening the deal: what the brand answered
// is seen from now on (answered.go).
type DealWithEvents struct {
	Deal
	Events []Event `json:"events"`
}

func (s *Service) getDeal(w http.ResponseWriter, r *http.Request, _ httpx.Admin) error {
	id, err := pathID(r, "deal")
	if err != nil {
		return err
	}
	if err := s.seen(r.Context(), id); err != nil {
		return err
	}
	d, err := s.Get(r.Context(), id)
	if err != nil {
		return err
	}
	evs, err := s.Events(r.Context(), id)
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, DealWithEvents{Deal: d, Events: evs})
}

// updateDeal answers PATCH /api/admin/deals/{id}: the body goes over the
// stored deal (what it leaves out stays), the result is checked whole, and
// the deal comes back with its history.
func (s *Service) updateDeal(w http.ResponseWriter, r *http.Request, admin httpx.Admin) error {
	id, err := pathID(r, "deal")
	if err != nil {
		return err
	}
	cur, err := s.Get(r.Context(), id)
	if err != nil {
		return err
	}
	next := cur.Input
	if err := httpx.DecodeJSON(w, r, &next); err != nil {
		return err
	}
	d, err := s.Update(r.Context(), ActorOf(admin), cur, next)
	if err != nil {
		return err
	}
	evs, err := s.Events(r.Context(), id)
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, DealWithEvents{Deal: d, Events: evs})
}

// deleteDeal answers DELETE /api/admin/deals/{id} with 204: the deal, its
// history and what hangs off it go (the admin confirms first).
func (s *Service) deleteDeal(w http.ResponseWriter, r *http.Request, admin httpx.Admin) error {
	id, err := pathID(r, "deal")
	if err != nil {
		return err
	}
	if err := s.Delete(r.Context(), ActorOf(admin), id); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// summary answers GET /api/admin/deals/summary[?today=YYYY-MM-DD]: today is
// the admin's day (the dashboard sends the browser's), else the UTC day.
func (s *Service) summary(w http.ResponseWriter, r *http.Request, _ httpx.Admin) error {
	today := s.now().Truncate(24 * time.Hour)
	if v := r.URL.Query().Get("today"); v != "" {
		if !forms.IsDate(v) {
			return apperr.Invalid("today must be a date (YYYY-MM-DD)")
		}
		today, _ = time.Parse(time.DateOnly, v)
	}
	sum, err := s.Summary(r.Context(), today)
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, sum)
}
