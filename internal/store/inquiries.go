package store

import (
	"context"
	"database/sql"
	"time"

	"github.com/ugcfolio/ugcfolio/internal/apperr"
	"github.com/ugcfolio/ugcfolio/internal/lang"
)

// Inquiry is a message a visitor sent with the contact form.
type Inquiry struct {
	ID        int64     `json:"id"`
	Name      string    `json:"name"`
	Email     string    `json:"email"`
	Company   string    `json:"company"`
	Service   string    `json:"service"`
	Message   string    `json:"message"`
	Language  string    `json:"language"` // of the page it was sent from: 'no' or 'en'
	IsRead    bool      `json:"isRead"`
	CreatedAt time.Time `json:"createdAt"`
}

// InquiryInput is what a visitor supplies; isRead and createdAt never come
// from the client.
type InquiryInput struct {
	Name     string
	Email    string
	Company  string
	Service  string
	Message  string
	Language string // 'no' (default) or 'en'
}

const inquiryColumns = `id, name, email, company, service, message, language, is_read, created_at`

func scanInquiry(row interface{ Scan(...any) error }) (Inquiry, error) {
	var i Inquiry
	err := row.Scan(&i.ID, &i.Name, &i.Email, &i.Company, &i.Service, &i.Message, &i.Language, &i.IsRead, &i.CreatedAt)
	return i, err
}

var errInquiryNotFound = apperr.NotFound("Inquiry not found")

// CreateInquiry stores an inquiry; it is committed when this returns. With
// also, the inquiry is written in a transaction that also runs also (to
// enqueue its e-mail): both are committed, or neither.
func (s *Store) CreateInquiry(ctx context.Context, in InquiryInput, also ...func(tx *sql.Tx, inq Inquiry) error) (Inquiry, error) {
	if in.Language == "" {
		in.Language = lang.Default
	}
	const insert = `INSERT INTO contact_inquiries (name, email, company, service, message, language, is_read, created_at)
		VALUES (?, ?, ?, ?, ?, ?, FALSE, ?) RETURNING ` + inquiryColumns
	args := []any{in.Name, in.Email, in.Company, in.Service, in.Message, in.Language, now()}
	if len(also) == 0 {
		return scanInquiry(s.queryRow(ctx, insert, args...))
	}
	var inq Inquiry
	err := s.InTx(ctx, func(tx *sql.Tx) error {
		var err error
		if inq, err = scanInquiry(tx.QueryRowContext(ctx, s.rebind(insert), args...)); err != nil {
			return err
		}
		for _, fn := range also {
			if err := fn(tx, inq); err != nil {
				return err
			}
		}
		return nil
	})
	return inq, err
}

// GetInquiry reads one inquiry.
func (s *Store) GetInquiry(ctx context.Context, id int64) (Inquiry, error) {
	i, err := scanInquiry(s.queryRow(ctx, `SELECT `+inquiryColumns+` FROM contact_inquiries WHERE id = ?`, id))
	if noRows(err) {
		return Inquiry{}, errInquiryNotFound
	}
	return i, err
}

// AdminEmails answers the admins' usernames, which are e-mail addresses.
func (s *Store) AdminEmails(ctx context.Context) ([]string, error) {
	rows, err := s.query(ctx, `SELECT username FROM users WHERE is_admin = TRUE ORDER BY id`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var u string
		if err := rows.Scan(&u); err != nil {
			return nil, err
		}
		out = append(out, u)
	}
	return out, rows.Err()
}

// ListInquiries returns every inquiry, newest first (the CSV export).
func (s *Store) ListInquiries(ctx context.Context) ([]Inquiry, error) {
	return s.ListInquiriesPage(ctx, 0, 0)
}

// ListInquiriesPage returns at most limit inquiries (0: all), newest first,
// starting below the id before (0: from the newest). Ids grow with time, so
// "below the last id of a page" is the next page.
func (s *Store) ListInquiriesPage(ctx context.Context, before int64, limit int) ([]Inquiry, error) {
	rows, err := s.query(ctx, `SELECT `+inquiryColumns+` FROM contact_inquiries
		WHERE (? = 0 OR id < ?) ORDER BY created_at DESC, id DESC LIMIT ?`, before, before, sqlLimit(limit))
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
