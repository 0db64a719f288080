package processing

import (
	"net/http"

	"github.com/ugcfolio/ugcfolio/internal/httpx"
)

// Routes are the admin's view of processing: whether videos are processed here, the status of
// an upload's job, and a retry.
func (p *Processor) Routes() []httpx.Route {
	return []httpx.Route{
		{Pattern: "GET /api/admin/media", Admin: p.settings},
		{Pattern: "GET /api/admin/media/{name}", Admin: p.status}, // photos and videos
		{Pattern: "POST /api/admin/media/{name}/retry", Admin: p.retry},
	}
}

// settings answers GET /api/admin/media: whether videos are processed here (false without
// ffmpeg; the admin says so).
func (p *Processor) settings(w http.ResponseWriter, r *http.Request, _ httpx.Admin) error {
	return httpx.WriteJSON(w, http.StatusOK, map[string]bool{"videoProcessing": p.VideoOn()})
}

// status answers GET /api/admin/media/{name} for a photo or a video: its asset as items carry
// it, with its job's state and progress; 404 when the stored file has no asset (never processed).
func (p *Processor) status(w http.ResponseWriter, r *http.Request, _ httpx.Admin) error {
	st, err := p.Status(r.Context(), r.PathValue("name"))
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, st)
}

// retry answers POST /api/admin/media/{name}/retry for a photo or a video: its job runs again
// from the start. 409 while it runs, once it is processed, or when this server does not process
// its kind (naming the missing program); 404 without an asset.
func (p *Processor) retry(w http.ResponseWriter, r *http.Request, _ httpx.Admin) error {
	st, err := p.Retry(r.Context(), r.PathValue("name"))
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, st)
}
