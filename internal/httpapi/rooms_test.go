package httpapi

import (
	"context"
	"fmt"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/ugcfolio/ugcfolio/internal/config"
	"github.com/ugcfolio/ugcfolio/internal/jobs"
	"github.com/ugcfolio/ugcfolio/internal/mail"
	"github.com/ugcfolio/ugcfolio/internal/mail/smtptest"
	"github.com/ugcfolio/ugcfolio/internal/media"
	"github.com/ugcfolio/ugcfolio/internal/store"
	"github.com/ugcfolio/ugcfolio/internal/store/storetest"
	"github.com/ugcfolio/ugcfolio/internal/video"
)

// Delivery rooms (issue 28, internal/rooms) through the real router: the
// admin's API, the brand's pages at /room/<token>, the drafts' files kept
// off the public paths, and the e-mail of each step, on SQLite and
// PostgreSQL.

// set moves the fake clock (throttle_test.go) to t: the rooms' clock here.
func (c *fakeClock) set(t time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = t
}

// roomsEnv is a server with e-mail to a loopback SMTP server, its job
// queue running, the rooms' clock in the test's hand, and its data dir in
// view; with video, the real ffmpeg processes uploads.
type roomsEnv struct {
	*uploadEnv
	smtp  *smtptest.Server
	clock *fakeClock
}

// monday is a Monday morning in Oslo (UTC+1 in March).
var monday = time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)

func newRoomsEnv(t *testing.T, st *store.Store, withVideo bool) *roomsEnv {
	t.Helper()
	srv := smtptest.Start(t)
	mc := config.MailConfig{SMTPURL: srv.URL(), From: "noreply@ugcfolio.no", NotifyTo: []string{"creator@ugcfolio.no"}}
	q := jobs.New(st, discardLog)
	q.Poll = 10 * time.Millisecond
	ts := httptest.NewUnstartedServer(nil)
	siteURL := "http://" + ts.Listener.Addr().String()
	m, err := mail.New(mail.Deps{Config: mc, SiteURL: siteURL, Store: st, Jobs: q, Log: discardLog, RootCAs: srv.RootCAs()})
	if err != nil {
		t.Fatal(err)
	}
	cfg := config.Config{Addr: "127.0.0.1:0", DataDir: t.TempDir(), Mail: mc}
	storage := media.NewLocal(cfg.UploadsDir())
	clock := &fakeClock{t: monday}
	d := Deps{Config: cfg, Store: st, Log: discardLog, Web: fs.FS(testWeb), Storage: storage, Jobs: q, Mail: m,
		SiteURL: siteURL, RoomsClock: clock.now}
	if withVideo {
		tools, err := video.Find(context.Background())
		if err != nil {
			t.Fatalf("these tests run the real ffmpeg: %v (apt-get install ffmpeg)", err)
		}
		d.Video = &tools
	}
	s := New(d)
	ts.Config.Handler = s.Handler()
	ts.Start()
	t.Cleanup(ts.Close)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { q.Run(ctx); close(done) }()
	t.Cleanup(func() { cancel(); <-done })
	e := &testEnv{t: t, store: st, url: ts.URL, server: s}
	return &roomsEnv{uploadEnv: &uploadEnv{testEnv: e, dataDir: cfg.DataDir, storage: storage}, smtp: srv, clock: clock}
}

