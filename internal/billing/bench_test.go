package billing_test

import (
	"fmt"
	"net/http"
	"os"
	"slices"
	"testing"
	"time"

	"github.com/ugcfolio/ugcfolio/internal/sitetest"
	"github.com/ugcfolio/ugcfolio/internal/store"
	"github.com/ugcfolio/ugcfolio/internal/store/storetest"
)

// BenchmarkIssue issues invoices through the real API (number, document,
// PDF, EHF, all stored in one transaction), on SQLite and, with
// TEST_DATABASE_URL, PostgreSQL; it reports the median and p99 of one
// issue and the PDF's size (make bench-invoices).
func BenchmarkIssue(b *testing.B) {
	b.Run("sqlite", func(b *testing.B) { benchIssue(b, storetest.SQLite(b)) })
	if os.Getenv("TEST_DATABASE_URL") != "" {
		b.Run("postgres", func(b *testing.B) { benchIssue(b, storetest.Postgres(b)) })
	}
}

func benchIssue(b *testing.B, st *store.Store) {
	e := sitetest.New(b, st, sitetest.Options{})
	admin := e.SignedIn(b, "admin@example.no", true)
	admin.Do("PUT", "/api/admin/billing", profile).WantStatus(b, http.StatusOK)
	var deal struct{ ID int64 }
	admin.Do("POST", "/api/admin/deals", map[string]any{"brand": "Fjellkaffe", "price": 6300, "deliverableCount": 3,
		"dueDate": "2026-03-12"}).WantStatus(b, http.StatusCreated).JSON(b, &deal)
	ids := make([]int64, b.N)
	for i := range ids {
		var inv struct{ ID int64 }
		admin.Do("POST", fmt.Sprintf("/api/admin/deals/%d/invoices", deal.ID), nil).WantStatus(b, http.StatusCreated).JSON(b, &inv)
		admin.Do("PATCH", fmt.Sprintf("/api/admin/invoices/%d", inv.ID), map[string]any{"buyer": map[string]any{"orgNumber": "123456785"}}).
			WantStatus(b, http.StatusOK)
		ids[i] = inv.ID
	}
	took := make([]time.Duration, b.N)
	b.ResetTimer()
	for i, id := range ids {
		start := time.Now()
		admin.Do("POST", fmt.Sprintf("/api/admin/invoices/%d/issue", id), nil).WantStatus(b, http.StatusOK)
		took[i] = time.Since(start)
	}
	b.StopTimer()
	slices.Sort(took)
	pdf := admin.Do("GET", fmt.Sprintf("/api/admin/invoices/%d/pdf", ids[0]), nil).WantStatus(b, http.StatusOK)
	b.ReportMetric(float64(took[len(took)/2].Microseconds())/1000, "ms-median")
	b.ReportMetric(float64(took[(len(took)*99)/100].Microseconds())/1000, "ms-p99")
	b.ReportMetric(float64(len(pdf.Body)), "pdf-bytes")
}
