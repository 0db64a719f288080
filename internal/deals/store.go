package deals

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
	"strings"
)

// The deals table, read and written from one list of its writable columns.

// field is a writable column: its name, the JSON name the history calls it
// by, the Input field it is read from and scanned into, and whether it is
// a long text whose history records that it changed but not its words.
type field struct {
	column string
	json   string
	ptr    func(*Input) any
	long   bool
}

var fields = []field{
	{"brand", "brand", func(in *Input) any { return &in.Brand }, false},
	{"contact_name", "contactName", func(in *Input) any { return &in.ContactName }, false},
	{"contact_email", "contactEmail", func(in *Input) any { return &in.ContactEmail }, false},
	{"language", "language", func(in *Input) any { return &in.Language }, false},
	{"package", "package", func(in *Input) any { return &in.Package }, false},
	{"price", "price", func(in *Input) any { return &in.Price }, false},
	{"currency", "currency", func(in *Input) any { return &in.Currency }, false},
	{"deliverable_count", "deliverableCount", func(in *Input) any { return &in.DeliverableCount }, false},
	{"deliverable_seconds", "deliverableSeconds", func(in *Input) any { return &in.DeliverableSeconds }, false},
	{"deliverable_format", "deliverableFormat", func(in *Input) any { return &in.DeliverableFormat }, false},
	{"due_date", "dueDate", func(in *Input) any { return &in.DueDate }, false},
	{"brief", "brief", func(in *Input) any { return &in.Brief }, true},
	{"notes", "notes", func(in *Input) any { return &in.Notes }, true},
	{"stage", "stage", func(in *Input) any { return &in.Stage }, false},
}

// The SQL of the table, built once from fields.
var (
	writable   = columnNames()
	allColumns = "id, " + strings.Join(writable, ", ") + ", inquiry_id, version, created_at, updated_at"
	insertSQL  = "INSERT INTO deals (" + strings.Join(writable, ", ") + ", inquiry_id, version, created_at, updated_at) VALUES (" +
		strings.Repeat("?, ", len(writable)) + "?, 1, ?, ?) RETURNING " + allColumns
	updateSQL = "UPDATE deals SET " + strings.Join(writable, " = ?, ") + " = ?, version = version + 1, updated_at = ? " +
		"WHERE id = ? AND version = ? RETURNING " + allColumns
)

func columnNames() []string {
	out := make([]string, len(fields))
	for i, f := range fields {
		out[i] = f.column
	}
	return out
}

// pointers answers the Input's field pointers in the columns' order.
func pointers(in *Input) []any {
	out := make([]any, len(fields))
	for i, f := range fields {
		out[i] = f.ptr(in)
	}
	return out
}

// values answers the Input's values in the columns' order.
func values(in Input) []any {
	out := pointers(&in)
	for i, p := range out {
		switch p := p.(type) {
		case *string:
			out[i] = *p
		case *int:
			out[i] = *p
		}
	}
	return out
}

type scanner interface{ Scan(...any) error }

func scanDeal(row scanner) (Deal, error) {
	var d Deal
	var inquiry sql.NullInt64
	dest := append([]any{&d.ID}, pointers(&d.Input)...)
	dest = append(dest, &inquiry, &d.version, &d.CreatedAt, &d.UpdatedAt)
	if err := row.Scan(dest...); err != nil {
		return Deal{}, err
	}
	if inquiry.Valid {
		d.InquiryID = &inquiry.Int64
	}
	d.CreatedAt, d.UpdatedAt = d.CreatedAt.UTC(), d.UpdatedAt.UTC()
	return d, nil
}

// q is a query in the store's dialect.
func (s *Service) q(query string) string { return s.st.Rebind(query) }

// Get reads one deal.
func (s *Service) Get(ctx context.Context, id int64) (Deal, error) {
	d, err := scanDeal(s.st.DB.QueryRowContext(ctx, s.q(`SELECT `+allColumns+` FROM deals WHERE id = ?`), id))
	if err == sql.ErrNoRows {
		return Deal{}, errNotFound
	}
	return d, err
}

// byInquiry reads the deal made from an inquiry (sql.ErrNoRows for none).
func (s *Service) byInquiry(ctx context.Context, inquiryID int64) (Deal, error) {
	return scanDeal(s.st.DB.QueryRowContext(ctx, s.q(`SELECT `+allColumns+` FROM deals WHERE inquiry_id = ?`), inquiryID))
}

// List answers every deal, or those of one stage: soonest due first, deals
// with no due date last, then the newest.
func (s *Service) List(ctx context.Context, stage string) ([]Deal, error) {
	rows, err := s.st.DB.QueryContext(ctx, s.q(`SELECT `+allColumns+` FROM deals WHERE (? = '' OR stage = ?)
		ORDER BY CASE WHEN due_date = '' THEN 1 ELSE 0 END, due_date, id DESC`), stage, stage)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []Deal{}
	for rows.Next() {
		d, err := scanDeal(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, d)
	}
	return out, rows.Err()
}

