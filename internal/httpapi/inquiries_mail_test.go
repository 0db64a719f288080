package httpapi

import (
	"context"
	"encoding/csv"
	"fmt"
	"net/http"
	"net/netip"
	"strings"
	"testing"
	"time"

	"github.com/ugcfolio/ugcfolio/internal/config"
	"github.com/ugcfolio/ugcfolio/internal/inquiries"
	"github.com/ugcfolio/ugcfolio/internal/jobs"
	"github.com/ugcfolio/ugcfolio/internal/mail"
	"github.com/ugcfolio/ugcfolio/internal/mail/smtptest"
	"github.com/ugcfolio/ugcfolio/internal/store"
	"github.com/ugcfolio/ugcfolio/internal/store/storetest"
)

// mailEnv is a server with e-mail on, its job queue running, sending to a
// loopback SMTP server; retries come after 50 ms instead of a minute.
func mailEnv(t *testing.T, st *store.Store) (*testEnv, *smtptest.Server) {
	t.Helper()
	return startMailEnv(t, st, mailOptions{
		poll:  10 * time.Millisecond,
		retry: &jobs.Options{MaxAttempts: 5, Backoff: jobs.Exponential(50*time.Millisecond, 200*time.Millisecond)},
	})
}

// mailOptions are what a mail test changes of serve's mail set-up; the
// zero value is serve's, with notifications only.
type mailOptions struct {
	autoReply bool          // auto-replies on, at the default hourly cap
	poll      time.Duration // how often the job queue looks for due jobs (0: the queue's default)
	retry     *jobs.Options // mail's retry schedule (nil: mail's default)
}

// startMailEnv is a server with e-mail on, its job queue running, sending
// to a loopback SMTP server; it trusts X-Forwarded-For from 127.0.0.1.
func startMailEnv(t *testing.T, st *store.Store, o mailOptions) (*testEnv, *smtptest.Server) {
	t.Helper()
	srv := smtptest.Start(t)
	mc := config.MailConfig{SMTPURL: srv.URL(), From: "noreply@ugcfolio.no", NotifyTo: []string{"creator@ugcfolio.no"}}
	if o.autoReply {
		mc.AutoReply, mc.AutoReplyPerHour = true, config.DefaultAutoReplyPerHour
	}
	q := jobs.New(st, discardLog)
	if o.poll > 0 {
		q.Poll = o.poll
	}
	m, err := mail.New(mail.Deps{Config: mc, SiteURL: "http://127.0.0.1", Store: st, Jobs: q, Log: discardLog, RootCAs: srv.RootCAs(), Retry: o.retry})
	if err != nil {
		t.Fatal(err)
	}
	e := newEnvDeps(t, st, func(c *config.Config) {
		c.Mail = mc
		c.TrustedProxies = []netip.Prefix{netip.MustParsePrefix("127.0.0.1/32")}
	}, func(d *Deps) { d.Jobs, d.Mail = q, m })
	// Run once New has registered the server's own kinds (image), as serve does.
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { q.Run(ctx); close(done) }()
	t.Cleanup(func() { cancel(); <-done })
	return e, srv
}

// waitMailState polls the admin's view until inquiry id's delivery has state.
func waitMailState(t *testing.T, admin *client, id int64, state string) mail.Delivery {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		var ms inquiries.MailState
		admin.do("GET", "/api/admin/contact/mail", nil).wantStatus(t, http.StatusOK).json(t, &ms)
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
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		e, smtp := mailEnv(t, st)
		admin := e.signedInAdmin(t)
		smtp.Stop()
		var inq store.Inquiry
		e.client().do("POST", "/api/contact", with(validContact(), "language", "en")).
			wantStatus(t, http.StatusCreated).json(t, &inq)
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

		admin.do("POST", fmt.Sprintf("/api/admin/contact/%d/mail", inq.ID), nil).wantStatus(t, http.StatusOK)
		smtp.WaitFor(t, 2, 10*time.Second)
		waitMailState(t, admin, inq.ID, "sent")
		admin.do("POST", "/api/admin/contact/999999/mail", nil).wantStatus(t, http.StatusNotFound)
	})
}

func TestContactLanguage(t *testing.T) {
	t.Parallel()
	e := contactEnv(t, sqliteStore(t))
	var inq store.Inquiry
	e.client().do("POST", "/api/contact", validContact(), "X-Forwarded-For", "10.0.0.1").wantStatus(t, http.StatusCreated).json(t, &inq)
	if inq.Language != "no" {
		t.Fatalf("default language %q", inq.Language)
	}
	e.client().do("POST", "/api/contact", with(validContact(), "language", "de"), "X-Forwarded-For", "10.0.0.2").
		wantMessage(t, http.StatusBadRequest, "Language must be no or en")
	if list, _ := e.store.ListInquiries(context.Background()); len(list) != 1 {
		t.Fatalf("%d inquiries stored", len(list))
	}
}

// Mail off: the screen learns it, and "send again" is refused.
func TestInquiryMailOff(t *testing.T) {
	t.Parallel()
	eachEnv(t, func(t *testing.T, e *testEnv) {
		admin := e.signedInAdmin(t)
		var inq store.Inquiry
		e.client().do("POST", "/api/contact", validContact()).wantStatus(t, http.StatusCreated).json(t, &inq)
		var ms inquiries.MailState
		admin.do("GET", "/api/admin/contact/mail", nil).wantStatus(t, http.StatusOK).json(t, &ms)
		if ms.Enabled || len(ms.Deliveries) != 0 {
			t.Fatalf("mail off reported as %+v", ms)
		}
		admin.do("POST", fmt.Sprintf("/api/admin/contact/%d/mail", inq.ID), nil).
			wantMessage(t, http.StatusConflict, "E-mail is off: set UGCFOLIO_SMTP_URL")
	})
}

// The CSV export opens in a CSV parser: UTF-8 with a BOM, æøå intact,
// formula cells neutralised, line breaks and separators quoted.
func TestExportInquiriesCSV(t *testing.T) {
	t.Parallel()
	eachEnv(t, func(t *testing.T, e *testEnv) {
		ctx := context.Background()
		for _, in := range []store.InquiryInput{
			{Name: "Åse Ødegård", Email: "ase@eksempel.no", Company: "Blåbær & Sønn", Service: "Enkeltvideo", Message: "Hei; vi ønsker\nto videoer."},
			{Name: `=HYPERLINK("http://evil.example","klikk")`, Email: "eve@example.com", Company: "+47 999", Message: "-2+3 @SUM(A1)", Language: "en"},
		} {
			if _, err := e.store.CreateInquiry(ctx, in); err != nil {
				t.Fatal(err)
			}
		}
		res := e.signedInAdmin(t).do("GET", "/api/admin/contact/export.csv", nil).wantStatus(t, http.StatusOK)
		if ct := res.header.Get("Content-Type"); ct != "text/csv; charset=utf-8" {
			t.Fatalf("Content-Type %q", ct)
		}
		if cd := res.header.Get("Content-Disposition"); !strings.HasPrefix(cd, `attachment; filename="henvendelser-`) {
			t.Fatalf("Content-Disposition %q", cd)
		}
		body, ok := strings.CutPrefix(res.body, "\uFEFF")
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
