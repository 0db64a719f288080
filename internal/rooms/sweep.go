package rooms

import (
	"context"
	"database/sql"
	"time"

	"github.com/ugcfolio/ugcfolio/internal/jobs"
)

// The sweep: a job of internal/jobs (so each run happens in exactly one
// replica) that approves the drafts whose days are up and e-mails the
// creator about licences that end in 14 days or today. Each server queues
// one every SweepEvery unless one is queued or running. A run is
// idempotent: a draft is approved only while it waits (decide), and a
// reminder is queued only with the row that says it was (remind), in one
// transaction, so a repeated run or a second replica sends nothing twice.

const sweepKind = "rooms-sweep"

// reminderLead is how long before a licence's last day the creator hears of it.
const reminderLead = 14

// catchUp is how many days after a licence's last day its reminder is
// still sent when the servers were down on the day.
const catchUp = 7

// Run queues a sweep every SweepEvery until ctx ends (serve runs it).
func (s *Service) Run(ctx context.Context) {
	t := time.NewTicker(s.sweepEvery)
	defer t.Stop()
	for {
		if err := s.ScheduleSweep(ctx); err != nil && ctx.Err() == nil {
			s.log.Error("rooms: queue sweep", "err", err)
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
	j, ok, err := s.jobs.Latest(ctx, sweepKind, "rooms")
	if err != nil {
		return err
	}
	if ok && (j.State == jobs.Queued || j.State == jobs.Running) {
		return nil
	}
	_, err = s.sweep.Enqueue(ctx, nil, "rooms", struct{}{})
	return err
}

func (s *Service) runSweep(ctx context.Context, _ *jobs.Task, _ struct{}) error { return s.Sweep(ctx) }

// Sweep is one run: due drafts approved, reminders queued, and the
// kinds' done jobs of more than a day ago pruned.
func (s *Service) Sweep(ctx context.Context) error {
	if err := s.approveDue(ctx); err != nil {
		return err
	}
	if err := s.remindLicences(ctx); err != nil {
		return err
	}
	for _, kind := range []string{sweepKind, mailKind} {
		if _, err := s.jobs.PruneDone(ctx, kind, time.Now().Add(-24*time.Hour)); err != nil {
			return err
		}
	}
	return nil
}

// approveDue approves every draft whose days are up in a room whose link
// still works (a brand who cannot open the room is not taken to agree).
func (s *Service) approveDue(ctx context.Context) error {
	now := s.now()
	rows, err := s.st.DB.QueryContext(ctx, s.q(`SELECT d.id, d.deal_id FROM room_drafts d JOIN deal_rooms r ON r.deal_id = d.deal_id
		WHERE d.state = 'pending' AND d.due_at IS NOT NULL AND d.due_at <= ? AND (r.expires_on = '' OR r.expires_on >= ?)
		AND EXISTS (SELECT 1 FROM room_links l WHERE l.room_id = r.id AND l.revoked_at IS NULL)
		ORDER BY d.due_at, d.id`), now, day(now))
	if err != nil {
		return err
	}
	type due struct{ draft, deal int64 }
	var list []due
	for rows.Next() {
		var d due
		if err := rows.Scan(&d.draft, &d.deal); err != nil {
			rows.Close()
			return err
		}
		list = append(list, d)
	}
	if err := rows.Close(); err != nil {
		return err
	}
	if err := rows.Err(); err != nil {
		return err
	}
	for _, d := range list {
		if err := s.autoApprove(ctx, d.deal, d.draft); err != nil {
			return err
		}
		s.log.Info("rooms: draft approved automatically", "draft", d.draft, "deal", d.deal)
	}
	return nil
}

// The reminders of a licence.
const (
	reminderSoon  = "soon"  // reminderLead days before its last day (or later, when it was set closer)
	reminderEnded = "ended" // on its last day (or up to catchUp days later)
)

// remindLicences queues the creator's reminder of each licence whose
// moment has come and that has not had it for its end date.
func (s *Service) remindLicences(ctx context.Context) error {
	if !s.mail.Enabled() {
		return nil // nothing to send; the dashboard lists them all the same
	}
	today := day(s.now())
	list, err := s.queryLicences(ctx, `SELECT `+licenceColumns+` FROM room_licences WHERE end_date >= ? AND end_date <= ? ORDER BY end_date, id`,
		addDays(today, -catchUp), addDays(today, reminderLead))
	if err != nil {
		return err
	}
	for _, l := range list {
		kind := reminderSoon
		if today >= l.EndDate {
			kind = reminderEnded
		}
		if err := s.remind(ctx, l, kind); err != nil {
			return err
		}
	}
	return nil
}

// remind records and queues one reminder, unless it was recorded already.
func (s *Service) remind(ctx context.Context, l Licence, kind string) error {
	sent := false
	err := s.st.InTx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, s.q(`INSERT INTO licence_reminders (licence_id, kind, end_date, sent_at) VALUES (?, ?, ?, ?)
			ON CONFLICT (licence_id, kind, end_date) DO NOTHING`), l.ID, kind, l.EndDate, s.now())
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil || n == 0 {
			return err
		}
		sent = true
		event := eventLicenceSoon
		if kind == reminderEnded {
			event = eventLicenceEnded
		}
		return s.queueMail(ctx, tx, mailJob{Event: event, To: toCreator, LicenceID: l.ID, EndDate: l.EndDate, Day: day(s.now())})
	})
	if sent && err == nil {
		s.mailer.Wake()
		s.log.Info("rooms: licence reminder queued", "licence", l.ID, "kind", kind, "end", l.EndDate)
	}
	return err
}
