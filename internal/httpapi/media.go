package httpapi

import (
	"errors"
	"net/http"
	"strings"

	"github.com/ugcfolio/ugcfolio/internal/apperr"
	"github.com/ugcfolio/ugcfolio/internal/media"
)

// serveUpload answers GET /uploads/{name} from storage, with Range support
// (206, seeking) and the type of the name's extension.
func (s *Server) serveUpload(w http.ResponseWriter, r *http.Request) error {
	name := r.PathValue("name")
	if !media.ValidName(name) {
		return apperr.NotFound("File not found")
	}
	return s.serveStored(w, r, name)
}

var errProxyURL = apperr.Invalid("Only our own uploads can be played: url must be /uploads/NAME")

// videoProxy answers GET /api/video-proxy?url=/uploads/NAME: the player's
// source for uploaded videos, streamed from storage with Range support. It
// never fetches a remote address: another host or scheme, a path outside
// /uploads/, "..", a backslash or a still-encoded character is 400.
func (s *Server) videoProxy(w http.ResponseWriter, r *http.Request) error {
	values := r.URL.Query()["url"]
	if len(values) != 1 {
		return errProxyURL
	}
	url := values[0] // decoded once by Query; a "%" left over is double encoding
	if strings.ContainsAny(url, "%\\") || strings.Contains(url, "..") {
		return errProxyURL
	}
	name, ok := media.NameFromURL(url)
	if !ok {
		return errProxyURL
	}
	return s.serveStored(w, r, name)
}

// serveStored streams a stored file with http.ServeContent: Range and
// If-Range, conditional requests, and no more read than is sent.
func (s *Server) serveStored(w http.ResponseWriter, r *http.Request, name string) error {
	f, err := s.storage.Open(r.Context(), name)
	if errors.Is(err, media.ErrNotFound) {
		return apperr.NotFound("File not found")
	}
	if err != nil {
		return err
	}
	defer f.Close()
	h := w.Header()
	h.Set("Content-Type", media.ContentType(name))
	h.Set("Cache-Control", "public, max-age=86400")
	http.ServeContent(w, r, name, f.ModTime(), f)
	return nil
}
