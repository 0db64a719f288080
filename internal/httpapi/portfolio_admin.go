package httpapi

import (
	"context"
	"net/http"
	"slices"
	"strings"

	"github.com/ugcfolio/ugcfolio/internal/apperr"
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

// validatePortfolio checks an item's fields and returns them trimmed.
func validatePortfolio(in store.PortfolioInput) (store.PortfolioInput, error) {
	var err error
	if in.Title, err = requireText("Title", in.Title, maxPortfolioTitle); err != nil {
		return in, err
	}
	in.Description = strings.TrimSpace(in.Description)
	if err := capText("Description", in.Description, maxPortfolioDescription); err != nil {
		return in, err
	}
	in.ImageURL, in.VideoURL = strings.TrimSpace(in.ImageURL), strings.TrimSpace(in.VideoURL)
	if in.ImageURL == "" && in.VideoURL == "" {
		return in, apperr.Invalid(msgImageOrVideo)
	}
	if in.ImageURL, err = checkMediaURL("Image URL", in.ImageURL); err != nil {
		return in, err
	}
	if in.VideoURL != "" && (len(in.VideoURL) > maxURLLen || !isVideoURL(in.VideoURL)) {
		return in, apperr.Invalid(msgInvalidVideoURL)
	}
	if !slices.Contains(portfolioCategories, in.Category) {
		return in, apperr.Invalid("Category must be one of %s", strings.Join(portfolioCategories, ", "))
	}
	return in, checkLanguage(in.Language)
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
