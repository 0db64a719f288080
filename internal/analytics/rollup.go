package analytics

import (
	"context"
	"database/sql"
	"time"

	"github.com/ugcfolio/ugcfolio/internal/jobs"
)

// The rollup: a job of internal/jobs (so each run happens in exactly one
// replica) that recomputes, from the raw events, the hourly and daily
// totals of every day (and its hours) that got events since its last run, then
// prunes what is past its retention. Recomputing whole periods makes a run
// idempotent: a run repeated after a crash, or two runs queued by two
// replicas at once, give the same totals.

const (
	rollupKind = "analytics-rollup"
	// RollupEvery is how often each server queues a rollup (unless one is
	// queued already): new events show within it plus the writer's batch.
	RollupEvery = 30 * time.Second
	// rollupOverlap is how far before its last start a run looks for new
	// events: they are stamped when they arrive and written seconds later.
	rollupOverlap = 5 * time.Minute
)

// metricSQL are the daily totals, each a SELECT of one day's raw events (?
// is the day) answering rows of analytics_daily. metric names what the row counts; see the
// migration 00014 for the columns. The rows are kept for good, so each
// day's are bounded (foldRare): sources, campaigns and referrers are what
// any request says.
var metricSQL = []string{
	// Visitors (distinct in the day) and page views: counted by the server.
	`SELECT day, 'pageviews', '', COUNT(DISTINCT visitor), COUNT(*), 0 FROM analytics_events
		WHERE day = ? AND kind = 'pageview' GROUP BY day`,
	// Sections reached, clicks per target, form steps: visitors and events.
	`SELECT day, kind, target, COUNT(DISTINCT visitor), COUNT(*), 0 FROM analytics_events
		WHERE day = ? AND kind IN ('section', 'click', 'form', 'inquiry') GROUP BY day, kind, target`,
	// Plays per item, of the portfolio's items only (the beacon may name any number).
	`SELECT day, 'play', CAST(item AS TEXT), COUNT(DISTINCT visitor), COUNT(*), 0 FROM analytics_events
		WHERE day = ? AND kind = 'play' AND item IN (SELECT id FROM portfolio_items) GROUP BY day, item`,
	// Watching per item: viewers, completions (reached 100), sum of each viewer's furthest percent.
	`SELECT day, 'watch', CAST(item AS TEXT), COUNT(*), SUM(CASE WHEN pct = 100 THEN 1 ELSE 0 END), SUM(pct)
		FROM (SELECT day, visitor, item, MAX(value) AS pct FROM analytics_events
			WHERE day = ? AND kind IN ('play', 'progress') AND item IN (SELECT id FROM portfolio_items)
			GROUP BY day, visitor, item) w GROUP BY day, item`,
	// Visible time: visits with time reported, visits over 10 s, seconds. A
	// visitor's day counts a day's seconds at most, however many events claim more.
	`SELECT day, 'time', '', COUNT(*), SUM(CASE WHEN sec > 10 THEN 1 ELSE 0 END), SUM(sec)
		FROM (SELECT day, visitor, CASE WHEN SUM(value) > 86400 THEN 86400 ELSE SUM(value) END AS sec FROM analytics_events
			WHERE day = ? AND kind = 'time' GROUP BY day, visitor) t GROUP BY day`,
	// Where visitors come from, in what language, on what.
	`SELECT day, 'source', CASE WHEN utm_source <> '' THEN utm_source WHEN referrer <> '' THEN referrer ELSE '(direct)' END AS src,
		COUNT(DISTINCT visitor), COUNT(*), 0 FROM analytics_events WHERE day = ? AND kind = 'pageview' GROUP BY day, src`,
	`SELECT day, 'campaign', utm_campaign, COUNT(DISTINCT visitor), COUNT(*), 0 FROM analytics_events
		WHERE day = ? AND kind = 'pageview' AND utm_campaign <> '' GROUP BY day, utm_campaign`,
	`SELECT day, 'lang', lang, COUNT(DISTINCT visitor), COUNT(*), 0 FROM analytics_events
		WHERE day = ? AND kind = 'pageview' GROUP BY day, lang`,
	`SELECT day, 'device', device, COUNT(DISTINCT visitor), COUNT(*), 0 FROM analytics_events
		WHERE day = ? AND kind = 'pageview' GROUP BY day, device`,
	`SELECT day, 'browser', browser, COUNT(DISTINCT visitor), COUNT(*), 0 FROM analytics_events
		WHERE day = ? AND kind = 'pageview' GROUP BY day, browser`,
	`SELECT day, 'country', country, COUNT(DISTINCT visitor), COUNT(*), 0 FROM analytics_events
		WHERE day = ? AND kind = 'view' AND country <> '' GROUP BY day, country`,
}

