package fiken

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"

	"github.com/ugcfolio/ugcfolio/internal/apperr"
	"github.com/ugcfolio/ugcfolio/internal/billing"
	"github.com/ugcfolio/ugcfolio/internal/jobs"
)

// Payments both ways. One recorded here of an invoice made in Fiken is
// queued for Fiken in the transaction that records it (billing's
// OnPayment hook), and sent by a fiken.call job; one registered in
// Fiken comes back by the periodic fetch (a fiken.call job too). A Fiken payment is recorded
// once (fiken_payments' unique pair); the fetch leaves an invoice alone
// while a payment of it is on its way to Fiken, so it never takes that
// payment back for a new one.

// onPayment queues a payment of an invoice made in Fiken for Fiken.
func (s *Service) onPayment(ctx context.Context, tx *sql.Tx, inv billing.Invoice, paymentID int64) error {
	var docID int64
	err := tx.QueryRowContext(ctx, s.q(`SELECT id FROM fiken_documents WHERE kind = 'invoice' AND invoice_id = ?`), inv.ID).Scan(&docID)
	if errors.Is(err, sql.ErrNoRows) {
		return nil
	}
	if err != nil {
		return err
	}
	now := s.billing.Now()
	var id int64
	if err := tx.QueryRowContext(ctx, s.q(`INSERT INTO fiken_payments (invoice_id, payment_id, direction, state, created_at, updated_at)
		VALUES (?, ?, 'to-fiken', 'pending', ?, ?) RETURNING id`), inv.ID, paymentID, now, now).Scan(&id); err != nil {
		return err
	}
	_, err = s.calls.Enqueue(ctx, tx, "fiken-payment:"+itoa(id), call{Payment: id})
	return err
}

// PaymentStatus is a payment's way to or from Fiken.
type PaymentStatus struct {
	PaymentID      *int64 `json:"paymentId"`
	FikenPaymentID *int64 `json:"fikenPaymentId"`
	Direction      string `json:"direction"`
	State          string `json:"state"`
	Error          string `json:"error"`
}

