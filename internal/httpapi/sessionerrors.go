package httpapi

import "net/http"

// sessionError answers an error of the session middleware (loading or
// saving the session row) through writeError, like any handler's error.
// scs's default printed the bare error with Go's standard logger ("context
// canceled" on a line of its own, with no request to tie it to) and
// answered 500 even when the client had simply left; now it is one
// structured line with the method and path, and a departed client is a
// 499, not a server error.
func (s *Server) sessionError(w http.ResponseWriter, r *http.Request, err error) {
	writeError(w, r, s.log, err)
}
