package rooms_test

import (
	"fmt"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/ugcfolio/ugcfolio/internal/sitetest"
	"github.com/ugcfolio/ugcfolio/internal/store"
	"github.com/ugcfolio/ugcfolio/internal/store/storetest"
)

// Delivery rooms through the real router (internal/sitetest): the admin's
// API, the brand's pages at /room/<token>, the drafts' files kept off the
// public paths, and the e-mail of each step, on SQLite and PostgreSQL.

// roomsSite is a site with e-mail to a loopback SMTP server, its job
// queue running and the rooms' clock in the test's hand; with video, the
// real ffmpeg processes uploads.
type roomsSite struct {
	*sitetest.Site
	clock *sitetest.Clock
}

// monday is a Monday morning in Oslo (UTC+1 in March).
var monday = time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)

func newRoomsSite(t *testing.T, st *store.Store, withVideo bool) *roomsSite {
	t.Helper()
	clock := sitetest.NewClock(monday)
	s := sitetest.New(t, st, sitetest.Options{Mail: true, Video: withVideo, RoomsClock: clock})
	return &roomsSite{Site: s, clock: clock}
}

// eachRoomsSite runs fn on a rooms site over SQLite, and over PostgreSQL
// when set up, in parallel.
func eachRoomsSite(t *testing.T, withVideo bool, fn func(t *testing.T, e *roomsSite)) {
	t.Helper()
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		t.Parallel()
		fn(t, newRoomsSite(t, st, withVideo))
	})
}

// dealJSON is what these tests read of a deal.
type dealJSON struct {
	ID     int64 `json:"id"`
	Events []struct {
		Kind  string `json:"kind"`
		Actor struct {
			Name string `json:"name"`
		} `json:"actor"`
	} `json:"events"`
}

// deal sends a request about a deal and answers the deal that comes back.
func deal(t *testing.T, c *sitetest.Client, method, path string, body any, status int) dealJSON {
	t.Helper()
	var d dealJSON
	c.Do(method, path, body).WantStatus(t, status).JSON(t, &d)
	return d
}

// newDeal makes a deal through the API and answers its id.
func newDeal(t *testing.T, c *sitetest.Client, body map[string]any) int64 {
	t.Helper()
	return deal(t, c, "POST", "/api/admin/deals", body, http.StatusCreated).ID
}

type roomJSON struct {
	DealID       int64      `json:"dealId"`
	State        string     `json:"state"`
	AnswerDays   int        `json:"answerDays"`
	ExpiresOn    string     `json:"expiresOn"`
	URL          string     `json:"url"`
	LastOpenedAt *time.Time `json:"lastOpenedAt"`
}

type draftJSON struct {
	ID          int64      `json:"id"`
	Deliverable int        `json:"deliverable"`
	Version     int        `json:"version"`
	FileName    string     `json:"fileName"`
	State       string     `json:"state"`
	DueAt       *time.Time `json:"dueAt"`
	Comment     string     `json:"comment"`
	AnsweredBy  string     `json:"answeredBy"`
	FileURL     string     `json:"fileUrl"`
	Media       struct {
		Status    string `json:"status"`
		PosterURL string `json:"posterUrl"`
		Sources   []struct {
			URL string `json:"url"`
		} `json:"sources"`
	} `json:"media"`
}

// openRoom makes the deal's room link and answers its path (/room/<token>).
func openRoom(t *testing.T, c *sitetest.Client, dealID int64, body map[string]any) string {
	t.Helper()
	var rm roomJSON
	c.Do("POST", fmt.Sprintf("/api/admin/deals/%d/room", dealID), body).WantStatus(t, http.StatusCreated).JSON(t, &rm)
	if rm.State != "active" || !strings.Contains(rm.URL, "/room/") {
		t.Fatalf("room %+v", rm)
	}
	return rm.URL[strings.Index(rm.URL, "/room/"):]
}

// uploadDraft sends data through the chunked protocol and finalizes it as
// a draft of the deal's video n.
func uploadDraft(t *testing.T, c *sitetest.Client, dealID int64, id string, data []byte, n int) draftJSON {
	t.Helper()
	c.SendUpload(t, id, "video/mp4", data)
	var d draftJSON
	c.Do("POST", fmt.Sprintf("/api/admin/deals/%d/drafts", dealID), map[string]any{"uploadId": id, "deliverable": n,
		"note": "Første klipp"}).WantStatus(t, http.StatusCreated).JSON(t, &d)
	return d
}

// brandClient is a browser with no account and no cookies that does not follow
// redirects (the tests look at them).
func brandClient(e *roomsSite) *sitetest.Client { return e.Client().NoRedirects() }