func (s *Service) payments(ctx context.Context, invoiceID int64) ([]PaymentStatus, error) {
	rows, err := s.st.DB.QueryContext(ctx, s.q(`SELECT payment_id, fiken_payment_id, direction, state, error FROM fiken_payments
		WHERE invoice_id = ? ORDER BY id`), invoiceID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []PaymentStatus{}
	for rows.Next() {
		var p PaymentStatus
		var pid, fid sql.NullInt64
		if err := rows.Scan(&pid, &fid, &p.Direction, &p.State, &p.Error); err != nil {
			return nil, err
		}
		if pid.Valid {
			p.PaymentID = &pid.Int64
		}
		if fid.Valid {
			p.FikenPaymentID = &fid.Int64
		}
		out = append(out, p)
	}
	return out, rows.Err()
}

// pushPayment sends one payment to Fiken: found there first (a try whose
// answer was lost), else registered.
func (s *Service) pushPayment(ctx context.Context, id int64) error {
	var invoiceID, amount int64
	var paymentID sql.NullInt64
	var state, paidOn string
	err := s.st.DB.QueryRowContext(ctx, s.q(`SELECT f.invoice_id, f.payment_id, f.state, p.amount, p.paid_on FROM fiken_payments f
		JOIN invoice_payments p ON p.id = f.payment_id WHERE f.id = ?`), id).Scan(&invoiceID, &paymentID, &state, &amount, &paidOn)
	if err != nil {
		return jobs.Permanent(err)
	}
	if state != "pending" {
		return nil
	}
	err = s.sendPayment(ctx, id, invoiceID, amount, paidOn)
	if err == nil {
		return nil
	}
	msg := err.Error()
	if fe, ok := AsError(err); ok {
		msg = fe.Message
		if fe.Retryable() {
			s.setPayment(ctx, id, `error = ?`, msg)
			return err
		}
	}
	s.setPayment(ctx, id, `state = 'failed', error = ?`, msg)
	return jobs.Permanent(err)
}

func (s *Service) setPayment(ctx context.Context, id int64, assignments string, args ...any) error {
	_, err := s.st.DB.ExecContext(ctx, s.q(`UPDATE fiken_payments SET `+assignments+`, updated_at = ? WHERE id = ?`), append(args, s.billing.Now(), id)...)
	return err
}

func (s *Service) sendPayment(ctx context.Context, id, invoiceID, amount int64, paidOn string) error {
	c, ok, err := s.connection(ctx)
	if err != nil {
		return err
	}
	if !ok {
		return errNotConnected
	}
	docs, err := s.docs(ctx, `WHERE kind = 'invoice' AND invoice_id = ?`, invoiceID)
	if err != nil {
		return err
	}
	if len(docs) == 0 || !docs[0].saleID.Valid {
		return apperr.New(apperr.CodeConflict, "the invoice has no sale in Fiken")
	}
	saleID := docs[0].saleID.Int64
	inv, err := s.billing.Get(ctx, invoiceID)
	if err != nil {
		return err
	}
	cl := s.client(c)
	there, err := cl.Payments(ctx, saleID)
	if err != nil {
		return err
	}
	known, err := s.knownPayments(ctx, invoiceID)
	if err != nil {
		return err
	}
	var fid int64
	for _, p := range there {
		if !slices.Contains(known, p.PaymentID) && p.Amount == amount && p.Date == paidOn {
			fid = p.PaymentID
			break
		}
	}
	if fid == 0 {
		p := Payment{Date: paidOn, Account: c.bankAccount, Amount: amount}
		if inv.Currency != "NOK" {
			p.Currency = inv.Currency
		}
		if fid, err = cl.AddPayment(ctx, saleID, p); err != nil {
			return err
		}
	}
	return s.setPayment(ctx, id, `state = 'done', fiken_payment_id = ?, error = ''`, fid)
}

func (s *Service) knownPayments(ctx context.Context, invoiceID int64) ([]int64, error) {
	rows, err := s.st.DB.QueryContext(ctx, s.q(`SELECT fiken_payment_id FROM fiken_payments WHERE invoice_id = ? AND fiken_payment_id IS NOT NULL`), invoiceID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		out = append(out, id)
	}
	return out, rows.Err()
}

// errKnown rolls back a payment Fiken's fetch found recorded meanwhile.
var errKnown = errors.New("fiken: payment recorded already")

// Sync fetches the payments registered in Fiken of every invoice made
// there with money outstanding, and records those not recorded yet.
func (s *Service) Sync(ctx context.Context) error {
	c, ok, err := s.connection(ctx)
	if err != nil || !ok {
		return err
	}
	cl := s.client(c)
	docs, err := s.docs(ctx, `WHERE kind = 'invoice' AND invoice_id IS NOT NULL AND sale_id IS NOT NULL ORDER BY id`)
	if err != nil {
		return err
	}
	for _, d := range docs {
		if err := s.syncOne(ctx, cl, d); err != nil {
			if fe, ok := AsError(err); ok && fe.Retryable() {
				return err // Fiken busy or down: the next round
			}
			s.log.Warn("fiken: a payment from Fiken not recorded", "invoice", *d.InvoiceID, "err", err)
			s.set(ctx, d.ID, `error = ?`, "A payment registered in Fiken is not recorded here: "+err.Error())
		}
	}
	return nil
}

func (s *Service) syncOne(ctx context.Context, cl *Client, d Document) error {
	inv, err := s.billing.Get(ctx, *d.InvoiceID)
	if err != nil {
		return err
	}
	if inv.Outstanding == 0 {
		return nil
	}
	var pending int
	if err := s.st.DB.QueryRowContext(ctx, s.q(`SELECT COUNT(*) FROM fiken_payments WHERE invoice_id = ? AND direction = 'to-fiken' AND state = 'pending'`),
		inv.ID).Scan(&pending); err != nil || pending > 0 {
		return err
	}
	there, err := cl.Payments(ctx, d.saleID.Int64)
	if err != nil {
		return err
	}
	known, err := s.knownPayments(ctx, inv.ID)
	if err != nil {
		return err
	}
	for _, p := range there {
		if slices.Contains(known, p.PaymentID) {
			continue
		}
		_, err := s.billing.AddPaymentFrom(ctx, actor, inv.ID, billing.PaymentInput{Amount: p.Amount, PaidOn: p.Date, Method: "bank"},
			func(ctx context.Context, tx *sql.Tx, _ billing.Invoice, paymentID int64) error {
				now := s.billing.Now()
				res, err := tx.ExecContext(ctx, s.q(`INSERT INTO fiken_payments (invoice_id, payment_id, fiken_payment_id, direction, state, created_at, updated_at)
					VALUES (?, ?, ?, 'from-fiken', 'done', ?, ?) ON CONFLICT DO NOTHING`), inv.ID, paymentID, p.PaymentID, now, now)
				if err != nil {
					return err
				}
				if n, _ := res.RowsAffected(); n == 0 {
					return errKnown
				}
				return nil
			})
		if err != nil && !errors.Is(err, errKnown) {
			return fmt.Errorf("payment %d of %d on %s: %w", p.PaymentID, p.Amount, p.Date, err)
		}
	}
	return nil
}
