package store

import (
	"context"
	"database/sql"
	"time"

	"github.com/ugcfolio/ugcfolio/internal/apperr"
)

// ClientLogoInput is the writable part of a client logo: the
// brand's name (the logo's text alternative), its uploaded logo and an
// optional link to the brand's site. The API decodes bodies straight into it.
type ClientLogoInput struct {
	Name     string `json:"name"`
	ImageURL string `json:"imageUrl"`
	LinkURL  string `json:"linkUrl"`
}

// columns pairs each writable column with its field.
func (in *ClientLogoInput) columns() []column {
	return []column{
		{"name", &in.Name},
		{"image_url", &in.ImageURL},
		{"link_url", &in.LinkURL},
	}
}

// ClientLogo is one brand of the home page's logo strip, in both languages.
type ClientLogo struct {
	ID int64 `json:"id"`
	ClientLogoInput
	CreatedAt time.Time `json:"createdAt"`
}

var clientLogoSQL = newRowSQL("client_logos", (&ClientLogoInput{}).columns())

func scanClientLogo(row interface{ Scan(...any) error }) (ClientLogo, error) {
	var l ClientLogo
	err := scanRow(row, &l.ID, l.columns(), &l.CreatedAt)
	return l, err
}

var errClientLogoNotFound = apperr.NotFound("Client logo not found")

// ListClientLogos returns every client logo in the admin's order, at most
// limit of them (0: all).
func (s *Store) ListClientLogos(ctx context.Context, limit int) ([]ClientLogo, error) {
	rows, err := s.query(ctx, `SELECT `+clientLogoSQL.columns+` FROM client_logos ORDER BY sort_position, id LIMIT ?`, sqlLimit(limit))
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	list := []ClientLogo{}
	for rows.Next() {
		l, err := scanClientLogo(rows)
		if err != nil {
			return nil, err
		}
		list = append(list, l)
	}
	return list, rows.Err()
}

// GetClientLogo reads one client logo.
func (s *Store) GetClientLogo(ctx context.Context, id int64) (ClientLogo, error) {
	l, err := scanClientLogo(s.queryRow(ctx, `SELECT `+clientLogoSQL.columns+` FROM client_logos WHERE id = ?`, id))
	if noRows(err) {
		return ClientLogo{}, errClientLogoNotFound
	}
	return l, err
}

// CreateClientLogo adds a client logo at the end of the strip.
func (s *Store) CreateClientLogo(ctx context.Context, in ClientLogoInput) (ClientLogo, error) {
	var l ClientLogo
	err := s.InTx(ctx, func(tx *sql.Tx) error {
		pos, err := s.endPosition(ctx, tx, clientLogoList)
		if err != nil {
			return err
		}
		args := append(fields(in.columns()), now(), pos)
		l, err = scanClientLogo(tx.QueryRowContext(ctx, s.rebind(clientLogoSQL.insertAt), args...))
		return err
	})
	return l, err
}

// UpdateClientLogo replaces a client logo's fields; it keeps its place.
func (s *Store) UpdateClientLogo(ctx context.Context, id int64, in ClientLogoInput) (ClientLogo, error) {
	args := append(fields(in.columns()), id)
	l, err := scanClientLogo(s.queryRow(ctx, clientLogoSQL.update, args...))
	if noRows(err) {
		return ClientLogo{}, errClientLogoNotFound
	}
	return l, err
}

// DeleteClientLogo removes a client logo and returns it, so the caller can
// let go of its uploaded image.
func (s *Store) DeleteClientLogo(ctx context.Context, id int64) (ClientLogo, error) {
	l, err := scanClientLogo(s.queryRow(ctx, `DELETE FROM client_logos WHERE id = ? RETURNING `+clientLogoSQL.columns, id))
	if noRows(err) {
		return ClientLogo{}, errClientLogoNotFound
	}
	return l, err
}