// insert stores a new deal and its "created" event in tx.
func (s *Service) insert(ctx context.Context, tx *sql.Tx, actor Actor, in Input, inquiryID *int64, detail string) (Deal, error) {
	at := s.now()
	args := append(values(in), inquiryID, at, at)
	d, err := scanDeal(tx.QueryRowContext(ctx, s.q(insertSQL), args...))
	if err != nil {
		return Deal{}, err
	}
	return d, s.Record(ctx, tx, Event{DealID: &d.ID, Brand: d.Brand, At: at, Actor: actor, Kind: KindCreated,
		ToStage: d.Stage, Detail: detail})
}

// store writes next over the deal cur was read as, with the event of what
// changed; errChanged when another write came between.
func (s *Service) store(ctx context.Context, actor Actor, cur Deal, next Input) (Deal, error) {
	ev := diff(cur.Input, next)
	if ev.FromStage == "" && len(ev.Changes) == 0 {
		return cur, nil // nothing changed: nothing written, nothing recorded
	}
	var d Deal
	err := s.st.InTx(ctx, func(tx *sql.Tx) error {
		var err error
		d, err = s.write(ctx, tx, actor, cur, next, ev)
		return err
	})
	return d, err
}

// write stores next over cur in tx with the event ev of the change.
func (s *Service) write(ctx context.Context, tx *sql.Tx, actor Actor, cur Deal, next Input, ev Event) (Deal, error) {
	at := s.now()
	args := append(values(next), at, cur.ID, cur.version)
	d, err := scanDeal(tx.QueryRowContext(ctx, s.q(updateSQL), args...))
	if err == sql.ErrNoRows {
		var one int
		if tx.QueryRowContext(ctx, s.q(`SELECT 1 FROM deals WHERE id = ?`), cur.ID).Scan(&one) == sql.ErrNoRows {
			return Deal{}, errNotFound
		}
		return Deal{}, errChanged
	}
	if err != nil {
		return Deal{}, err
	}
	ev.DealID, ev.Brand, ev.At, ev.Actor = &d.ID, d.Brand, at, actor
	return d, s.Record(ctx, tx, ev)
}

// MoveTo moves a deal to stage inside tx, with its event, when it is at
// one of the stages from; at any other stage it stays (a quote accepted
// books a new deal, never one already in production or paid). It answers
// whether the deal moved. The deal's row is written first, so a deal
// deleted or changed by another transaction waits for it or fails it.
func (s *Service) MoveTo(ctx context.Context, tx *sql.Tx, actor Actor, dealID int64, stage string, from []string) (bool, error) {
	if _, err := tx.ExecContext(ctx, s.q(`UPDATE deals SET version = version WHERE id = ?`), dealID); err != nil {
		return false, err // takes the write lock before the read, as remove does
	}
	cur, err := scanDeal(tx.QueryRowContext(ctx, s.q(`SELECT `+allColumns+` FROM deals WHERE id = ?`), dealID))
	if err == sql.ErrNoRows {
		return false, errNotFound
	}
	if err != nil || !slices.Contains(from, cur.Stage) {
		return false, err
	}
	next := cur.Input
	next.Stage = stage
	_, err = s.write(ctx, tx, actor, cur, next, diff(cur.Input, next))
	return err == nil, err
}

// remove deletes a deal in one transaction: the hooks first (what hangs off
// it), then the deal with its events, and records its deletion; the hooks'
// after-commit work runs once all of it is committed.
func (s *Service) remove(ctx context.Context, actor Actor, id int64) error {
	var after []func(context.Context)
	err := s.st.InTx(ctx, func(tx *sql.Tx) error {
		// A write first: it takes SQLite's write lock (and PostgreSQL's row
		// lock) before anything is read, so the hooks see a deal that stays
		// as it is until the end.
		var brand string
		err := tx.QueryRowContext(ctx, s.q(`UPDATE deals SET version = version + 1 WHERE id = ? RETURNING brand`), id).Scan(&brand)
		if err == sql.ErrNoRows {
			return errNotFound
		}
		if err != nil {
			return err
		}
		for _, hook := range s.deleteHooks() {
			fn, err := hook(ctx, tx, id)
			if err != nil {
				return fmt.Errorf("delete what hangs off deal %d: %w", id, err)
			}
			if fn != nil {
				after = append(after, fn)
			}
		}
		if _, err := tx.ExecContext(ctx, s.q(`DELETE FROM deals WHERE id = ?`), id); err != nil {
			return err
		}
		return s.Record(ctx, tx, Event{Brand: brand, At: s.now(), Actor: actor, Kind: KindDeleted})
	})
	if err != nil {
		return err
	}
	for _, fn := range after {
		fn(ctx)
	}
	return nil
}
