package httpapi

import (
	"fmt"
	"net/http"
	"os"
	"testing"
	"time"

	"github.com/ugcfolio/ugcfolio/internal/config"
	"github.com/ugcfolio/ugcfolio/internal/inquiries"
	"github.com/ugcfolio/ugcfolio/internal/mail"
	"github.com/ugcfolio/ugcfolio/internal/store"
	"github.com/ugcfolio/ugcfolio/internal/store/storetest"
)

// TestContactMailFigures is `make bench-contact-mail` (issue 24): 500
// contact posts from 50 source addresses to 50 recipients, as fast as the
// server takes them (well within a minute), with auto-replies on and the
// default settings (cap, notification spacing). It reports the auto-replies
// and notifications that reach the SMTP server; it waits for the digest
// slot (mail.NotifyEvery), so it takes a little over two minutes and runs
// only when UGCFOLIO_BENCH_CONTACT_MAIL=1.
func TestContactMailFigures(t *testing.T) {
	t.Parallel()
	if os.Getenv("UGCFOLIO_BENCH_CONTACT_MAIL") != "1" {
		t.Skip("a figure, not a check: make bench-contact-mail")
	}
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		e, srv := startMailEnv(t, st, mailOptions{autoReply: true})
		start := time.Now()
		accepted := 0
		for i := range 500 {
			// Recipient i%50 in a new spelling each time (+tag, case).
			email := fmt.Sprintf("Offer%d+n%d@example.no", i%50, i)
			body := with(validContact(), "email", email)
			ip := fmt.Sprintf("203.0.113.%d", i%50+1)
			res := e.client().do("POST", "/api/contact", body, "X-Forwarded-For", ip)
			if res.status == http.StatusCreated {
				accepted++
			}
		}
		posting := time.Since(start)
		// Every notification is sent once its delivery is: wait for the last.
		admin := e.signedInAdmin(t)
		deadline := time.Now().Add(mail.NotifyEvery + time.Minute)
		for {
			var ms inquiries.MailState
			admin.do("GET", "/api/admin/contact/mail", nil).wantStatus(t, http.StatusOK).json(t, &ms)
			sent := 0
			for _, d := range ms.Deliveries {
				if d.State == "sent" {
					sent++
				}
			}
			if sent == accepted {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("%d of %d notifications sent", sent, accepted)
			}
			time.Sleep(time.Second)
		}
		time.Sleep(time.Second) // the last auto-replies in flight
		replies, notes := 0, 0
		for _, msg := range srv.Messages() {
			if msg.Header.Get("Auto-Submitted") == "auto-replied" {
				replies++
			} else {
				notes++
			}
		}
		t.Logf("%d posts accepted in %s; auto-replies sent: %d (cap %d/h); notification mails: %d for %d inquiries",
			accepted, posting.Round(time.Millisecond), replies, config.DefaultAutoReplyPerHour, notes, accepted)
		if replies > config.DefaultAutoReplyPerHour {
			t.Errorf("%d auto-replies past the cap", replies)
		}
	})
}
