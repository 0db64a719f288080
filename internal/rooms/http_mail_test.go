package rooms_test

import (
	"testing"
	"time"

	"github.com/ugcfolio/ugcfolio/internal/config"
	"github.com/ugcfolio/ugcfolio/internal/sitetest"
	"github.com/ugcfolio/ugcfolio/internal/store"
	"github.com/ugcfolio/ugcfolio/internal/store/storetest"
)

// TestBrandMailNamesNoLoginAndNoDealNumber: a message to a brand carries no
// sequential deal id (it tells how many deals the creator has) and is not
// answered to the admin's login address (half of what a password guess
// needs): replies go to the address the creator chose for mail —
// UGCFOLIO_NOTIFY_TO's first, else the sender, UGCFOLIO_MAIL_FROM.
func TestBrandMailNamesNoLoginAndNoDealNumber(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name      string
		notifyTo  []string
		wantReply string // "" for no Reply-To: replies go to From
	}{
		{"no notify address", nil, ""},
		{"a notify address", []string{"post@kari.no", "agent@kari.no"}, "<post@kari.no>"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			storetest.Each(t, func(t *testing.T, st *store.Store) {
				e := &roomsSite{clock: sitetest.NewClock(monday)}
				e.Site = sitetest.New(t, st, sitetest.Options{Mail: true, RoomsClock: e.clock,
					Config: func(c *config.Config) { c.Mail.NotifyTo = tc.notifyTo }})
				admin := e.SignedInAdmin(t)
				id := newDeal(t, admin, map[string]any{"brand": "Fjellkaffe " + tc.name, "contactName": "Ola", "contactEmail": "ola@fjellkaffe.no",
					"language": "en", "brief": "Three videos", "deliverableCount": 1})
				openRoom(t, admin, id, map[string]any{"answerDays": 3})
				uploadDraft(t, admin, id, "brand-mail-draft-1", sitetest.FakeVideo(64<<10), 1)

				msg := e.SMTP.WaitFor(t, 1, 10*time.Second)[0]
				if msg.To[0] != "ola@fjellkaffe.no" {
					t.Fatalf("the first message went to %v", msg.To)
				}
				if got := msg.Header.Get("Reply-To"); got != tc.wantReply {
					t.Errorf("Reply-To %q, want %q (the admin's login is admin@example.no)", got, tc.wantReply)
				}
				for k := range msg.Header {
					if k == "X-Ugcfolio-Deal" {
						t.Errorf("the brand's mail has %s: %s", k, msg.Header.Get(k))
					}
				}
			})
		})
	}
}
