package rooms_test

import (
	"context"
	"fmt"
	"net/http"
	"path"
	"slices"
	"strings"
	"testing"

	"github.com/ugcfolio/ugcfolio/internal/sitetest"
)

// A draft goes through the portfolio's processing (the real ffmpeg): its
// poster and renditions play in the room and in the admin, never on the
// public paths; the same bytes uploaded to the site stay the site's. A
// deal deleted takes its drafts' files with it, nothing left in storage.
func TestDraftFilesStayPrivateAndGoWithTheDeal(t *testing.T) {
	t.Parallel()
	eachRoomsSite(t, true, func(t *testing.T, e *roomsSite) {
		st := e.Store
		admin := e.SignedInAdmin(t)
		id := newDeal(t, admin, map[string]any{"brand": "Fjellkaffe"})
		room := openRoom(t, admin, id, map[string]any{})
		clip := sitetest.PortraitClip(t)
		d := uploadDraft(t, admin, id, "processed-draft-1", clip, 1)
		var stored string
		if err := st.DB.QueryRow(`SELECT stored_name FROM room_drafts WHERE id = ` + fmt.Sprint(d.ID)).Scan(&stored); err != nil {
			t.Fatal(err)
		}
		sitetest.WaitVideo(t, admin, "/uploads/"+stored)
		// The store's check of uploads in use (the janitor's) asks the rooms.
		if used, err := st.UploadInUse(t.Context(), "/uploads/"+stored); err != nil || !used {
			t.Fatalf("a draft's upload in use: %v (%v), want true", used, err)
		}
		var drafts []draftJSON
		admin.Do("GET", fmt.Sprintf("/api/admin/deals/%d/drafts", id), nil).WantStatus(t, http.StatusOK).JSON(t, &drafts)
		m := drafts[0].Media
		if m.Status != "ready" || m.PosterURL == "" || len(m.Sources) == 0 {
			t.Fatalf("media %+v", m)
		}
		files := []string{path.Base(m.PosterURL)}
		for _, s := range m.Sources {
			files = append(files, path.Base(s.URL))
		}
		brand := brandClient(e)
		page := brand.Do("GET", room, nil).WantStatus(t, http.StatusOK)
		for _, f := range files {
			inRoom := fmt.Sprintf("%s/drafts/%d/media/%s", room, d.ID, f)
			if !strings.Contains(page.Body, inRoom) {
				t.Errorf("the room does not play %s", inRoom)
			}
			wantPrivate(t, brand.Do("GET", inRoom, nil).WantStatus(t, http.StatusOK))
			admin.Do("GET", fmt.Sprintf("/api/admin/deals/%d/drafts/%d/media/%s", id, d.ID, f), nil).WantStatus(t, http.StatusOK)
			// Never on the site's public paths, for a visitor or the admin.
			for _, c := range []*sitetest.Client{brand, admin} {
				c.Do("GET", "/media/"+f, nil).WantStatus(t, http.StatusNotFound)
				c.Do("GET", "/uploads/"+f, nil).WantStatus(t, http.StatusNotFound)
			}
		}
		// The original plays no more once processed; it downloads once approved.
		brand.Do("GET", fmt.Sprintf("%s/drafts/%d/media/%s", room, d.ID, stored), nil).WantStatus(t, http.StatusNotFound)
		brand.Do("GET", "/uploads/"+stored, nil).WantStatus(t, http.StatusNotFound)
		answer(e, brand, room, d.ID, "approve", "Perfekt").WantStatus(t, http.StatusSeeOther)
		final := brand.Do("GET", fmt.Sprintf("%s/drafts/%d/final", room, d.ID), nil).WantStatus(t, http.StatusOK)
		if final.Body != string(clip) {
			t.Fatal("the final is not the original")
		}

		// The same clip uploaded to the site is the site's: public once processed.
		site := admin.UploadVideo(t, "same-clip-site-1", clip)
		st2 := sitetest.WaitVideo(t, admin, site)
		admin.Do("POST", "/api/admin/portfolio", map[string]any{"title": "Kaffe", "videoUrl": site, "language": "no"}).
			WantStatus(t, http.StatusCreated)
		shared := 0
		for _, s := range st2.Sources {
			if slices.Contains(files, path.Base(s.URL)) {
				shared++
				e.Client().Do("GET", s.URL, nil).WantStatus(t, http.StatusOK)
			}
		}
		t.Logf("%d of the site's renditions have the draft's bytes", shared)

		// The Overview tells of the draft as the deal's, never as the portfolio's.
		activity := admin.Do("GET", "/api/admin/activity", nil).WantStatus(t, http.StatusOK).Body
		if strings.Contains(activity, stored) || !strings.Contains(activity, "Fjellkaffe: uploaded draft video 1 v1") ||
			!strings.Contains(activity, "Video ready: "+strings.TrimPrefix(site, "/uploads/")) {
			t.Errorf("recent activity:\n%s", activity)
		}

		// The deal goes: its drafts' files go, the site's stay.
		before := e.Files(t)
		admin.Do("DELETE", fmt.Sprintf("/api/admin/deals/%d", id), nil).WantStatus(t, http.StatusNoContent)
		after := e.Files(t)
		for _, f := range append(files, stored) {
			left := slices.ContainsFunc(after, func(p string) bool { return path.Base(p) == f })
			if left != sharedWithSite(st2, f) {
				t.Errorf("%s: in storage %v after the deal went, the site's %v (before: %v, after: %v)", f, left,
					sharedWithSite(st2, f), before, after)
			}
		}
		if len(after) >= len(before) {
			t.Errorf("nothing removed: %v", after)
		}
		for _, table := range []string{"room_drafts", "deal_rooms", "room_links", "room_licences"} {
			var n int
			if err := st.DB.QueryRow(`SELECT COUNT(*) FROM ` + table).Scan(&n); err != nil || n != 0 {
				t.Errorf("%s: %d rows left (%v)", table, n, err)
			}
		}
		if _, err := st.GetMediaAsset(context.Background(), stored); err == nil {
			t.Error("the draft's media asset was left")
		}
		brand.Do("GET", room, nil).WantStatus(t, http.StatusNotFound)
	})
}

// sharedWithSite reports whether a processed file is also the site's upload's.
func sharedWithSite(st sitetest.VideoStatus, name string) bool {
	for _, s := range st.Sources {
		if path.Base(s.URL) == name {
			return true
		}
	}
	return path.Base(st.PosterURL) == name
}
