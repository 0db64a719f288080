package rooms_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ugcfolio/ugcfolio/internal/ratelimit"
	"github.com/ugcfolio/ugcfolio/internal/sitetest"
)

// A room's token opens that room only, and a token that opens nothing
// says nothing: wrong, malformed, revoked, expired or another deal's, the
// answer is the same 404 with no word of any room. Failed lookups are
// rate limited per client address.
func TestRoomTokensOpenTheirRoomOnly(t *testing.T) {
	t.Parallel()
	eachRoomsSite(t, false, func(t *testing.T, e *roomsSite) {
		admin := e.SignedInAdmin(t)
		a := newDeal(t, admin, map[string]any{"brand": "Fjellkaffe", "brief": "Hemmelig lansering"})
		b := newDeal(t, admin, map[string]any{"brand": "Nordlys", "brief": "Vinterkampanje"})
		roomA := openRoom(t, admin, a, map[string]any{"expiresOn": "2026-03-20"})
		roomB := openRoom(t, admin, b, map[string]any{})
		draftA := uploadDraft(t, admin, a, "draft-of-a-1", sitetest.FakeVideo(40<<10), 1)
		draftB := uploadDraft(t, admin, b, "draft-of-b-1", sitetest.FakeVideo(40<<10), 1)
		brand := brandClient(e)
		brand.Do("GET", roomA, nil).WantStatus(t, http.StatusOK)

		nothing := func(path string, r sitetest.Response) {
			t.Helper()
			if r.Status != http.StatusNotFound {
				t.Fatalf("%s: status %d, want 404", path, r.Status)
			}
			for _, secret := range []string{"Fjellkaffe", "Nordlys", "Hemmelig", "Vinterkampanje", "clip.mp4"} {
				if strings.Contains(r.Body, secret) {
					t.Fatalf("%s: the 404 says %q:\n%s", path, secret, r.Body)
				}
			}
			wantPrivate(t, r)
		}
		tokenA := strings.TrimPrefix(roomA, "/room/")
		wrong := "/room/" + strings.Repeat("A", 32)
		for _, path := range []string{
			wrong, wrong + "/licences", "/room/short", "/room/" + tokenA + "x", "/room/" + strings.ToUpper(tokenA),
			"/room/", "/room/" + tokenA[:31] + "%2F",
			// Another deal's draft through this room, and this room's drafts through a wrong token.
			fmt.Sprintf("%s/drafts/%d/final", roomA, draftB.ID),
			fmt.Sprintf("%s/drafts/%d/media/x.mp4", roomA, draftB.ID),
			fmt.Sprintf("%s/drafts/%d/final", wrong, draftA.ID),
			fmt.Sprintf("%s/drafts/nope/final", roomA),
		} {
			nothing(path, brand.Do("GET", path, nil))
		}
		// Another deal's draft cannot be answered from this room either.
		r := answer(e, brand, roomA, draftB.ID, "approve", "")
		nothing("answer B from A", r)
		var drafts []draftJSON
		admin.Do("GET", fmt.Sprintf("/api/admin/deals/%d/drafts", b), nil).WantStatus(t, http.StatusOK).JSON(t, &drafts)
		if drafts[0].State != "pending" {
			t.Fatalf("B's draft was answered through A's room: %+v", drafts[0])
		}
		// The draft's own file, with B's token in A's path: no.
		bName := drafts[0].Media.Sources[0].URL[strings.LastIndex(drafts[0].Media.Sources[0].URL, "/")+1:]
		brand.Do("GET", fmt.Sprintf("%s/drafts/%d/media/%s", roomA, draftB.ID, bName), nil).WantStatus(t, http.StatusNotFound)
		brand.Do("GET", fmt.Sprintf("%s/drafts/%d/media/%s", roomB, draftB.ID, bName), nil).WantStatus(t, http.StatusOK)
		// Nor a processed-looking name that is not the draft's.
		brand.Do("GET", fmt.Sprintf("%s/drafts/%d/media/p_%s.mp4", roomB, draftB.ID, strings.Repeat("0", 32)), nil).
			WantStatus(t, http.StatusNotFound)

		// Expired: the day after its last day, in Oslo.
		e.clock.Set(time.Date(2026, 3, 20, 22, 59, 0, 0, time.UTC)) // 23:59 in Oslo
		brand.Do("GET", roomA, nil).WantStatus(t, http.StatusOK)
		e.clock.Set(time.Date(2026, 3, 20, 23, 0, 0, 0, time.UTC))
		nothing("expired", brand.Do("GET", roomA, nil))
		var rm roomJSON
		admin.Do("GET", fmt.Sprintf("/api/admin/deals/%d/room", a), nil).WantStatus(t, http.StatusOK).JSON(t, &rm)
		if rm.State != "expired" {
			t.Errorf("room %+v", rm)
		}
		// A new link replaces the old one, which stops working.
		e.clock.Set(monday)
		newA := openRoom(t, admin, a, map[string]any{"expiresOn": ""})
		brand.Do("GET", newA, nil).WantStatus(t, http.StatusOK)
		nothing("replaced", brand.Do("GET", roomA, nil))
		brand.Do("GET", roomB, nil).WantStatus(t, http.StatusOK)
	})
}

