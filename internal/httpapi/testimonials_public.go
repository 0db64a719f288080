package httpapi

import "net/http"

// listTestimonials answers GET /api/testimonials/{lang}: the language's
// testimonials, oldest first. Visitors get active ones only; an admin gets
// every one.
func (s *Server) listTestimonials(w http.ResponseWriter, r *http.Request) error {
	lang, err := pathLanguage(r)
	if err != nil {
		return err
	}
	list, err := s.store.ListTestimonials(r.Context(), lang, s.isAdmin(r))
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, list)
}
