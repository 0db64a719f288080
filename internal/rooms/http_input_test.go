package rooms_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/ugcfolio/ugcfolio/internal/sitetest"
)

// Malformed bodies to the rooms' admin API and the brand's answer: each a
// 400 (or 404/409/413/415 where that is what it is) with a message that
// says what to correct, never a 500, and nothing stored.
func TestRoomsRefuseBadInput(t *testing.T) {
	t.Parallel()
	eachRoomsSite(t, false, func(t *testing.T, e *roomsSite) {
		admin := e.SignedInAdmin(t)
		id := newDeal(t, admin, map[string]any{"brand": "Fjellkaffe", "deliverableCount": 2})
		room := fmt.Sprintf("/api/admin/deals/%d/room", id)
		drafts := fmt.Sprintf("/api/admin/deals/%d/drafts", id)
		licence := fmt.Sprintf("/api/admin/deals/%d/licences/1", id)
		good := map[string]any{"usage": "paid", "channels": []string{"TikTok"}, "territory": "Norge",
			"startDate": "2026-03-01", "endDate": "2026-09-01", "whitelisting": false}
		with := func(k string, v any) map[string]any {
			out := map[string]any{}
			for key, val := range good {
				out[key] = val
			}
			out[k] = v
			return out
		}
		// An upload of the admin's, declared an image: finalized as a draft, refused.
		admin.InitUpload("photo-upload-1", 10, "image/png", 1).WantStatus(t, http.StatusOK)
		cases := []struct {
			method, path string
			body         any
			status       int
			message      string
		}{
			{"POST", room, `{"answerDays": 0}`, 400, "Days to answer must be a whole number from 1 to 30"},
			{"POST", room, `{"answerDays": 31}`, 400, "Days to answer must be a whole number from 1 to 30"},
			{"POST", room, `{"answerDays": "3"}`, 400, `Field "answerDays" must be of type int`},
			{"POST", room, `{"expiresOn": "2026-02-30"}`, 400, "Expiry date must be a date (YYYY-MM-DD)"},
			{"POST", room, `{"expiresOn": "2026-03-01"}`, 400, "Expiry date must be today or later"},
			{"POST", room, `{"token": "mine"}`, 400, `Unknown field "token"`},
			{"POST", room, `[1]`, 400, "Request body must be a single JSON object"},
			{"POST", room, ``, 400, "Request body is empty"},
			{"PATCH", room, `{"answerDays": 3.5}`, 400, `Field "answerDays" must be of type int`},
			{"PATCH", room, `{"expiresOn": "tomorrow"}`, 400, "Expiry date must be a date (YYYY-MM-DD)"},
			{"DELETE", room, nil, 404, "This deal has no delivery room yet"},
			{"POST", drafts, `{}`, 400, "uploadId must be the id of an upload (8 to 64 letters, digits, - or _)"},
			{"POST", drafts, `{"uploadId": "../../etc"}`, 400, "uploadId must be the id of an upload (8 to 64 letters, digits, - or _)"},
			{"POST", drafts, `{"uploadId": "upload-abc-1", "deliverable": 3}`, 400, "deliverable must be a whole number from 1 to 2 (the deal's number of videos)"},
			{"POST", drafts, `{"uploadId": "upload-abc-1", "deliverable": 0}`, 400, "deliverable must be a whole number from 1 to 2 (the deal's number of videos)"},
			{"POST", drafts, fmt.Sprintf(`{"uploadId": "upload-abc-1", "note": %q}`, strings.Repeat("x", 2001)), 400, "Note must be at most 2000 characters"},
			{"POST", drafts, `{"uploadId": "upload-abc-1", "note": "a\u0000b"}`, 400, `Field "note" contains a control character (U+0000); only tab and newline are allowed`},
			{"POST", drafts, `{"uploadId": "upload-abc-1"}`, 404, "Upload not found"},
			{"POST", drafts, `{"uploadId": "photo-upload-1"}`, 415, "A draft must be a video (MP4, MOV, WebM or Ogg)"},
			{"POST", drafts, `{"uploadId": 12}`, 400, `Field "uploadId" must be of type string`},
			{"POST", drafts, `not json`, 400, "Request body is not valid JSON"},
			{"PUT", licence, with("usage", "forever"), 400, "Usage must be organic or paid"},
			{"PUT", licence, with("territory", " "), 400, "Territory is required"},
			{"PUT", licence, with("territory", strings.Repeat("x", 101)), 400, "Territory must be at most 100 characters"},
			{"PUT", licence, with("startDate", ""), 400, "Start date must be a date (YYYY-MM-DD)"},
			{"PUT", licence, with("endDate", "2026-13-01"), 400, "End date must be a date (YYYY-MM-DD)"},
			{"PUT", licence, with("endDate", "2026-02-01"), 400, "End date must be on or after the start date"},
			{"PUT", licence, with("channels", []string{}), 400, "Name at least one channel (TikTok, Instagram…)"},
			{"PUT", licence, with("channels", []string{" ", ""}), 400, "Name at least one channel (TikTok, Instagram…)"},
			{"PUT", licence, with("channels", []string{strings.Repeat("x", 41)}), 400, "A channel name must be at most 40 characters"},
			{"PUT", licence, with("channels", strings.Split("a,b,c,d,e,f,g,h,i,j,k,l,m", ",")), 400, "A licence names at most 12 channels"},
			{"PUT", licence, with("channels", "TikTok"), 400, `Field "channels" must be of type []string`},
			{"PUT", licence, with("whitelisting", "yes"), 400, `Field "whitelisting" must be of type bool`},
			{"PUT", licence, with("deliverable", 2), 400, `Unknown field "deliverable"`},
			{"PUT", fmt.Sprintf("/api/admin/deals/%d/licences/3", id), good, 404, "Video 3 is not one of this deal's 2"},
			{"PUT", fmt.Sprintf("/api/admin/deals/%d/licences/x", id), good, 404, `No video "x"`},
			{"PUT", "/api/admin/deals/999/licences/1", good, 404, "Deal not found"},
			{"DELETE", licence, nil, 404, "Video 1 has no licence"},
			{"GET", "/api/admin/licences/ending?days=0", nil, 400, "days must be a whole number from 1 to 365"},
			{"GET", "/api/admin/licences/ending?today=31.12.2026", nil, 400, "today must be a date (YYYY-MM-DD)"},
			{"GET", "/api/admin/deals/0/room", nil, 404, `No deal with id "0"`},
		}
		for _, c := range cases {
			r := admin.Do(c.method, c.path, c.body)
			var body struct{ Message string }
			r.JSON(t, &body)
			if r.Status != c.status || body.Message != c.message {
				t.Errorf("%s %s %.60v: %d %s, want %d %q", c.method, c.path, c.body, r.Status, r.Body, c.status, c.message)
			}
		}
		// Nothing of it was stored.
		var rm roomJSON
		admin.Do("GET", room, nil).WantStatus(t, http.StatusOK).JSON(t, &rm)
		var list []any
		admin.Do("GET", drafts, nil).WantStatus(t, http.StatusOK).JSON(t, &list)
		var lics []any
		admin.Do("GET", fmt.Sprintf("/api/admin/deals/%d/licences", id), nil).WantStatus(t, http.StatusOK).JSON(t, &lics)
		if rm.State != "none" || len(list) != 0 || len(lics) != 0 {
			t.Fatalf("stored from bad input: room %+v, drafts %v, licences %v", rm, list, lics)
		}
		// Not an admin: nothing.
		visitor := e.Client()
		visitor.Do("GET", room, nil).WantStatus(t, http.StatusUnauthorized)
		visitor.Do("PUT", licence, good).WantStatus(t, http.StatusUnauthorized)

		// The brand's answer: a form, checked, the draft untouched.
		path := openRoom(t, admin, id, map[string]any{})
		d := uploadDraft(t, admin, id, "answer-draft-1", sitetest.FakeVideo(10<<10), 2)
		brand := brandClient(e)
		for _, c := range []struct {
			body, message string
			status        int
		}{
			{"decision=maybe", "Velg «Godkjenn» eller «Be om endringer».", 400},
			{"comment=ok", "Velg «Godkjenn» eller «Be om endringer».", 400},
			{"decision=changes&comment=+", "Skriv hva som bør endres før dere ber om endringer.", 400},
			{"decision=changes&comment=" + strings.Repeat("x", 2001), "Kommentaren kan være på høyst 2000 tegn.", 400},
			{"decision=approve&comment=a%00b", "Kommentaren inneholder tegn som ikke er tillatt.", 400},
			{"decision=approve&comment=%ff", "Kommentaren inneholder tegn som ikke er tillatt.", 400},
			{"%zz", "Velg «Godkjenn» eller «Be om endringer».", 400},
		} {
			r := brand.Do("POST", fmt.Sprintf("%s/drafts/%d/answer", path, d.ID), c.body,
				"Content-Type", "application/x-www-form-urlencoded", "Origin", e.URL)
			if r.Status != c.status || !strings.Contains(r.Body, c.message) {
				t.Errorf("answer %q: %d, want %d %q", c.body, r.Status, c.status, c.message)
			}
		}
		// Kept: the comment typed comes back in the form.
		r := brand.Do("POST", fmt.Sprintf("%s/drafts/%d/answer", path, d.ID), "decision=nope&comment=Kortere+intro",
			"Content-Type", "application/x-www-form-urlencoded", "Origin", e.URL)
		if !strings.Contains(r.Body, ">Kortere intro</textarea>") {
			t.Errorf("the comment was not kept:\n%s", r.Body)
		}
		// From another site: refused before anything.
		brand.Do("POST", fmt.Sprintf("%s/drafts/%d/answer", path, d.ID), "decision=approve",
			"Content-Type", "application/x-www-form-urlencoded", "Sec-Fetch-Site", "cross-site").WantStatus(t, http.StatusForbidden)
		admin.Do("GET", drafts, nil).WantStatus(t, http.StatusOK).JSON(t, &list)
		var got []draftJSON
		admin.Do("GET", drafts, nil).JSON(t, &got)
		if len(got) != 1 || got[0].State != "pending" {
			t.Fatalf("a refused answer changed the draft: %+v", got)
		}
	})
}
