package billing

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"time"

	"github.com/ugcfolio/ugcfolio/internal/apperr"
	"github.com/ugcfolio/ugcfolio/internal/billing/document"
	"github.com/ugcfolio/ugcfolio/internal/store"
)

// The invoices' tables (migration 00022_billing), read and written here.

// q is a query in the store's dialect.
func (s *Service) q(query string) string { return s.st.Rebind(query) }

// forUpdate is what a read adds to lock the rows it reads until the end
// of the transaction: PostgreSQL's row lock; SQLite's transactions hold
// the whole database's write lock from their start (_txlock=immediate).
func (s *Service) forUpdate() string {
	if s.st.Dialect == store.Postgres {
		return " FOR UPDATE"
	}
	return ""
}

// invoiceColumns are every column an Invoice is read from (the files are
// read only to be served).
const invoiceColumns = `id, deal_id, kind, number, currency, language, vat_mode, issue_date, due_date, delivery_date,
	buyer_name, buyer_org_number, buyer_vat_id, buyer_street, buyer_postal_code, buyer_city, buyer_country, buyer_email,
	buyer_reference, note, corrects_id, kid, payable, document, pdf_sha256, ehf_sha256`

type scanner interface{ Scan(...any) error }

func scanInvoice(row scanner) (Invoice, error) {
	var inv Invoice
	var number, corrects sql.NullInt64
	var doc sql.NullString
	b := &inv.Buyer
	if err := row.Scan(&inv.ID, &inv.DealID, &inv.Kind, &number, &inv.Currency, &inv.Language, &inv.VATMode,
		&inv.IssueDate, &inv.DueDate, &inv.DeliveryDate, &b.Name, &b.OrgNumber, &b.VATID, &b.Address.Street,
		&b.Address.PostalCode, &b.Address.City, &b.Address.Country, &b.Email, &b.Reference, &inv.Note, &corrects,
		&inv.KID, &inv.Payable, &doc, &inv.PDFSHA256, &inv.EHFSHA256); err != nil {
		return Invoice{}, err
	}
	if number.Valid {
		inv.Number = &number.Int64
	}
	if corrects.Valid {
		inv.CorrectsID = &corrects.Int64
	}
	inv.Payments = []Payment{}
	if doc.Valid {
		var d document.Document
		if err := json.Unmarshal([]byte(doc.String), &d); err != nil {
			return Invoice{}, fmt.Errorf("invoice %d's document: %w", inv.ID, err)
		}
		inv.document = &d
		inv.Lines = fromDocLines(d.Lines)
		inv.Totals = Totals{Net: d.Net, VAT: d.Tax, Gross: d.Gross}
		inv.Prepaid = d.Prepaid
	}
	return inv, nil
}

// readInvoices answers the invoices a query selects (WHERE … of
// invoiceColumns), each with its lines, payments and credits, state
// derived, in the query's order.
func (s *Service) readInvoices(ctx context.Context, q querier, where string, args ...any) ([]Invoice, error) {
	rows, err := q.QueryContext(ctx, s.q(`SELECT `+invoiceColumns+` FROM invoices `+where), args...)
	if err != nil {
		return nil, err
	}
	out := []Invoice{}
	for rows.Next() {
		inv, err := scanInvoice(rows)
		if err != nil {
			rows.Close()
			return nil, err
		}
		out = append(out, inv)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	today := s.today()
	for i := range out {
		if err := s.complete(ctx, q, &out[i]); err != nil {
			return nil, err
		}
		derive(&out[i], today)
	}
	return out, nil
}

// complete reads what hangs off an invoice: a draft's lines and totals,
// an issued one's payments and what credit notes took off it.
func (s *Service) complete(ctx context.Context, q querier, inv *Invoice) error {
	if inv.Number == nil {
		lines, err := s.draftLines(ctx, q, inv.ID)
		if err != nil {
			return err
		}
		inv.Lines = lines
		d := document.Document{VATMode: document.VATMode(inv.VATMode), Currency: "NOK", Lines: docLines(lines)}
		if d.Compute() == nil { // a draft's lines were checked when written
			inv.Totals = Totals{Net: d.Net, VAT: d.Tax, Gross: d.Gross}
		}
		inv.Payable = inv.Totals.Gross
		return nil
	}
	rows, err := q.QueryContext(ctx, s.q(`SELECT id, amount, paid_on, method FROM invoice_payments WHERE invoice_id = ? ORDER BY paid_on, id`), inv.ID)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var p Payment
		if err := rows.Scan(&p.ID, &p.Amount, &p.PaidOn, &p.Method); err != nil {
			return err
		}
		inv.Payments = append(inv.Payments, p)
	}
	if err := rows.Err(); err != nil {
		return err
	}
	return q.QueryRowContext(ctx, s.q(`SELECT COALESCE(SUM(payable), 0) FROM invoices WHERE corrects_id = ? AND number IS NOT NULL`),
		inv.ID).Scan(&inv.Credited)
}

