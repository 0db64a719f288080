package store

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
	"strings"

	"github.com/ugcfolio/ugcfolio/internal/apperr"
)

// Hand-ordered lists: the portfolio and the testimonials of each
// language, and the client logos. Each row has a sort_position; a list is
// read smallest first, and that order is what visitors see. The admin sets
// a whole list's order at once (Reorder…); between two reorders, where an
// item goes is decided here:
//
//   - portfolio: a new item goes just before the first unfeatured item of
//     its language, so after the featured ones at the top, and newest first
//     among the rest (the order the site had before it could be changed); a
//     new featured item, and an item marked featured, go to the very top.
//     Unmarking an item moves nothing. An item moved to the other language
//     is placed there as a new one.
//   - testimonials: a new one goes to the end of its language (oldest first,
//     as before); one moved to the other language, to the end of that one.
//   - client logos: a new one goes to the end.
//
// Two items created at the same moment may share a position; ties go to the
// newer portfolio item and to the older testimonial or logo, as before.

// orderedList is one list: its table, the condition that selects its rows,
// and what its items are called in messages.
type orderedList struct {
	table string
	where string // "language = ?", or "TRUE" for a table that is one list
	args  []any
	noun  string
}

func portfolioList(language string) orderedList {
	return orderedList{"portfolio_items", "language = ?", []any{language}, "portfolio item"}
}

func testimonialList(language string) orderedList {
	return orderedList{"testimonials", "language = ?", []any{language}, "testimonial"}
}

var clientLogoList = orderedList{"client_logos", "TRUE", nil, "client logo"}

// reorder sets the order of list l to ids, which must name each of its
// items exactly once (hidden ones too: the admin orders the whole list).
// Nothing changes when it does not.
func (s *Store) reorder(ctx context.Context, l orderedList, ids []int64) error {
	return s.InTx(ctx, func(tx *sql.Tx) error {
		current, err := s.listIDs(ctx, tx, l)
		if err != nil {
			return err
		}
		if err := CheckOrder(l.noun, current, ids); err != nil {
			return err
		}
		stmt, err := tx.PrepareContext(ctx, s.rebind(`UPDATE `+l.table+` SET sort_position = ? WHERE id = ?`))
		if err != nil {
			return err
		}
		defer stmt.Close()
		for i, id := range ids {
			if _, err := stmt.ExecContext(ctx, i, id); err != nil {
				return err
			}
		}
		return nil
	})
}

// listIDs reads the ids of every item of l.
func (s *Store) listIDs(ctx context.Context, tx *sql.Tx, l orderedList) ([]int64, error) {
	rows, err := tx.QueryContext(ctx, s.rebind(`SELECT id FROM `+l.table+` WHERE `+l.where), l.args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var ids []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		ids = append(ids, id)
	}
	return ids, rows.Err()
}

// maxListed caps how many ids a message names.
const maxListed = 10

// CheckOrder checks that ids names every item of a list (current) exactly
// once, and says what is wrong when it does not: an id listed twice, one
// that is not in the list (another language's, a deleted one), or the
// items left out (one added meanwhile, say: the client reloads the list).
func CheckOrder(noun string, current, ids []int64) error {
	inList := make(map[int64]bool, len(current))
	for _, id := range current {
		inList[id] = true
	}
	seen := make(map[int64]bool, len(ids))
	for _, id := range ids {
		switch {
		case seen[id]:
			return apperr.Invalid("The order lists %s %d twice", noun, id)
		case !inList[id]:
			return apperr.Invalid("The order lists %s %d, which is not in this list", noun, id)
		}
		seen[id] = true
	}
	var missing []int64
	for _, id := range current {
		if !seen[id] {
			missing = append(missing, id)
		}
	}
	if len(missing) > 0 {
		slices.Sort(missing)
		return apperr.Invalid("The order must list every %s of the list once; missing: %s", noun, idList(missing))
	}
	return nil
}

// idList is "3, 7, 9", or the first maxListed ids and how many more.
func idList(ids []int64) string {
	parts := make([]string, 0, maxListed+1)
	for i, id := range ids {
		if i == maxListed {
			parts = append(parts, fmt.Sprintf("and %d more", len(ids)-maxListed))
			break
		}
		parts = append(parts, fmt.Sprint(id))
	}
	return strings.Join(parts, ", ")
}

// topPosition is a position before every item of l.
func (s *Store) topPosition(ctx context.Context, tx *sql.Tx, l orderedList) (int64, error) {
	var pos int64
	err := tx.QueryRowContext(ctx, s.rebind(`SELECT COALESCE(MIN(sort_position), 0) - 1 FROM `+l.table+` WHERE `+l.where), l.args...).Scan(&pos)
	return pos, err
}

// endPosition is a position after every item of l.
func (s *Store) endPosition(ctx context.Context, tx *sql.Tx, l orderedList) (int64, error) {
	var pos int64
	err := tx.QueryRowContext(ctx, s.rebind(`SELECT COALESCE(MAX(sort_position) + 1, 0) FROM `+l.table+` WHERE `+l.where), l.args...).Scan(&pos)
	return pos, err
}

// newPortfolioPosition makes room for an item arriving in a language's
// portfolio and answers its position: the very top for a featured one,
// else the place of the first unfeatured item (which moves down one, with
// everything after it), else the end.
func (s *Store) newPortfolioPosition(ctx context.Context, tx *sql.Tx, language string, featured bool) (int64, error) {
	l := portfolioList(language)
	if featured {
		return s.topPosition(ctx, tx, l)
	}
	var first sql.NullInt64
	err := tx.QueryRowContext(ctx, s.rebind(`SELECT MIN(sort_position) FROM portfolio_items WHERE language = ? AND NOT featured`),
		language).Scan(&first)
	if err != nil || !first.Valid {
		if err != nil {
			return 0, err
		}
		return s.endPosition(ctx, tx, l)
	}
	_, err = tx.ExecContext(ctx, s.rebind(`UPDATE portfolio_items SET sort_position = sort_position + 1
		WHERE language = ? AND sort_position >= ?`), language, first.Int64)
	return first.Int64, err
}

// setPosition moves one row of table to pos.
func (s *Store) setPosition(ctx context.Context, tx *sql.Tx, table string, id, pos int64) error {
	_, err := tx.ExecContext(ctx, s.rebind(`UPDATE `+table+` SET sort_position = ? WHERE id = ?`), pos, id)
	return err
}

// ReorderPortfolio sets the order of a language's portfolio (every item,
// hidden ones too, each once).
func (s *Store) ReorderPortfolio(ctx context.Context, language string, ids []int64) error {
	return s.reorder(ctx, portfolioList(language), ids)
}

// ReorderTestimonials sets the order of a language's testimonials.
func (s *Store) ReorderTestimonials(ctx context.Context, language string, ids []int64) error {
	return s.reorder(ctx, testimonialList(language), ids)
}

// ReorderClientLogos sets the order of the client logos.
func (s *Store) ReorderClientLogos(ctx context.Context, ids []int64) error {
	return s.reorder(ctx, clientLogoList, ids)
}
