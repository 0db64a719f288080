package deals

import (
	"encoding/json"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/ugcfolio/ugcfolio/internal/apperr"
	"github.com/ugcfolio/ugcfolio/internal/forms"
)

// The JSON API of deals under /api/admin/ (README.md "Deals API").
// internal/httpapi registers Routes behind its admin guard and answers
// every error a handler returns; a handler decodes, calls and writes.

// Route is one route of the API: a ServeMux pattern and its handler.
type Route struct {
	Pattern string
	Handler func(w http.ResponseWriter, r *http.Request) error
}

// Routes answers every route of the deals' API.
func (s *Service) Routes() []Route {
	return []Route{
		{"GET /api/admin/deals", s.listDeals},
		{"POST /api/admin/deals", s.createDeal},
		{"GET /api/admin/deals/summary", s.summary},
		{"GET /api/admin/deals/{id}", s.getDeal},
		{"PATCH /api/admin/deals/{id}", s.updateDeal},
		{"DELETE /api/admin/deals/{id}", s.deleteDeal},
		{"POST /api/admin/contact/{id}/deal", s.dealFromInquiry},
	}
}

func writeJSON(w http.ResponseWriter, status int, v any) error {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	return json.NewEncoder(w).Encode(v)
}

// pathID reads {id}: a positive whole number, else 404 (no such deal or inquiry).
func pathID(r *http.Request, what string) (int64, error) {
	id, err := strconv.ParseInt(r.PathValue("id"), 10, 64)
	if err != nil || id <= 0 {
		return 0, apperr.NotFound("No %s with id %q", what, r.PathValue("id"))
	}
	return id, nil
}

// listDeals answers GET /api/admin/deals[?stage=S]: every deal (or a
// stage's), soonest due first.
func (s *Service) listDeals(w http.ResponseWriter, r *http.Request) error {
	stage := r.URL.Query().Get("stage")
	if stage != "" && !slices.Contains(Stages, stage) {
		return apperr.Invalid("stage must be one of %s", strings.Join(Stages, ", "))
	}
	list, err := s.List(r.Context(), stage)
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, list)
}

// createBody is POST /api/admin/deals: a deal's fields, or an inquiry's id
// (with any fields that should not come from the inquiry).
type createBody struct {
	InquiryID *int64 `json:"inquiryId"`
	Input
}

// createDeal answers POST /api/admin/deals: 201 with the new deal; with
// inquiryId, 201 with the inquiry's new deal or 200 with the one it has.
func (s *Service) createDeal(w http.ResponseWriter, r *http.Request) error {
	body := createBody{Input: newInput()}
	if err := s.decode(w, r, &body); err != nil {
		return err
	}
	if body.InquiryID != nil {
		if *body.InquiryID <= 0 {
			return apperr.Invalid("inquiryId must be the id of an inquiry")
		}
		return s.answerFromInquiry(w, r, *body.InquiryID, body.Input)
	}
	d, err := s.Create(r.Context(), s.actor(r), body.Input)
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusCreated, d)
}

// dealFromInquiry answers POST /api/admin/contact/{id}/deal (no body): the
// one click of the inbox, as createDeal with only inquiryId.
func (s *Service) dealFromInquiry(w http.ResponseWriter, r *http.Request) error {
	id, err := pathID(r, "inquiry")
	if err != nil {
		return err
	}
	return s.answerFromInquiry(w, r, id, newInput())
}

func (s *Service) answerFromInquiry(w http.ResponseWriter, r *http.Request, inquiryID int64, over Input) error {
	d, created, err := s.FromInquiry(r.Context(), s.actor(r), inquiryID, over)
	if err != nil {
		return err
	}
	if created {
		return writeJSON(w, http.StatusCreated, d)
	}
	return writeJSON(w, http.StatusOK, d)
}

// DealWithEvents is GET /api/admin/deals/{id}: the deal and its history,
// oldest first.
type DealWithEvents struct {
	Deal
	Events []Event `json:"events"`
}

func (s *Service) getDeal(w http.ResponseWriter, r *http.Request) error {
	id, err := pathID(r, "deal")
	if err != nil {
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
	return writeJSON(w, http.StatusOK, DealWithEvents{Deal: d, Events: evs})
}

// updateDeal answers PATCH /api/admin/deals/{id}: the body goes over the
// stored deal (what it leaves out stays), the result is checked whole, and
// the deal comes back with its history.
func (s *Service) updateDeal(w http.ResponseWriter, r *http.Request) error {
	id, err := pathID(r, "deal")
	if err != nil {
		return err
	}
	cur, err := s.Get(r.Context(), id)
	if err != nil {
		return err
	}
	next := cur.Input
	if err := s.decode(w, r, &next); err != nil {
		return err
	}
	d, err := s.Update(r.Context(), s.actor(r), cur, next)
	if err != nil {
		return err
	}
	evs, err := s.Events(r.Context(), id)
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, DealWithEvents{Deal: d, Events: evs})
}

// deleteDeal answers DELETE /api/admin/deals/{id} with 204: the deal, its
// history and what hangs off it go (the admin confirms first).
func (s *Service) deleteDeal(w http.ResponseWriter, r *http.Request) error {
	id, err := pathID(r, "deal")
	if err != nil {
		return err
	}
	if err := s.Delete(r.Context(), s.actor(r), id); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// summary answers GET /api/admin/deals/summary[?today=YYYY-MM-DD]: today is
// the admin's day (the dashboard sends the browser's), else the UTC day.
func (s *Service) summary(w http.ResponseWriter, r *http.Request) error {
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
	return writeJSON(w, http.StatusOK, sum)
}
