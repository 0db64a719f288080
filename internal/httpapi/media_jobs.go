package httpapi

import (
	"net/http"
)

// The admin's view of media processing (internal/processing owns it): whether
// videos are processed here, the status of an upload's job, and a retry.

// mediaSettings answers GET /api/admin/media: whether videos are processed
// here (false without ffmpeg; the admin says so).
func (s *Server) mediaSettings(w http.ResponseWriter, r *http.Request) error {
	return writeJSON(w, http.StatusOK, map[string]bool{"videoProcessing": s.processing.VideoOn()})
}

// getMediaStatus answers GET /api/admin/media/{name} for a photo or a
// video: its asset as items carry it, with its job's state and progress;
// 404 when the stored file has no asset (never processed).
func (s *Server) getMediaStatus(w http.ResponseWriter, r *http.Request) error {
	st, err := s.processing.Status(r.Context(), r.PathValue("name"))
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, st)
}

// retryMedia answers POST /api/admin/media/{name}/retry for a photo or a
// video: its job runs again from the start. 409 while it runs, once it is
// processed, or when this server does not process its kind (naming the
// missing program); 404 without an asset.
func (s *Server) retryMedia(w http.ResponseWriter, r *http.Request) error {
	st, err := s.processing.Retry(r.Context(), r.PathValue("name"))
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, st)
}
