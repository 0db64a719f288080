package httpapi

import (
	"fmt"
	"net/http"
	"strconv"

	"github.com/ugcfolio/ugcfolio/internal/apperr"
	"github.com/ugcfolio/ugcfolio/internal/store"
)

// The admin's inquiry list comes in pages: SPEC.md's call answers the
// newest inquiriesPage of them, and ?before=ID&limit=N (N up to
// maxInquiriesPage) the ones after; a Link header names the next page while
// there is one. A creator's inbox fits one page for years; 6,758 inquiries
// no longer make one unbounded answer.
const (
	inquiriesPage    = 500
	maxInquiriesPage = 1000
)

// listInquiries answers GET /api/admin/contact: a page of inquiries, newest
// first.
func (s *Server) listInquiries(w http.ResponseWriter, r *http.Request) error {
	before, limit, err := inquiryPageParams(r)
	if err != nil {
		return err
	}
	list, err := s.store.ListInquiriesPage(r.Context(), before, limit+1)
	if err != nil {
		return err
	}
	if len(list) > limit {
		list = list[:limit]
		next := fmt.Sprintf("/api/admin/contact?before=%d&limit=%d", list[limit-1].ID, limit)
		w.Header().Set("Link", "<"+next+`>; rel="next"`)
	}
	withLinks, err := s.withPitchLinks(r.Context(), list)
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, withLinks)
}

// inquiryPageParams reads ?before (an inquiry id) and ?limit.
func inquiryPageParams(r *http.Request) (before int64, limit int, err error) {
	q := r.URL.Query()
	limit = inquiriesPage
	if v := q.Get("limit"); v != "" {
		if limit, err = strconv.Atoi(v); err != nil || limit < 1 || limit > maxInquiriesPage {
			return 0, 0, apperr.Invalid("limit must be a whole number from 1 to %d", maxInquiriesPage)
		}
	}
	if v := q.Get("before"); v != "" {
		if before, err = strconv.ParseInt(v, 10, 64); err != nil || before < 1 {
			return 0, 0, apperr.Invalid("before must be an inquiry id")
		}
	}
	return before, limit, nil
}

// inquiryPatch is the body of PATCH /api/admin/contact/{id}: the one field
// of an inquiry the admin changes.
type inquiryPatch struct {
	IsRead *bool `json:"isRead"`
}

// patchInquiry answers PATCH /api/admin/contact/{id} with the inquiry:
// {"isRead": true} marks it read (again: no change), {} changes nothing, and
// nothing marks it unread.
func (s *Server) patchInquiry(w http.ResponseWriter, r *http.Request) error {
	id, err := pathID(r, "id")
	if err != nil {
		return err
	}
	var body inquiryPatch
	if err := decodeJSON(w, r, &body); err != nil {
		return err
	}
	var inq store.Inquiry
	switch {
	case body.IsRead == nil:
		inq, err = s.store.GetInquiry(r.Context(), id)
	case !*body.IsRead:
		return apperr.Invalid("An inquiry cannot be marked unread")
	default:
		inq, err = s.store.MarkInquiryRead(r.Context(), id)
	}
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, inq)
}

// markInquiryRead answers PUT /api/admin/contact/{id}/read, SPEC.md's call
// for what PATCH {"isRead": true} does, with the inquiry, now read. A body
// is ignored.
func (s *Server) markInquiryRead(w http.ResponseWriter, r *http.Request) error {
	id, err := pathID(r, "id")
	if err != nil {
		return err
	}
	inq, err := s.store.MarkInquiryRead(r.Context(), id)
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, inq)
}

// deleteInquiry answers DELETE /api/admin/contact/{id} with 204.
func (s *Server) deleteInquiry(w http.ResponseWriter, r *http.Request) error {
	id, err := pathID(r, "id")
	if err != nil {
		return err
	}
	if err := s.store.DeleteInquiry(r.Context(), id); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}
