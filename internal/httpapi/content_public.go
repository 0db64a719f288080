package httpapi

import (
	"context"
	"encoding/json"
	"net/http"

	"github.com/ugcfolio/ugcfolio/internal/apperr"
	"github.com/ugcfolio/ugcfolio/internal/forms"
)

// getContent answers GET /api/content/{section}/{lang} with
// {id, section, language, content, updatedAt}; 404 when that section has
// never been saved in that language (the client then shows its built-in
// texts), 400 for a language other than no/en.
func (s *Server) getContent(w http.ResponseWriter, r *http.Request) error {
	lang, err := pathLanguage(r)
	if err != nil {
		return err
	}
	section := r.PathValue("section")
	if !forms.ValidSection(section) {
		return apperr.NotFound("Content not found")
	}
	c, err := s.store.GetContent(r.Context(), section, lang)
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, c)
}

// getLanguageContent answers GET /api/content/{lang} with every saved section
// of that language as {"hero": {...}, "about": {...}}: the public page's texts
// in one request. Sections never saved are absent (the client shows its
// built-in texts); an empty object when none is saved, never 404; 400 for a
// language other than no/en.
func (s *Server) getLanguageContent(w http.ResponseWriter, r *http.Request) error {
	lang, err := pathLanguage(r)
	if err != nil {
		return err
	}
	sections, err := s.store.ContentByLanguage(r.Context(), lang)
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, sections)
}

// visitorContent is the JSON of every saved section of a language, as
// GET /api/content/{lang} answers it: the home page's data, cached like the
// visitor lists (admin saves empty it).
func (s *Server) visitorContent(ctx context.Context, lang string) ([]byte, error) {
	return s.publicCache.get(ctx, "content/"+lang, func() ([]byte, error) {
		sections, err := s.store.ContentByLanguage(ctx, lang)
		if err != nil {
			return nil, err
		}
		return json.Marshal(sections)
	})
}
