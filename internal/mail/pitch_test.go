package mail

import (
	"context"
	"database/sql"
	"errors"
	"io"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/ugcfolio/ugcfolio/internal/jobs"
	"github.com/ugcfolio/ugcfolio/internal/store"
	"github.com/ugcfolio/ugcfolio/internal/store/storetest"
)

// The creator hears of a pitch link's first opening in Norwegian and in
// English: the brand, the time in Oslo, her note and the Analytics tab.
// Enqueued in a transaction that rolls back, nothing is sent.
func TestPitchOpenedMail(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		f := setup(t, st, nil)
		ctx := context.Background()
		opened := time.Date(2025, 3, 10, 13, 5, 0, 0, time.UTC) // 14:05 in Oslo
		rolledBack := errors.New("the events were not written")
		err := st.InTx(ctx, func(tx *sql.Tx) error {
			if err := f.m.EnqueuePitchOpened(ctx, tx, 6, "Lost AS", "", opened); err != nil {
				return err
			}
			return rolledBack
		})
		if !errors.Is(err, rolledBack) {
			t.Fatal(err)
		}
		if err := st.InTx(ctx, func(tx *sql.Tx) error {
			return f.m.EnqueuePitchOpened(ctx, tx, 7, "Fjord & Fjell AS", "Sent after the <ski> fair", opened)
		}); err != nil {
			t.Fatal(err)
		}
		f.m.Wake()
		m := f.smtp.WaitFor(t, 1, 10*time.Second)[0]
		if len(m.To) != 1 || m.To[0] != "creator@ugcfolio.no" || m.Header.Get("X-Ugcfolio-Pitch-Link") != "7" {
			t.Fatalf("envelope to %v, headers %v", m.To, m.Header)
		}
		if s := m.Subject(); s != "Pitch-lenken din til Fjord & Fjell AS ble åpnet / Your pitch link for Fjord & Fjell AS was opened" {
			t.Fatalf("Subject = %q", s)
		}
		for _, want := range []string{
			"Pitch-lenken din til Fjord & Fjell AS ble åpnet for første gang 10.03.2025 kl. 14:05 (CET).",
			"Notat: Sent after the <ski> fair",
			"Your pitch link for Fjord & Fjell AS was opened for the first time on 10 March 2025 at 14:05 (CET).",
			"Note: Sent after the <ski> fair",
			"https://ugcfolio.no/admin/analytics",
		} {
			if !strings.Contains(m.Text, want) {
				t.Errorf("text part lacks %q:\n%s", want, m.Text)
			}
		}
		for _, want := range []string{"<strong>Fjord &amp; Fjell AS</strong>", "Sent after the &lt;ski&gt; fair", `href="https://ugcfolio.no/admin/analytics"`, `lang="en"`} {
			if !strings.Contains(m.HTML, want) {
				t.Errorf("HTML part lacks %q:\n%s", want, m.HTML)
			}
		}
		time.Sleep(200 * time.Millisecond)
		if n := len(f.smtp.Messages()); n != 1 {
			t.Fatalf("%d messages, want the committed one only", n)
		}
	})
}

// With mail off, the opening is recorded and nothing is enqueued.
func TestPitchOpenedMailOff(t *testing.T) {
	st := storetest.SQLite(t)
	q := jobs.New(st, slog.New(slog.NewTextHandler(io.Discard, nil)))
	m, err := New(Deps{Store: st, Jobs: q})
	if err != nil {
		t.Fatal(err)
	}
	if err := st.InTx(context.Background(), func(tx *sql.Tx) error {
		return m.EnqueuePitchOpened(context.Background(), tx, 1, "Acme AS", "", time.Now())
	}); err != nil {
		t.Fatal(err)
	}
	m.Wake()
	var n int
	if err := st.DB.QueryRow(`SELECT COUNT(*) FROM jobs`).Scan(&n); err != nil || n != 0 {
		t.Fatalf("%d jobs with mail off (%v)", n, err)
	}
}
