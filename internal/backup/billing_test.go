package backup_test

import (
	"context"
	"fmt"
	"net/http"
	"path/filepath"
	"testing"
	"time"

	"github.com/ugcfolio/ugcfolio/internal/backup"
	"github.com/ugcfolio/ugcfolio/internal/sitetest"
	"github.com/ugcfolio/ugcfolio/internal/store"
)

// A backup carries billing: restored, the site serves an issued
// invoice's PDF and EHF byte for byte as before, with its payments, its
// reminders and the number series where they were.
func TestRestoredBackupServesTheIssuedInvoice(t *testing.T) {
	ctx := context.Background()
	e := sitetest.New(t, sitetest.SQLite(t), sitetest.Options{})
	admin := e.SignedInAdmin(t)
	admin.Do("PUT", "/api/admin/billing", map[string]any{"legalName": "Kari Nordmann Film", "orgNumber": "988077917", "vatRegistered": true,
		"address":       map[string]string{"street": "Storgata 1", "postalCode": "0155", "city": "Oslo", "country": "NO"},
		"accountNumber": "86011117947", "firstInvoiceNumber": 501, "reminderFee": 35_00}).WantStatus(t, http.StatusOK)
	day, _ := time.Parse(time.DateOnly, "2026-03-13")
	e.Server.Billing().SetClock(sitetest.NewClock(day.Add(11 * time.Hour)).Now)
	var deal, draft, inv struct{ ID int64 }
	admin.Do("POST", "/api/admin/deals", map[string]any{"brand": "Fjellkaffe", "price": 6300, "currency": "NOK", "stage": "booked",
		"deliverableCount": 3, "dueDate": "2026-03-12"}).WantStatus(t, http.StatusCreated).JSON(t, &deal)
	admin.Do("POST", fmt.Sprintf("/api/admin/deals/%d/invoices", deal.ID), nil).WantStatus(t, http.StatusCreated).JSON(t, &draft)
	admin.Do("PATCH", fmt.Sprintf("/api/admin/invoices/%d", draft.ID), map[string]any{"buyer": map[string]any{"orgNumber": "123456785"}}).WantStatus(t, http.StatusOK)
	admin.Do("POST", fmt.Sprintf("/api/admin/invoices/%d/issue", draft.ID), nil).WantStatus(t, http.StatusOK).JSON(t, &inv)
	admin.Do("POST", fmt.Sprintf("/api/admin/invoices/%d/payments", inv.ID), map[string]any{"amount": 100_00, "paidOn": "2026-03-13"}).WantStatus(t, http.StatusCreated)
	if _, err := e.Store.DB.Exec(`INSERT INTO invoice_reminders (invoice_id, step, sent_on, created_at) VALUES (?, 'before-due', '2026-03-24', ?)`,
		inv.ID, time.Now()); err != nil {
		t.Fatal(err)
	}
	pdf := admin.Do("GET", fmt.Sprintf("/api/admin/invoices/%d/pdf", inv.ID), nil).WantStatus(t, http.StatusOK)
	ehf := admin.Do("GET", fmt.Sprintf("/api/admin/invoices/%d/ehf", inv.ID), nil).WantStatus(t, http.StatusOK)
	before := admin.Do("GET", fmt.Sprintf("/api/admin/invoices/%d", inv.ID), nil).WantStatus(t, http.StatusOK).Body

	loc, err := backup.ParseLocation(ctx, t.TempDir(), backup.S3Settings{})
	if err != nil {
		t.Fatal(err)
	}
	keys := backup.Keys{Sign: []byte("a test key of thirty-two bytes!!")}
	res, err := backup.Run(ctx, backup.Source{SQLite: e.Store.DB, UploadsDir: filepath.Join(e.DataDir, "uploads"), TempDir: t.TempDir()},
		loc, time.Now(), keys)
	if err != nil {
		t.Fatal(err)
	}
	data := filepath.Join(t.TempDir(), "data")
	if _, err := backup.Restore(ctx, loc, res.Name, data, keys); err != nil {
		t.Fatal(err)
	}
	st, err := store.Open(ctx, "", filepath.Join(data, backup.DatabaseFile))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })

	for _, table := range []string{"billing_profile", "invoice_series", "invoices", "invoice_lines", "invoice_payments", "invoice_reminders"} {
		var was, is int
		e.Store.DB.QueryRow(`SELECT COUNT(*) FROM ` + table).Scan(&was)
		if err := st.DB.QueryRow(`SELECT COUNT(*) FROM ` + table).Scan(&is); err != nil || is != was || was == 0 && table != "invoice_lines" {
			t.Errorf("%s: %d rows restored of %d (%v)", table, is, was, err)
		}
	}
	restored := sitetest.New(t, st, sitetest.Options{})
	again := restored.LoggedIn(t, "admin@example.no", sitetest.Password)
	restored.Server.Billing().SetClock(sitetest.NewClock(day.Add(11 * time.Hour)).Now)
	if got := again.Do("GET", fmt.Sprintf("/api/admin/invoices/%d/pdf", inv.ID), nil).WantStatus(t, http.StatusOK); got.Body != pdf.Body || got.Header.Get("ETag") != pdf.Header.Get("ETag") {
		t.Errorf("the restored PDF differs: %d bytes (was %d), ETag %s (was %s)", len(got.Body), len(pdf.Body), got.Header.Get("ETag"), pdf.Header.Get("ETag"))
	}
	if got := again.Do("GET", fmt.Sprintf("/api/admin/invoices/%d/ehf", inv.ID), nil).WantStatus(t, http.StatusOK); got.Body != ehf.Body {
		t.Errorf("the restored EHF differs")
	}
	if got := again.Do("GET", fmt.Sprintf("/api/admin/invoices/%d", inv.ID), nil).WantStatus(t, http.StatusOK).Body; got != before {
		t.Errorf("the restored invoice\n%s\nwas\n%s", got, before)
	}
	// The series goes on where it was: the next issue takes 502.
	var next struct{ Number int64 }
	again.Do("POST", fmt.Sprintf("/api/admin/deals/%d/invoices", deal.ID), nil).WantStatus(t, http.StatusCreated).JSON(t, &draft)
	again.Do("PATCH", fmt.Sprintf("/api/admin/invoices/%d", draft.ID), map[string]any{"buyer": map[string]any{"orgNumber": "123456785"}}).WantStatus(t, http.StatusOK)
	again.Do("POST", fmt.Sprintf("/api/admin/invoices/%d/issue", draft.ID), nil).WantStatus(t, http.StatusOK).JSON(t, &next)
	if next.Number != 502 {
		t.Errorf("the next number after a restore is %d, want 502", next.Number)
	}
}
