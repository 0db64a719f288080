package httpapi

import (
	"cmp"
	"context"
	"errors"
	"net/http"

	"github.com/ugcfolio/ugcfolio/internal/apperr"
	"github.com/ugcfolio/ugcfolio/internal/media"
	"github.com/ugcfolio/ugcfolio/internal/processing"
	"github.com/ugcfolio/ugcfolio/internal/store"
)

// Items as the API answers them, with what processing made of their
// uploads (internal/processing: processing.Present), and the files under
// /media/ and /uploads/: processed ones for everyone, originals only while
// they are not private.

// portfolioAnswer is a portfolio item as the API answers it.
type portfolioAnswer struct {
	store.PortfolioItem
	VideoMedia *processing.Media `json:"videoMedia"`
	ImageMedia *processing.Media `json:"imageMedia"`
}

// portfolioAnswers attaches the media of each item's uploads; for a
// visitor (admin false) it also points the URLs at processed files.
func (s *Server) portfolioAnswers(ctx context.Context, items []store.PortfolioItem, admin bool) ([]portfolioAnswer, error) {
	urls := make([]string, 0, 2*len(items))
	for _, p := range items {
		urls = append(urls, p.VideoURL, p.ImageURL)
	}
	assets, err := s.processing.AssetsOf(ctx, urls)
	if err != nil {
		return nil, err
	}
	answers := make([]portfolioAnswer, len(items))
	for i, p := range items {
		a := portfolioAnswer{PortfolioItem: p}
		a.VideoMedia = processing.Present(&a.VideoURL, assets, admin)
		a.ImageMedia = processing.Present(&a.ImageURL, assets, admin)
		answers[i] = a
	}
	return answers, nil
}

// serveProcessed answers GET /media/{name}: a processed file, which never
// changes under its content-addressed name.
func (s *Server) serveProcessed(w http.ResponseWriter, r *http.Request) error {
	name := r.PathValue("name")
	if !media.IsProcessedName(name) {
		return apperr.NotFound("File not found")
	}
	if draft, err := s.rooms.IsDraftFile(r.Context(), name); err != nil || draft {
		return cmp.Or[error](err, errFileNotFound) // a draft's: served only through its room
	}
	return s.serveFile(w, r, name, "public, max-age=31536000, immutable")
}

var errFileNotFound = apperr.NotFound("File not found")

// serveOriginal serves an uploaded original unless it is processed or private.
func (s *Server) serveOriginal(w http.ResponseWriter, r *http.Request, name string) error {
	if media.IsProcessedName(name) {
		return errFileNotFound
	}
	private, err := s.processing.IsPrivate(r.Context(), name)
	if err != nil {
		return err
	}
	if private {
		return errFileNotFound
	}
	if draft, err := s.rooms.IsDraftFile(r.Context(), name); err != nil || draft {
		return cmp.Or[error](err, errFileNotFound) // a draft's: served only through its room
	}
	return s.serveFile(w, r, name, originalCacheControl)
}

// serveFile streams a stored file with http.ServeContent: Range and
// If-Range, conditional requests, and no more read than is sent.
func (s *Server) serveFile(w http.ResponseWriter, r *http.Request, name, cacheControl string) error {
	f, err := s.storage.Open(r.Context(), name)
	if errors.Is(err, media.ErrNotFound) {
		return errFileNotFound
	}
	if err != nil {
		return err
	}
	defer f.Close()
	h := w.Header()
	h.Set("Content-Type", media.ContentType(name))
	h.Set("Cache-Control", cacheControl)
	media.LimitRanges(r, f.Size()) // no multi-range answer longer than the file (ranges.go)
	http.ServeContent(w, r, name, f.ModTime(), f)
	return nil
}

// writePortfolioItem answers one item as an admin sees it.
func (s *Server) writePortfolioItem(w http.ResponseWriter, r *http.Request, status int, p store.PortfolioItem) error {
	answers, err := s.portfolioAnswers(r.Context(), []store.PortfolioItem{p}, true)
	if err != nil {
		return err
	}
	return writeJSON(w, status, answers[0])
}
