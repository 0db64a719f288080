package httpapi

import (
	"context"
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
	body, err := s.visitorTestimonials(r.Context(), lang)
	if err != nil {
		return err
	}
	return writeVisitorJSON(w, body)
}

// visitorTestimonials is the JSON a visitor gets for the language's
// testimonials: the API's answer, and the home page's data.
func (s *Server) visitorTestimonials(ctx context.Context, lang string) ([]byte, error) {
	return s.publicCache.get(ctx, "testimonials/"+lang, func() ([]byte, error) {
		list, err := s.store.ListTestimonials(ctx, lang, false, maxPublicTestimonials)
		if err != nil {
			return nil, err
		}
		answers, err := s.testimonialAnswers(ctx, list, false)
		if err != nil {
			return nil, err
		}
		return json.Marshal(answers)
	})
}