// hourlySQL are the hourly totals of one day (? is the day): visitors and
// page views per hour. A whole day's hours at once: the raw events are
// indexed by day.
const hourlySQL = `SELECT hour, 'pageviews', '', COUNT(DISTINCT visitor), COUNT(*), 0 FROM analytics_events
	WHERE day = ? AND kind = 'pageview' GROUP BY hour`

// Run queues a rollup every RollupEvery until ctx ends (serve runs it).
func (s *Service) Run(ctx context.Context) {
	t := time.NewTicker(RollupEvery)
	defer t.Stop()
	for {
		if err := s.ScheduleRollup(ctx); err != nil && ctx.Err() == nil {
			s.log.Error("analytics: queue rollup", "err", err)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// ScheduleRollup queues a rollup job unless one is queued or running.
func (s *Service) ScheduleRollup(ctx context.Context) error {
	j, ok, err := s.q.Latest(ctx, rollupKind, "analytics")
	if err != nil {
		return err
	}
	if ok && (j.State == jobs.Queued || j.State == jobs.Running) {
		return nil
	}
	_, err = s.rollup.Enqueue(ctx, nil, "analytics", struct{}{})
	return err
}

func (s *Service) runRollup(ctx context.Context, _ *jobs.Task, _ struct{}) error {
	return s.Rollup(ctx)
}

// Rollup recomputes the totals of the periods with new events and prunes
// what is past its retention: one run of the rollup job.
func (s *Service) Rollup(ctx context.Context) error {
	start := s.now()
	var last sql.NullTime
	err := s.st.DB.QueryRowContext(ctx, `SELECT at FROM analytics_state WHERE name = 'rollup'`).Scan(&last)
	if err != nil && err != sql.ErrNoRows {
		return err
	}
	since := time.Time{}
	if last.Valid {
		since = last.Time.Add(-rollupOverlap)
	}
	// The raw events are indexed by day (not by time): the day bounds the search.
	days, err := s.distinct(ctx, `SELECT DISTINCT day FROM analytics_events WHERE day >= ? AND at >= ?`, dayOf(since), since)
	if err != nil {
		return err
	}
	for _, day := range days {
		if err := s.rollupDay(ctx, day); err != nil {
			return err
		}
	}
	if _, err := s.st.DB.ExecContext(ctx, s.st.Rebind(`INSERT INTO analytics_state (name, at) VALUES ('rollup', ?)
		ON CONFLICT (name) DO UPDATE SET at = excluded.at`), start); err != nil {
		return err
	}
	return s.prune(ctx, start)
}

func (s *Service) distinct(ctx context.Context, query string, args ...any) ([]string, error) {
	rows, err := s.st.DB.QueryContext(ctx, s.st.Rebind(query), args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var v string
		if err := rows.Scan(&v); err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, rows.Err()
}

// prune deletes raw events past the retention, pitch-link visits past
// PitchRetention, salts of earlier days and the rollup's done jobs.
func (s *Service) prune(ctx context.Context, now time.Time) error {
	expired := now.Add(-s.retention)
	steps := []struct {
		query string
		args  []any
	}{
		{`DELETE FROM analytics_events WHERE day <= ? AND at < ?`, []any{dayOf(expired), expired}}, // indexed by day
		{`DELETE FROM analytics_pitch_events WHERE at < ?`, []any{now.Add(-PitchRetention)}},
		{`DELETE FROM analytics_pitch_visits WHERE last_at < ?`, []any{now.Add(-PitchRetention)}},
	}
	for _, st := range steps {
		if _, err := s.st.DB.ExecContext(ctx, s.st.Rebind(st.query), st.args...); err != nil {
			return err
		}
	}
	if err := s.dropOldSalts(ctx, dayOf(now)); err != nil {
		return err
	}
	_, err := s.q.PruneDone(ctx, rollupKind, now.Add(-time.Hour))
	return err
}
