package httpapi

import (
	"encoding/json"
	"net/http"

	"github.com/ugcfolio/ugcfolio/internal/forms"
)

// contentBody is the JSON of POST /api/admin/content.
type contentBody struct {
	Section  string          `json:"section"`
	Language string          `json:"language"`
	Content  json.RawMessage `json:"content"`
}

// saveContent answers POST /api/admin/content: it creates the section in
// that language or replaces its fields, and answers the saved row.
func (s *Server) saveContent(w http.ResponseWriter, r *http.Request) error {
	var body contentBody
	if err := decodeJSON(w, r, &body); err != nil {
		return err
	}
	content, err := forms.Content(body.Section, body.Language, body.Content)
	if err != nil {
		return err
	}
	saved, err := s.store.SaveContent(r.Context(), body.Section, body.Language, content)
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, saved)
}
