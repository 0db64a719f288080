package deals

import (
	"context"
	"database/sql"
	"time"
)

// The brand's answers the creator has not looked at yet. When the brand
// approves a draft, asks for changes or accepts a quote in the delivery
// room, the package that takes the answer (rooms, quotes) marks the deal in
// the same transaction; the mark stays until the creator opens the deal
// (GET /api/admin/deals/{id}), and the Overview's "Needs you" lists the
// marked deals (Summary.Answered). An automatic approval is no answer of
// the brand's and marks nothing.

// Answered is a deal the brand has answered since the creator last opened it.
type Answered struct {
	ID    int64     `json:"id"`
	Brand string    `json:"brand"`
	At    time.Time `json:"at"` // the brand's latest answer
}

// MarkAnswered records in tx that the brand has just answered on the deal.
func (s *Service) MarkAnswered(ctx context.Context, tx *sql.Tx, dealID int64) error {
	_, err := tx.ExecContext(ctx, s.q(`UPDATE deals SET brand_answered_at = ? WHERE id = ?`), s.now(), dealID)
	return err
}

// seen clears the deal's mark: the creator is opening it. It runs before
// the deal is read, so an answer that comes in between stays marked (at
// worst she is told of an answer she has just seen) rather than being lost.
// Neither version nor updated_at moves: nothing of the deal changed, and an
// edit she has open must not turn into a conflict.
func (s *Service) seen(ctx context.Context, dealID int64) error {
	_, err := s.st.DB.ExecContext(ctx, s.q(`UPDATE deals SET brand_answered_at = NULL
		WHERE id = ? AND brand_answered_at IS NOT NULL`), dealID)
	return err
}

// answered adds the marked deals to the summary, the latest answer first.
func (s *Service) answered(ctx context.Context, sum *Summary) error {
	rows, err := s.st.DB.QueryContext(ctx, `SELECT id, brand, brand_answered_at FROM deals
		WHERE brand_answered_at IS NOT NULL ORDER BY brand_answered_at DESC, id DESC`)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var a Answered
		if err := rows.Scan(&a.ID, &a.Brand, &a.At); err != nil {
			return err
		}
		a.At = a.At.UTC()
		sum.Answered = append(sum.Answered, a)
	}
	return rows.Err()
}
