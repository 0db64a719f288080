package store

import (
	"context"
	"time"

	"github.com/ugcfolio/ugcfolio/internal/apperr"
)

// PortfolioItem is one piece of work: an image, a video link or an upload.
type PortfolioItem struct {
	ID          int64     `json:"id"`
	Title       string    `json:"title"`
	Description string    `json:"description"`
	Category    string    `json:"category"`
	ImageURL    string    `json:"imageUrl"`
	VideoURL    string    `json:"videoUrl"`
	Featured    bool      `json:"featured"`
	Language    string    `json:"language"`
	IsActive    bool      `json:"isActive"`
	CreatedAt   time.Time `json:"createdAt"`
}

// PortfolioInput is the writable part of a portfolio item.
type PortfolioInput struct {
	Title       string
	Description string
	Category    string
	ImageURL    string
	VideoURL    string
	Featured    bool
	Language    string
	IsActive    bool
}

const portfolioColumns = `id, title, description, category, image_url, video_url, featured, language, is_active, created_at`

func scanPortfolioItem(row interface{ Scan(...any) error }) (PortfolioItem, error) {
	var p PortfolioItem
	err := row.Scan(&p.ID, &p.Title, &p.Description, &p.Category, &p.ImageURL, &p.VideoURL,
		&p.Featured, &p.Language, &p.IsActive, &p.CreatedAt)
	return p, err
}

var errPortfolioNotFound = apperr.NotFound("Portfolio item not found")

// ListPortfolio returns a language's items, featured first, then newest;
// hidden ones only when includeHidden is set (for the admin).
func (s *Store) ListPortfolio(ctx context.Context, language string, includeHidden bool) ([]PortfolioItem, error) {
	rows, err := s.query(ctx, `SELECT `+portfolioColumns+` FROM portfolio_items
		WHERE language = ? AND (is_active OR ?) ORDER BY featured DESC, created_at DESC, id DESC`,
		language, includeHidden)
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
	p, err := scanPortfolioItem(s.queryRow(ctx, `SELECT `+portfolioColumns+` FROM portfolio_items WHERE id = ?`, id))
	if noRows(err) {
		return PortfolioItem{}, errPortfolioNotFound
	}
	return p, err
}

// CreatePortfolioItem adds an item.
func (s *Store) CreatePortfolioItem(ctx context.Context, in PortfolioInput) (PortfolioItem, error) {
	return scanPortfolioItem(s.queryRow(ctx, `INSERT INTO portfolio_items
		(title, description, category, image_url, video_url, featured, language, is_active, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING `+portfolioColumns,
		in.Title, in.Description, in.Category, in.ImageURL, in.VideoURL, in.Featured, in.Language, in.IsActive, now()))
}

// UpdatePortfolioItem replaces an item's fields.
func (s *Store) UpdatePortfolioItem(ctx context.Context, id int64, in PortfolioInput) (PortfolioItem, error) {
	p, err := scanPortfolioItem(s.queryRow(ctx, `UPDATE portfolio_items SET
		title = ?, description = ?, category = ?, image_url = ?, video_url = ?, featured = ?, language = ?, is_active = ?
		WHERE id = ? RETURNING `+portfolioColumns,
		in.Title, in.Description, in.Category, in.ImageURL, in.VideoURL, in.Featured, in.Language, in.IsActive, id))
	if noRows(err) {
		return PortfolioItem{}, errPortfolioNotFound
	}
	return p, err
}

// DeletePortfolioItem removes an item and returns it, so the caller can
// delete its uploaded video too.
func (s *Store) DeletePortfolioItem(ctx context.Context, id int64) (PortfolioItem, error) {
	p, err := scanPortfolioItem(s.queryRow(ctx, `DELETE FROM portfolio_items WHERE id = ? RETURNING `+portfolioColumns, id))
	if noRows(err) {
		return PortfolioItem{}, errPortfolioNotFound
	}
	return p, err
}

// CountPortfolioByVideo counts the items that use a video URL, so a file
// still in use elsewhere is not deleted.
func (s *Store) CountPortfolioByVideo(ctx context.Context, videoURL string) (int, error) {
	var n int
	err := s.queryRow(ctx, `SELECT count(*) FROM portfolio_items WHERE video_url = ?`, videoURL).Scan(&n)
	return n, err
}
