package httpapi

import "net/http"

// listPortfolio answers GET /api/portfolio/{lang}: the language's items,
// featured first, then newest. Visitors get active items only; an admin
// gets every item, so the admin screens can show hidden ones faded.
func (s *Server) listPortfolio(w http.ResponseWriter, r *http.Request) error {
	lang, err := pathLanguage(r)
	if err != nil {
		return err
	}
	list, err := s.store.ListPortfolio(r.Context(), lang, s.isAdmin(r))
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, list)
}
