package store

import (
	"context"
	"time"

	"github.com/ugcfolio/ugcfolio/internal/apperr"
)

// Testimonial is a client's quote shown on the public page.
type Testimonial struct {
	ID          int64     `json:"id"`
	Name        string    `json:"name"`
	Company     string    `json:"company"`
	ImageURL    string    `json:"imageUrl"`
	Rating      int       `json:"rating"`
	Testimonial string    `json:"testimonial"`
	Language    string    `json:"language"`
	IsActive    bool      `json:"isActive"`
	CreatedAt   time.Time `json:"createdAt"`
}

// TestimonialInput is the writable part of a testimonial.
type TestimonialInput struct {
	Name        string
	Company     string
	ImageURL    string
	Rating      int
	Testimonial string
	Language    string
	IsActive    bool
}

const testimonialColumns = `id, name, company, image_url, rating, testimonial, language, is_active, created_at`

func scanTestimonial(row interface{ Scan(...any) error }) (Testimonial, error) {
	var t Testimonial
	err := row.Scan(&t.ID, &t.Name, &t.Company, &t.ImageURL, &t.Rating, &t.Testimonial, &t.Language, &t.IsActive, &t.CreatedAt)
	return t, err
}

var errTestimonialNotFound = apperr.NotFound("Testimonial not found")

// ListTestimonials returns a language's testimonials, oldest first; hidden
// ones only when includeHidden is set (for the admin).
func (s *Store) ListTestimonials(ctx context.Context, language string, includeHidden bool) ([]Testimonial, error) {
	rows, err := s.query(ctx, `SELECT `+testimonialColumns+` FROM testimonials
		WHERE language = ? AND (is_active OR ?) ORDER BY created_at, id`, language, includeHidden)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	list := []Testimonial{}
	for rows.Next() {
		t, err := scanTestimonial(rows)
		if err != nil {
			return nil, err
		}
		list = append(list, t)
	}
	return list, rows.Err()
}

// CreateTestimonial adds a testimonial.
func (s *Store) CreateTestimonial(ctx context.Context, in TestimonialInput) (Testimonial, error) {
	return scanTestimonial(s.queryRow(ctx, `INSERT INTO testimonials
		(name, company, image_url, rating, testimonial, language, is_active, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING `+testimonialColumns,
		in.Name, in.Company, in.ImageURL, in.Rating, in.Testimonial, in.Language, in.IsActive, now()))
}

// UpdateTestimonial replaces a testimonial's fields.
func (s *Store) UpdateTestimonial(ctx context.Context, id int64, in TestimonialInput) (Testimonial, error) {
	t, err := scanTestimonial(s.queryRow(ctx, `UPDATE testimonials SET
		name = ?, company = ?, image_url = ?, rating = ?, testimonial = ?, language = ?, is_active = ?
		WHERE id = ? RETURNING `+testimonialColumns,
		in.Name, in.Company, in.ImageURL, in.Rating, in.Testimonial, in.Language, in.IsActive, id))
	if noRows(err) {
		return Testimonial{}, errTestimonialNotFound
	}
	return t, err
}

// DeleteTestimonial removes a testimonial for good.
func (s *Store) DeleteTestimonial(ctx context.Context, id int64) error {
	res, err := s.exec(ctx, `DELETE FROM testimonials WHERE id = ?`, id)
	return affectedOne(res, err, errTestimonialNotFound)
}
