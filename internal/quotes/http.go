package quotes

import (
	"net/http"
	"slices"
	"strings"

	"github.com/ugcfolio/ugcfolio/internal/apperr"
	"github.com/ugcfolio/ugcfolio/internal/deals"
	"github.com/ugcfolio/ugcfolio/internal/httpx"
)

// The JSON API of quotes under /api/admin/ (README.md "Quotes API").
// internal/httpapi mounts AdminRoutes behind its admin guard and answers
// every error a handler returns; a handler decodes, calls and writes.

// AdminRoutes answers every route of the admin's.
func (s *Service) AdminRoutes() []httpx.Route {
	return []httpx.Route{
		{Pattern: "POST /api/admin/deals/{id}/quotes", Admin: s.createQuote},
		{Pattern: "GET /api/admin/deals/{id}/quotes", Admin: s.listDealQuotes},
		{Pattern: "GET /api/admin/quotes", Admin: s.listQuotes},
		{Pattern: "GET /api/admin/quotes/{id}", Admin: s.getQuote},
		{Pattern: "PATCH /api/admin/quotes/{id}", Admin: s.updateQuote},
		{Pattern: "DELETE /api/admin/quotes/{id}", Admin: s.deleteQuote},
		{Pattern: "POST /api/admin/quotes/{id}/send", Admin: s.sendQuote},
		{Pattern: "POST /api/admin/quotes/{id}/withdraw", Admin: s.withdrawQuote},
	}
}

func dealID(r *http.Request) (int64, error)  { return httpx.PathID(r, "id", "deal with id") }
func quoteID(r *http.Request) (int64, error) { return httpx.PathID(r, "id", "quote with id") }

// createQuote answers POST /api/admin/deals/{id}/quotes: 201 with a new
// draft prefilled from the deal; a body (optional) of the quote's fields
// changes what it says.
func (s *Service) createQuote(w http.ResponseWriter, r *http.Request, admin httpx.Admin) error {
	id, err := dealID(r)
	if err != nil {
		return err
	}
	var over func(*Input) error
	if r.ContentLength != 0 {
		over = func(in *Input) error { return httpx.DecodeJSON(w, r, in) }
	}
	q, err := s.Create(r.Context(), deals.ActorOf(admin), id, over)
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusCreated, q)
}

// listDealQuotes answers GET /api/admin/deals/{id}/quotes: newest first.
func (s *Service) listDealQuotes(w http.ResponseWriter, r *http.Request, _ httpx.Admin) error {
	id, err := dealID(r)
	if err != nil {
		return err
	}
	list, err := s.OfDeal(r.Context(), id)
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, list)
}

// listQuotes answers GET /api/admin/quotes[?state=S]: every quote, or a
// state's, newest first.
func (s *Service) listQuotes(w http.ResponseWriter, r *http.Request, _ httpx.Admin) error {
	state := r.URL.Query().Get("state")
	if state != "" && !slices.Contains(States, state) {
		return apperr.Invalid("state must be one of %s", strings.Join(States, ", "))
	}
	list, err := s.All(r.Context(), state)
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, list)
}

func (s *Service) getQuote(w http.ResponseWriter, r *http.Request, _ httpx.Admin) error {
	id, err := quoteID(r)
	if err != nil {
		return err
	}
	q, err := s.Get(r.Context(), id)
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, q)
}

// updateQuote answers PATCH /api/admin/quotes/{id}: the body goes over the
// stored draft (what it leaves out stays; lines, when given, replace them
// all), the result is checked whole. A sent quote is a 409.
func (s *Service) updateQuote(w http.ResponseWriter, r *http.Request, _ httpx.Admin) error {
	id, err := quoteID(r)
	if err != nil {
		return err
	}
	cur, err := s.Get(r.Context(), id)
	if err != nil {
		return err
	}
	if cur.State != StateDraft {
		return stateError(cur)
	}
	next := cur.Input()
	next.Lines = nil // decoded fresh: never merged into the stored lines
	if err := httpx.DecodeJSON(w, r, &next); err != nil {
		return err
	}
	if next.Lines == nil {
		next.Lines = cur.Input().Lines
	}
	q, err := s.Update(r.Context(), cur, next)
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, q)
}

// deleteQuote answers DELETE /api/admin/quotes/{id}: 204 for a draft, 409
// for a sent quote (withdraw it instead).
func (s *Service) deleteQuote(w http.ResponseWriter, r *http.Request, _ httpx.Admin) error {
	id, err := quoteID(r)
	if err != nil {
		return err
	}
	if err := s.Delete(r.Context(), id); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// sendQuote answers POST /api/admin/quotes/{id}/send: 200 with the quote,
// frozen and shown in the deal's room.
func (s *Service) sendQuote(w http.ResponseWriter, r *http.Request, admin httpx.Admin) error {
	id, err := quoteID(r)
	if err != nil {
		return err
	}
	q, err := s.Send(r.Context(), deals.ActorOf(admin), id)
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, q)
}

// withdrawQuote answers POST /api/admin/quotes/{id}/withdraw: 200 with the
// quote, which the brand can no longer accept.
func (s *Service) withdrawQuote(w http.ResponseWriter, r *http.Request, admin httpx.Admin) error {
	id, err := quoteID(r)
	if err != nil {
		return err
	}
	q, err := s.Withdraw(r.Context(), deals.ActorOf(admin), id)
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, q)
}
