package store

import "strings"

// column pairs a writable column with the Go field it is written from and
// scanned into. A resource lists its columns once (PortfolioInput.columns,
// TestimonialInput.columns) and its INSERT, UPDATE and SELECT are built from
// that list, so a new field is one line here and one field on the type.
type column struct {
	name  string
	field any // a pointer to the field
}

// rowSQL is the SQL of one table whose rows have an id, the writable
// columns and a created_at, built once from the column list.
type rowSQL struct {
	columns string // every column, in scan order: id, writable…, created_at
	insert  string // INSERT … RETURNING columns; args: writable…, created_at
	update  string // UPDATE … WHERE id = ? RETURNING columns; args: writable…, id
	// insertAt is insert for a hand-ordered table (store/order.go); args:
	// writable…, created_at, sort_position.
	insertAt string
}

func newRowSQL(table string, writable []column) rowSQL {
	names := make([]string, len(writable))
	sets := make([]string, len(writable))
	for i, c := range writable {
		names[i] = c.name
		sets[i] = c.name + " = ?"
	}
	all := "id, " + strings.Join(names, ", ") + ", created_at"
	return rowSQL{
		columns: all,
		insert: "INSERT INTO " + table + " (" + strings.Join(names, ", ") + ", created_at) VALUES (" +
			strings.Repeat("?, ", len(writable)) + "?) RETURNING " + all,
		update: "UPDATE " + table + " SET " + strings.Join(sets, ", ") + " WHERE id = ? RETURNING " + all,
		insertAt: "INSERT INTO " + table + " (" + strings.Join(names, ", ") + ", created_at, sort_position) VALUES (" +
			strings.Repeat("?, ", len(writable)) + "?, ?) RETURNING " + all,
	}
}

// fields returns the columns' field pointers, in order.
func fields(cols []column) []any {
	out := make([]any, len(cols))
	for i, c := range cols {
		out[i] = c.field
	}
	return out
}

// scanRow scans id, the writable columns and created_at.
func scanRow(row interface{ Scan(...any) error }, id *int64, writable []column, createdAt any) error {
	dest := append([]any{id}, fields(writable)...)
	return row.Scan(append(dest, createdAt)...)
}
