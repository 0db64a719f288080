package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/ugcfolio/ugcfolio/internal/analytics"
	"github.com/ugcfolio/ugcfolio/internal/benchserver"
	"github.com/ugcfolio/ugcfolio/internal/config"
	"github.com/ugcfolio/ugcfolio/internal/jobs"
	"github.com/ugcfolio/ugcfolio/internal/store"
)

// timeSummary fills 12 months with one million raw events (about 2,740 a
// day from 300 visitors) while the server is stopped, rolls them up as the
// rollup job does, starts the server again and answers the median of 5
// answers of GET /api/admin/analytics/summary for the 12 months.
func timeSummary(bin, data, dsn string, env []string) string {
	ctx := context.Background()
	st, err := store.Open(ctx, dsn, filepath.Join(data, "ugcfolio.db"))
	if err != nil {
		fail(err)
	}
	today := time.Now().UTC().Truncate(24 * time.Hour)
	t0 := time.Now()
	fill(ctx, st, today)
	filled := time.Since(t0)
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	an := analytics.New(analytics.Deps{Config: config.AnalyticsConfig{RetentionDays: config.DefaultAnalyticsRetention},
		Store: st, Jobs: jobs.New(st, log), Log: log})
	t1 := time.Now()
	if err := an.Rollup(ctx); err != nil {
		fail(err)
	}
	rolled := time.Since(t1)
	an.Close()
	st.Close()

	srv, err := benchserver.Start(benchserver.Config{Bin: bin, Data: data, Env: env})
	if err != nil {
		fail(err)
	}
	defer srv.Stop()
	c, err := srv.Login(nil)
	if err != nil {
		fail(err)
	}
	u := srv.URL + "/api/admin/analytics/summary?from=" + today.AddDate(0, 0, -364).Format(time.DateOnly) +
		"&to=" + today.Format(time.DateOnly)
	var times []time.Duration
	var pageviews int64
	for range 5 {
		t := time.Now()
		res, err := c.Get(u)
		if err != nil {
			fail(err)
		}
		var sum struct{ Pageviews int64 }
		err = json.NewDecoder(res.Body).Decode(&sum)
		res.Body.Close()
		if err != nil || res.StatusCode != http.StatusOK {
			fail(fmt.Errorf("summary answered %d: %v", res.StatusCode, err))
		}
		times = append(times, time.Since(t))
		pageviews = sum.Pageviews
	}
	slices.Sort(times)
	return fmt.Sprintf("%.1f ms (median of 5 answers of the admin API; %d page views; fill %.0f s, rollup %.1f s)",
		ms(times[2]), pageviews, filled.Seconds(), rolled.Seconds())
}

// fill writes the million events straight into the database, 100 rows a
// statement, 5,000 a transaction.
func fill(ctx context.Context, st *store.Store, today time.Time) {
	for _, t := range []string{"analytics_events", "analytics_daily", "analytics_hourly", "analytics_state"} {
		if _, err := st.DB.ExecContext(ctx, `DELETE FROM `+t); err != nil {
			fail(err)
		}
	}
	// The items played: the portfolio's (plays of other item ids count nothing).
	var items []int64
	for i := range 12 {
		it, err := st.CreatePortfolioItem(ctx, store.PortfolioInput{Title: fmt.Sprintf("Bench video %d", i+1),
			Category: "product", Language: "no", IsActive: true})
		if err != nil {
			fail(err)
		}
		items = append(items, it.ID)
	}
	const total, days = 1_000_000, 365
	kinds := []string{"pageview", "view", "section", "section", "play", "progress", "click", "time", "section", "pageview"}
	const cols = `at, day, hour, visitor, kind, path, lang, referrer, utm_source, utm_medium, utm_campaign, screen, country, browser, device, target, item, value`
	const row = "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
	q := st.Rebind(`INSERT INTO analytics_events (` + cols + `) VALUES ` + row + strings.Repeat(", "+row, 99))
	for n := 0; n < total; {
		tx, err := st.DB.BeginTx(ctx, nil)
		if err != nil {
			fail(err)
		}
		for range 50 {
			args := make([]any, 0, 100*18)
			for i := range 100 {
				k := n + i
				at := today.AddDate(0, 0, -(k % days)).Add(time.Duration(k%86400) * time.Second)
				args = append(args, at, at.Format(time.DateOnly), at.Format("2006-01-02T15"), "v"+strconv.Itoa(k%300), kinds[k%len(kinds)],
					"/", "no", "", "", "", "", "phone", "NO", "Chrome", "mobile", []string{"hero", "about", "pricing"}[k%3], items[k%12], (k%4+1)*25)
			}
			if _, err := tx.ExecContext(ctx, q, args...); err != nil {
				fail(err)
			}
			n += 100
		}
		if err := tx.Commit(); err != nil {
			fail(err)
		}
	}
}
