package httpapi

import "net/http"

// listInquiries answers GET /api/admin/contact: every inquiry, newest first.
func (s *Server) listInquiries(w http.ResponseWriter, r *http.Request) error {
	list, err := s.store.ListInquiries(r.Context())
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, list)
}

// markInquiryRead answers PUT /api/admin/contact/{id}/read with the inquiry,
// now read. Marking it again changes nothing; nothing marks it unread.
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
