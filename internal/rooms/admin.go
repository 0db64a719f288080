package rooms

import (
	"fmt"
	"net/http"
	"strconv"

	"github.com/ugcfolio/ugcfolio/internal/apperr"
	"github.com/ugcfolio/ugcfolio/internal/deals"
	"github.com/ugcfolio/ugcfolio/internal/forms"
	"github.com/ugcfolio/ugcfolio/internal/httpx"
)

// The admin's JSON API of rooms, drafts and licences (docs/rooms.md "Delivery
// rooms API"), registered by internal/httpapi behind its admin guard
// beside the deals' own.

// AdminRoutes answers every admin route.
func (s *Service) AdminRoutes() []httpx.Route {
	return []httpx.Route{
		{Pattern: "GET /api/admin/deals/{id}/room", Admin: s.roomCall(http.StatusOK, s.getRoom)},
		{Pattern: "POST /api/admin/deals/{id}/room", Admin: s.roomCall(http.StatusCreated, s.postRoom)},
		{Pattern: "PATCH /api/admin/deals/{id}/room", Admin: s.roomCall(http.StatusOK, s.patchRoom)},
		{Pattern: "DELETE /api/admin/deals/{id}/room", Admin: s.roomCall(http.StatusOK, s.deleteRoom)},
		{Pattern: "GET /api/admin/deals/{id}/drafts", Admin: s.listDrafts},
		{Pattern: "POST /api/admin/deals/{id}/drafts", Admin: s.postDraft},
		{Pattern: "DELETE /api/admin/deals/{id}/drafts/{draft}", Admin: s.deleteDraft},
		{Pattern: "GET /api/admin/deals/{id}/drafts/{draft}/media/{name}", Admin: s.adminMedia, Media: true},
		{Pattern: "GET /api/admin/deals/{id}/drafts/{draft}/file", Admin: s.adminFile, Media: true},
		{Pattern: "GET /api/admin/deals/{id}/licences", Admin: s.listLicences},
		{Pattern: "PUT /api/admin/deals/{id}/licences/{n}", Admin: s.putLicence},
		{Pattern: "DELETE /api/admin/deals/{id}/licences/{n}", Admin: s.deleteLicence},
		{Pattern: "GET /api/admin/licences/ending", Admin: s.endingLicences},
	}
}

// pathNumber reads a positive whole number of the path, else 404.
func pathNumber(r *http.Request, name, what string) (int64, error) {
	return httpx.PathID(r, name, what)
}

func dealID(r *http.Request) (int64, error) { return pathNumber(r, "id", "deal with id") }

// roomCall answers a call on a deal's room: the deal's id from the path,
// then do, then the room as it is after it, with status.
func (s *Service) roomCall(status int, do func(r *http.Request, w http.ResponseWriter, admin httpx.Admin, dealID int64) (Room, error)) httpx.AdminHandler {
	return func(w http.ResponseWriter, r *http.Request, admin httpx.Admin) error {
		id, err := dealID(r)
		if err != nil {
			return err
		}
		rm, err := do(r, w, admin, id)
		if err != nil {
			return err
		}
		return httpx.WriteJSON(w, status, rm)
	}
}

// GET …/room: the room. POST …/room {expiresOn?, answerDays?}: 201 with a
// new link (url), every earlier one revoked. PATCH …/room {expiresOn?,
// answerDays?}. DELETE …/room: every link revoked; 200 with the room.
func (s *Service) getRoom(r *http.Request, _ http.ResponseWriter, _ httpx.Admin, id int64) (Room, error) {
	return s.Room(r.Context(), id)
}

func (s *Service) postRoom(r *http.Request, w http.ResponseWriter, admin httpx.Admin, id int64) (Room, error) {
	return s.NewLink(r.Context(), deals.ActorOf(admin), id, func(in *Settings) error { return httpx.DecodeJSON(w, r, in) })
}

func (s *Service) patchRoom(r *http.Request, w http.ResponseWriter, admin httpx.Admin, id int64) (Room, error) {
	return s.UpdateSettings(r.Context(), deals.ActorOf(admin), id, func(in *Settings) error { return httpx.DecodeJSON(w, r, in) })
}

func (s *Service) deleteRoom(r *http.Request, _ http.ResponseWriter, admin httpx.Admin, id int64) (Room, error) {
	return s.Revoke(r.Context(), deals.ActorOf(admin), id)
}

// AdminDraft is a draft as the admin reads it: what it plays from and its
// original, under the admin's own paths.
type AdminDraft struct {
	Draft
	Media   *DraftMedia `json:"media"`
	FileURL string      `json:"fileUrl"`
}

func (s *Service) adminDrafts(r *http.Request, dealID int64, list []Draft) ([]AdminDraft, error) {
	assets, err := s.assets(r.Context(), list)
	if err != nil {
		return nil, err
	}
	out := make([]AdminDraft, len(list))
	for i, dr := range list {
		base := fmt.Sprintf("/api/admin/deals/%d/drafts/%d", dealID, dr.ID)
		out[i] = AdminDraft{Draft: dr, Media: draftMedia(dr, assetOf(assets, dr), base+"/media/"), FileURL: base + "/file"}
	}
	return out, nil
}

