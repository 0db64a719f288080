package httpapi

import (
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
		return errFileNotFound
	}
	return s.serveOriginal(w, r, name)
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
	return s.serveOriginal(w, r, name)
}
