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

// portfolioBody is the JSON of POST and PATCH. Every field is a pointer: on
// POST an absent field takes its default, on PATCH it keeps its stored value.
// PATCH may repeat the item's id; a different id is refused.
type portfolioBody struct {
	ID          *int64  `json:"id"`
	Title       *string `json:"title"`
	Description *string `json:"description"`
	ImageURL    *string `json:"imageUrl"`
	VideoURL    *string `json:"videoUrl"`
	Category    *string `json:"category"`
	Featured    *bool   `json:"featured"`
	Language    *string `json:"language"`
	IsActive    *bool   `json:"isActive"`
}

// apply lays the body's fields over base and validates the result.
func (b portfolioBody) apply(base store.PortfolioInput) (store.PortfolioInput, error) {
	in := base
	set := func(dst *string, src *string) {
		if src != nil {
			*dst = *src
		}
	}
	set(&in.Title, b.Title)
	set(&in.Description, b.Description)
	set(&in.ImageURL, b.ImageURL)
	set(&in.VideoURL, b.VideoURL)
	set(&in.Category, b.Category)
	set(&in.Language, b.Language)
	if b.Featured != nil {
		in.Featured = *b.Featured
	}
	if b.IsActive != nil {
		in.IsActive = *b.IsActive
	}

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

// createPortfolioItem answers POST /api/admin/portfolio with 201 and the new
// item. Defaults: category product, not featured, active.
func (s *Server) createPortfolioItem(w http.ResponseWriter, r *http.Request) error {
	var body portfolioBody
	if err := decodeJSON(w, r, &body); err != nil {
		return err
	}
	if body.ID != nil {
		return apperr.Invalid("A new portfolio item cannot have an id")
	}
	in, err := body.apply(store.PortfolioInput{Category: "product", IsActive: true})
	if err != nil {
		return err
	}
	p, err := s.store.CreatePortfolioItem(r.Context(), in)
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusCreated, p)
}

// updatePortfolioItem answers PATCH /api/admin/portfolio/{id} with the
// updated item; fields absent from the body keep their values.
func (s *Server) updatePortfolioItem(w http.ResponseWriter, r *http.Request) error {
	id, err := pathID(r, "id")
	if err != nil {
		return err
	}
	var body portfolioBody
	if err := decodeJSON(w, r, &body); err != nil {
		return err
	}
	if body.ID != nil && *body.ID != id {
		return apperr.Invalid("The id in the body (%d) does not match the id in the path (%d)", *body.ID, id)
	}
	cur, err := s.store.GetPortfolioItem(r.Context(), id)
	if err != nil {
		return err
	}
	in, err := body.apply(store.PortfolioInput{
		Title: cur.Title, Description: cur.Description, Category: cur.Category,
		ImageURL: cur.ImageURL, VideoURL: cur.VideoURL, Featured: cur.Featured,
		Language: cur.Language, IsActive: cur.IsActive,
	})
	if err != nil {
		return err
	}
	p, err := s.store.UpdatePortfolioItem(r.Context(), id, in)
	if err != nil {
		return err
	}
	if cur.VideoURL != p.VideoURL {
		s.forgetUpload(r.Context(), cur.VideoURL)
	}
	return writeJSON(w, http.StatusOK, p)
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
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// forgetUpload removes an uploaded video that an item no longer uses. The

// the janitor of a later version, or the operator, can clear the file.
func (s *Server) forgetUpload(ctx context.Context, url string) {
	if err := s.removeUploadIfUnused(ctx, url); err != nil {
		s.log.Error("remove unused upload", "url", url, "err", err)
	}
}
