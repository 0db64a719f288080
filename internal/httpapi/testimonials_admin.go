package httpapi

import (
	"net/http"

	"github.com/ugcfolio/ugcfolio/internal/forms"
	"github.com/ugcfolio/ugcfolio/internal/store"
)

// Length caps of a testimonial's texts.
const (
	maxTestimonialName = 100
	maxTestimonialText = 2000
)

// testimonialForm is a testimonial's field rules (its rows in testdata/rules.json).
var testimonialForm = forms.New("testimonial",
	forms.Field[store.TestimonialInput]{Rule: forms.Rule{Field: "name", Label: "Name", Trim: true, Required: true, Max: maxTestimonialName},
		Text: func(in *store.TestimonialInput) *string { return &in.Name }},
	forms.Field[store.TestimonialInput]{Rule: forms.Rule{Field: "company", Label: "Company", Trim: true, Required: true, Max: maxTestimonialName},
		Text: func(in *store.TestimonialInput) *string { return &in.Company }},
	forms.Field[store.TestimonialInput]{Rule: forms.Rule{Field: "testimonial", Label: "Testimonial", Trim: true, Required: true, Max: maxTestimonialText},
		Text: func(in *store.TestimonialInput) *string { return &in.Testimonial }},
	forms.Field[store.TestimonialInput]{Rule: forms.Rule{Field: "imageUrl", Label: "Image URL", Trim: true, Format: "imageUrl"},
		Text: func(in *store.TestimonialInput) *string { return &in.ImageURL }},
	forms.Field[store.TestimonialInput]{Rule: forms.Rule{Field: "rating", Label: "Rating", Range: [2]int{1, 5},
		RangeMsg: "Rating must be a whole number from 1 to 5"},
		Number: func(in *store.TestimonialInput) *int { return &in.Rating }},
	forms.Field[store.TestimonialInput]{Rule: forms.Rule{Field: "language", Label: "Language", OneOfCheck: forms.CheckLanguage,
		OneOfMsg: `Language must be "no" or "en"`},
		Text: func(in *store.TestimonialInput) *string { return &in.Language }},
)

// validateTestimonial checks a testimonial's fields and returns them trimmed.
func validateTestimonial(in store.TestimonialInput) (store.TestimonialInput, error) {
	return in, testimonialForm.Check(&in)
}

// testimonialDefaults are what a POST or PUT body does not mention.
var testimonialDefaults = store.TestimonialInput{Rating: 5, IsActive: true}

// decodeTestimonial reads a body (exactly SPEC.md section 3's writable
// fields) over base and validates the result: over the defaults on POST and
// PUT, over the stored testimonial on PATCH, so a PATCH keeps what it does
// not mention and no field has to be copied by hand.
func decodeTestimonial(w http.ResponseWriter, r *http.Request, base store.TestimonialInput) (store.TestimonialInput, error) {
	in := base
	if err := decodeJSON(w, r, &in); err != nil {
		return in, err
	}
	return validateTestimonial(in)
}

// createTestimonial answers POST /api/admin/testimonials with 201 and the
// new testimonial.
func (s *Server) createTestimonial(w http.ResponseWriter, r *http.Request) error {
	in, err := decodeTestimonial(w, r, testimonialDefaults)
	if err != nil {
		return err
	}
	t, err := s.store.CreateTestimonial(r.Context(), in)
	if err != nil {
		return err
	}
	return s.writeTestimonial(w, r, http.StatusCreated, t)
}

// updateTestimonial answers PATCH /api/admin/testimonials/{id} with the
// testimonial, the body's fields over the stored ones. PUT, the call
// SPEC.md section 7 names, replaces: its body goes over the defaults, as on
// POST.
func (s *Server) updateTestimonial(w http.ResponseWriter, r *http.Request) error {
	id, err := pathID(r, "id")
	if err != nil {
		return err
	}
	cur, err := s.store.GetTestimonial(r.Context(), id)
	if err != nil {
		return err
	}
	base := cur.TestimonialInput
	if r.Method == http.MethodPut {
		base = testimonialDefaults
	}
	in, err := decodeTestimonial(w, r, base)
	if err != nil {
		return err
	}
	t, err := s.store.UpdateTestimonial(r.Context(), id, in)
	if err != nil {
		return err
	}
	if cur.ImageURL != t.ImageURL {
		s.forgetUpload(r.Context(), cur.ImageURL)
	}
	return s.writeTestimonial(w, r, http.StatusOK, t)
}

// deleteTestimonial answers DELETE /api/admin/testimonials/{id} with 204,
// and deletes its uploaded image when nothing else uses it.
func (s *Server) deleteTestimonial(w http.ResponseWriter, r *http.Request) error {
	id, err := pathID(r, "id")
	if err != nil {
		return err
	}
	image, err := s.store.TestimonialImageURL(r.Context(), id)
	if err != nil {
		return err
	}
	if err := s.store.DeleteTestimonial(r.Context(), id); err != nil {
		return err
	}
	s.forgetUpload(r.Context(), image)
	w.WriteHeader(http.StatusNoContent)
	return nil
}
