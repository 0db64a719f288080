package store

import (
	"context"
	"time"

	"github.com/ugcfolio/ugcfolio/internal/apperr"
)

// Inquiry is a message a visitor sent with the contact form.
type Inquiry struct {
	ID        int64     `json:"id"`
	Name      string    `json:"name"`
	Email     string    `json:"email"`
	Company   string    `json:"company"`
	Service   string    `json:"service"`
	Message   string    `json:"message"`
	IsRead    bool      `json:"isRead"`
	CreatedAt time.Time `json:"createdAt"`
}

// InquiryInput is what a visitor supplies; isRead and createdAt never come
// from the client.
type InquiryInput struct {
	Name    string
	Email   string
	Company string
	Service string
	Message string
}

const inquiryColumns = `id, name, email, company, service, message, is_read, created_at`

func scanInquiry(row interface{ Scan(...any) error }) (Inquiry, error) {
	var i Inquiry
	err := row.Scan(&i.ID, &i.Name, &i.Email, &i.Company, &i.Service, &i.Message, &i.IsRead, &i.CreatedAt)
	return i, err
}

var errInquiryNotFound = apperr.NotFound("Inquiry not found")

// CreateInquiry stores an inquiry; it is committed when this returns.
func (s *Store) CreateInquiry(ctx context.Context, in InquiryInput) (Inquiry, error) {
	return scanInquiry(s.queryRow(ctx, `INSERT INTO contact_inquiries (name, email, company, service, message, is_read, created_at)
		VALUES (?, ?, ?, ?, ?, FALSE, ?) RETURNING `+inquiryColumns,
		in.Name, in.Email, in.Company, in.Service, in.Message, now()))
}

// ListInquiries returns every inquiry, newest first.
func (s *Store) ListInquiries(ctx context.Context) ([]Inquiry, error) {
	rows, err := s.query(ctx, `SELECT `+inquiryColumns+` FROM contact_inquiries ORDER BY created_at DESC, id DESC`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	list := []Inquiry{}
	for rows.Next() {
		i, err := scanInquiry(rows)
		if err != nil {
			return nil, err
		}
		list = append(list, i)
	}
	return list, rows.Err()
}

// MarkInquiryRead marks an inquiry read; marking it again changes nothing.
func (s *Store) MarkInquiryRead(ctx context.Context, id int64) (Inquiry, error) {
	i, err := scanInquiry(s.queryRow(ctx, `UPDATE contact_inquiries SET is_read = TRUE WHERE id = ? RETURNING `+inquiryColumns, id))
	if noRows(err) {
		return Inquiry{}, errInquiryNotFound
	}
	return i, err
}

// DeleteInquiry removes an inquiry for good.
func (s *Store) DeleteInquiry(ctx context.Context, id int64) error {
	res, err := s.exec(ctx, `DELETE FROM contact_inquiries WHERE id = ?`, id)
	return affectedOne(res, err, errInquiryNotFound)
}
