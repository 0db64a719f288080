package mail

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/ugcfolio/ugcfolio/internal/config"
	"github.com/ugcfolio/ugcfolio/internal/mail/smtptest"
	"github.com/ugcfolio/ugcfolio/internal/store"
	"github.com/ugcfolio/ugcfolio/internal/store/storetest"
)

// The tests of the contact form cannot be made a mail cannon,
// any visitor name gives a valid Reply-To, and TLS is required by default.

func TestAutoReplyKey(t *testing.T) {
	for in, want := range map[string]string{
		"Kari@Bedrift.no":                 "kari@bedrift.no",
		"kari+promo@bedrift.no":           "kari@bedrift.no",
		"kari.nordmann@bedrift.no":        "kari.nordmann@bedrift.no", // dots matter elsewhere
		"Kari.Nordmann+x@GMail.com":       "karinordmann@gmail.com",
		"k.a.r.i.nordmann@googlemail.com": "karinordmann@gmail.com",
		" karinordmann+a+b@gmail.com. ":   "karinordmann@gmail.com",
		"+only@bedrift.no":                "+only@bedrift.no",
		"\"kari@home\"+x@bedrift.no":      "\"kari@home\"@bedrift.no",
	} {
		if got := AutoReplyKey(in); got != want {
			t.Errorf("AutoReplyKey(%q) = %q, want %q", in, got, want)
		}
	}
}

// countJobs counts the jobs of a kind (an enqueued auto-reply is one that
// leaves: counting the jobs needs no waiting for messages that never come).
func countJobs(t *testing.T, st *store.Store, kind string) int {
	t.Helper()
	var n int
	if err := st.DB.QueryRow(st.Rebind(`SELECT COUNT(*) FROM jobs WHERE kind = ?`), kind).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// One mailbox, spelled many ways, gets one auto-reply a day.
func TestAutoReplyOncePerMailbox(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		f := setup(t, st, func(c *config.MailConfig) { c.AutoReply = true })
		var ids []int64
		for _, addr := range []string{"Kari.Nordmann+promo@GoogleMail.com", "karinordmann@gmail.com",
			"k.a.r.i.nordmann+x@gmail.com", "KARINORDMANN+y@GMAIL.COM"} {
			in := kari
			in.Email = addr
			ids = append(ids, f.inquire(t, in).ID)
		}
		if n := countJobs(t, st, KindAutoReply); n != 1 {
			t.Fatalf("%d auto-replies for one mailbox, want 1", n)
		}
		for _, id := range ids {
			f.waitDelivery(t, id, "sent") // every inquiry is still notified
		}
	})
}

// Past the hourly cap, inquiries are stored and notified, and no
// auto-reply leaves; an hour later they leave again.
func TestAutoReplyHourlyCap(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		f := setup(t, st, func(c *config.MailConfig) { c.AutoReply, c.AutoReplyPerHour = true, 3 })
		clock := time.Date(2025, 5, 2, 9, 0, 0, 0, time.UTC)
		f.m.now = func() time.Time { return clock }
		var ids []int64
		for i := range 5 {
			in := kari
			in.Email = fmt.Sprintf("kunde%d@example.no", i)
			ids = append(ids, f.inquire(t, in).ID)
			clock = clock.Add(time.Minute)
		}
		if n := countJobs(t, st, KindAutoReply); n != 3 {
			t.Fatalf("%d auto-replies with a cap of 3 an hour", n)
		}
		for _, id := range ids {
			f.waitDelivery(t, id, "sent")
		}
		clock = clock.Add(time.Hour) // the first three are more than an hour old
		in := kari
		in.Email = "kunde9@example.no"
		f.inquire(t, in)
		if n := countJobs(t, st, KindAutoReply); n != 4 {
			t.Fatalf("%d auto-replies an hour later, want 4", n)
		}
	})
}