func (s *Service) draftLines(ctx context.Context, q querier, id int64) ([]Line, error) {
	rows, err := q.QueryContext(ctx, s.q(`SELECT description, quantity, unit_price, vat_rate FROM invoice_lines
		WHERE invoice_id = ? ORDER BY position`), id)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []Line{}
	for rows.Next() {
		var l Line
		if err := rows.Scan(&l.Description, &l.Quantity, &l.UnitPrice, &l.VATRate); err != nil {
			return nil, err
		}
		out = append(out, l)
	}
	return out, rows.Err()
}

// readInvoice reads one invoice (errInvoiceNotFound for none); lock takes
// its row's lock in a transaction.
func (s *Service) readInvoice(ctx context.Context, q querier, id int64, lock bool) (Invoice, error) {
	where := `WHERE id = ?`
	if lock {
		where += s.forUpdate()
	}
	list, err := s.readInvoices(ctx, q, where, id)
	if err != nil {
		return Invoice{}, err
	}
	if len(list) == 0 {
		return Invoice{}, errInvoiceNotFound
	}
	return list[0], nil
}

// insertDraft stores a new draft with its lines in tx.
func (s *Service) insertDraft(ctx context.Context, tx *sql.Tx, dealID int64, kind string, d Draft, correctsID *int64) (int64, error) {
	at := s.now()
	b := d.Buyer
	var id int64
	err := tx.QueryRowContext(ctx, s.q(`INSERT INTO invoices (deal_id, kind, currency, language, vat_mode, delivery_date,
		buyer_name, buyer_org_number, buyer_vat_id, buyer_street, buyer_postal_code, buyer_city, buyer_country, buyer_email,
		buyer_reference, note, corrects_id, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
		RETURNING id`), dealID, kind, d.Currency, d.Language, d.VATMode, d.DeliveryDate, b.Name, b.OrgNumber, b.VATID,
		b.Address.Street, b.Address.PostalCode, b.Address.City, b.Address.Country, b.Email, b.Reference, d.Note, correctsID,
		at, at).Scan(&id)
	if err != nil {
		return 0, err
	}
	return id, s.writeLines(ctx, tx, id, d.Lines)
}

func (s *Service) writeLines(ctx context.Context, tx *sql.Tx, id int64, lines []Line) error {
	if _, err := tx.ExecContext(ctx, s.q(`DELETE FROM invoice_lines WHERE invoice_id = ?`), id); err != nil {
		return err
	}
	for i, l := range lines {
		if _, err := tx.ExecContext(ctx, s.q(`INSERT INTO invoice_lines (invoice_id, position, description, quantity, unit_price, vat_rate)
			VALUES (?, ?, ?, ?, ?, ?)`), id, i+1, l.Description, l.Quantity, l.UnitPrice, l.VATRate); err != nil {
			return err
		}
	}
	return nil
}

