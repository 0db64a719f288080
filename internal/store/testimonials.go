package store

import (
	"context"
	"database/sql"
	"time"

	"github.com/ugcfolio/ugcfolio/internal/apperr"
)

// TestimonialInput is the writable part of a testimonial, with the JSON
// names of SPEC.md section 3; the API decodes request bodies straight into it.
type TestimonialInput struct {
	Name        string `json:"name"`
	Company     string `json:"company"`
	ImageURL    string `json:"imageUrl"`
	Rating      int    `json:"rating"`
	Testimonial string `json:"testimonial"`
	Language    string `json:"language"`
	IsActive    bool   `json:"isActive"`
}

// columns pairs each writable column with its field.
func (in *TestimonialInput) columns() []column {
	return []column{
		{"name", &in.Name},
		{"company", &in.Company},
		{"image_url", &in.ImageURL},
		{"rating", &in.Rating},
		{"testimonial", &in.Testimonial},
		{"language", &in.Language},
		{"is_active", &in.IsActive},
	}
}

// Testimonial is a client's quote shown on the public page.
type Testimonial struct {
	ID int64 `json:"id"`
	TestimonialInput
	CreatedAt time.Time `json:"createdAt"`
}

var testimonialSQL = newRowSQL("testimonials", (&TestimonialInput{}).columns())

func scanTestimonial(row interface{ Scan(...any) error }) (Testimonial, error) {
	var t Testimonial
	err := scanRow(row, &t.ID, t.columns(), &t.CreatedAt)
	return t, err
}

var errTestimonialNotFound = apperr.NotFound("Testimonial not found")

// ListTestimonials returns a language's testimonials in the admin's order
// (order.go: oldest first, until she changes it), at most limit of them
// (0: all); hidden ones only when includeHidden is set (for the admin).
func (s *Store) ListTestimonials(ctx context.Context, language string, includeHidden bool, limit int) ([]Testimonial, error) {
	rows, err := s.query(ctx, `SELECT `+testimonialSQL.columns+` FROM testimonials
		WHERE language = ? AND (is_active OR ?) ORDER BY sort_position, id LIMIT ?`, language, includeHidden, sqlLimit(limit))
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

// GetTestimonial reads one testimonial.
func (s *Store) GetTestimonial(ctx context.Context, id int64) (Testimonial, error) {
	t, err := scanTestimonial(s.queryRow(ctx, `SELECT `+testimonialSQL.columns+` FROM testimonials WHERE id = ?`, id))
	if noRows(err) {
		return Testimonial{}, errTestimonialNotFound
	}
	return t, err
}

// CreateTestimonial adds a testimonial at the end of its language's list.
func (s *Store) CreateTestimonial(ctx context.Context, in TestimonialInput) (Testimonial, error) {
	var t Testimonial
	err := s.InTx(ctx, func(tx *sql.Tx) error {
		pos, err := s.endPosition(ctx, tx, testimonialList(in.Language))
		if err != nil {
			return err
		}
		args := append(fields(in.columns()), now(), pos)
		t, err = scanTestimonial(tx.QueryRowContext(ctx, s.rebind(testimonialSQL.insertAt), args...))
		return err
	})
	return t, err
}

// UpdateTestimonial replaces a testimonial's fields; one moved to the other
// language goes to the end of that language's list.
func (s *Store) UpdateTestimonial(ctx context.Context, id int64, in TestimonialInput) (Testimonial, error) {
	var t Testimonial
	err := s.InTx(ctx, func(tx *sql.Tx) error {
		var language string
		err := tx.QueryRowContext(ctx, s.rebind(`SELECT language FROM testimonials WHERE id = ?`), id).Scan(&language)
		if noRows(err) {
			return errTestimonialNotFound
		}
		if err != nil {
			return err
		}
		args := append(fields(in.columns()), id)
		if t, err = scanTestimonial(tx.QueryRowContext(ctx, s.rebind(testimonialSQL.update), args...)); err != nil || language == in.Language {
			return err
		}
		pos, err := s.endPosition(ctx, tx, testimonialList(in.Language))
		if err != nil {
			return err
		}
		return s.setPosition(ctx, tx, "testimonials", id, pos)
	})
	return t, err
}

// DeleteTestimonial removes a testimonial for good.
func (s *Store) DeleteTestimonial(ctx context.Context, id int64) error {
	res, err := s.exec(ctx, `DELETE FROM testimonials WHERE id = ?`, id)
	return affectedOne(res, err, errTestimonialNotFound)
}
