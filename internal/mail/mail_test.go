package mail

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ugcfolio/ugcfolio/internal/config"
	"github.com/ugcfolio/ugcfolio/internal/jobs"
	"github.com/ugcfolio/ugcfolio/internal/mail/smtptest"
	"github.com/ugcfolio/ugcfolio/internal/store"
	"github.com/ugcfolio/ugcfolio/internal/store/storetest"
)

// fixture is a mailer on a running queue and a loopback SMTP server.
type fixture struct {
	m    *Mailer
	smtp *smtptest.Server
	st   *store.Store
	q    *jobs.Queue
	run  func() // starts the queue (setup has)
}

func setup(t *testing.T, st *store.Store, edit func(*config.MailConfig)) fixture {
	t.Helper()
	f := setupWith(t, st, smtptest.Start(t), edit)
	f.run()
	return f
}

// setupWith is setup on a given SMTP server, with the queue not yet
// running (f.run starts it); notifications are spaced by 100ms (a digest
// gathers what comes within it).
func setupWith(t *testing.T, st *store.Store, srv *smtptest.Server, edit func(*config.MailConfig)) fixture {
	t.Helper()
	cfg := config.MailConfig{SMTPURL: srv.URL(), From: "ugcfolio <noreply@ugcfolio.no>", NotifyTo: []string{"creator@ugcfolio.no"}}
	if edit != nil {
		edit(&cfg)
	}
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	q := jobs.New(st, log)
	q.Poll = 10 * time.Millisecond
	m, err := New(Deps{Config: cfg, SiteURL: "https://ugcfolio.no/", Store: st, Jobs: q, Log: log,
		RootCAs: srv.RootCAs(), NotifyEvery: 100 * time.Millisecond,
		Retry: &jobs.Options{MaxAttempts: 5, Concurrency: 2, Timeout: 10 * time.Second, Backoff: jobs.Exponential(50*time.Millisecond, 200*time.Millisecond)}})
	if err != nil {
		t.Fatal(err)
	}
	run := func() {
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan struct{})
		go func() { q.Run(ctx); close(done) }()
		t.Cleanup(func() { cancel(); <-done })
	}
	return fixture{m: m, smtp: srv, st: st, q: q, run: run}
}

func (f fixture) inquire(t *testing.T, in store.InquiryInput) store.Inquiry {
	t.Helper()
	inq, err := f.st.CreateInquiry(context.Background(), in, f.m.OnInquiry(context.Background()))
	if err != nil {
		t.Fatal(err)
	}
	f.m.Wake()
	return inq
}

func (f fixture) delivery(t *testing.T, id int64) Delivery {
	t.Helper()
	d, err := f.m.Deliveries(context.Background(), []int64{id})
	if err != nil {
		t.Fatal(err)
	}
	return d[id]
}

