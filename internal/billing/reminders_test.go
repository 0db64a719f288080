package billing_test

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/ugcfolio/ugcfolio/internal/mail/smtptest"
	"github.com/ugcfolio/ugcfolio/internal/sitetest"
)

// at moves a clock to noon (Oslo) of a day.
func at(c *sitetest.Clock, day string) {
	d, _ := time.Parse(time.DateOnly, day)
	c.Set(d.Add(11 * time.Hour))
}

// remind runs one reminders sweep, as the job does.
func remind(t *testing.T, e *sitetest.Site) {
	t.Helper()
	if err := e.Server.Billing().Remind(context.Background()); err != nil {
		t.Fatal(err)
	}
}

// reminderMails counts the reminder e-mails queued (each is queued once,
// in the transaction that records its step).
func reminderMails(t *testing.T, e *sitetest.Site) int {
	t.Helper()
	var n int
	if err := e.Store.DB.QueryRow(`SELECT COUNT(*) FROM jobs WHERE kind = 'billing.mail' AND payload LIKE '%"reminder"%'`).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func reminderEvents(t *testing.T, admin *sitetest.Client, deal int64) []string {
	t.Helper()
	var out []string
	for _, ev := range events(t, admin, deal) {
		if ev.Kind == "invoice-reminder" {
			out = append(out, ev.Detail)
		}
	}
	return out
}

func bySubject(msgs []smtptest.Message) map[string]smtptest.Message {
	out := map[string]smtptest.Message{}
	for _, m := range msgs {
		out[m.Subject()] = m
	}
	return out
}

// The schedule on the site's clock: −3 days, on the day, +7 and the formal
// reminder at +14 with late interest and the fee, each once however often
// the sweep runs; none for an invoice paid or credited.
func TestReminders(t *testing.T) {
	t.Parallel()
	sitetest.Each(t, sitetest.Options{Mail: true}, func(t *testing.T, e *sitetest.Site) {
		admin := e.SignedInAdmin(t)
		withFee := map[string]any{"reminderFee": 50_00}
		for k, v := range profile {
			withFee[k] = v
		}
		admin.Do("PUT", "/api/admin/billing", withFee).WantStatus(t, http.StatusOK)
		clock := clockAt(e, "2026-03-13")
		deal := newDeal(t, admin, "Fjellkaffe", "NOK")
		unpaid := invoice(t, admin, "POST", fmt.Sprintf("/api/admin/invoices/%d/issue", readyDraft(t, admin, deal, nil)), nil, http.StatusOK)
		other := newDeal(t, admin, "Nordlys", "NOK")
		paid := invoice(t, admin, "POST", fmt.Sprintf("/api/admin/invoices/%d/issue", readyDraft(t, admin, other, nil)), nil, http.StatusOK)
		credited := invoice(t, admin, "POST", fmt.Sprintf("/api/admin/invoices/%d/issue", readyDraft(t, admin, other, nil)), nil, http.StatusOK)
		if unpaid.DueDate != "2026-03-27" {
			t.Fatalf("due %s", unpaid.DueDate)
		}
		invoice(t, admin, "POST", fmt.Sprintf("/api/admin/invoices/%d/payments", paid.ID), map[string]any{"amount": paid.Outstanding, "paidOn": "2026-03-13"}, http.StatusCreated)
		invoice(t, admin, "POST", fmt.Sprintf("/api/admin/invoices/%d/credit-note", credited.ID), map[string]any{"reason": "Avlyst"}, http.StatusCreated)

		steps := []struct {
			day  string
			want int // reminders queued by then
		}{
			{"2026-03-23", 0}, {"2026-03-24", 1}, {"2026-03-26", 1}, {"2026-03-27", 2}, {"2026-04-02", 2},
			{"2026-04-03", 3}, {"2026-04-09", 3}, {"2026-04-10", 4}, {"2026-05-10", 4},
		}
		for _, s := range steps {
			at(clock, s.day)
			remind(t, e)
			remind(t, e) // a second run, as on a second replica, sends nothing more
			if n := reminderMails(t, e); n != s.want {
				t.Fatalf("on %s: %d reminders queued, want %d", s.day, n, s.want)
			}
		}
		wantEvents := []string{
			"Reminder 3 days before the due date of Invoice 1001 e-mailed to marked@fjellkaffe.no",
			"Reminder on the due date of Invoice 1001 e-mailed to marked@fjellkaffe.no",
			"Reminder 7 days after the due date of Invoice 1001 e-mailed to marked@fjellkaffe.no",
			"Formal reminder (purring) of Invoice 1001 e-mailed to marked@fjellkaffe.no; late interest 36.25 NOK; reminder fee 50.00 NOK",
		}
		if got := reminderEvents(t, admin, deal); !slices.Equal(got, wantEvents) {
			t.Errorf("events\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(wantEvents, "\n"))
		}
		if got := reminderEvents(t, admin, other); len(got) != 0 {
			t.Errorf("the paid and the credited invoice were reminded: %v", got)
		}

		msgs := bySubject(e.SMTP.WaitFor(t, 4, 10*time.Second))
		for subject, lines := range map[string][]string{
			"Påminnelse: faktura 1001 forfaller 27.03.2026": {"forfaller om tre dager, 27.03.2026", "Utestående: 7\u00a0875,00 NOK", "KID: " + unpaid.KID},
			"Faktura 1001 forfaller i dag":                  {"Faktura 1001 på 7\u00a0875,00 NOK forfaller i dag"},
			"Faktura 1001 er forfalt":                       {"Faktura 1001 forfalt 27.03.2026, og 7\u00a0875,00 NOK er fortsatt ikke betalt"},
			"Purring: faktura 1001": {"Vi ber om at dere betaler innen 14 dager", "Forsinkelsesrente til 10.04.2026: 36,25 NOK",
				"Purregebyr: 50,00 NOK", "Å betale: 7\u00a0961,25 NOK"},
		} {
			m, ok := msgs[subject]
			if !ok {
				t.Errorf("no message %q among %v", subject, slices.Collect(mapKeys(msgs)))
				continue
			}
			for _, l := range lines {
				if !strings.Contains(m.Text, l) {
					t.Errorf("%q lacks %q:\n%s", subject, l, m.Text)
				}
			}
			if m.To[0] != "marked@fjellkaffe.no" || len(m.Attachments) != 2 || m.Attachments[0].Name != "faktura-1001.pdf" {
				t.Errorf("%q to %v with %d attachments", subject, m.To, len(m.Attachments))
			}
		}

		// Paid at last: nothing more, ever.
		invoice(t, admin, "POST", fmt.Sprintf("/api/admin/invoices/%d/payments", unpaid.ID), map[string]any{"amount": unpaid.Outstanding, "paidOn": "2026-05-10"}, http.StatusCreated)
		at(clock, "2026-06-01")
		remind(t, e)
		if n := reminderMails(t, e); n != 4 {
			t.Errorf("%d reminders after payment", n)
		}
	})
}

// Servers down over several steps' days send only the latest step owed,
// through the job queue; a formal reminder for days the rate table has no
// rate for claims no interest and says so in the deal's history.
func TestRemindersAfterDowntime(t *testing.T) {
	t.Parallel()
	sitetest.Each(t, sitetest.Options{Mail: true}, func(t *testing.T, e *sitetest.Site) {
		admin := e.SignedInAdmin(t)
		admin.Do("PUT", "/api/admin/billing", profile).WantStatus(t, http.StatusOK)
		clock := clockAt(e, "2026-06-10")
		deal := newDeal(t, admin, "Fjellkaffe", "NOK")
		inv := invoice(t, admin, "POST", fmt.Sprintf("/api/admin/invoices/%d/issue", readyDraft(t, admin, deal, nil)), nil, http.StatusOK)
		if inv.DueDate != "2026-06-24" {
			t.Fatalf("due %s", inv.DueDate)
		}
		at(clock, "2026-07-03") // +9: the −3, 0 and +7 days passed while down
		if err := e.Server.Billing().ScheduleSweep(context.Background()); err != nil {
			t.Fatal(err)
		}
		msgs := e.SMTP.WaitFor(t, 1, 10*time.Second)
		if msgs[0].Subject() != "Faktura 1001 er forfalt" {
			t.Errorf("after downtime: %q", msgs[0].Subject())
		}
		remind(t, e)
		if got := reminderEvents(t, admin, deal); len(got) != 1 || !strings.HasPrefix(got[0], "Reminder 7 days after") {
			t.Errorf("events %v", got)
		}
		at(clock, "2026-07-08") // +14: the rates table ends with the half-year from 2026-01-01
		remind(t, e)
		got := reminderEvents(t, admin, deal)
		if len(got) != 2 || got[1] != "Formal reminder (purring) of Invoice 1001 e-mailed to marked@fjellkaffe.no; no late interest claimed: "+
			"no late interest rate is known for 2026-07-01 (add the rate to internal/billing/dunning/rates.json)" {
			t.Errorf("events %q", got)
		}
		m := bySubject(e.SMTP.WaitFor(t, 2, 10*time.Second))["Purring: faktura 1001"]
		if strings.Contains(m.Text, "Forsinkelsesrente") || strings.Contains(m.Text, "Purregebyr") || !strings.Contains(m.Text, "Utestående: 7\u00a0875,00 NOK") {
			t.Errorf("a formal reminder without a rate:\n%s", m.Text)
		}
	})
}

func mapKeys[V any](m map[string]V) func(func(string) bool) {
	return func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

// The profile's reminderFee: 0 by default, at most 70 kr.
func TestReminderFee(t *testing.T) {
	t.Parallel()
	sitetest.Each(t, sitetest.Options{}, func(t *testing.T, e *sitetest.Site) {
		admin := e.SignedInAdmin(t)
		var p struct{ ReminderFee int64 }
		admin.Do("GET", "/api/admin/billing", nil).WantStatus(t, http.StatusOK).JSON(t, &p)
		if p.ReminderFee != 0 {
			t.Errorf("default fee %d", p.ReminderFee)
		}
		admin.Do("PUT", "/api/admin/billing", map[string]any{"reminderFee": 70_00}).WantStatus(t, http.StatusOK)
		admin.Do("GET", "/api/admin/billing", nil).WantStatus(t, http.StatusOK).JSON(t, &p)
		if p.ReminderFee != 70_00 {
			t.Errorf("stored fee %d", p.ReminderFee)
		}
		msg := "reminderFee must be a whole number of øre from 0 to 7000 (a reminder fee is at most a tenth of the inkassosats: 70 kr)"
		sitetest.Run(t, admin, []sitetest.Scenario{
			{Name: "too much", Method: "PUT", URL: "/api/admin/billing", Body: map[string]any{"reminderFee": 70_01}, WantStatus: 400, WantMessage: msg},
			{Name: "negative", Method: "PUT", URL: "/api/admin/billing", Body: map[string]any{"reminderFee": -1}, WantStatus: 400, WantMessage: msg},
			{Name: "decimal", Method: "PUT", URL: "/api/admin/billing", Body: `{"reminderFee": 12.5}`, WantStatus: 400},
		})
		admin.Do("GET", "/api/admin/billing", nil).WantStatus(t, http.StatusOK).JSON(t, &p)
		if p.ReminderFee != 70_00 {
			t.Errorf("a refused fee changed it to %d", p.ReminderFee)
		}
	})
}

// Two replicas on one database sweeping at once send each step once.
func TestRemindersOnTwoReplicas(t *testing.T) {
	t.Parallel()
	sitetest.Each(t, sitetest.Options{Mail: true}, func(t *testing.T, e *sitetest.Site) {
		other := sitetest.New(t, e.Store, sitetest.Options{Mail: true})
		admin := e.SignedInAdmin(t)
		admin.Do("PUT", "/api/admin/billing", profile).WantStatus(t, http.StatusOK)
		clock := clockAt(e, "2026-03-13")
		other.Server.Billing().SetClock(clock.Now)
		for _, brand := range []string{"Fjellkaffe", "Nordlys", "Havbris"} {
			deal := newDeal(t, admin, brand, "NOK")
			invoice(t, admin, "POST", fmt.Sprintf("/api/admin/invoices/%d/issue", readyDraft(t, admin, deal, nil)), nil, http.StatusOK)
		}
		for i, day := range []string{"2026-03-24", "2026-03-27", "2026-04-03", "2026-04-10"} {
			at(clock, day)
			errs := make(chan error, 2)
			for _, site := range []*sitetest.Site{e, other} {
				go func() { errs <- site.Server.Billing().Remind(context.Background()) }()
			}
			for range 2 {
				if err := <-errs; err != nil {
					t.Fatal(err)
				}
			}
			if n := reminderMails(t, e); n != 3*(i+1) {
				t.Fatalf("on %s: %d reminders queued, want %d", day, n, 3*(i+1))
			}
		}
	})
}

// A document another system issued (Fiken) is that system's to send and
// remind: billing refuses to e-mail it and its sweep passes it by.
func TestNothingSentOfADocumentIssuedElsewhere(t *testing.T) {
	t.Parallel()
	sitetest.Each(t, sitetest.Options{Mail: true}, func(t *testing.T, e *sitetest.Site) {
		admin := e.SignedInAdmin(t)
		admin.Do("PUT", "/api/admin/billing", profile).WantStatus(t, http.StatusOK)
		clock := clockAt(e, "2026-03-13")
		deal := newDeal(t, admin, "Fjellkaffe", "NOK")
		inv := invoice(t, admin, "POST", fmt.Sprintf("/api/admin/invoices/%d/issue", readyDraft(t, admin, deal, nil)), nil, http.StatusOK)
		elsewhere := "Fiken"
		e.Server.Billing().SetIssuedElsewhere(func(_ context.Context, id int64) (string, error) {
			if id == inv.ID {
				return elsewhere, nil
			}
			return "", nil
		})
		admin.Do("POST", fmt.Sprintf("/api/admin/invoices/%d/send", inv.ID), nil).
			WantMessage(t, http.StatusConflict, "Fiken issued this invoice and sends it: send it again from Fiken")
		at(clock, "2026-04-20") // well past its due date
		remind(t, e)
		if n := reminderMails(t, e); n != 0 {
			t.Fatalf("%d reminders of a document issued elsewhere", n)
		}
		elsewhere = "" // billing's own again: the sweep reminds it
		remind(t, e)
		if n := reminderMails(t, e); n != 1 {
			t.Fatalf("%d reminders of billing's own overdue invoice, want 1", n)
		}
	})
}
