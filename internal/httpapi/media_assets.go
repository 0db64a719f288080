package httpapi

import (
	"cmp"
	"errors"
	"net/http"

	"github.com/ugcfolio/ugcfolio/internal/apperr"
	"github.com/ugcfolio/ugcfolio/internal/media"
)

// The files under /media/ and /uploads/: processed ones for everyone,
// originals only while they are not private (internal/processing), a
// draft's only through its room.

// serveProcessed answers GET /media/{name}: a processed file, which never
// changes under its content-addressed name.
func (s *Server) serveProcessed(w http.ResponseWriter, r *http.Request) error {
	name := r.PathValue("name")
	if !media.IsProcessedName(name) {
		return apperr.NotFound("File not found")
	}
	if draft, err := s.caps.IsPrivateFile(r.Context(), name); err != nil || draft {
		return cmp.Or[error](err, errFileNotFound) // a delivery room's draft: served only through its room
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
	if draft, err := s.caps.IsPrivateFile(r.Context(), name); err != nil || draft {
		return cmp.Or[error](err, errFileNotFound) // a delivery room's draft: served only through its room
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

// originalCacheControl is how an uploaded original that visitors may still
// get is cached: by the visitor's own browser for a day, never by a shared
// cache (a CDN or proxy). An original turns private once its renditions are
// ready (an image at once); a shared cache holding it "public" would go on
// serving it to everyone for the rest of the day. Processed files under
// /media/ never change and stay public and immutable.
const originalCacheControl = "private, max-age=86400"