func (f fixture) waitDelivery(t *testing.T, id int64, state string) Delivery {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		d := f.delivery(t, id)
		if d.State == state {
			return d
		}
		if time.Now().After(deadline) {
			t.Fatalf("delivery of inquiry %d never %s: %+v", id, state, d)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

var kari = store.InquiryInput{Name: "Kari Nordmann", Email: "kari@bedrift.no", Company: "Fjord & Fjell AS",
	Service: "Pakketilbud 1", Message: "Hei! Vi ønsker tre videoer av vår nye <skisekk>.\nKan du hjelpe oss?"}

func TestNotificationArrivesWithEveryField(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		f := setup(t, st, nil)
		inq := f.inquire(t, kari)
		msgs := f.smtp.WaitFor(t, 1, 10*time.Second)
		m := msgs[0]
		if m.From != "noreply@ugcfolio.no" || len(m.To) != 1 || m.To[0] != "creator@ugcfolio.no" {
			t.Fatalf("envelope: from %q to %v", m.From, m.To)
		}
		if got := m.Header.Get("Reply-To"); got != `"Kari Nordmann" <kari@bedrift.no>` {
			t.Fatalf("Reply-To = %q", got)
		}
		if s := m.Subject(); s != "Ny henvendelse fra Kari Nordmann (Fjord & Fjell AS) – Pakketilbud 1" {
			t.Fatalf("Subject = %q", s)
		}
		link := "https://ugcfolio.no/admin/inquiries?inquiry=" + itoa(inq.ID)
		for _, want := range []string{"Kari Nordmann", "kari@bedrift.no", "Fjord & Fjell AS", "Pakketilbud 1",
			"vår nye <skisekk>.\nKan du hjelpe oss?", link, "norsk"} {
			if !strings.Contains(m.Text, want) {
				t.Errorf("text part lacks %q:\n%s", want, m.Text)
			}
		}
		for _, want := range []string{"Fjord &amp; Fjell AS", "vår nye &lt;skisekk&gt;.", `href="` + link + `"`, `href="mailto:kari@bedrift.no"`} {
			if !strings.Contains(m.HTML, want) {
				t.Errorf("HTML part lacks %q:\n%s", want, m.HTML)
			}
		}
		if strings.Contains(m.HTML, "<skisekk>") {
			t.Error("the HTML part carries the visitor's markup unescaped")
		}
		d := f.waitDelivery(t, inq.ID, "sent")
		if d.SentAt == nil || d.Attempts != 1 {
			t.Fatalf("delivery: %+v", d)
		}
		time.Sleep(100 * time.Millisecond)
		if n := len(f.smtp.Messages()); n != 1 {
			t.Fatalf("%d messages for one inquiry", n)
		}
	})
}

func itoa(n int64) string { b, _ := json.Marshal(n); return string(b) }

// Without UGCFOLIO_NOTIFY_TO, every admin gets the notification.
func TestNotifyDefaultsToAdmins(t *testing.T) {
	st := storetest.SQLite(t)
	for _, u := range []store.UserInput{{Username: "eier@ugcfolio.no", PasswordHash: "x", IsAdmin: true},
		{Username: "besok@ugcfolio.no", PasswordHash: "x"}, {Username: "hjelper@ugcfolio.no", PasswordHash: "x", IsAdmin: true}} {
		if _, err := st.CreateUser(context.Background(), u); err != nil {
			t.Fatal(err)
		}
	}
	f := setup(t, st, func(c *config.MailConfig) { c.NotifyTo = nil })
	f.inquire(t, kari)
	m := f.smtp.WaitFor(t, 1, 10*time.Second)[0]
	if strings.Join(m.To, ",") != "eier@ugcfolio.no,hjelper@ugcfolio.no" {
		t.Fatalf("recipients %v", m.To)
	}
}

// CR/LF and other control characters in what a visitor typed cannot add
// headers or recipients.
func TestHeaderInjection(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		f := setup(t, st, nil)
		f.inquire(t, store.InquiryInput{
			Name:    "Eve\r\nBcc: victim@example.com\r\nX-Evil: 1",
			Email:   "eve@example.com",
			Company: "ACME\nTo: other@example.com\u2028Cc: third@example.com",
			Service: "Skreddersydd\r\n\r\nbody",
			Message: "Hei\r\n.\r\nMAIL FROM:<x@example.com>\r\nRCPT TO:<victim@example.com>",
		})
		f.smtp.WaitFor(t, 1, 10*time.Second)
		time.Sleep(100 * time.Millisecond) // room for a second message an injected command would send
		msgs := f.smtp.Messages()
		if len(msgs) != 1 {
			t.Fatalf("%d messages arrived (an injected SMTP command?)", len(msgs))
		}
		m := msgs[0]
		if len(m.To) != 1 || m.To[0] != "creator@ugcfolio.no" {
			t.Fatalf("recipients %v", m.To)
		}
		for _, h := range []string{"Bcc", "X-Evil", "Cc"} {
			if v := m.Header.Get(h); v != "" {
				t.Errorf("injected header %s: %q", h, v)
			}
		}
		if to := m.Header.Get("To"); to != "<creator@ugcfolio.no>" {
			t.Errorf("To header %q", to)
		}
		want := "Ny henvendelse fra Eve Bcc: victim@example.com X-Evil: 1 (ACME To: other@example.com Cc: third@example.com) – Skreddersydd body"
		if s := m.Subject(); s != want {
			t.Errorf("Subject = %q\nwant      %q", s, want)
		}
		if !strings.Contains(m.Text, "RCPT TO:<victim@example.com>") {
			t.Errorf("the message body lost the visitor's text:\n%s", m.Text)
		}
	})
}