// listDrafts answers GET …/drafts: by video, the newest version first.
func (s *Service) listDrafts(w http.ResponseWriter, r *http.Request, _ httpx.Admin) error {
	id, err := dealID(r)
	if err != nil {
		return err
	}
	if _, err := s.deals.Get(r.Context(), id); err != nil {
		return err
	}
	list, err := s.drafts(r.Context(), id)
	if err != nil {
		return err
	}
	out, err := s.adminDrafts(r, id, list)
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, out)
}

// postDraft answers POST …/drafts {uploadId, deliverable, note}: the
// admin's chunked upload finalized into the deal as the video's next
// version; 201, or 200 with the same draft when it is sent again.
func (s *Service) postDraft(w http.ResponseWriter, r *http.Request, admin httpx.Admin) error {
	id, err := dealID(r)
	if err != nil {
		return err
	}
	in := NewDraft{Deliverable: 1}
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	dr, created, err := s.AddDraft(r.Context(), deals.ActorOf(admin), admin.ID, id, in)
	if err != nil {
		return err
	}
	out, err := s.adminDrafts(r, id, []Draft{dr})
	if err != nil {
		return err
	}
	status := http.StatusOK
	if created {
		status = http.StatusCreated
	}
	return httpx.WriteJSON(w, status, out[0])
}

func (s *Service) deleteDraft(w http.ResponseWriter, r *http.Request, admin httpx.Admin) error {
	id, err := dealID(r)
	if err != nil {
		return err
	}
	draftID, err := pathNumber(r, "draft", "draft")
	if err != nil {
		return err
	}
	if err := s.DeleteDraft(r.Context(), deals.ActorOf(admin), id, draftID); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// adminDraft reads the draft of the path (of the path's deal).
func (s *Service) adminDraft(r *http.Request) (Draft, error) {
	id, err := dealID(r)
	if err != nil {
		return Draft{}, err
	}
	draftID, err := pathNumber(r, "draft", "draft")
	if err != nil {
		return Draft{}, err
	}
	return s.draft(r.Context(), id, draftID)
}

// adminMedia answers GET …/drafts/{draft}/media/{name}: the admin's player.
func (s *Service) adminMedia(w http.ResponseWriter, r *http.Request, _ httpx.Admin) error {
	dr, err := s.adminDraft(r)
	if err != nil {
		return err
	}
	return s.serveDraftFile(w, r, dr, r.PathValue("name"), originalAlways, false)
}

// adminFile answers GET …/drafts/{draft}/file: the original as uploaded.
func (s *Service) adminFile(w http.ResponseWriter, r *http.Request, _ httpx.Admin) error {
	dr, err := s.adminDraft(r)
	if err != nil {
		return err
	}
	return s.serveDraftFile(w, r, dr, dr.storedName, originalAlways, r.URL.Query().Get("download") != "")
}

func (s *Service) listLicences(w http.ResponseWriter, r *http.Request, _ httpx.Admin) error {
	id, err := dealID(r)
	if err != nil {
		return err
	}
	if _, err := s.deals.Get(r.Context(), id); err != nil {
		return err
	}
	list, err := s.licences(r.Context(), id)
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, list)
}

// putLicence answers PUT …/licences/{n}: the licence of video n, whole.
func (s *Service) putLicence(w http.ResponseWriter, r *http.Request, admin httpx.Admin) error {
	id, err := dealID(r)
	if err != nil {
		return err
	}
	n, err := pathNumber(r, "n", "video")
	if err != nil {
		return err
	}
	var in LicenceInput
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	l, err := s.SetLicence(r.Context(), deals.ActorOf(admin), id, int(min(n, 1<<20)), in)
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, l)
}

func (s *Service) deleteLicence(w http.ResponseWriter, r *http.Request, admin httpx.Admin) error {
	id, err := dealID(r)
	if err != nil {
		return err
	}
	n, err := pathNumber(r, "n", "video")
	if err != nil {
		return err
	}
	if err := s.DeleteLicence(r.Context(), deals.ActorOf(admin), id, int(min(n, 1<<20))); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// endingLicences answers GET /api/admin/licences/ending[?days=N&today=D]:
// the licences ending within N days (default 30, at most 365) of the
// admin's day (else Oslo's), and those ended in the week before.
func (s *Service) endingLicences(w http.ResponseWriter, r *http.Request, _ httpx.Admin) error {
	q := r.URL.Query()
	days := 30
	if v := q.Get("days"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > 365 {
			return apperr.Invalid("days must be a whole number from 1 to 365")
		}
		days = n
	}
	today := day(s.now())
	if v := q.Get("today"); v != "" {
		if !forms.IsDate(v) {
			return apperr.Invalid("today must be a date (YYYY-MM-DD)")
		}
		today = v
	}
	list, err := s.EndingSoon(r.Context(), today, days)
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, list)
}
