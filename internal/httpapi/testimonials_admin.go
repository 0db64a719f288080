package httpapi

import (
	"net/http"

	"github.com/ugcfolio/ugcfolio/internal/apperr"
	"github.com/ugcfolio/ugcfolio/internal/store"
)

// Length caps of a testimonial's texts.
const (
	maxTestimonialName = 100
	maxTestimonialText = 2000
)

// testimonialBody is the JSON of POST and PUT: exactly SPEC.md section 3's
// writable fields. Rating and isActive are pointers so that absence means
// their defaults (5, true).
type testimonialBody struct {
	Name        string `json:"name"`
	Company     string `json:"company"`
	ImageURL    string `json:"imageUrl"`
	Rating      *int   `json:"rating"`
	Testimonial string `json:"testimonial"`
	Language    string `json:"language"`
	IsActive    *bool  `json:"isActive"`
}

// input validates the body and returns what the store writes.
func (b testimonialBody) input() (store.TestimonialInput, error) {
	in := store.TestimonialInput{Rating: 5, IsActive: true, Language: b.Language}
	var err error
	if in.Name, err = requireText("Name", b.Name, maxTestimonialName); err != nil {
		return in, err
	}
	if in.Company, err = requireText("Company", b.Company, maxTestimonialName); err != nil {
		return in, err
	}
	if in.Testimonial, err = requireText("Testimonial", b.Testimonial, maxTestimonialText); err != nil {
		return in, err
	}
	if in.ImageURL, err = checkMediaURL("Image URL", b.ImageURL); err != nil {
		return in, err
	}
	if b.Rating != nil {
		if *b.Rating < 1 || *b.Rating > 5 {
			return in, apperr.Invalid("Rating must be a whole number from 1 to 5")
		}
		in.Rating = *b.Rating
	}
	if b.IsActive != nil {
		in.IsActive = *b.IsActive
	}
	return in, checkLanguage(in.Language)
}

// decodeTestimonial reads and validates a testimonial body.
func decodeTestimonial(w http.ResponseWriter, r *http.Request) (store.TestimonialInput, error) {
	var body testimonialBody
	if err := decodeJSON(w, r, &body); err != nil {
		return store.TestimonialInput{}, err
	}
	return body.input()
}

// createTestimonial answers POST /api/admin/testimonials with 201 and the
// new testimonial.
func (s *Server) createTestimonial(w http.ResponseWriter, r *http.Request) error {
	in, err := decodeTestimonial(w, r)
	if err != nil {
		return err
	}
	t, err := s.store.CreateTestimonial(r.Context(), in)
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusCreated, t)
}

// updateTestimonial answers PUT /api/admin/testimonials/{id} with the
// testimonial as replaced by the body.
func (s *Server) updateTestimonial(w http.ResponseWriter, r *http.Request) error {
	id, err := pathID(r, "id")
	if err != nil {
		return err
	}
	in, err := decodeTestimonial(w, r)
	if err != nil {
		return err
	}
	t, err := s.store.UpdateTestimonial(r.Context(), id, in)
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, t)
}

// deleteTestimonial answers DELETE /api/admin/testimonials/{id} with 204.
func (s *Server) deleteTestimonial(w http.ResponseWriter, r *http.Request) error {
	id, err := pathID(r, "id")
	if err != nil {
		return err
	}
	if err := s.store.DeleteTestimonial(r.Context(), id); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}