// SMTP down: the inquiry is stored, the try fails and waits, and the
// message arrives once the server is back.
func TestSMTPDownThenUp(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		f := setup(t, st, nil)
		f.smtp.Stop()
		inq := f.inquire(t, kari)
		d := f.waitDelivery(t, inq.ID, "waiting")
		if d.Error == "" || d.NextTryAt == nil {
			t.Fatalf("waiting delivery without reason or next try: %+v", d)
		}
		f.smtp.Restart(t)
		f.smtp.WaitFor(t, 1, 10*time.Second)
		d = f.waitDelivery(t, inq.ID, "sent")
		if d.Attempts < 2 {
			t.Fatalf("sent at the first try while the server was down: %+v", d)
		}
	})
}

// A deleted inquiry fails with its reason; Resend of a sent one sends it again.
func TestFailureReasonAndResend(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		f := setup(t, st, nil)
		f.smtp.Stop()
		gone := f.inquire(t, kari)
		f.waitDelivery(t, gone.ID, "waiting")
		if err := st.DeleteInquiry(context.Background(), gone.ID); err != nil {
			t.Fatal(err)
		}
		d := f.waitDelivery(t, gone.ID, "failed")
		if !strings.Contains(d.Error, "deleted") {
			t.Fatalf("failed without its reason: %+v", d)
		}
		f.smtp.Restart(t)
		inq := f.inquire(t, kari)
		f.waitDelivery(t, inq.ID, "sent")
		if _, err := f.m.Resend(context.Background(), inq.ID); err != nil {
			t.Fatal(err)
		}
		msgs := f.smtp.WaitFor(t, 2, 10*time.Second)
		if msgs[1].Header.Get("X-Ugcfolio-Inquiry") != itoa(inq.ID) {
			t.Fatalf("resent message is about inquiry %q", msgs[1].Header.Get("X-Ugcfolio-Inquiry"))
		}
		if _, err := f.m.Resend(context.Background(), 999999); err == nil {
			t.Fatal("resend of a missing inquiry succeeded")
		}
	})
}

// The auto-reply: in the page's language, with the admin's contact texts,
// without anything the visitor wrote, marked Auto-Submitted, at most once
// a day per address.
func TestAutoReplyOncePerDay(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		f := setup(t, st, func(c *config.MailConfig) { c.AutoReply = true })
		clock := time.Date(2025, 5, 2, 9, 0, 0, 0, time.UTC)
		f.m.now = func() time.Time { return clock }
		contact := `{"title":"Let's talk","description":"I answer within one business day with a proposal.","email":"hei@ugcfolio.no","location":"Porsgrunn","hours":"Mon-Fri 9-17"}`
		if _, err := st.SaveContent(context.Background(), "contact", "en", json.RawMessage(contact)); err != nil {
			t.Fatal(err)
		}
		en := kari
		en.Language, en.Name, en.Message = "en", "Buy cheap pills at spam.example", "Visit http://spam.example now, best offer"
		f.inquire(t, en)
		msgs := f.smtp.WaitFor(t, 2, 10*time.Second)
		var reply smtptest.Message
		for _, m := range msgs {
			if m.Header.Get("Auto-Submitted") != "" {
				reply = m
			}
		}
		if reply.Raw == nil || reply.Header.Get("Auto-Submitted") != "auto-replied" {
			t.Fatalf("no auto-reply among %d messages", len(msgs))
		}
		if len(reply.To) != 1 || reply.To[0] != "kari@bedrift.no" || reply.Subject() != "Thank you for your inquiry" {
			t.Fatalf("auto-reply to %v, subject %q", reply.To, reply.Subject())
		}
		for _, want := range []string{"I answer within one business day with a proposal.", "Mon-Fri 9-17", "hei@ugcfolio.no"} {
			if !strings.Contains(reply.Text, want) || !strings.Contains(reply.HTML, want) {
				t.Errorf("auto-reply lacks the admin's %q:\n%s", want, reply.Text)
			}
		}
		for _, never := range []string{"spam.example", "pills", "Fjord"} {
			if strings.Contains(string(reply.Raw), never) {
				t.Errorf("auto-reply repeats the visitor's %q", never)
			}
		}

		// The same address (other letter case) within the day: notification only.
		clock = clock.Add(23 * time.Hour)
		again := kari
		again.Email = "KARI@bedrift.no"
		f.inquire(t, again)
		f.smtp.WaitFor(t, 3, 10*time.Second)
		time.Sleep(200 * time.Millisecond)
		if n := len(f.smtp.Messages()); n != 3 {
			t.Fatalf("%d messages after the second inquiry, want 3 (no second auto-reply)", n)
		}
		// A day after the first: a new auto-reply, in Norwegian with the built-in texts.
		clock = clock.Add(time.Hour)
		f.inquire(t, kari)
		msgs = f.smtp.WaitFor(t, 5, 10*time.Second)
		var replies []smtptest.Message
		for _, m := range msgs {
			if m.Header.Get("Auto-Submitted") == "auto-replied" {
				replies = append(replies, m)
			}
		}
		if len(replies) != 2 || replies[1].Subject() != "Takk for henvendelsen" ||
			!strings.Contains(replies[1].Text, "svarer jeg innen én virkedag") {
			t.Fatalf("second day's auto-reply: %d replies, %q", len(replies), replies[len(replies)-1].Text)
		}
	})
}

