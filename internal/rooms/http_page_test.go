package rooms_test

import (
	"fmt"
	"net/http"
	"regexp"
	"strings"
	"testing"

	"github.com/ugcfolio/ugcfolio/internal/sitetest"
	"github.com/ugcfolio/ugcfolio/internal/store"
	"github.com/ugcfolio/ugcfolio/internal/store/storetest"
)

// billingProfile is a whole billing profile (PUT /api/admin/billing).
var billingProfile = map[string]any{
	"legalName": "Kari Nordmann Film", "orgNumber": "988 077 917", "vatRegistered": false,
	"address": map[string]string{"street": "Storgata 1", "postalCode": "0155", "city": "Oslo", "country": "no"},
	"email":   "kari@example.no", "accountNumber": "8601.11.17947", "paymentTermsDays": 14,
	"invoiceLanguage": "no", "firstInvoiceNumber": 1001,
}

// The room and the licence summary say who the creator is (the billing
// profile's name and e-mail; the site's host before she has one); with
// e-mail off they promise no e-mail; approving asks once that it is
// final, and an approved video is labelled final, not a draft, with a
// download link that names its video; the pages have an icon.
func TestRoomNamesTheCreatorAndPromisesNothingUnsent(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		t.Parallel()
		e := &roomsSite{clock: sitetest.NewClock(monday)}
		e.Site = sitetest.New(t, st, sitetest.Options{Mail: false, RoomsClock: e.clock})
		admin := e.SignedInAdmin(t)
		id := newDeal(t, admin, map[string]any{"brand": "Fjellkaffe", "contactEmail": "ola@fjellkaffe.no",
			"language": "en", "deliverableCount": 2})
		var rm roomJSON
		admin.Do("POST", fmt.Sprintf("/api/admin/deals/%d/room", id), map[string]any{}).WantStatus(t, http.StatusCreated).JSON(t, &rm)
		room := rm.URL[strings.Index(rm.URL, "/room/"):]
		var withMail struct {
			Mail bool `json:"mail"`
		}
		admin.Do("GET", fmt.Sprintf("/api/admin/deals/%d/room", id), nil).WantStatus(t, http.StatusOK).JSON(t, &withMail)
		if withMail.Mail {
			t.Error("the admin's room says e-mail is on")
		}
		brand := brandClient(e)

		// Before a billing profile: the site's host names her; no e-mail promised.
		page := brand.Do("GET", room, nil).WantStatus(t, http.StatusOK).Body
		host := strings.TrimPrefix(strings.TrimPrefix(e.URL, "http://"), "https://")
		if !regexp.MustCompile(`Creator: <strong>` + regexp.QuoteMeta(host) + `</strong></p>`).MatchString(page) {
			t.Errorf("the room does not name the site %s:\n%s", host, page)
		}
		if strings.Contains(strings.ToLower(page), "e-mail") {
			t.Errorf("with e-mail off the room promises an e-mail:\n%s", page)
		}
		if !strings.Contains(page, `<link rel="icon" type="image/svg+xml" href="/favicon.svg">`) {
			t.Error("the room has no icon: the browser asks /favicon.ico and gets a 404")
		}

		// With a profile: her legal name and e-mail, on the room and the summary.
		admin.Do("PUT", "/api/admin/billing", billingProfile).WantStatus(t, http.StatusOK)
		named := `Creator: <strong>Kari Nordmann Film</strong> · Contact: <a href="mailto:kari@example.no">kari@example.no</a>`
		if page := brand.Do("GET", room, nil).Body; !strings.Contains(page, named) {
			t.Errorf("the room does not name the creator:\n%s", page)
		}
		if summary := brand.Do("GET", room+"/licences", nil).WantStatus(t, http.StatusOK).Body; !strings.Contains(summary, named) {
			t.Errorf("the summary does not name the creator:\n%s", summary)
		}

		// Two videos, each approved: asked once, then labelled and downloaded apart.
		// While only the first has a draft, the room says the second is still to come.
		if strings.Contains(page, "Still to come") {
			t.Error("the room lists videos to come before any draft (its 'no drafts yet' says it)")
		}
		var drafts []draftJSON
		for n := 1; n <= 2; n++ {
			drafts = append(drafts, uploadDraft(t, admin, id, fmt.Sprintf("creator-page-%d", n), sitetest.FakeVideo(40<<10), n))
			page = brand.Do("GET", room, nil).Body
			if toCome := strings.Contains(page, `<p class="card" data-testid="to-come">Still to come: Video 2.</p>`); toCome != (n == 1) {
				t.Errorf("after video %d's draft, 'Still to come: Video 2.' shown: %v", n, toCome)
			}
		}
		for _, want := range []string{`<summary class="button">Approve</summary>`, "Approval is final",
			`name="decision" value="approve" aria-describedby=`, ">Approve as final</button>"} {
			if !strings.Contains(page, want) {
				t.Errorf("the answer form lacks %q", want)
			}
		}
		for _, d := range drafts {
			answer(e, brand, room, d.ID, "approve", "").WantStatus(t, http.StatusSeeOther)
		}
		changes := uploadDraft(t, admin, id, "creator-page-3", sitetest.FakeVideo(40<<10), 2)
		answer(e, brand, room, changes.ID, "changes", "Warmer light").WantStatus(t, http.StatusSeeOther)
		thanks := brand.Do("GET", room+"?answered=changes&draft="+fmt.Sprint(changes.ID), nil).Body
		if !strings.Contains(thanks, "The next version appears here") || strings.Contains(strings.ToLower(thanks), "e-mail") {
			t.Errorf("the thanks for changes, e-mail off:\n%s", thanks)
		}
		for n, d := range drafts {
			link := fmt.Sprintf(`<a class="button" href="%s/drafts/%d/final" download>Download video %d (final file, full quality)</a>`, room, d.ID, n+1)
			if !strings.Contains(thanks, link) {
				t.Errorf("no download of video %d named apart (%s)", n+1, link)
			}
		}
		labels := regexp.MustCompile(`data-testid="draft-label">([^<]+)<`).FindAllStringSubmatch(thanks, -1)
		var got []string
		for _, l := range labels {
			got = append(got, l[1])
		}
		// Video 1's final; video 2's newest (changes asked) and its final before it.
		if want := "Final v1|Draft v2|Final v1"; strings.Join(got, "|") != want {
			t.Errorf("labels %q, want %q", strings.Join(got, "|"), want)
		}
	})
}
