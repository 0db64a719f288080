package httpapi

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ugcfolio/ugcfolio/internal/store"
	"github.com/ugcfolio/ugcfolio/internal/store/storetest"
)

// A room's token opens that room only, and a token that opens nothing
// says nothing: wrong, malformed, revoked, expired or another deal's, the
// answer is the same 404 with no word of any room. Failed lookups are
// rate limited per client address.
func TestRoomTokensOpenTheirRoomOnly(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		e := newRoomsEnv(t, st, false)
		admin := e.signedInAdmin(t)
		a := admin.newDeal(t, map[string]any{"brand": "Fjellkaffe", "brief": "Hemmelig lansering"})
		b := admin.newDeal(t, map[string]any{"brand": "Nordlys", "brief": "Vinterkampanje"})
		roomA := admin.openRoom(t, a, map[string]any{"expiresOn": "2026-03-20"})
		roomB := admin.openRoom(t, b, map[string]any{})
		draftA := admin.uploadDraft(t, a, "draft-of-a-1", fakeVideo(40<<10), 1)
		draftB := admin.uploadDraft(t, b, "draft-of-b-1", fakeVideo(40<<10), 1)
		brand := e.brand()
		brand.do("GET", roomA, nil).wantStatus(t, http.StatusOK)

		nothing := func(path string, r response) {
			t.Helper()
			if r.status != http.StatusNotFound {
				t.Fatalf("%s: status %d, want 404", path, r.status)
			}
			for _, secret := range []string{"Fjellkaffe", "Nordlys", "Hemmelig", "Vinterkampanje", "clip.mp4"} {
				if strings.Contains(r.body, secret) {
					t.Fatalf("%s: the 404 says %q:\n%s", path, secret, r.body)
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
			nothing(path, brand.do("GET", path, nil))
		}
		// Another deal's draft cannot be answered from this room either.
		r := brand.answer(roomA, draftB.ID, "approve", "")
		nothing("answer B from A", r)
		var drafts []draftJSON
		admin.do("GET", fmt.Sprintf("/api/admin/deals/%d/drafts", b), nil).wantStatus(t, http.StatusOK).json(t, &drafts)
		if drafts[0].State != "pending" {
			t.Fatalf("B's draft was answered through A's room: %+v", drafts[0])
		}
		// The draft's own file, with B's token in A's path: no.
		bName := drafts[0].Media.Sources[0].URL[strings.LastIndex(drafts[0].Media.Sources[0].URL, "/")+1:]
		brand.do("GET", fmt.Sprintf("%s/drafts/%d/media/%s", roomA, draftB.ID, bName), nil).wantStatus(t, http.StatusNotFound)
		brand.do("GET", fmt.Sprintf("%s/drafts/%d/media/%s", roomB, draftB.ID, bName), nil).wantStatus(t, http.StatusOK)
		// Nor a processed-looking name that is not the draft's.
		brand.do("GET", fmt.Sprintf("%s/drafts/%d/media/p_%s.mp4", roomB, draftB.ID, strings.Repeat("0", 32)), nil).
			wantStatus(t, http.StatusNotFound)

		// Expired: the day after its last day, in Oslo.
		e.clock.set(time.Date(2026, 3, 20, 22, 59, 0, 0, time.UTC)) // 23:59 in Oslo
		brand.do("GET", roomA, nil).wantStatus(t, http.StatusOK)
		e.clock.set(time.Date(2026, 3, 20, 23, 0, 0, 0, time.UTC))
		nothing("expired", brand.do("GET", roomA, nil))
		var rm roomJSON
		admin.do("GET", fmt.Sprintf("/api/admin/deals/%d/room", a), nil).wantStatus(t, http.StatusOK).json(t, &rm)
		if rm.State != "expired" {
			t.Errorf("room %+v", rm)
		}
		// A new link replaces the old one, which stops working.
		e.clock.set(monday)
		newA := admin.openRoom(t, a, map[string]any{"expiresOn": ""})
		brand.do("GET", newA, nil).wantStatus(t, http.StatusOK)
		nothing("replaced", brand.do("GET", roomA, nil))
		brand.do("GET", roomB, nil).wantStatus(t, http.StatusOK)
	})
}