// Failed lookups, three a minute on a clock of the test's.
func TestRoomLookupsAreRateLimited(t *testing.T) {
	t.Parallel()
	e := newRoomsSite(t, sitetest.SQLite(t), false)
	clock := sitetest.NewClock(time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC))
	limit := ratelimit.NewMemory(ratelimit.Rate{Every: time.Minute, Burst: 3})
	limit.Now = clock.Now
	e.Server.Rooms().SetLimiter(limit)
	admin := e.SignedInAdmin(t)
	room := openRoom(t, admin, newDeal(t, admin, map[string]any{"brand": "Fjellkaffe"}), map[string]any{})
	brand := brandClient(e)
	// A working token costs nothing: a player's many range requests pass.
	for range 10 {
		brand.Do("GET", room, nil).WantStatus(t, http.StatusOK)
	}
	wrong := "/room/" + strings.Repeat("B", 32)
	for range 3 {
		brand.Do("GET", wrong, nil).WantStatus(t, http.StatusNotFound)
	}
	r := brand.Do("GET", wrong, nil).WantStatus(t, http.StatusTooManyRequests)
	if r.Header.Get("Retry-After") == "" || strings.Contains(r.Body, "Fjellkaffe") {
		t.Fatalf("429 without Retry-After, or it names the room: %v %s", r.Header, r.Body)
	}
	// Limited, the address still opens its room (only failures count), and
	// wrong tokens answer 429 until the window has passed.
	brand.Do("GET", room, nil).WantStatus(t, http.StatusOK)
	brand.Do("GET", room+"/licences", nil).WantStatus(t, http.StatusOK)
	brand.Do("GET", wrong, nil).WantStatus(t, http.StatusTooManyRequests)
	clock.Advance(time.Minute)
	brand.Do("GET", wrong, nil).WantStatus(t, http.StatusNotFound)
}

// A draft's days are counted in business days from when the brand can see
// it; past them the sweep approves it and tells both sides, once, however
// many sweeps run.
func TestDraftApprovedWhenNotAnswered(t *testing.T) {
	t.Parallel()
	eachRoomsSite(t, false, func(t *testing.T, e *roomsSite) {
		admin := e.SignedInAdmin(t)
		id := newDeal(t, admin, map[string]any{"brand": "Fjellkaffe", "contactEmail": "ola@fjellkaffe.no"})
		e.clock.Set(time.Date(2026, 3, 6, 14, 0, 0, 0, time.UTC)) // a Friday, 15:00 in Oslo
		// Uploaded before the room has a link: no days counted, no mail.
		v1 := uploadDraft(t, admin, id, "auto-draft-1", sitetest.FakeVideo(20<<10), 1)
		if v1.DueAt != nil {
			t.Fatalf("due before the brand can see it: %v", v1.DueAt)
		}
		openRoom(t, admin, id, map[string]any{"answerDays": 2})
		var drafts []draftJSON
		admin.Do("GET", fmt.Sprintf("/api/admin/deals/%d/drafts", id), nil).WantStatus(t, http.StatusOK).JSON(t, &drafts)
		tuesday := time.Date(2026, 3, 10, 14, 0, 0, 0, time.UTC)
		if drafts[0].DueAt == nil || !drafts[0].DueAt.Equal(tuesday) {
			t.Fatalf("due %v, want two business days later: %v", drafts[0].DueAt, tuesday)
		}
		sweep := func() {
			t.Helper()
			var wg sync.WaitGroup
			for range 3 { // replicas racing: the effect happens once
				wg.Go(func() {
					if err := e.Server.Rooms().Sweep(context.Background()); err != nil {
						t.Error(err)
					}
				})
			}
			wg.Wait()
		}
		e.clock.Set(tuesday.Add(-time.Minute))
		sweep()
		admin.Do("GET", fmt.Sprintf("/api/admin/deals/%d/drafts", id), nil).WantStatus(t, http.StatusOK).JSON(t, &drafts)
		if drafts[0].State != "pending" {
			t.Fatalf("approved early: %+v", drafts[0])
		}
		e.clock.Set(tuesday)
		sweep()
		sweep()
		admin.Do("GET", fmt.Sprintf("/api/admin/deals/%d/drafts", id), nil).WantStatus(t, http.StatusOK).JSON(t, &drafts)
		if drafts[0].State != "approved" || drafts[0].AnsweredBy != "auto" {
			t.Fatalf("not approved automatically: %+v", drafts[0])
		}
		msgs := e.SMTP.WaitFor(t, 2, 10*time.Second)
		time.Sleep(300 * time.Millisecond) // a third message would have come by now
		if n := len(e.SMTP.Messages()); n != 2 {
			t.Fatalf("%d messages, want one to each side", n)
		}
		to := map[string]string{}
		for _, m := range msgs {
			to[m.To[0]] = m.Subject()
		}
		if to["ola@fjellkaffe.no"] != "Godkjent automatisk: video 1, versjon 1 – Fjellkaffe" ||
			to["creator@ugcfolio.no"] != "Godkjent automatisk: video 1, versjon 1 – Fjellkaffe" {
			t.Fatalf("messages %v", to)
		}
		// No answer of the brand's: nothing waits for the creator on the Overview.
		if got := answeredDeals(t, admin); len(got) != 0 {
			t.Errorf("an automatic approval is listed as the brand's answer: %v", got)
		}
		// The history says so.
		got := deal(t, admin, "GET", fmt.Sprintf("/api/admin/deals/%d", id), nil, http.StatusOK)
		if last := got.Events[len(got.Events)-1]; last.Kind != "draft" || last.Actor.Name != "Automatic approval" {
			t.Errorf("last event %+v", last)
		}
	})
}