// updateDraft writes d over draft id in tx: its row first (the write takes
// the row's lock: an issue of it waits, or has happened and this finds no
// draft), then its lines. ok is false when there is no draft of that id.
func (s *Service) updateDraft(ctx context.Context, tx *sql.Tx, id int64, d Draft) (ok bool, err error) {
	b := d.Buyer
	res, err := tx.ExecContext(ctx, s.q(`UPDATE invoices SET currency = ?, language = ?, vat_mode = ?, delivery_date = ?,
		buyer_name = ?, buyer_org_number = ?, buyer_vat_id = ?, buyer_street = ?, buyer_postal_code = ?, buyer_city = ?,
		buyer_country = ?, buyer_email = ?, buyer_reference = ?, note = ?, version = version + 1, updated_at = ?
		WHERE id = ? AND number IS NULL`), d.Currency, d.Language, d.VATMode, d.DeliveryDate, b.Name, b.OrgNumber, b.VATID,
		b.Address.Street, b.Address.PostalCode, b.Address.City, b.Address.Country, b.Email, b.Reference, d.Note, s.now(), id)
	if err != nil {
		return false, err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return false, nil
	}
	return true, s.writeLines(ctx, tx, id, d.Lines)
}

// issued is what issuing writes on a draft's row, all at once.
type issued struct {
	number                  int64
	issueDate, dueDate, kid string
	payable                 int64
	document                []byte
	pdf, ehf                []byte
	pdfSHA, ehfSHA          string
	at                      time.Time
}

func (s *Service) writeIssued(ctx context.Context, tx *sql.Tx, id int64, is issued) error {
	res, err := tx.ExecContext(ctx, s.q(`UPDATE invoices SET number = ?, issue_date = ?, due_date = ?, kid = ?, payable = ?,
		document = ?, pdf = ?, pdf_sha256 = ?, ehf = ?, ehf_sha256 = ?, issued_at = ?, updated_at = ?, version = version + 1
		WHERE id = ? AND number IS NULL`), is.number, is.issueDate, is.dueDate, is.kid, is.payable, string(is.document),
		is.pdf, is.pdfSHA, is.ehf, is.ehfSHA, is.at, is.at, id)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return errIssued
	}
	return nil
}

// takeNumber takes the series' next number in tx: its first write, whose
// lock every other issue waits for until tx ends. A rolled-back tx gives
// the number back, so the series has no gap.
func (s *Service) takeNumber(ctx context.Context, tx *sql.Tx) (int64, error) {
	var n int64
	err := tx.QueryRowContext(ctx, `UPDATE invoice_series SET next_number = next_number + 1 WHERE id = 1 RETURNING next_number - 1`).Scan(&n)
	return n, err
}

// File is an issued invoice's PDF or EHF as stored.
type File struct {
	Number int64
	Kind   string
	Bytes  []byte
	SHA256 string
}

// file reads an invoice's stored PDF ("pdf") or EHF ("ehf").
func (s *Service) file(ctx context.Context, id int64, which string) (File, error) {
	column := map[string]string{"pdf": "pdf", "ehf": "ehf"}[which] // never input: the route's own word
	var f File
	var number sql.NullInt64
	err := s.st.DB.QueryRowContext(ctx, s.q(`SELECT number, kind, `+column+`, `+column+`_sha256 FROM invoices WHERE id = ?`), id).
		Scan(&number, &f.Kind, &f.Bytes, &f.SHA256)
	if err == sql.ErrNoRows {
		return File{}, errInvoiceNotFound
	}
	f.Number = number.Int64
	if err == nil && !number.Valid {
		return File{}, errDraftHasNoFile
	}
	if err == nil && f.Bytes == nil {
		return File{}, apperr.NotFound("this invoice has no EHF: its buyer has no Peppol address (a Norwegian organisation number or a European VAT id); send the PDF")
	}
	return f, err
}