// limiterOn and newFakeClock are throttle_test.go's.
func TestRoomLookupsAreRateLimited(t *testing.T) {
	e := newRoomsEnv(t, sqliteStore(t), false)
	clock := newFakeClock()
	e.server.Rooms().SetLimiter(limiterOn(clock, 3))
	admin := e.signedInAdmin(t)
	room := admin.openRoom(t, admin.newDeal(t, map[string]any{"brand": "Fjellkaffe"}), map[string]any{})
	brand := e.brand()
	// A working token costs nothing: a player's many range requests pass.
	for range 10 {
		brand.do("GET", room, nil).wantStatus(t, http.StatusOK)
	}
	wrong := "/room/" + strings.Repeat("B", 32)
	for range 3 {
		brand.do("GET", wrong, nil).wantStatus(t, http.StatusNotFound)
	}
	r := brand.do("GET", wrong, nil).wantStatus(t, http.StatusTooManyRequests)
	if r.header.Get("Retry-After") == "" || strings.Contains(r.body, "Fjellkaffe") {
		t.Fatalf("429 without Retry-After, or it names the room: %v %s", r.header, r.body)
	}
	// Limited, the address still opens its room (only failures count), and
	// wrong tokens answer 429 until the window has passed.
	brand.do("GET", room, nil).wantStatus(t, http.StatusOK)
	brand.do("GET", room+"/licences", nil).wantStatus(t, http.StatusOK)
	brand.do("GET", wrong, nil).wantStatus(t, http.StatusTooManyRequests)
	clock.advance(testWindow)
	brand.do("GET", wrong, nil).wantStatus(t, http.StatusNotFound)
}

// A draft's days are counted in business days from when the brand can see
// it; past them the sweep approves it and tells both sides, once, however
// many sweeps run.
func TestDraftApprovedWhenNotAnswered(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		e := newRoomsEnv(t, st, false)
		admin := e.signedInAdmin(t)
		id := admin.newDeal(t, map[string]any{"brand": "Fjellkaffe", "contactEmail": "ola@fjellkaffe.no"})
		e.clock.set(time.Date(2026, 3, 6, 14, 0, 0, 0, time.UTC)) // a Friday, 15:00 in Oslo
		// Uploaded before the room has a link: no days counted, no mail.
		v1 := admin.uploadDraft(t, id, "auto-draft-1", fakeVideo(20<<10), 1)
		if v1.DueAt != nil {
			t.Fatalf("due before the brand can see it: %v", v1.DueAt)
		}
		admin.openRoom(t, id, map[string]any{"answerDays": 2})
		var drafts []draftJSON
		admin.do("GET", fmt.Sprintf("/api/admin/deals/%d/drafts", id), nil).wantStatus(t, http.StatusOK).json(t, &drafts)
		tuesday := time.Date(2026, 3, 10, 14, 0, 0, 0, time.UTC)
		if drafts[0].DueAt == nil || !drafts[0].DueAt.Equal(tuesday) {
			t.Fatalf("due %v, want two business days later: %v", drafts[0].DueAt, tuesday)
		}
		sweep := func() {
			t.Helper()
			var wg sync.WaitGroup
			for range 3 { // replicas racing: the effect happens once
				wg.Go(func() {
					if err := e.server.Rooms().Sweep(context.Background()); err != nil {
						t.Error(err)
					}
				})
			}
			wg.Wait()
		}
		e.clock.set(tuesday.Add(-time.Minute))
		sweep()
		admin.do("GET", fmt.Sprintf("/api/admin/deals/%d/drafts", id), nil).wantStatus(t, http.StatusOK).json(t, &drafts)
		if drafts[0].State != "pending" {
			t.Fatalf("approved early: %+v", drafts[0])
		}
		e.clock.set(tuesday)
		sweep()
		sweep()
		admin.do("GET", fmt.Sprintf("/api/admin/deals/%d/drafts", id), nil).wantStatus(t, http.StatusOK).json(t, &drafts)
		if drafts[0].State != "approved" || drafts[0].AnsweredBy != "auto" {
			t.Fatalf("not approved automatically: %+v", drafts[0])
		}
		msgs := e.smtp.WaitFor(t, 2, 10*time.Second)
		time.Sleep(300 * time.Millisecond) // a third message would have come by now
		if n := len(e.smtp.Messages()); n != 2 {
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
		// The history says so.
		got := admin.deal(t, "GET", fmt.Sprintf("/api/admin/deals/%d", id), nil, http.StatusOK)
		if last := got.Events[len(got.Events)-1]; last.Kind != "draft" || last.Actor.Name != "Automatic approval" {
			t.Errorf("last event %+v", last)
		}
	})
}

