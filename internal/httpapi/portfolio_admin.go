package httpapi

import (
	"context"
	"net/http"
	"strings"

	"github.com/ugcfolio/ugcfolio/internal/apperr"
	"github.com/ugcfolio/ugcfolio/internal/forms"
	"github.com/ugcfolio/ugcfolio/internal/store"
)

// Length caps of a portfolio item's texts.
const (
	maxPortfolioTitle       = 200
	maxPortfolioDescription = 5000
)

// portfolioCategories are the admin categories of SPEC.md section 9.
var portfolioCategories = []string{"product", "lifestyle", "brand", "social", "other"}

// msgImageOrVideo is SPEC.md section 5's message when neither URL is given.
const msgImageOrVideo = "Vennligst oppgi enten en bilde-URL eller en video-URL, eller last opp en video"

// portfolioBody is the JSON of POST and PATCH: the item's writable fields,
// decoded over a base (the defaults on POST, the stored item on PATCH), so a
// field absent from the body keeps the base's value and no field has to be
// copied by hand. PATCH may repeat the item's id; a different id is refused.
type portfolioBody struct {
	ID *int64 `json:"id"`
	store.PortfolioInput
}

// portfolioForm is an item's field rules (its rows in testdata/rules.json).
var portfolioForm = forms.New("portfolio",
	forms.Field[store.PortfolioInput]{Rule: forms.Rule{Field: "title", Label: "Title", Trim: true, Required: true, Max: maxPortfolioTitle},
		Text: func(in *store.PortfolioInput) *string { return &in.Title }},
	forms.Field[store.PortfolioInput]{Rule: forms.Rule{Field: "description", Label: "Description", Trim: true, Max: maxPortfolioDescription},
		Text: func(in *store.PortfolioInput) *string { return &in.Description }},
	forms.Field[store.PortfolioInput]{Rule: forms.Rule{Field: "imageUrl", Label: "Image URL", Trim: true, Format: "imageUrl"},
		Text: func(in *store.PortfolioInput) *string { return &in.ImageURL }, Before: needImageOrVideo},
	forms.Field[store.PortfolioInput]{Rule: forms.Rule{Field: "videoUrl", Label: "Video URL", Trim: true, Format: "videoUrl"},
		Text: func(in *store.PortfolioInput) *string { return &in.VideoURL }},
	forms.Field[store.PortfolioInput]{Rule: forms.Rule{Field: "category", Label: "Category", OneOf: portfolioCategories,
		OneOfMsg: "Category must be one of " + strings.Join(portfolioCategories, ", ")},
		Text: func(in *store.PortfolioInput) *string { return &in.Category }},
	forms.Field[store.PortfolioInput]{Rule: forms.Rule{Field: "language", Label: "Language", OneOfCheck: forms.CheckLanguage,
		OneOfMsg: `Language must be "no" or "en"`},
		Text: func(in *store.PortfolioInput) *string { return &in.Language }},
)

// needImageOrVideo is SPEC.md section 5's rule that an item has an image or
// a video (or both).
func needImageOrVideo(in *store.PortfolioInput) error {
	if strings.TrimSpace(in.ImageURL) == "" && strings.TrimSpace(in.VideoURL) == "" {
		return apperr.Invalid(msgImageOrVideo)
	}
	return nil
}

// validatePortfolio checks an item's fields and returns them trimmed.
func validatePortfolio(in store.PortfolioInput) (store.PortfolioInput, error) {
	return in, portfolioForm.Check(&in)
}

// decodePortfolio reads a body over base and validates the result.
func decodePortfolio(w http.ResponseWriter, r *http.Request, base store.PortfolioInput) (*int64, store.PortfolioInput, error) {
	body := portfolioBody{PortfolioInput: base}
	if err := decodeJSON(w, r, &body); err != nil {
		return nil, base, err
	}
	in, err := validatePortfolio(body.PortfolioInput)
	return body.ID, in, err
}

// createPortfolioItem answers POST /api/admin/portfolio with 201 and the new
// item. Defaults: category product, not featured, active.
func (s *Server) createPortfolioItem(w http.ResponseWriter, r *http.Request) error {
	id, in, err := decodePortfolio(w, r, store.PortfolioInput{Category: "product", IsActive: true})
	if err != nil {
		return err
	}
	if id != nil {
		return apperr.Invalid("A new portfolio item cannot have an id")
	}
	p, err := s.store.CreatePortfolioItem(r.Context(), in)
	if err != nil {
		return err
	}
	return s.writePortfolioItem(w, r, http.StatusCreated, p)
}

// updatePortfolioItem answers PATCH /api/admin/portfolio/{id} with the
// updated item; fields absent from the body keep their values.
func (s *Server) updatePortfolioItem(w http.ResponseWriter, r *http.Request) error {
	id, err := pathID(r, "id")
	if err != nil {
		return err
	}
	cur, err := s.store.GetPortfolioItem(r.Context(), id)
	if err != nil {
		return err
	}
	bodyID, in, err := decodePortfolio(w, r, cur.PortfolioInput)
	if err != nil {
		return err
	}
	if bodyID != nil && *bodyID != id {
		return apperr.Invalid("The id in the body (%d) does not match the id in the path (%d)", *bodyID, id)
	}
	p, err := s.store.UpdatePortfolioItem(r.Context(), id, in)
	if err != nil {
		return err
	}
	if cur.VideoURL != p.VideoURL {
		s.forgetUpload(r.Context(), cur.VideoURL)
	}
	if cur.ImageURL != p.ImageURL {
		s.forgetUpload(r.Context(), cur.ImageURL)
	}
	return s.writePortfolioItem(w, r, http.StatusOK, p)
}

// deletePortfolioItem answers DELETE /api/admin/portfolio/{id} with 204,
// and deletes the item's uploaded video when no other item uses it.
func (s *Server) deletePortfolioItem(w http.ResponseWriter, r *http.Request) error {
	id, err := pathID(r, "id")
	if err != nil {
		return err
	}
	p, err := s.store.DeletePortfolioItem(r.Context(), id)
	if err != nil {
		return err
	}
	s.forgetUpload(r.Context(), p.VideoURL)
	s.forgetUpload(r.Context(), p.ImageURL)
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// forgetUpload removes an uploaded video or image that no item uses any more. The
// item's change is already stored, so a failure is only logged: the file
// stays in storage until the operator clears it.
func (s *Server) forgetUpload(ctx context.Context, url string) {
	if err := s.removeUploadIfUnused(ctx, url); err != nil {
		s.log.Error("remove unused upload", "url", url, "err", err)
	}
}
