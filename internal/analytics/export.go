package analytics

import (
	"cmp"
	"context"
	"database/sql"
	"encoding/csv"
	"io"
	"slices"
	"strconv"
	"time"
)

// ExportColumns are the columns of the CSV export, one row per day.
var ExportColumns = []string{"date", "visitors", "pageviews", "form_started", "inquiries", "plays", "completions",
	"clicks", "engaged_visits", "visits_over_10s"}

// ExportCSV writes the daily figures of r as CSV, one row per day (zeros included).
func (s *Service) ExportCSV(ctx context.Context, r Range, w io.Writer) error {
	type row struct{ visitors, pageviews, started, inquiries, plays, completions, clicks, engaged, over10 int64 }
	days := map[string]*row{}
	err := s.each(ctx, `SELECT day, metric, dim, CAST(SUM(visitors) AS BIGINT), CAST(SUM(events) AS BIGINT) FROM analytics_daily
		WHERE day >= ? AND day <= ? AND metric IN ('pageviews', 'form', 'inquiry', 'play', 'watch', 'click', 'time')
		GROUP BY day, metric, dim`, func(sc func(...any) error) error {
		var day, metric, dim string
		var visitors, events int64
		if err := sc(&day, &metric, &dim, &visitors, &events); err != nil {
			return err
		}
		d := days[day]
		if d == nil {
			d = &row{}
			days[day] = d
		}
		switch metric {
		case "pageviews":
			d.visitors, d.pageviews = visitors, events
		case "form":
			if dim == "started" {
				d.started = visitors
			}
		case "inquiry":
			d.inquiries = visitors
		case "play":
			d.plays += events
		case "watch":
			d.completions += events
		case "click":
			d.clicks += events
		case "time":
			d.engaged, d.over10 = visitors, events
		}
		return nil
	}, r.From.Format(time.DateOnly), r.To.Format(time.DateOnly))
	if err != nil {
		return err
	}
	cw := csv.NewWriter(w)
	cw.Write(ExportColumns)
	for t := r.From; !t.After(r.To); t = t.AddDate(0, 0, 1) {
		date := t.Format(time.DateOnly)
		d := days[date]
		if d == nil {
			d = &row{}
		}
		rec := []string{date}
		for _, n := range []int64{d.visitors, d.pageviews, d.started, d.inquiries, d.plays, d.completions, d.clicks, d.engaged, d.over10} {
			rec = append(rec, strconv.FormatInt(n, 10))
		}
		cw.Write(rec)
	}
	cw.Flush()
	return cw.Error()
}

// DeleteAll deletes every analytics row: raw events, rollups and pitch-link
// visits (the links themselves, today's salt and the inquiries stay).
func (s *Service) DeleteAll(ctx context.Context) error {
	s.Flush() // what waits in the queue is deleted too
	return s.st.InTx(ctx, func(tx *sql.Tx) error {
		for _, table := range []string{"analytics_events", "analytics_daily", "analytics_hourly", "analytics_state",
			"analytics_pitch_events", "analytics_pitch_visits"} {
			if _, err := tx.ExecContext(ctx, `DELETE FROM `+table); err != nil {
				return err
			}
		}
		return nil
	})
}

// Activity is one line of the Overview's recent activity.
type Activity struct {
	Type string    `json:"type"` // inquiry, pitch-open, media-ready; deal (internal/deals, given as more)
	At   time.Time `json:"at"`
	Text string    `json:"text"`
	Link string    `json:"link,omitempty"`
}

// maxActivity is how many lines Activity answers.
const maxActivity = 20

// Activity answers the newest inquiries, pitch links opened and media made
// ready, and the lines of more (deal events), newest first, at most 20.
func (s *Service) Activity(ctx context.Context, more ...Activity) ([]Activity, error) {
	out := append([]Activity{}, more...)
	add := func(typ, link string, text func(a, b string) string) func(func(...any) error) error {
		return func(sc func(...any) error) error {
			var at sqlTime
			var a, b string
			if err := sc(&at, &a, &b); err != nil {
				return err
			}
			out = append(out, Activity{Type: typ, At: at.t, Text: text(a, b), Link: link})
			return nil
		}
	}
	queries := []struct {
		query string
		fn    func(func(...any) error) error
	}{
		{`SELECT created_at, name, company FROM contact_inquiries ORDER BY created_at DESC LIMIT 20`,
			add("inquiry", "/admin/inquiries", func(name, company string) string {
				if company != "" {
					return "Inquiry from " + name + " (" + company + ")"
				}
				return "Inquiry from " + name
			})},
		{`SELECT v.first_at, l.name, '' FROM analytics_pitch_visits v JOIN analytics_pitch_links l ON l.id = v.link_id
			ORDER BY v.first_at DESC LIMIT 20`,
			add("pitch-open", "/admin/analytics", func(name, _ string) string { return `Pitch link "` + name + `" opened` })},
		// A deal's drafts (internal/rooms) are not the portfolio's: their answers are deal events.
		{`SELECT updated_at, kind, stored_name FROM media_assets WHERE status = 'ready'
			AND stored_name NOT IN (SELECT stored_name FROM room_drafts) ORDER BY updated_at DESC LIMIT 20`,
			add("media-ready", "/admin/portfolio", func(kind, name string) string {
				if kind == "video" {
					return "Video ready: " + name
				}
				return "Photo ready: " + name
			})},
	}
	for _, q := range queries {
		if err := s.each(ctx, q.query, q.fn); err != nil {
			return nil, err
		}
	}
	slices.SortStableFunc(out, func(a, b Activity) int { return cmp.Compare(b.At.UnixNano(), a.At.UnixNano()) })
	return out[:min(len(out), maxActivity)], nil
}