// Off by default: no auto-reply unless UGCFOLIO_MAIL_AUTOREPLY=true.
func TestAutoReplyOffByDefault(t *testing.T) {
	f := setup(t, storetest.SQLite(t), nil)
	f.inquire(t, kari)
	f.smtp.WaitFor(t, 1, 10*time.Second)
	time.Sleep(200 * time.Millisecond)
	if n := len(f.smtp.Messages()); n != 1 {
		t.Fatalf("%d messages with auto-replies off", n)
	}
}

func TestRetriesForADay(t *testing.T) {
	if w := Retry.RetryWindow(); w < 24*time.Hour {
		t.Fatalf("a message is retried for %s, want at least 24h", w)
	}
}

// The auto-reply's built-in texts are the web app's built-in contact texts.
func TestAutoReplyDefaultsMatchWebCatalogue(t *testing.T) {
	for lang, file := range map[string]string{"no": "defaults-no.ts", "en": "defaults-en.ts"} {
		b, err := readRepoFile("web/src/lib/i18n/" + file)
		if err != nil {
			t.Fatal(err)
		}
		a := autoReplyTexts[lang]
		for _, want := range []string{a.Next, a.Hours, a.Email} {
			if !strings.Contains(string(b), `"`+want+`"`) {
				t.Errorf("%s: %q is not the catalogue's built-in contact text", file, want)
			}
		}
	}
}

// Disabled mail enqueues nothing and refuses Resend.
func TestDisabled(t *testing.T) {
	st := storetest.SQLite(t)
	m, err := New(Deps{Store: st, Jobs: jobs.New(st, slog.New(slog.NewTextHandler(io.Discard, nil)))})
	if err != nil || m.Enabled() {
		t.Fatalf("New without SMTP: %v, enabled %v", err, m.Enabled())
	}
	inq, err := st.CreateInquiry(context.Background(), kari, m.OnInquiry(context.Background()))
	if err != nil {
		t.Fatal(err)
	}
	if d, _ := m.Deliveries(context.Background(), []int64{inq.ID}); len(d) != 0 {
		t.Fatalf("deliveries with mail off: %v", d)
	}
	if _, err := m.Resend(context.Background(), inq.ID); err == nil {
		t.Fatal("resend with mail off succeeded")
	}
}

// readRepoFile reads a file by its path from the module root.
func readRepoFile(rel string) ([]byte, error) {
	dir, err := os.Getwd()
	if err != nil {
		return nil, err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return os.ReadFile(filepath.Join(dir, rel))
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return nil, os.ErrNotExist
		}
		dir = parent
	}
}