// answer posts the brand's form.
func answer(e *roomsSite, c *sitetest.Client, path string, draftID int64, decision, comment string) sitetest.Response {
	e.T.Helper()
	form := "decision=" + decision + "&comment=" + strings.ReplaceAll(comment, " ", "+")
	return c.Do("POST", fmt.Sprintf("%s/drafts/%d/answer", path, draftID), form, "Content-Type", "application/x-www-form-urlencoded",
		"Origin", e.URL)
}

var mediaSrc = regexp.MustCompile(`<source src="([^"]+)"`)

// wantPrivate fails unless r is a room's answer: never cached (a page or
// a file: "private, no-store"; an error's JSON: "no-store"), never indexed.
func wantPrivate(t *testing.T, r sitetest.Response) {
	t.Helper()
	cc := r.Header.Get("Cache-Control")
	if (r.Status < 300 && cc != "private, no-store") || !strings.Contains(cc, "no-store") {
		t.Errorf("%d: Cache-Control %q", r.Status, cc)
	}
	if xr := r.Header.Get("X-Robots-Tag"); !strings.Contains(xr, "noindex") {
		t.Errorf("X-Robots-Tag %q", xr)
	}
}

func TestRoomFromDraftToFinal(t *testing.T) {
	t.Parallel()
	eachRoomsSite(t, false, func(t *testing.T, e *roomsSite) {
		admin := e.SignedInAdmin(t)
		id := newDeal(t, admin, map[string]any{"brand": "Fjellkaffe", "contactName": "Ola", "contactEmail": "ola@fjellkaffe.no",
			"language": "en", "brief": "Three videos for the launch", "deliverableCount": 2})
		room := openRoom(t, admin, id, map[string]any{"answerDays": 3})

		// The brand opens the room: the brief, in English, private.
		brand := brandClient(e)
		page := brand.Do("GET", room, nil).WantStatus(t, http.StatusOK)
		wantPrivate(t, page)
		for _, want := range []string{`<html lang="en">`, `<meta name="robots" content="noindex, nofollow">`, "Three videos for the launch",
			"No drafts yet"} {
			if !strings.Contains(page.Body, want) {
				t.Errorf("room page lacks %q", want)
			}
		}

		// Version 1: the brand is told, with a link of its own.
		data := sitetest.FakeVideo(150 << 10)
		v1 := uploadDraft(t, admin, id, "draft-one-1", data, 1)
		if v1.Version != 1 || v1.State != "pending" || v1.DueAt == nil || !v1.DueAt.Equal(monday.AddDate(0, 0, 3)) {
			t.Fatalf("v1 %+v: due three business days later", v1)
		}
		msg := e.SMTP.WaitFor(t, 1, 10*time.Second)[0]
		if msg.To[0] != "ola@fjellkaffe.no" || !strings.Contains(msg.Subject(), "New draft for your approval: video 1, version 1") {
			t.Fatalf("brand's mail %v %q", msg.To, msg.Subject())
		}
		link := regexp.MustCompile(`/room/[A-Za-z0-9_-]{32}`).FindString(msg.Text)
		if link == "" || link == room || !strings.Contains(msg.Text, "Thursday 5 March 2026 at 10:00") {
			t.Fatalf("the mail's link %q (room %q):\n%s", link, room, msg.Text)
		}
		brand.Do("GET", link, nil).WantStatus(t, http.StatusOK)

		// It plays through the room (no ffmpeg here: the original), seeks,
		// and is on no public path.
		page = brand.Do("GET", room, nil).WantStatus(t, http.StatusOK)
		src := mediaSrc.FindStringSubmatch(page.Body)
		if src == nil || !strings.HasPrefix(src[1], room+"/drafts/") || !strings.Contains(page.Body, "Draft v1") {
			t.Fatalf("no player with the draft label:\n%s", page.Body)
		}
		played := brand.Do("GET", src[1], nil).WantStatus(t, http.StatusOK)
		wantPrivate(t, played)
		if played.Body != string(data) {
			t.Fatal("the draft played other bytes")
		}
		brand.Do("GET", src[1], nil, "Range", "bytes=100-199").WantStatus(t, http.StatusPartialContent)
		name := src[1][strings.LastIndex(src[1], "/")+1:]
		for _, p := range []string{"/uploads/" + name, "/api/video-proxy?url=/uploads/" + name} {
			brand.Do("GET", p, nil).WantStatus(t, http.StatusNotFound)
			admin.Do("GET", p, nil).WantStatus(t, http.StatusNotFound)
		}
		brand.Do("GET", fmt.Sprintf("%s/drafts/%d/final", room, v1.ID), nil).WantStatus(t, http.StatusNotFound)

		// Changes need a comment; with one, the creator hears of them.
		bad := answer(e, brand, room, v1.ID, "changes", "").WantStatus(t, http.StatusBadRequest)
		if !strings.Contains(bad.Body, "Say what should change before you ask for changes.") {
			t.Fatalf("no message:\n%s", bad.Body)
		}
		ok := answer(e, brand, room, v1.ID, "changes", "Show the cup sooner").WantStatus(t, http.StatusSeeOther)
		if !strings.Contains(ok.Header.Get("Location"), "answered=changes") {
			t.Errorf("redirect %q", ok.Header.Get("Location"))
		}
		mails := e.SMTP.WaitFor(t, 2, 10*time.Second)
		if m := mails[1]; m.To[0] != "creator@ugcfolio.no" || m.Subject() != "Fjellkaffe ber om endringer på video 1 v1" ||
			!strings.Contains(m.Text, "Show the cup sooner") || m.Header.Get("Reply-To") != "<ola@fjellkaffe.no>" {
			t.Fatalf("creator's mail %v %q %q\n%s", m.To, m.Subject(), m.Header.Get("Reply-To"), m.Text)
		}
		answer(e, brand, room, v1.ID, "approve", "").WantStatus(t, http.StatusConflict)

		// Version 2, approved: the final downloads whole.
		final := sitetest.FakeVideo(90 << 10)
		v2 := uploadDraft(t, admin, id, "draft-one-2", final, 1)
		if v2.Version != 2 {
			t.Fatalf("v2 %+v", v2)
		}
		e.SMTP.WaitFor(t, 3, 10*time.Second)
		answer(e, brand, room, v2.ID, "approve", "").WantStatus(t, http.StatusSeeOther)
		got := brand.Do("GET", fmt.Sprintf("%s/drafts/%d/final", room, v2.ID), nil).WantStatus(t, http.StatusOK)
		wantPrivate(t, got)
		if got.Body != string(final) || got.Header.Get("Content-Disposition") != `attachment; filename=clip.mp4` {
			t.Fatalf("final: %d bytes, %q", len(got.Body), got.Header.Get("Content-Disposition"))
		}
		if m := e.SMTP.WaitFor(t, 4, 10*time.Second)[3]; m.Subject() != "Fjellkaffe godkjente video 1 v2" {
			t.Errorf("approval mail %q", m.Subject())
		}

		// The licence: in the room and on its printable summary.
		var lic map[string]any
		admin.Do("PUT", fmt.Sprintf("/api/admin/deals/%d/licences/1", id), map[string]any{"usage": "paid",
			"channels": []string{"TikTok", " Instagram ", "tiktok"}, "territory": "Norden", "startDate": "2026-03-10",
			"endDate": "2026-09-10", "whitelisting": true}).WantStatus(t, http.StatusOK).JSON(t, &lic)
		if fmt.Sprint(lic["channels"]) != "[TikTok Instagram]" {
			t.Errorf("channels %v", lic["channels"])
		}
		summary := brand.Do("GET", room+"/licences", nil).WantStatus(t, http.StatusOK)
		wantPrivate(t, summary)
		for _, want := range []string{"10 March 2026 – 10 September 2026", "Paid use (ads)", "TikTok, Instagram", "Norden",
			"version 2 · clip.mp4", "@media print"} {
			if !strings.Contains(summary.Body, want) {
				t.Errorf("summary lacks %q", want)
			}
		}

		var drafts []draftJSON
		admin.Do("GET", fmt.Sprintf("/api/admin/deals/%d/drafts", id), nil).WantStatus(t, http.StatusOK).JSON(t, &drafts)
		if len(drafts) != 2 || drafts[0].State != "approved" || drafts[1].State != "changes" || drafts[1].Comment != "Show the cup sooner" {
			t.Fatalf("drafts %+v", drafts)
		}
		admin.Do("GET", drafts[0].FileURL, nil).WantStatus(t, http.StatusOK)

		// Revoked: every link answers 404, the mail's too, files included.
		var rm roomJSON
		admin.Do("DELETE", fmt.Sprintf("/api/admin/deals/%d/room", id), nil).WantStatus(t, http.StatusOK).JSON(t, &rm)
		if rm.State != "revoked" || rm.LastOpenedAt == nil {
			t.Errorf("revoked room %+v", rm)
		}
		for _, p := range []string{room, link, src[1], room + "/licences", fmt.Sprintf("%s/drafts/%d/final", room, v2.ID)} {
			r := brand.Do("GET", p, nil).WantStatus(t, http.StatusNotFound)
			if strings.Contains(r.Body, "Fjellkaffe") {
				t.Errorf("%s: the 404 names the brand", p)
			}
		}
	})
}
