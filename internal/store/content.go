package store

import (
	"context"
	"encoding/json"
	"time"

	"github.com/ugcfolio/ugcfolio/internal/apperr"
)

// Content is one section of the site's text in one language. Content is the
// section's fields as a JSON object; its shape is checked by the API.
type Content struct {
	ID        int64           `json:"id"`
	Section   string          `json:"section"`
	Language  string          `json:"language"`
	Content   json.RawMessage `json:"content"`
	UpdatedAt time.Time       `json:"updatedAt"`
}

const contentColumns = `id, section, language, content, updated_at`

func scanContent(row interface{ Scan(...any) error }) (Content, error) {
	var c Content
	var raw string
	err := row.Scan(&c.ID, &c.Section, &c.Language, &raw, &c.UpdatedAt)
	c.Content = json.RawMessage(raw)
	return c, err
}

// GetContent returns a section in a language, or a not-found error when it
// has never been saved.
func (s *Store) GetContent(ctx context.Context, section, language string) (Content, error) {
	c, err := scanContent(s.queryRow(ctx, `SELECT `+contentColumns+` FROM website_content
		WHERE section = ? AND language = ?`, section, language))
	if noRows(err) {
		return Content{}, apperr.NotFound("Content not found")
	}
	return c, err
}

// SaveContent creates the section in that language or replaces its fields.
func (s *Store) SaveContent(ctx context.Context, section, language string, content json.RawMessage) (Content, error) {
	return scanContent(s.queryRow(ctx, `INSERT INTO website_content (section, language, content, updated_at)
		VALUES (?, ?, ?, ?)
		ON CONFLICT (section, language) DO UPDATE SET content = excluded.content, updated_at = excluded.updated_at
		RETURNING `+contentColumns, section, language, string(content), now()))
}

// ContentByLanguage returns every saved section of a language, keyed by
// section name (empty when none has been saved).
func (s *Store) ContentByLanguage(ctx context.Context, language string) (map[string]json.RawMessage, error) {
	rows, err := s.query(ctx, `SELECT section, content FROM website_content WHERE language = ? ORDER BY section`, language)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[string]json.RawMessage{}
	for rows.Next() {
		var section, raw string
		if err := rows.Scan(&section, &raw); err != nil {
			return nil, err
		}
		out[section] = json.RawMessage(raw)
	}
	return out, rows.Err()
}
