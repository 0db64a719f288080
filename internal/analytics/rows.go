// Reading rows: a query run row by row, and a time SQLite may answer as
// text.

package analytics

import (
	"context"
	"time"
)

// each runs a query and calls fn with a scanner for each row.
func (s *Service) each(ctx context.Context, query string, fn func(scan func(...any) error) error, args ...any) error {
	rows, err := s.st.DB.QueryContext(ctx, s.st.Rebind(query), args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		if err := fn(rows.Scan); err != nil {
			return err
		}
	}
	return rows.Err()
}

// sqlTime scans a time that SQLite may answer as text from an aggregate
// (MIN/MAX lose the column's type there).
type sqlTime struct {
	t     time.Time
	valid bool
}

func (st *sqlTime) Scan(v any) error {
	switch x := v.(type) {
	case nil:
		st.valid = false
	case time.Time:
		st.t, st.valid = x.UTC(), true
	case string:
		return st.parse(x)
	case []byte:
		return st.parse(string(x))
	}
	return nil
}

func (st *sqlTime) parse(s string) error {
	for _, layout := range []string{"2006-01-02 15:04:05.999999999-07:00", time.RFC3339Nano, "2006-01-02 15:04:05.999999999"} {
		if t, err := time.Parse(layout, s); err == nil {
			st.t, st.valid = t.UTC(), true
			return nil
		}
	}
	return &time.ParseError{Value: s, Message: ": not a time"}
}

func (st sqlTime) ptr() *time.Time {
	if !st.valid {
		return nil
	}
	t := st.t
	return &t
}
