package billing

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"time"

	"github.com/ugcfolio/ugcfolio/internal/apperr"
	"github.com/ugcfolio/ugcfolio/internal/billing/accountant"
	"github.com/ugcfolio/ugcfolio/internal/forms"
)

// What the creator hands her accountant (internal/billing/accountant): a
// CSV of a period's invoices, credit notes and payments, and a ZIP of a
// year's PDFs and EHF files, read from the documents frozen at issue.

// Period is a span of days, both included (YYYY-MM-DD).
type Period struct{ From, To string }

// maxPeriodYears bounds a CSV's period: an accounting year or a few.
const maxPeriodYears = 10

// ParsePeriod reads ?from=&to=: two dates, from not after to, at most 10
// years apart.
func ParsePeriod(from, to string) (Period, error) {
	switch {
	case !forms.IsDate(from):
		return Period{}, apperr.Invalid("from must be a date (YYYY-MM-DD): the period's first day")
	case !forms.IsDate(to):
		return Period{}, apperr.Invalid("to must be a date (YYYY-MM-DD): the period's last day")
	case from > to:
		return Period{}, apperr.Invalid("from (%s) must not be after to (%s)", from, to)
	}
	f, _ := time.Parse(time.DateOnly, from)
	if t, _ := time.Parse(time.DateOnly, to); t.After(f.AddDate(maxPeriodYears, 0, 0)) {
		return Period{}, apperr.Invalid("the period must be at most %d years", maxPeriodYears)
	}
	return Period{From: from, To: to}, nil
}

// ParseYear reads ?year=: four digits, 2000 to 2999.
func ParseYear(year string) (Period, error) {
	y, err := strconv.Atoi(year)
	if err != nil || len(year) != 4 || y < 2000 || y > 2999 {
		return Period{}, apperr.Invalid("year must be a year like 2026 (four digits, 2000 to 2999)")
	}
	return Period{From: year + "-01-01", To: year + "-12-31"}, nil
}

// issuedIn reads the documents issued in a period, in number order, with
// their files when files is true.
func (s *Service) issuedIn(ctx context.Context, p Period, files bool) ([]accountant.Issued, error) {
	cols := `document, NULL, NULL`
	if files {
		cols = `document, pdf, ehf`
	}
	rows, err := s.st.DB.QueryContext(ctx, s.q(`SELECT `+cols+` FROM invoices
		WHERE number IS NOT NULL AND issue_date >= ? AND issue_date <= ? ORDER BY number`), p.From, p.To)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []accountant.Issued{}
	for rows.Next() {
		var doc string
		var is accountant.Issued
		if err := rows.Scan(&doc, &is.PDF, &is.EHF); err != nil {
			return nil, err
		}
		if err := json.Unmarshal([]byte(doc), &is.Doc); err != nil {
			return nil, err
		}
		out = append(out, is)
	}
	return out, rows.Err()
}

// paymentsIn reads the payments made in a period, by day.
func (s *Service) paymentsIn(ctx context.Context, p Period) ([]accountant.Payment, error) {
	rows, err := s.st.DB.QueryContext(ctx, s.q(`SELECT i.number, p.paid_on, p.amount, i.currency, p.method
		FROM invoice_payments p JOIN invoices i ON i.id = p.invoice_id
		WHERE p.paid_on >= ? AND p.paid_on <= ? ORDER BY p.paid_on, p.id`), p.From, p.To)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []accountant.Payment{}
	for rows.Next() {
		var pay accountant.Payment
		var number int64
		if err := rows.Scan(&number, &pay.PaidOn, &pay.Amount, &pay.Currency, &pay.Method); err != nil {
			return nil, err
		}
		pay.Invoice = strconv.FormatInt(number, 10)
		out = append(out, pay)
	}
	return out, rows.Err()
}

// WriteCSV writes the accountant's CSV of a period to w.
func (s *Service) WriteCSV(ctx context.Context, w io.Writer, p Period) error {
	docs, err := s.issuedIn(ctx, p, false)
	if err != nil {
		return err
	}
	payments, err := s.paymentsIn(ctx, p)
	if err != nil {
		return err
	}
	return accountant.WriteCSV(w, docs, payments)
}

// WriteArchive writes the ZIP of a year's PDFs and EHF files to w.
func (s *Service) WriteArchive(ctx context.Context, w io.Writer, year Period) error {
	docs, err := s.issuedIn(ctx, year, true)
	if err != nil {
		return err
	}
	return accountant.WriteZIP(w, docs)
}

// exportName is a download's file name: regnskap-2026-01-01_2026-03-31.csv.
func exportName(prefix string, p Period, ext string) string {
	return fmt.Sprintf("%s-%s_%s.%s", prefix, p.From, p.To, ext)
}