// newDeal makes a deal through the API and answers its id.
func (c *client) newDeal(t *testing.T, body map[string]any) int64 {
	t.Helper()
	return c.deal(t, "POST", "/api/admin/deals", body, http.StatusCreated).ID
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
func (c *client) openRoom(t *testing.T, dealID int64, body map[string]any) string {
	t.Helper()
	var rm roomJSON
	c.do("POST", fmt.Sprintf("/api/admin/deals/%d/room", dealID), body).wantStatus(t, http.StatusCreated).json(t, &rm)
	if rm.State != "active" || !strings.Contains(rm.URL, "/room/") {
		t.Fatalf("room %+v", rm)
	}
	return rm.URL[strings.Index(rm.URL, "/room/"):]
}

// uploadDraft sends data through the chunked protocol and finalizes it as
// a draft of the deal's video n.
func (c *client) uploadDraft(t *testing.T, dealID int64, id string, data []byte, n int) draftJSON {
	t.Helper()
	chunks := split(data, 64<<10)
	c.initUpload(id, int64(len(data)), "video/mp4", len(chunks)).wantStatus(t, http.StatusOK)
	for i, ch := range chunks {
		c.sendChunk(id, i, len(chunks), ch).wantStatus(t, http.StatusOK)
	}
	var d draftJSON
	c.do("POST", fmt.Sprintf("/api/admin/deals/%d/drafts", dealID), map[string]any{"uploadId": id, "deliverable": n,
		"note": "Første klipp"}).wantStatus(t, http.StatusCreated).json(t, &d)
	return d
}

// brand is a browser with no account and no cookies that does not follow
// redirects (the tests look at them).
func (e *testEnv) brand() *client {
	c := e.client()
	c.http.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	return c
}

// answer posts the brand's form.
func (c *client) answer(path string, draftID int64, decision, comment string) response {
	c.e.t.Helper()
	form := "decision=" + decision + "&comment=" + strings.ReplaceAll(comment, " ", "+")
	return c.do("POST", fmt.Sprintf("%s/drafts/%d/answer", path, draftID), form, "Content-Type", "application/x-www-form-urlencoded",
		"Origin", c.e.url)
}

var mediaSrc = regexp.MustCompile(`<source src="([^"]+)"`)

// wantPrivate fails unless r is a room's answer: never cached (a page or
// a file: "private, no-store"; an error's JSON: "no-store"), never indexed.
func wantPrivate(t *testing.T, r response) {
	t.Helper()
	cc := r.header.Get("Cache-Control")
	if (r.status < 300 && cc != "private, no-store") || !strings.Contains(cc, "no-store") {
		t.Errorf("%d: Cache-Control %q", r.status, cc)
	}
	if xr := r.header.Get("X-Robots-Tag"); !strings.Contains(xr, "noindex") {
		t.Errorf("X-Robots-Tag %q", xr)
	}
}

func TestRoomFromDraftToFinal(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		e := newRoomsEnv(t, st, false)
		admin := e.signedInAdmin(t)
		id := admin.newDeal(t, map[string]any{"brand": "Fjellkaffe", "contactName": "Ola", "contactEmail": "ola@fjellkaffe.no",
			"language": "en", "brief": "Three videos for the launch", "deliverableCount": 2})
		room := admin.openRoom(t, id, map[string]any{"answerDays": 3})

		// The brand opens the room: the brief, in English, private.
		brand := e.brand()
		page := brand.do("GET", room, nil).wantStatus(t, http.StatusOK)
		wantPrivate(t, page)
		for _, want := range []string{`<html lang="en">`, `<meta name="robots" content="noindex, nofollow">`, "Three videos for the launch",
			"No drafts yet"} {
			if !strings.Contains(page.body, want) {
				t.Errorf("room page lacks %q", want)
			}
		}

		// Version 1: the brand is told, with a link of its own.
		data := fakeVideo(150 << 10)
		v1 := admin.uploadDraft(t, id, "draft-one-1", data, 1)
		if v1.Version != 1 || v1.State != "pending" || v1.DueAt == nil || !v1.DueAt.Equal(monday.AddDate(0, 0, 3)) {
			t.Fatalf("v1 %+v: due three business days later", v1)
		}
		msg := e.smtp.WaitFor(t, 1, 10*time.Second)[0]
		if msg.To[0] != "ola@fjellkaffe.no" || !strings.Contains(msg.Subject(), "New draft for your approval: video 1, version 1") {
			t.Fatalf("brand's mail %v %q", msg.To, msg.Subject())
		}
		link := regexp.MustCompile(`/room/[A-Za-z0-9_-]{32}`).FindString(msg.Text)
		if link == "" || link == room || !strings.Contains(msg.Text, "Thursday 5 March 2026 at 10:00") {
			t.Fatalf("the mail's link %q (room %q):\n%s", link, room, msg.Text)
		}
		brand.do("GET", link, nil).wantStatus(t, http.StatusOK)

		// It plays through the room (no ffmpeg here: the original), seeks,
		// and is on no public path.
		page = brand.do("GET", room, nil).wantStatus(t, http.StatusOK)
		src := mediaSrc.FindStringSubmatch(page.body)
		if src == nil || !strings.HasPrefix(src[1], room+"/drafts/") || !strings.Contains(page.body, "Draft v1") {
			t.Fatalf("no player with the draft label:\n%s", page.body)
		}
		played := brand.do("GET", src[1], nil).wantStatus(t, http.StatusOK)
		wantPrivate(t, played)
		if played.body != string(data) {
			t.Fatal("the draft played other bytes")
		}
		brand.do("GET", src[1], nil, "Range", "bytes=100-199").wantStatus(t, http.StatusPartialContent)
		name := src[1][strings.LastIndex(src[1], "/")+1:]
		for _, p := range []string{"/uploads/" + name, "/api/video-proxy?url=/uploads/" + name} {
			brand.do("GET", p, nil).wantStatus(t, http.StatusNotFound)
			admin.do("GET", p, nil).wantStatus(t, http.StatusNotFound)
		}
		brand.do("GET", fmt.Sprintf("%s/drafts/%d/final", room, v1.ID), nil).wantStatus(t, http.StatusNotFound)

		// Changes need a comment; with one, the creator hears of them.
		bad := brand.answer(room, v1.ID, "changes", "").wantStatus(t, http.StatusBadRequest)
		if !strings.Contains(bad.body, "Say what should change before you ask for changes.") {
			t.Fatalf("no message:\n%s", bad.body)
		}
		ok := brand.answer(room, v1.ID, "changes", "Show the cup sooner").wantStatus(t, http.StatusSeeOther)
		if !strings.Contains(ok.header.Get("Location"), "answered=changes") {
			t.Errorf("redirect %q", ok.header.Get("Location"))
		}
		mails := e.smtp.WaitFor(t, 2, 10*time.Second)
		if m := mails[1]; m.To[0] != "creator@ugcfolio.no" || m.Subject() != "Fjellkaffe ber om endringer på video 1 v1" ||
			!strings.Contains(m.Text, "Show the cup sooner") || m.Header.Get("Reply-To") != "<ola@fjellkaffe.no>" {
			t.Fatalf("creator's mail %v %q %q\n%s", m.To, m.Subject(), m.Header.Get("Reply-To"), m.Text)
		}
		brand.answer(room, v1.ID, "approve", "").wantStatus(t, http.StatusConflict)

		// Version 2, approved: the final downloads whole.
		final := fakeVideo(90 << 10)
		v2 := admin.uploadDraft(t, id, "draft-one-2", final, 1)
		if v2.Version != 2 {
			t.Fatalf("v2 %+v", v2)
		}
		e.smtp.WaitFor(t, 3, 10*time.Second)
		brand.answer(room, v2.ID, "approve", "").wantStatus(t, http.StatusSeeOther)
		got := brand.do("GET", fmt.Sprintf("%s/drafts/%d/final", room, v2.ID), nil).wantStatus(t, http.StatusOK)
		wantPrivate(t, got)
		if got.body != string(final) || got.header.Get("Content-Disposition") != `attachment; filename=clip.mp4` {
			t.Fatalf("final: %d bytes, %q", len(got.body), got.header.Get("Content-Disposition"))
		}
		if m := e.smtp.WaitFor(t, 4, 10*time.Second)[3]; m.Subject() != "Fjellkaffe godkjente video 1 v2" {
			t.Errorf("approval mail %q", m.Subject())
		}

		// The licence: in the room and on its printable summary.
		var lic map[string]any
		admin.do("PUT", fmt.Sprintf("/api/admin/deals/%d/licences/1", id), map[string]any{"usage": "paid",
			"channels": []string{"TikTok", " Instagram ", "tiktok"}, "territory": "Norden", "startDate": "2026-03-10",
			"endDate": "2026-09-10", "whitelisting": true}).wantStatus(t, http.StatusOK).json(t, &lic)
		if fmt.Sprint(lic["channels"]) != "[TikTok Instagram]" {
			t.Errorf("channels %v", lic["channels"])
		}
		summary := brand.do("GET", room+"/licences", nil).wantStatus(t, http.StatusOK)
		wantPrivate(t, summary)
		for _, want := range []string{"10 March 2026 – 10 September 2026", "Paid use (ads)", "TikTok, Instagram", "Norden",
			"version 2 · clip.mp4", "@media print"} {
			if !strings.Contains(summary.body, want) {
				t.Errorf("summary lacks %q", want)
			}
		}

		var drafts []draftJSON
		admin.do("GET", fmt.Sprintf("/api/admin/deals/%d/drafts", id), nil).wantStatus(t, http.StatusOK).json(t, &drafts)
		if len(drafts) != 2 || drafts[0].State != "approved" || drafts[1].State != "changes" || drafts[1].Comment != "Show the cup sooner" {
			t.Fatalf("drafts %+v", drafts)
		}
		admin.do("GET", drafts[0].FileURL, nil).wantStatus(t, http.StatusOK)

		// Revoked: every link answers 404, the mail's too, files included.
		var rm roomJSON
		admin.do("DELETE", fmt.Sprintf("/api/admin/deals/%d/room", id), nil).wantStatus(t, http.StatusOK).json(t, &rm)
		if rm.State != "revoked" || rm.LastOpenedAt == nil {
			t.Errorf("revoked room %+v", rm)
		}
		for _, p := range []string{room, link, src[1], room + "/licences", fmt.Sprintf("%s/drafts/%d/final", room, v2.ID)} {
			r := brand.do("GET", p, nil).wantStatus(t, http.StatusNotFound)
			if strings.Contains(r.body, "Fjellkaffe") {
				t.Errorf("%s: the 404 names the brand", p)
			}
		}
	})
}
