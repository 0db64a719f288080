package quotes

import (
	"context"
	"database/sql"
	"errors"
	"strings"
	"time"

	"github.com/ugcfolio/ugcfolio/internal/apperr"
)

// The quotes and quote_lines tables (migration 00023).

const quoteColumns = `id, deal_id, number, brand, currency, language, vat_mode, deposit_percent, payment_terms_days,
	valid_until, note, created_at, updated_at, sent_at, document, document_sha256, withdrawn_at, accepted_at,
	accepted_name, accepted_title, accepted_company, accepted_address, accepted_sha256`

type scanner interface{ Scan(...any) error }

// querier is a *sql.DB or a *sql.Tx.
type querier interface {
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
}

var errNotFound = apperr.NotFound("Quote not found")

func scanQuote(row scanner) (Quote, error) {
	var q Quote
	var deal sql.NullInt64
	var sent, withdrawn, accepted sql.NullTime
	var a Acceptance
	err := row.Scan(&q.ID, &deal, &q.Number, &q.Brand, &q.Currency, &q.Language, &q.VATMode, &q.DepositPercent,
		&q.PaymentTermsDays, &q.ValidUntil, &q.Note, &q.CreatedAt, &q.UpdatedAt, &sent, &q.document, &q.DocumentSHA256,
		&withdrawn, &accepted, &a.Name, &a.Title, &a.Company, &a.ClientAddress, &a.SHA256)
	if err != nil {
		return Quote{}, err
	}
	if deal.Valid {
		q.DealID = &deal.Int64
	}
	q.CreatedAt, q.UpdatedAt = q.CreatedAt.UTC(), q.UpdatedAt.UTC()
	q.SentAt, q.WithdrawnAt = utcPtr(sent), utcPtr(withdrawn)
	if accepted.Valid {
		a.At = accepted.Time.UTC()
		q.Acceptance = &a
	}
	return q, nil
}

func utcPtr(t sql.NullTime) *time.Time {
	if !t.Valid {
		return nil
	}
	u := t.Time.UTC()
	return &u
}

// finish reads a quote's lines and fills in what follows from them and
// from the day: its totals and its state.
func (s *Service) finish(ctx context.Context, db querier, q Quote) (Quote, error) {
	rows, err := db.QueryContext(ctx, s.q(`SELECT kind, description, quantity, unit_price, vat_rate, months, territory
		FROM quote_lines WHERE quote_id = ? ORDER BY position`), q.ID)
	if err != nil {
		return Quote{}, err
	}
	defer rows.Close()
	var in []LineInput
	for rows.Next() {
		var l LineInput
		if err := rows.Scan(&l.Kind, &l.Description, &l.Quantity, &l.UnitPrice, &l.VATRate, &l.Months, &l.Territory); err != nil {
			return Quote{}, err
		}
		in = append(in, l)
	}
	if err := rows.Err(); err != nil {
		return Quote{}, err
	}
	q.Lines = []Line{}
	q.Totals.VATLines = []VATLine{}
	if len(in) > 0 {
		base := q.Input()
		base.Lines = in
		if q.Lines, q.Totals, err = computeTotals(base); err != nil {
			return Quote{}, err
		}
	}
	q.State = stateOf(q, s.today())
	return q, nil
}

// get reads one quote.
func (s *Service) get(ctx context.Context, db querier, id int64) (Quote, error) {
	q, err := scanQuote(db.QueryRowContext(ctx, s.q(`SELECT `+quoteColumns+` FROM quotes WHERE id = ?`), id))
	if errors.Is(err, sql.ErrNoRows) {
		return Quote{}, errNotFound
	}
	if err != nil {
		return Quote{}, err
	}
	return s.finish(ctx, db, q)
}

// byNumber reads the quote of a deal by its number.
func (s *Service) byNumber(ctx context.Context, dealID int64, number int) (Quote, error) {
	q, err := scanQuote(s.st.DB.QueryRowContext(ctx, s.q(`SELECT `+quoteColumns+` FROM quotes WHERE deal_id = ? AND number = ?`),
		dealID, number))
	if errors.Is(err, sql.ErrNoRows) {
		return Quote{}, errNotFound
	}
	if err != nil {
		return Quote{}, err
	}
	return s.finish(ctx, s.st.DB, q)
}

// list reads the quotes a query's WHERE clause picks, newest first.
func (s *Service) list(ctx context.Context, where string, args ...any) ([]Quote, error) {
	rows, err := s.st.DB.QueryContext(ctx, s.q(`SELECT `+quoteColumns+` FROM quotes `+where+` ORDER BY id DESC`), args...)
	if err != nil {
		return nil, err
	}
	var found []Quote
	for rows.Next() {
		q, err := scanQuote(rows)
		if err != nil {
			rows.Close()
			return nil, err
		}
		found = append(found, q)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	out := make([]Quote, 0, len(found))
	for _, q := range found {
		q, err := s.finish(ctx, s.st.DB, q)
		if err != nil {
			return nil, err
		}
		out = append(out, q)
	}
	return out, nil
}

// writeLines replaces a quote's lines in tx.
func (s *Service) writeLines(ctx context.Context, tx *sql.Tx, quoteID int64, lines []LineInput) error {
	if _, err := tx.ExecContext(ctx, s.q(`DELETE FROM quote_lines WHERE quote_id = ?`), quoteID); err != nil {
		return err
	}
	if len(lines) == 0 {
		return nil
	}
	var b strings.Builder
	b.WriteString(`INSERT INTO quote_lines (quote_id, position, kind, description, quantity, unit_price, vat_rate, months, territory) VALUES `)
	args := make([]any, 0, len(lines)*9)
	for i, l := range lines {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString("(?, ?, ?, ?, ?, ?, ?, ?, ?)")
		args = append(args, quoteID, i+1, l.Kind, l.Description, l.Quantity, l.UnitPrice, l.VATRate, l.Months, l.Territory)
	}
	_, err := tx.ExecContext(ctx, s.q(b.String()), args...)
	return err
}
