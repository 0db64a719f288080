package billing

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/ugcfolio/ugcfolio/internal/billing/dunning"
	"github.com/ugcfolio/ugcfolio/internal/deals"
	"github.com/ugcfolio/ugcfolio/internal/jobs"
)

// The reminders of unpaid invoices: a sweep on the job queue (so each run
// happens in exactly one replica), queued by every server every
// SweepEvery unless one is queued or running. For each issued invoice
// with money outstanding and no credit note, dunning.Next says which step
// of the schedule is owed today given the steps already sent; the step's
// row in invoice_reminders, its e-mail's job and the deal's event are
// written in one transaction, and the row's key (invoice, step) lets only
// one of them in: a repeated run or a second replica sends nothing twice.

const sweepKind = "billing.reminders"

// remindAhead is how many days before the due date the first reminder goes.
const remindAhead = 3

// reminderActor is who the deal's history says sent a reminder.
var reminderActor = deals.Actor{Name: "Automatic reminder"}

// Run queues a sweep every SweepEvery until ctx ends (serve runs it).
func (s *Service) Run(ctx context.Context) {
	t := time.NewTicker(s.sweepEvery)
	defer t.Stop()
	for {
		if err := s.ScheduleSweep(ctx); err != nil && ctx.Err() == nil {
			s.log.Error("billing: queue reminders", "err", err)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// ScheduleSweep queues a sweep unless one is queued or running.
func (s *Service) ScheduleSweep(ctx context.Context) error {
	j, ok, err := s.jobs.Latest(ctx, sweepKind, "billing")
	if err != nil {
		return err
	}
	if ok && (j.State == jobs.Queued || j.State == jobs.Running) {
		return nil
	}
	_, err = s.sweep.Enqueue(ctx, nil, "billing", struct{}{})
	return err
}

// Remind is one run: each reminder owed today queued, once; then the
// kinds' done jobs of more than a day ago pruned. With e-mail off it
// sends nothing (the Overview lists the overdue invoices all the same).
func (s *Service) Remind(ctx context.Context) error {
	if !s.mail.Enabled() {
		return nil
	}
	today := s.today()
	// Outstanding and credits are derived, so the candidates are read whole
	// and filtered here: issued, not a credit note, due within remindAhead days.
	list, err := s.readInvoices(ctx, s.st.DB, `WHERE number IS NOT NULL AND kind <> 'credit-note' AND due_date <> '' AND due_date <= ?
		ORDER BY due_date, id`, addDays(today, remindAhead))
	if err != nil {
		return err
	}
	for _, inv := range list {
		if inv.Outstanding == 0 || inv.Credited > 0 || inv.Buyer.Email == "" {
			continue
		}
		if other, err := s.elsewhere(ctx, inv.ID); err != nil || other != "" {
			if err != nil {
				return err
			}
			continue // the system that issued it reminds
		}
		if err := s.remind(ctx, inv, today); err != nil {
			return err
		}
	}
	for _, kind := range []string{sweepKind, mailKind} {
		if _, err := s.jobs.PruneDone(ctx, kind, time.Now().Add(-24*time.Hour)); err != nil {
			return err
		}
	}
	return nil
}

// remind queues the step owed today of one invoice, if any.
func (s *Service) remind(ctx context.Context, inv Invoice, today string) error {
	sent, err := s.sentSteps(ctx, inv.ID)
	if err != nil {
		return err
	}
	due, err1 := time.Parse(time.DateOnly, inv.DueDate)
	day, err2 := time.Parse(time.DateOnly, today)
	if err := errors.Join(err1, err2); err != nil {
		return fmt.Errorf("invoice %d: %w", inv.ID, err)
	}
	step, ok := dunning.Next(due, day, sent)
	if !ok {
		return nil
	}
	r := sentReminder{Step: string(step), SentOn: today}
	detail := fmt.Sprintf("%s of %s %d e-mailed to %s", stepLabel(step), kindLabel(inv.Kind), *inv.Number, inv.Buyer.Email)
	if step == dunning.StepFormal {
		var note string
		r.Interest, r.Fee, note = s.formalClaims(ctx, inv, due, day)
		detail += note
	}
	queued := false
	err = s.st.InTx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, s.q(`INSERT INTO invoice_reminders (invoice_id, step, sent_on, interest, fee, created_at)
			VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (invoice_id, step) DO NOTHING`), inv.ID, r.Step, r.SentOn, r.Interest, r.Fee, s.now())
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil || n == 0 {
			return err // sent already, by another run
		}
		queued = true
		if err := s.queueMail(ctx, tx, mailJob{Event: eventReminder, InvoiceID: inv.ID, To: inv.Buyer.Email, Step: r.Step}); err != nil {
			return err
		}
		return s.deals.Record(ctx, tx, deals.Event{DealID: &inv.DealID, Brand: inv.Buyer.Name, Actor: reminderActor,
			Kind: "invoice-reminder", Detail: detail})
	})
	if queued && err == nil {
		s.mailer.Wake()
		s.log.Info("billing: reminder queued", "invoice", *inv.Number, "step", step)
	}
	return err
}

// formalClaims are what the formal reminder claims besides the amount:
// the late interest earned on what is outstanding (forsinkelsesrenteloven)
// and the profile's fee (a NOK fee, so only on a NOK invoice); note says
// so for the deal's history, and why no interest is claimed when the rate
// table has no rate for a day of the period (it is never guessed).
func (s *Service) formalClaims(ctx context.Context, inv Invoice, due, day time.Time) (interest, fee int64, note string) {
	interest, err := dunning.Interest(inv.Outstanding, due, day)
	switch {
	case errors.Is(err, dunning.ErrNoRate):
		interest = 0
		note = fmt.Sprintf("; no late interest claimed: %v (add the rate to internal/billing/dunning/rates.json)", err)
		s.log.Warn("billing: formal reminder without late interest", "invoice", *inv.Number, "err", err)
	case err != nil:
		interest = 0
		note = fmt.Sprintf("; no late interest claimed: %v", err)
		s.log.Error("billing: late interest", "invoice", *inv.Number, "err", err)
	case interest > 0:
		note = "; late interest " + money(interest, inv.Currency)
	}
	if inv.Currency == "NOK" {
		if p, err := s.Profile(ctx); err == nil && p.ReminderFee > 0 {
			fee = p.ReminderFee
			note += "; reminder fee " + money(fee, inv.Currency)
		}
	}
	return interest, fee, note
}

// sentSteps are the steps already sent of an invoice.
func (s *Service) sentSteps(ctx context.Context, id int64) ([]dunning.Step, error) {
	rows, err := s.st.DB.QueryContext(ctx, s.q(`SELECT step FROM invoice_reminders WHERE invoice_id = ?`), id)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []dunning.Step
	for rows.Next() {
		var step string
		if err := rows.Scan(&step); err != nil {
			return nil, err
		}
		out = append(out, dunning.Step(step))
	}
	return out, rows.Err()
}

// stepLabel names a step in the deal's history.
func stepLabel(step dunning.Step) string {
	switch step {
	case dunning.StepBeforeDue:
		return "Reminder 3 days before the due date"
	case dunning.StepOnDue:
		return "Reminder on the due date"
	case dunning.StepAfterDue:
		return "Reminder 7 days after the due date"
	}
	return "Formal reminder (purring)"
}
