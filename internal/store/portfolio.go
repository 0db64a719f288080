package store

import (
	"context"
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

// ListPortfolio returns a language's items, featured first, then newest,
// at most limit of them (0: all); hidden ones only when includeHidden is set
// (for the admin).
func (s *Store) ListPortfolio(ctx context.Context, language string, includeHidden bool, limit int) ([]PortfolioItem, error) {
	rows, err := s.query(ctx, `SELECT `+portfolioSQL.columns+` FROM portfolio_items
		WHERE language = ? AND (is_active OR ?) ORDER BY featured DESC, created_at DESC, id DESC LIMIT ?`,
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

// CreatePortfolioItem adds an item.
func (s *Store) CreatePortfolioItem(ctx context.Context, in PortfolioInput) (PortfolioItem, error) {
	args := append(fields(in.columns()), now())
	return scanPortfolioItem(s.queryRow(ctx, portfolioSQL.insert, args...))
}

// UpdatePortfolioItem replaces an item's fields.
func (s *Store) UpdatePortfolioItem(ctx context.Context, id int64, in PortfolioInput) (PortfolioItem, error) {
	args := append(fields(in.columns()), id)
	p, err := scanPortfolioItem(s.queryRow(ctx, portfolioSQL.update, args...))
	if noRows(err) {
		return PortfolioItem{}, errPortfolioNotFound
	}
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
