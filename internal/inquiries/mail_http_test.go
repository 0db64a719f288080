package inquiries_test

import (
	"context"
	"encoding/csv"
	"fmt"
	"net/http"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/ugcfolio/ugcfolio/internal/config"
	"github.com/ugcfolio/ugcfolio/internal/inquiries"
	"github.com/ugcfolio/ugcfolio/internal/jobs"
	"github.com/ugcfolio/ugcfolio/internal/mail"
	"github.com/ugcfolio/ugcfolio/internal/sitetest"
	"github.com/ugcfolio/ugcfolio/internal/store"
)

// withMail is a site with e-mail on, its job queue running, sending to a
// loopback SMTP server; retries come after 50 ms instead of a minute.
var withMail = sitetest.Options{Mail: true, TrustLoopback: true,
	MailRetry: &jobs.Options{MaxAttempts: 5, Backoff: jobs.Exponential(50*time.Millisecond, 200*time.Millisecond)}}

// waitMailState polls the admin's view until inquiry id's delivery has state.
func waitMailState(t *testing.T, admin *sitetest.Client, id int64, state string) mail.Delivery {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		var ms inquiries.MailState
		admin.Do("GET", "/api/admin/contact/mail", nil).WantStatus(t, http.StatusOK).JSON(t, &ms)
		if !ms.Enabled {
			t.Fatal("mail reported off")
		}
		d := ms.Deliveries[fmt.Sprint(id)]
		if d.State == state {
			return d
		}
		if time.Now().After(deadline) {
			t.Fatalf("delivery of %d never %s: %+v", id, state, d)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// SMTP down: the inquiry is accepted at once (201), the admin sees the
// delivery waiting with its reason and next try, the message arrives when
// the server is back, and "send again" sends it once more.
func TestContactMailedWhenSMTPComesBack(t *testing.T) {
	t.Parallel()
	sitetest.Each(t, withMail, func(t *testing.T, e *sitetest.Site) {
		smtp := e.SMTP
		admin := e.SignedInAdmin(t)
		smtp.Stop()
		var inq store.Inquiry
		e.Client().Do("POST", "/api/contact", with(validContact(), "language", "en")).
			WantStatus(t, http.StatusCreated).JSON(t, &inq)
		if inq.Language != "en" {
			t.Fatalf("language %q", inq.Language)
		}
		d := waitMailState(t, admin, inq.ID, "waiting")
		if d.Error == "" || d.NextTryAt == nil {
			t.Fatalf("waiting without reason or next try: %+v", d)
		}
		smtp.Restart(t)
		m := smtp.WaitFor(t, 1, 10*time.Second)[0]
		if m.Header.Get("Reply-To") != `"Kari Nordmann" <kari@example.no>` {
			t.Fatalf("Reply-To %q", m.Header.Get("Reply-To"))
		}
		waitMailState(t, admin, inq.ID, "sent")

		admin.Do("POST", fmt.Sprintf("/api/admin/contact/%d/mail", inq.ID), nil).WantStatus(t, http.StatusOK)
		smtp.WaitFor(t, 2, 10*time.Second)
		waitMailState(t, admin, inq.ID, "sent")
		admin.Do("POST", "/api/admin/contact/999999/mail", nil).WantStatus(t, http.StatusNotFound)
	})
}

func TestContactLanguage(t *testing.T) {
	t.Parallel()
	e := sitetest.New(t, sitetest.SQLite(t), trustLoopback)
	var inq store.Inquiry
	e.Client().Do("POST", "/api/contact", validContact(), "X-Forwarded-For", "10.0.0.1").WantStatus(t, http.StatusCreated).JSON(t, &inq)
	if inq.Language != "no" {
		t.Fatalf("default language %q", inq.Language)
	}
	e.Client().Do("POST", "/api/contact", with(validContact(), "language", "de"), "X-Forwarded-For", "10.0.0.2").
		WantMessage(t, http.StatusBadRequest, "Language must be no or en")
	if list, _ := e.Store.ListInquiries(context.Background()); len(list) != 1 {
		t.Fatalf("%d inquiries stored", len(list))
	}
}

// Mail off: the screen learns it, and "send again" is refused.
func TestInquiryMailOff(t *testing.T) {
	t.Parallel()
	sitetest.Each(t, sitetest.Options{}, func(t *testing.T, e *sitetest.Site) {
		admin := e.SignedInAdmin(t)
		var inq store.Inquiry
		e.Client().Do("POST", "/api/contact", validContact()).WantStatus(t, http.StatusCreated).JSON(t, &inq)
		var ms inquiries.MailState
		admin.Do("GET", "/api/admin/contact/mail", nil).WantStatus(t, http.StatusOK).JSON(t, &ms)
		if ms.Enabled || len(ms.Deliveries) != 0 {
			t.Fatalf("mail off reported as %+v", ms)
		}
		admin.Do("POST", fmt.Sprintf("/api/admin/contact/%d/mail", inq.ID), nil).
			WantMessage(t, http.StatusConflict, "E-mail is off: set UGCFOLIO_SMTP_URL")
	})
}

// The CSV export opens in a CSV parser: UTF-8 with a BOM, æøå intact,
// formula cells neutralised, line breaks and separators quoted.
func TestExportInquiriesCSV(t *testing.T) {
	t.Parallel()
	sitetest.Each(t, sitetest.Options{}, func(t *testing.T, e *sitetest.Site) {
		ctx := context.Background()
		for _, in := range []store.InquiryInput{
			{Name: "Åse Ødegård", Email: "ase@eksempel.no", Company: "Blåbær & Sønn", Service: "Enkeltvideo", Message: "Hei; vi ønsker\nto videoer."},
			{Name: `=HYPERLINK("http://evil.example","klikk")`, Email: "eve@example.com", Company: "+47 999", Message: "-2+3 @SUM(A1)", Language: "en"},
		} {
			if _, err := e.Store.CreateInquiry(ctx, in); err != nil {
				t.Fatal(err)
			}
		}
		res := e.SignedInAdmin(t).Do("GET", "/api/admin/contact/export.csv", nil).WantStatus(t, http.StatusOK)
		if ct := res.Header.Get("Content-Type"); ct != "text/csv; charset=utf-8" {
			t.Fatalf("Content-Type %q", ct)
		}
		if cd := res.Header.Get("Content-Disposition"); !strings.HasPrefix(cd, `attachment; filename="henvendelser-`) {
			t.Fatalf("Content-Disposition %q", cd)
		}
		body, ok := strings.CutPrefix(res.Body, "\uFEFF")
		if !ok {
			t.Fatal("no UTF-8 byte-order mark")
		}
		r := csv.NewReader(strings.NewReader(body))
		r.Comma = ';'
		rows, err := r.ReadAll()
		if err != nil {
			t.Fatal(err)
		}
		if len(rows) != 3 || strings.Join(rows[0], ",") != "id,created,name,email,company,service,language,read,message" {
			t.Fatalf("rows %q", rows)
		}
		evil, ase := rows[1], rows[2] // newest first
		if ase[2] != "Åse Ødegård" || ase[4] != "Blåbær & Sønn" || ase[8] != "Hei; vi ønsker\nto videoer." || ase[6] != "no" || ase[7] != "no" {
			t.Fatalf("row %q", ase)
		}
		if evil[2] != `'=HYPERLINK("http://evil.example","klikk")` || evil[4] != "'+47 999" || evil[8] != "'-2+3 @SUM(A1)" || evil[6] != "en" {
			t.Fatalf("formula cells not neutralised: %q", evil)
		}
	})
}

// TestContactMailFigures is `make bench-contact-mail`: 500 contact posts
// from 50 source addresses to 50 recipients, as fast as the server takes
// them (well within a minute), with auto-replies on and the default
// settings (cap, notification spacing). It reports the auto-replies and
// notifications that reach the SMTP server; it waits for the digest slot
// (mail.NotifyEvery), so it takes a little over two minutes and runs only
// when UGCFOLIO_BENCH_CONTACT_MAIL=1.
func TestContactMailFigures(t *testing.T) {
	t.Parallel()
	if os.Getenv("UGCFOLIO_BENCH_CONTACT_MAIL") != "1" {
		t.Skip("a figure, not a check: make bench-contact-mail")
	}
	sitetest.Each(t, sitetest.Options{Mail: true, AutoReply: true, TrustLoopback: true}, func(t *testing.T, e *sitetest.Site) {
		start := time.Now()
		accepted := 0
		for i := range 500 {
			// Recipient i%50 in a new spelling each time (+tag, case).
			email := fmt.Sprintf("Offer%d+n%d@example.no", i%50, i)
			body := with(validContact(), "email", email)
			ip := fmt.Sprintf("203.0.113.%d", i%50+1)
			res := e.Client().Do("POST", "/api/contact", body, "X-Forwarded-For", ip)
			if res.Status == http.StatusCreated {
				accepted++
			}
		}
		posting := time.Since(start)
		// Every notification is sent once its delivery is: wait for the last.
		admin := e.SignedInAdmin(t)
		deadline := time.Now().Add(mail.NotifyEvery + time.Minute)
		for {
			var ms inquiries.MailState
			admin.Do("GET", "/api/admin/contact/mail", nil).WantStatus(t, http.StatusOK).JSON(t, &ms)
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
		for _, msg := range e.SMTP.Messages() {
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
