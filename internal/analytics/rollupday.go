package analytics

import (
	"cmp"
	"context"
	"database/sql"
	"slices"
)

// totalRow is one row of analytics_daily or analytics_hourly.
type totalRow struct {
	period, metric, dim     string // period: the day, or the hour
	visitors, events, total int64
}

// rollupDay replaces one day's daily and hourly rows by totals of its raw
// events. The totals are counted first, in a read-only transaction (one
// snapshot of the events), and then written in a short transaction of
// their own: counted by an INSERT … SELECT inside the write, a busy day
// held SQLite's one write lock for seconds, and the event writer waited
// (its queue filled and events were dropped). The totals are the same.
func (s *Service) rollupDay(ctx context.Context, day string) error {
	hourly, daily, err := s.dayTotals(ctx, day)
	if err != nil {
		return err
	}
	return s.st.InTx(ctx, func(tx *sql.Tx) error {
		// Hours are "YYYY-MM-DDTHH": the day's are those between "dayT" and "dayU".
		if _, err := tx.ExecContext(ctx, s.st.Rebind(`DELETE FROM analytics_hourly WHERE hour > ? AND hour < ?`), day+"T", day+"U"); err != nil {
			return err
		}
		if err := s.insertTotals(ctx, tx, "analytics_hourly", "hour", hourly); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, s.st.Rebind(`DELETE FROM analytics_daily WHERE day = ?`), day); err != nil {
			return err
		}
		return s.insertTotals(ctx, tx, "analytics_daily", "day", daily)
	})
}

// dayTotals counts a day's hourly and daily rows (hourlySQL, metricSQL).
func (s *Service) dayTotals(ctx context.Context, day string) (hourly, daily []totalRow, err error) {
	tx, err := s.st.DB.BeginTx(ctx, &sql.TxOptions{ReadOnly: true, Isolation: sql.LevelRepeatableRead})
	if err != nil {
		return nil, nil, err
	}
	defer tx.Rollback() // nothing was written
	read := func(query string, into *[]totalRow) error {
		rows, err := tx.QueryContext(ctx, s.st.Rebind(query), day)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var r totalRow
			if err := rows.Scan(&r.period, &r.metric, &r.dim, &r.visitors, &r.events, &r.total); err != nil {
				return err
			}
			*into = append(*into, r)
		}
		return rows.Err()
	}
	if err := read(hourlySQL, &hourly); err != nil {
		return nil, nil, err
	}
	for _, q := range metricSQL {
		if err := read(q, &daily); err != nil {
			return nil, nil, err
		}
	}
	return hourly, foldRare(daily), nil
}

// The daily rows of a metric are bounded: the values of sources and
// campaigns are whatever a request says (utm_source, the Referer), so a
// script could make a row of each page view, kept for good, and read back
// by every summary. A day keeps its most visited topDimsPerDay sources and
// campaigns and sums the others into otherDim; every other metric, whose
// values are the site's own (sections, items, targets, countries…), is cut
// the same way at maxDimsPerDay, a bound it never reaches.
const (
	topDimsPerDay = 20
	maxDimsPerDay = 300
)

// dimsPerDay is how many rows metric keeps a day besides otherDim.
func dimsPerDay(metric string) int {
	if metric == "source" || metric == "campaign" {
		return topDimsPerDay
	}
	return maxDimsPerDay
}

// foldRare answers a day's rows with each metric cut to dimsPerDay rows,
// the most visited (then the most events, then by name), and the rest
// summed into one otherDim row: no visitor or event is lost.
func foldRare(rows []totalRow) []totalRow {
	byMetric := map[string][]totalRow{}
	var metrics []string
	for _, r := range rows {
		if byMetric[r.metric] == nil {
			metrics = append(metrics, r.metric)
		}
		byMetric[r.metric] = append(byMetric[r.metric], r)
	}
	out := rows[:0:0]
	for _, metric := range metrics {
		list := byMetric[metric]
		keep := dimsPerDay(metric)
		if len(list) <= keep {
			out = append(out, list...)
			continue
		}
		slices.SortFunc(list, func(a, b totalRow) int {
			return cmp.Or(cmp.Compare(b.visitors, a.visitors), cmp.Compare(b.events, a.events), cmp.Compare(a.dim, b.dim))
		})
		other := totalRow{period: list[0].period, metric: metric, dim: otherDim}
		for _, r := range list {
			if keep > 0 && r.dim != otherDim {
				out = append(out, r)
				keep--
				continue
			}
			other.visitors += r.visitors
			other.events += r.events
			other.total += r.total
		}
		out = append(out, other)
	}
	return out
}

// insertTotals writes rows into table, whose period column is periodColumn.
func (s *Service) insertTotals(ctx context.Context, tx *sql.Tx, table, periodColumn string, rows []totalRow) error {
	if len(rows) == 0 {
		return nil
	}
	stmt, err := tx.PrepareContext(ctx, s.st.Rebind(`INSERT INTO `+table+` (`+periodColumn+`, metric, dim, visitors, events, total)
		VALUES (?, ?, ?, ?, ?, ?)`))
	if err != nil {
		return err
	}
	defer stmt.Close()
	for _, r := range rows {
		if _, err := stmt.ExecContext(ctx, r.period, r.metric, r.dim, r.visitors, r.events, r.total); err != nil {
			return err
		}
	}
	return nil
}
