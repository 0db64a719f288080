package httpapi

import (
	"encoding/json"
	"net/http"
)

// listPortfolio answers GET /api/portfolio/{lang}: the language's items,
// featured first, then newest. Visitors get active items only; an admin
// gets every item, so the admin screens can show hidden ones faded.
func (s *Server) listPortfolio(w http.ResponseWriter, r *http.Request) error {
	lang, err := pathLanguage(r)
	if err != nil {
		return err
	}
	if s.isAdmin(r) {
		list, err := s.store.ListPortfolio(r.Context(), lang, true)
		if err != nil {
			return err
		}
		return writeJSON(w, http.StatusOK, list)
	}
	return s.publicCache.serve(w, "portfolio/"+lang, func() ([]byte, error) {
		list, err := s.store.ListPortfolio(r.Context(), lang, false)
		if err != nil {
			return nil, err
		}
		return json.Marshal(list)
	})
}
