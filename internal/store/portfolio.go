package store

import (
	"context"
	"database/sql"
	"time"

	"github.com/ugcfolio/ugcfolio/internal/apperr"
)

// PortfolioInput is the writable part of a portfolio item, with the JSON
// names of SPEC.md section 3. The API decodes request bodies straight into
// it, so a field added here (and to columns below) is accepted, stored and
// answered without any other Go change.
type PortfolioInput struct {
	Title       string `json:"title"`
	Description string `json:"description"`
	Category    string `json:"category"`
	ImageURL    string `json:"imageUrl"`
	VideoURL    string `json:"videoUrl"`
	Featured    bool   `json:"featured"`
	Language    string `json:"language"`
	IsActive    bool   `json:"isActive"`
}

// columns pairs each writable column with its field.
func (in *PortfolioInput) columns() []column {
	return []column{
		{"title", &in.Title},
		{"description", &in.Description},
		{"category", &in.Category},
		{"image_url", &in.ImageURL},
		{"video_url", &in.VideoURL},
		{"featured", &in.Featured},
		{"language", &in.Language},
		{"is_active", &in.IsActive},
	}
}

// PortfolioItem is one piece of work: an image, a video link or an upload.
type PortfolioItem struct {
	ID int64 `json:"id"`
	PortfolioInput
	CreatedAt time.Time `json:"createdAt"`
}

var portfolioSQL = newRowSQL("portfolio_items", (&PortfolioInput{}).columns())

func scanPortfolioItem(row interface{ Scan(...any) error }) (PortfolioItem, error) {
	var p PortfolioItem
	err := scanRow(row, &p.ID, p.columns(), &p.CreatedAt)
	return p, err
}

var errPortfolioNotFound = apperr.NotFound("Portfolio item not found")

// ListPortfolio returns a language's items in the admin's order (order.go:
// featured first, then newest, until she changes it), at most limit of
// them (0: all); hidden ones only when includeHidden is set (for the admin).
func (s *Store) ListPortfolio(ctx context.Context, language string, includeHidden bool, limit int) ([]PortfolioItem, error) {
	rows, err := s.query(ctx, `SELECT `+portfolioSQL.columns+` FROM portfolio_items
		WHERE language = ? AND (is_active OR ?) ORDER BY sort_position, id DESC LIMIT ?`,
		language, includeHidden, sqlLimit(limit))
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	list := []PortfolioItem{}
	for rows.Next() {
		p, err := scanPortfolioItem(rows)
		if err != nil {
			return nil, err
		}
		list = append(list, p)
	}
	return list, rows.Err()
}

// GetPortfolioItem returns one item.
func (s *Store) GetPortfolioItem(ctx context.Context, id int64) (PortfolioItem, error) {
	p, err := scanPortfolioItem(s.queryRow(ctx, `SELECT `+portfolioSQL.columns+` FROM portfolio_items WHERE id = ?`, id))
	if noRows(err) {
		return PortfolioItem{}, errPortfolioNotFound
	}
	return p, err
}

// CreatePortfolioItem adds an item, in the place order.go gives a new one.
func (s *Store) CreatePortfolioItem(ctx context.Context, in PortfolioInput) (PortfolioItem, error) {
	var p PortfolioItem
	err := s.InTx(ctx, func(tx *sql.Tx) error {
		pos, err := s.newPortfolioPosition(ctx, tx, in.Language, in.Featured)
		if err != nil {
			return err
		}
		args := append(fields(in.columns()), now(), pos)
		p, err = scanPortfolioItem(tx.QueryRowContext(ctx, s.rebind(portfolioSQL.insertAt), args...))
		return err
	})
	return p, err
}

// UpdatePortfolioItem replaces an item's fields. An item moved to the other
// language is placed there as a new one, and one marked featured goes to
// the top (order.go); otherwise it keeps its place.
func (s *Store) UpdatePortfolioItem(ctx context.Context, id int64, in PortfolioInput) (PortfolioItem, error) {
	var p PortfolioItem
	err := s.InTx(ctx, func(tx *sql.Tx) error {
		var wasFeatured bool
		var language string
		err := tx.QueryRowContext(ctx, s.rebind(`SELECT featured, language FROM portfolio_items WHERE id = ?`), id).
			Scan(&wasFeatured, &language)
		if noRows(err) {
			return errPortfolioNotFound
		}
		if err != nil {
			return err
		}
		args := append(fields(in.columns()), id)
		if p, err = scanPortfolioItem(tx.QueryRowContext(ctx, s.rebind(portfolioSQL.update), args...)); err != nil {
			return err
		}
		var pos int64
		switch {
		case language != in.Language:
			pos, err = s.newPortfolioPosition(ctx, tx, in.Language, in.Featured)
		case in.Featured && !wasFeatured:
			pos, err = s.topPosition(ctx, tx, portfolioList(in.Language))
		default:
			return nil
		}
		if err != nil {
			return err
		}
		return s.setPosition(ctx, tx, "portfolio_items", id, pos)
	})
	return p, err
}

// DeletePortfolioItem removes an item and returns it, so the caller can
// delete its uploaded video too.
func (s *Store) DeletePortfolioItem(ctx context.Context, id int64) (PortfolioItem, error) {
	p, err := scanPortfolioItem(s.queryRow(ctx, `DELETE FROM portfolio_items WHERE id = ? RETURNING `+portfolioSQL.columns, id))
	if noRows(err) {
		return PortfolioItem{}, errPortfolioNotFound
	}
	return p, err
}