// Notifications due together go in one digest that lists every inquiry;
// each inquiry's delivery is sent. After Prune (a day on) the done jobs
// and the auto-reply records are gone, and the deliveries still say sent.
func TestNotificationDigestAndPrune(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		f := setupWith(t, st, smtptest.Start(t), func(c *config.MailConfig) { c.AutoReply = true })
		f.m.notifyEvery = time.Microsecond // the five are due at once when the queue starts
		var list []store.Inquiry
		for i := range 5 {
			in := kari
			in.Name, in.Email = fmt.Sprintf("Kunde %d", i), fmt.Sprintf("kunde%d@example.no", i)
			in.Message = fmt.Sprintf("Melding nummer %d <b>fet</b>", i)
			list = append(list, f.inquire(t, in))
		}
		f.run() // all five are due by now: the first to run takes the others
		for _, inq := range list {
			f.waitDelivery(t, inq.ID, "sent")
		}
		var digests []smtptest.Message
		for _, m := range f.smtp.WaitFor(t, 1+5, 10*time.Second) {
			if m.Header.Get("Auto-Submitted") == "" {
				digests = append(digests, m)
			}
		}
		if len(digests) != 1 {
			t.Fatalf("%d notifications for 5 inquiries due together, want 1 digest", len(digests))
		}
		d := digests[0]
		if d.Subject() != "5 nye henvendelser fra kontaktskjemaet" || d.Header.Get("Reply-To") != "" {
			t.Fatalf("digest subject %q, Reply-To %q", d.Subject(), d.Header.Get("Reply-To"))
		}
		for _, inq := range list {
			link := fmt.Sprintf("https://ugcfolio.no/admin/inquiries?inquiry=%d", inq.ID)
			for _, want := range []string{inq.Name + " <" + inq.Email + ">", inq.Message, link} {
				if !strings.Contains(d.Text, want) {
					t.Errorf("digest text lacks %q:\n%s", want, d.Text)
				}
			}
			if !strings.Contains(d.HTML, `href="`+link+`"`) || !strings.Contains(d.HTML, "&lt;b&gt;fet&lt;/b&gt;") {
				t.Errorf("digest HTML lacks inquiry %d (escaped):\n%s", inq.ID, d.HTML)
			}
		}

		// A day and a bit later the janitor prunes (once the auto-replies are recorded as done).
		for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(10 * time.Millisecond) {
			var pending int
			if err := st.DB.QueryRow(`SELECT COUNT(*) FROM jobs WHERE state <> 'done'`).Scan(&pending); err != nil {
				t.Fatal(err)
			}
			if pending == 0 {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("%d mail jobs never done", pending)
			}
		}
		f.m.now = func() time.Time { return time.Now().UTC().Add(AutoReplyWindow + time.Hour) }
		if err := f.m.Prune(context.Background()); err != nil {
			t.Fatal(err)
		}
		var records int
		if err := st.DB.QueryRow(`SELECT COUNT(*) FROM mail_autoreplies`).Scan(&records); err != nil {
			t.Fatal(err)
		}
		if n := countJobs(t, st, KindNotify) + countJobs(t, st, KindAutoReply); n != 0 || records != 0 {
			t.Fatalf("after Prune: %d mail jobs, %d auto-reply records", n, records)
		}
		ds, err := f.m.Deliveries(context.Background(), []int64{list[0].ID, list[4].ID})
		if err != nil || ds[list[0].ID].State != "sent" || ds[list[4].ID].SentAt == nil {
			t.Fatalf("deliveries after Prune: %+v, %v", ds, err)
		}
	})
}

// Names with quotes, commas, angle brackets or non-ASCII give a valid
// Reply-To that reads back as the visitor's name and address.
func TestReplyToAnyName(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		f := setup(t, st, nil)
		names := []string{`Kari "Kula" Nordmann`, `Nordmann, Kari`, `Eve <eve@evil.example>`, `Åse Ødegård`,
			`"Ærlig, Ål" <x@y.example>, Bcc`}
		for i, name := range names {
			in := kari
			in.Name, in.Email = name, fmt.Sprintf("besok%d@example.no", i)
			inq := f.inquire(t, in)
			m := f.smtp.WaitFor(t, i+1, 10*time.Second)[i]
			got, err := m.Header.AddressList("Reply-To")
			if err != nil || len(got) != 1 || got[0].Name != name || got[0].Address != in.Email {
				t.Errorf("%q: Reply-To %q reads back as %v, %v", name, m.Header.Get("Reply-To"), got, err)
			}
			if d := f.waitDelivery(t, inq.ID, "sent"); d.Error != "" {
				t.Errorf("%q: %+v", name, d)
			}
		}
	})
}

// A server without STARTTLS gets no message unless the URL says tls=none.
func TestTLSRequiredByDefault(t *testing.T) {
	st := storetest.SQLite(t)
	plain := smtptest.StartPlain(t)
	f := setupWith(t, st, plain, func(c *config.MailConfig) { c.SMTPURL = plain.URLWithoutOptIn() })
	f.run()
	if f.m.Transport() != "STARTTLS required" {
		t.Fatalf("transport %q", f.m.Transport())
	}
	inq := f.inquire(t, kari)
	d := f.waitDelivery(t, inq.ID, "failed") // the tests' five quick tries
	if !strings.Contains(strings.ToLower(d.Error), "tls") || len(plain.Messages()) != 0 {
		t.Fatalf("sent in plain text without tls=none: %+v, %d messages", d, len(plain.Messages()))
	}
}

func TestPlainOnlyWhenAskedFor(t *testing.T) {
	plain := smtptest.StartPlain(t)
	f := setupWith(t, storetest.SQLite(t), plain, nil) // its URL says tls=none
	f.run()
	if !strings.Contains(plain.URL(), "?tls=none") || f.m.Transport() != "plain text, no TLS (tls=none)" {
		t.Fatalf("URL %q, transport %q", plain.URL(), f.m.Transport())
	}
	inq := f.inquire(t, kari)
	if d := f.waitDelivery(t, inq.ID, "sent"); d.Error != "" {
		t.Fatal(d)
	}
	if n := plain.TLSSessions(); n != 0 {
		t.Fatalf("%d TLS sessions on a plain server", n)
	}
	// The default server: the message came over STARTTLS.
	g := setup(t, storetest.SQLite(t), nil)
	g.inquire(t, kari)
	g.smtp.WaitFor(t, 1, 10*time.Second)
	if n := g.smtp.TLSSessions(); n != 1 {
		t.Fatalf("%d of 1 messages over TLS", n)
	}
}
