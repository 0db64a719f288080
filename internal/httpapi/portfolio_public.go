package httpapi

import (
	"context"
	"encoding/json"
	"net/http"
)

// What one visitor's list can cost: the page shows a creator's best work,
// never thousands of items (6,758 made one 1.6 MB answer). The admin, who
// manages them all, gets every item.
const maxPublicPortfolio = 100

// listPortfolio answers GET /api/portfolio/{lang}: the language's items,
// featured first, then newest. Visitors get active items only, at most
// maxPublicPortfolio; an admin
// gets every item, so the admin screens can show hidden ones faded.
func (s *Server) listPortfolio(w http.ResponseWriter, r *http.Request) error {
	lang, err := pathLanguage(r)
	if err != nil {
		return err
	}
	if s.isAdmin(r) {
		list, err := s.store.ListPortfolio(r.Context(), lang, true, 0)
		if err != nil {
			return err
		}
		answers, err := s.portfolioAnswers(r.Context(), list, true)
		if err != nil {
			return err
		}
		return writeJSON(w, http.StatusOK, answers)
	}
	body, err := s.visitorPortfolio(r.Context(), lang)
	if err != nil {
		return err
	}
	return writeVisitorJSON(w, body)
}

// visitorPortfolio is the JSON a visitor gets for the language's portfolio:
// the API's answer, and the data the server renders the home page from.
func (s *Server) visitorPortfolio(ctx context.Context, lang string) ([]byte, error) {
	return s.publicCache.get(ctx, "portfolio/"+lang, func() ([]byte, error) {
		list, err := s.store.ListPortfolio(ctx, lang, false, maxPublicPortfolio)
		if err != nil {
			return nil, err
		}
		answers, err := s.portfolioAnswers(ctx, list, false)
		if err != nil {
			return nil, err
		}
		return json.Marshal(answers)
	})
}

// writeVisitorJSON answers with a cached visitor body.
func writeVisitorJSON(w http.ResponseWriter, body []byte) error {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	_, err := w.Write(body)
	return err
}
