package httpapi

import (
	"encoding/json"
	"net/http"
)

// listTestimonials answers GET /api/testimonials/{lang}: the language's
// testimonials, oldest first. Visitors get active ones only; an admin gets
// every one.
func (s *Server) listTestimonials(w http.ResponseWriter, r *http.Request) error {
	lang, err := pathLanguage(r)
	if err != nil {
		return err
	}
	if s.isAdmin(r) {
		list, err := s.store.ListTestimonials(r.Context(), lang, true, 0)
		if err != nil {
			return err
		}
		answers, err := s.testimonialAnswers(r.Context(), list, true)
		if err != nil {
			return err
		}
		return writeJSON(w, http.StatusOK, answers)
	}
	return s.publicCache.serve(w, "testimonials/"+lang, func() ([]byte, error) {
		list, err := s.store.ListTestimonials(r.Context(), lang, false, maxPublicTestimonials)
		if err != nil {
			return nil, err
		}
		answers, err := s.testimonialAnswers(r.Context(), list, false)
		if err != nil {
			return nil, err
		}
		return json.Marshal(answers)
	})
}