// The creator hears of a licence 14 days before its last day and on the
// day, once each, however many sweeps run; a new end date arms them again.
func TestLicenceRemindersOncePerEnd(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		e := newRoomsEnv(t, st, false)
		admin := e.signedInAdmin(t)
		id := admin.newDeal(t, map[string]any{"brand": "Fjellkaffe", "deliverableCount": 2})
		lic := map[string]any{"usage": "organic", "channels": []string{"TikTok"}, "territory": "Norge",
			"startDate": "2026-03-01", "endDate": "2026-06-30", "whitelisting": false}
		admin.do("PUT", fmt.Sprintf("/api/admin/deals/%d/licences/2", id), lic).wantStatus(t, http.StatusOK)
		sweep := func(at time.Time) {
			t.Helper()
			e.clock.set(at)
			var wg sync.WaitGroup
			for range 3 {
				wg.Go(func() {
					if err := e.server.Rooms().Sweep(context.Background()); err != nil {
						t.Error(err)
					}
				})
			}
			wg.Wait()
		}
		sweep(time.Date(2026, 6, 15, 21, 0, 0, 0, time.UTC)) // 23:00 on the 15th in Oslo: 15 days left
		time.Sleep(200 * time.Millisecond)
		if n := len(e.smtp.Messages()); n != 0 {
			t.Fatalf("%d messages 15 days before", n)
		}
		sweep(time.Date(2026, 6, 15, 22, 0, 0, 0, time.UTC)) // midnight in Oslo: the 16th, 14 days left
		sweep(time.Date(2026, 6, 16, 8, 0, 0, 0, time.UTC))
		soon := e.smtp.WaitFor(t, 1, 10*time.Second)[0]
		if soon.To[0] != "creator@ugcfolio.no" || soon.Subject() != "Lisensen for Fjellkaffe, video 2 går ut om 14 dager (30.06.2026)" ||
			!strings.Contains(soon.Text, "/admin/deals/") {
			t.Fatalf("reminder %q\n%s", soon.Subject(), soon.Text)
		}
		sweep(time.Date(2026, 6, 30, 6, 0, 0, 0, time.UTC))
		sweep(time.Date(2026, 7, 1, 6, 0, 0, 0, time.UTC))
		msgs := e.smtp.WaitFor(t, 2, 10*time.Second)
		if msgs[1].Subject() != "Lisensen for Fjellkaffe, video 2 går ut i dag (30.06.2026)" {
			t.Fatalf("on the day: %q", msgs[1].Subject())
		}
		time.Sleep(300 * time.Millisecond)
		if n := len(e.smtp.Messages()); n != 2 {
			t.Fatalf("%d messages, want two", n)
		}
		// Renewed to a later end: reminded again at its time.
		lic["endDate"] = "2026-07-10"
		admin.do("PUT", fmt.Sprintf("/api/admin/deals/%d/licences/2", id), lic).wantStatus(t, http.StatusOK)
		sweep(time.Date(2026, 7, 2, 6, 0, 0, 0, time.UTC))
		if m := e.smtp.WaitFor(t, 3, 10*time.Second)[2]; !strings.Contains(m.Subject(), "går ut om 8 dager") {
			t.Fatalf("renewed: %q", m.Subject())
		}
		// The dashboard's list: the admin's day, the days ahead.
		var ending []struct {
			DealID   int64  `json:"dealId"`
			Brand    string `json:"brand"`
			EndDate  string `json:"endDate"`
			DaysLeft int    `json:"daysLeft"`
		}
		admin.do("GET", "/api/admin/licences/ending?today=2026-07-01&days=30", nil).wantStatus(t, http.StatusOK).json(t, &ending)
		if len(ending) != 1 || ending[0].Brand != "Fjellkaffe" || ending[0].DaysLeft != 9 || ending[0].DealID != id {
			t.Fatalf("ending %+v", ending)
		}
		admin.do("GET", "/api/admin/licences/ending?today=2026-03-01&days=30", nil).wantStatus(t, http.StatusOK).json(t, &ending)
		if len(ending) != 0 {
			t.Fatalf("ending in March %+v", ending)
		}
	})
}
