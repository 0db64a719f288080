package httpapi

import (
	"net/http"
	"path/filepath"
	"regexp"
)

// uploadName is the shape of a stored file's name: no path, no dot first.
var uploadName = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$`)

// serveUpload answers GET /uploads/{name} from the local uploads directory,
// with Range support (seeking) from http.ServeFile.
func (s *Server) serveUpload(w http.ResponseWriter, r *http.Request) {
	name := r.PathValue("name")
	if !uploadName.MatchString(name) {
		http.NotFound(w, r)
		return
	}
	w.Header().Set("Cache-Control", "public, max-age=86400")
	http.ServeFile(w, r, filepath.Join(s.cfg.UploadsDir(), name))
}