// The creator hears of a licence 14 days before its last day and on the
// day, once each, however many sweeps run; a new end date arms them again.
func TestLicenceRemindersOncePerEnd(t *testing.T) {
	t.Parallel()
	eachRoomsSite(t, false, func(t *testing.T, e *roomsSite) {
		admin := e.SignedInAdmin(t)
		id := newDeal(t, admin, map[string]any{"brand": "Fjellkaffe", "deliverableCount": 2})
		lic := map[string]any{"usage": "organic", "channels": []string{"TikTok"}, "territory": "Norge",
			"startDate": "2026-03-01", "endDate": "2026-06-30", "whitelisting": false}
		admin.Do("PUT", fmt.Sprintf("/api/admin/deals/%d/licences/2", id), lic).WantStatus(t, http.StatusOK)
		sweep := func(at time.Time) {
			t.Helper()
			e.clock.Set(at)
			var wg sync.WaitGroup
			for range 3 {
				wg.Go(func() {
					if err := e.Server.Rooms().Sweep(context.Background()); err != nil {
						t.Error(err)
					}
				})
			}
			wg.Wait()
		}
		sweep(time.Date(2026, 6, 15, 21, 0, 0, 0, time.UTC)) // 23:00 on the 15th in Oslo: 15 days left
		time.Sleep(200 * time.Millisecond)
		if n := len(e.SMTP.Messages()); n != 0 {
			t.Fatalf("%d messages 15 days before", n)
		}
		sweep(time.Date(2026, 6, 15, 22, 0, 0, 0, time.UTC)) // midnight in Oslo: the 16th, 14 days left
		sweep(time.Date(2026, 6, 16, 8, 0, 0, 0, time.UTC))
		soon := e.SMTP.WaitFor(t, 1, 10*time.Second)[0]
		if soon.To[0] != "creator@ugcfolio.no" || soon.Subject() != "Lisensen for Fjellkaffe, video 2 går ut om 14 dager (30.06.2026)" ||
			!strings.Contains(soon.Text, "/admin/deals/") {
			t.Fatalf("reminder %q\n%s", soon.Subject(), soon.Text)
		}
		sweep(time.Date(2026, 6, 30, 6, 0, 0, 0, time.UTC))
		sweep(time.Date(2026, 7, 1, 6, 0, 0, 0, time.UTC))
		msgs := e.SMTP.WaitFor(t, 2, 10*time.Second)
		if msgs[1].Subject() != "Lisensen for Fjellkaffe, video 2 går ut i dag (30.06.2026)" {
			t.Fatalf("on the day: %q", msgs[1].Subject())
		}
		time.Sleep(300 * time.Millisecond)
		if n := len(e.SMTP.Messages()); n != 2 {
			t.Fatalf("%d messages, want two", n)
		}
		// Renewed to a later end: reminded again at its time.
		lic["endDate"] = "2026-07-10"
		admin.Do("PUT", fmt.Sprintf("/api/admin/deals/%d/licences/2", id), lic).WantStatus(t, http.StatusOK)
		sweep(time.Date(2026, 7, 2, 6, 0, 0, 0, time.UTC))
		if m := e.SMTP.WaitFor(t, 3, 10*time.Second)[2]; !strings.Contains(m.Subject(), "går ut om 8 dager") {
			t.Fatalf("renewed: %q", m.Subject())
		}
		// The dashboard's list: the admin's day, the days ahead.
		var ending []struct {
			DealID   int64  `json:"dealId"`
			Brand    string `json:"brand"`
			EndDate  string `json:"endDate"`
			DaysLeft int    `json:"daysLeft"`
		}
		admin.Do("GET", "/api/admin/licences/ending?today=2026-07-01&days=30", nil).WantStatus(t, http.StatusOK).JSON(t, &ending)
		if len(ending) != 1 || ending[0].Brand != "Fjellkaffe" || ending[0].DaysLeft != 9 || ending[0].DealID != id {
			t.Fatalf("ending %+v", ending)
		}
		admin.Do("GET", "/api/admin/licences/ending?today=2026-03-01&days=30", nil).WantStatus(t, http.StatusOK).JSON(t, &ending)
		if len(ending) != 0 {
			t.Fatalf("ending in March %+v", ending)
		}
	})
}
