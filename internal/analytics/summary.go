package analytics

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strconv"
	"time"
)

// Summary is GET /api/admin/analytics/summary (ANALYTICS-CONTRACT.md).
type Summary struct {
	From                 string           `json:"from"`
	To                   string           `json:"to"`
	Visitors             int64            `json:"visitors"`
	Pageviews            int64            `json:"pageviews"`
	Daily                []Day            `json:"daily"`
	Previous             Totals           `json:"previous"`
	Live                 int64            `json:"live"`
	Sections             map[string]int64 `json:"sections"`
	Videos               []Video          `json:"videos"`
	Clicks               []Click          `json:"clicks"`
	Funnel               Funnel           `json:"funnel"`
	Engaged              Engaged          `json:"engaged"`
	Sources              []Source         `json:"sources"`
	Campaigns            []Campaign       `json:"campaigns"`
	Languages            []Keyed          `json:"languages"`
	Devices              []Keyed          `json:"devices"`
	Browsers             []Keyed          `json:"browsers"`
	Countries            []Keyed          `json:"countries"`
	PitchLinks           []PitchTotals    `json:"pitchLinks"`
	VisitorsAreDailySums bool             `json:"visitorsAreDailySums"`
}

type (
	Day struct {
		Date      string `json:"date"`
		Visitors  int64  `json:"visitors"`
		Pageviews int64  `json:"pageviews"`
	}
	Totals struct {
		Visitors  int64 `json:"visitors"`
		Pageviews int64 `json:"pageviews"`
	}
	Video struct {
		ItemID      int64 `json:"itemId"`
		Plays       int64 `json:"plays"`
		AvgPct      int64 `json:"avgPct"`
		Completions int64 `json:"completions"`
	}
	Click struct {
		Target string `json:"target"`
		Count  int64  `json:"count"`
	}
	Funnel struct {
		Visitors    int64 `json:"visitors"`
		FormStarted int64 `json:"formStarted"`
		Submitted   int64 `json:"submitted"`
	}
	Engaged struct {
		Visits     int64 `json:"visits"`
		Over10s    int64 `json:"over10s"`
		AvgSeconds int64 `json:"avgSeconds"`
	}
	Source struct {
		Source   string `json:"source"`
		Visitors int64  `json:"visitors"`
	}
	Campaign struct {
		Campaign string `json:"campaign"`
		Visitors int64  `json:"visitors"`
	}
	Keyed struct {
		Key      string `json:"key"`
		Visitors int64  `json:"visitors"`
	}
	PitchTotals struct {
		ID        int64  `json:"id"`
		Name      string `json:"name"`
		Visits    int64  `json:"visits"`
		Plays     int64  `json:"plays"`
		Inquiries int64  `json:"inquiries"`
	}
)

// MaxRangeDays is the longest range a summary or export covers.
const MaxRangeDays = 1100

// Range is a span of whole UTC days, both ends included.
type Range struct{ From, To time.Time }

// ParseRange reads from and to (YYYY-MM-DD); missing: the last 7 days up to
// today. A bad date or range is ErrInvalid.
func (s *Service) ParseRange(from, to string) (Range, error) {
	today, _ := time.Parse(time.DateOnly, dayOf(s.now()))
	r := Range{From: today.AddDate(0, 0, -6), To: today}
	var err error
	if to != "" {
		if r.To, err = time.Parse(time.DateOnly, to); err != nil {
			return r, invalid("to must be a date YYYY-MM-DD")
		}
		if from == "" {
			r.From = r.To.AddDate(0, 0, -6)
		}
	}
	if from != "" {
		if r.From, err = time.Parse(time.DateOnly, from); err != nil {
			return r, invalid("from must be a date YYYY-MM-DD")
		}
	}
	if r.To.Before(r.From) {
		return r, invalid("from must not be after to")
	}
	if r.days() > MaxRangeDays {
		return r, invalid("a range covers at most %d days", MaxRangeDays)
	}
	return r, nil
}

func (r Range) days() int { return int(r.To.Sub(r.From).Hours()/24) + 1 }

// previous is the range of the same length just before r.
func (r Range) previous() Range {
	n := r.days()
	return Range{From: r.From.AddDate(0, 0, -n), To: r.From.AddDate(0, 0, -1)}
}

type metricRow struct {
	metric, dim             string
	visitors, events, total int64
}

// totals reads the daily rollup of a range, summed per metric and dim.
func (s *Service) totals(ctx context.Context, r Range) ([]metricRow, error) {
	rows, err := s.st.DB.QueryContext(ctx, s.st.Rebind(`SELECT metric, dim, CAST(SUM(visitors) AS BIGINT),
		CAST(SUM(events) AS BIGINT), CAST(SUM(total) AS BIGINT) FROM analytics_daily WHERE day >= ? AND day <= ?
		GROUP BY metric, dim`), r.From.Format(time.DateOnly), r.To.Format(time.DateOnly))
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []metricRow
	for rows.Next() {
		var m metricRow
		if err := rows.Scan(&m.metric, &m.dim, &m.visitors, &m.events, &m.total); err != nil {
			return nil, err
		}
		out = append(out, m)
	}
	return out, rows.Err()
}

// Summary answers the figures of a range from the rollups (live from the
// raw events of the last 5 minutes).
func (s *Service) Summary(ctx context.Context, r Range) (Summary, error) {
	out := Summary{From: r.From.Format(time.DateOnly), To: r.To.Format(time.DateOnly), Sections: map[string]int64{},
		Videos: []Video{}, Clicks: []Click{}, Sources: []Source{}, Campaigns: []Campaign{}, Languages: []Keyed{},
		Devices: []Keyed{}, Browsers: []Keyed{}, Countries: []Keyed{}, VisitorsAreDailySums: r.days() > 1}
	rows, err := s.totals(ctx, r)
	if err != nil {
		return out, err
	}
	videos := map[int64]*Video{}
	var folded Video // the items of otherDim: in no row of their own
	video := func(dim string) *Video {
		id, err := strconv.ParseInt(dim, 10, 64)
		if err != nil {
			return &folded
		}
		if videos[id] == nil {
			videos[id] = &Video{ItemID: id}
		}
		return videos[id]
	}
	var watchers = map[int64][2]int64{} // viewers, sum of furthest percent
	for _, m := range rows {
		switch m.metric {
		case "pageviews":
			out.Visitors, out.Pageviews = m.visitors, m.events
		case "section":
			out.Sections[m.dim] = m.visitors
		case "click":
			out.Clicks = append(out.Clicks, Click{Target: m.dim, Count: m.events})
		case "form":
			if m.dim == "started" {
				out.Funnel.FormStarted = m.visitors
			}
		case "inquiry":
			out.Funnel.Submitted = m.visitors
		case "play":
			video(m.dim).Plays = m.events
		case "watch":
			v := video(m.dim)
			v.Completions = m.events
			watchers[v.ItemID] = [2]int64{m.visitors, m.total}
		case "time":
			out.Engaged = Engaged{Visits: m.visitors, Over10s: m.events}
			if m.visitors > 0 {
				out.Engaged.AvgSeconds = (m.total + m.visitors/2) / m.visitors
			}
		case "source":
			out.Sources = append(out.Sources, Source{Source: m.dim, Visitors: m.visitors})
		case "campaign":
			out.Campaigns = append(out.Campaigns, Campaign{Campaign: m.dim, Visitors: m.visitors})
		case "lang":
			out.Languages = append(out.Languages, Keyed{m.dim, m.visitors})
		case "device":
			out.Devices = append(out.Devices, Keyed{m.dim, m.visitors})
		case "browser":
			out.Browsers = append(out.Browsers, Keyed{m.dim, m.visitors})
		case "country":
			out.Countries = append(out.Countries, Keyed{m.dim, m.visitors})
		}
	}
	out.Funnel.Visitors = out.Visitors
	for id, v := range videos {
		if w := watchers[id]; w[0] > 0 {
			v.AvgPct = (w[1] + w[0]/2) / w[0]
		}
		out.Videos = append(out.Videos, *v)
	}
	slices.SortFunc(out.Videos, func(a, b Video) int { return cmp.Or(cmp.Compare(b.Plays, a.Plays), cmp.Compare(a.ItemID, b.ItemID)) })
	slices.SortFunc(out.Clicks, func(a, b Click) int { return cmp.Or(cmp.Compare(b.Count, a.Count), cmp.Compare(a.Target, b.Target)) })
	out.Sources = topN(out.Sources, func(s Source) (string, int64) { return s.Source, s.Visitors },
		func(v int64) Source { return Source{otherDim, v} })
	out.Campaigns = topN(out.Campaigns, func(c Campaign) (string, int64) { return c.Campaign, c.Visitors },
		func(v int64) Campaign { return Campaign{otherDim, v} })
	for _, list := range []*[]Keyed{&out.Languages, &out.Devices, &out.Browsers, &out.Countries} {
		slices.SortFunc(*list, func(a, b Keyed) int { return cmp.Or(cmp.Compare(b.Visitors, a.Visitors), cmp.Compare(a.Key, b.Key)) })
	}
	if out.Daily, err = s.daily(ctx, r); err != nil {
		return out, err
	}
	prev, err := s.daily(ctx, r.previous())
	if err != nil {
		return out, err
	}
	for _, d := range prev {
		out.Previous.Visitors += d.Visitors
		out.Previous.Pageviews += d.Pageviews
	}
	// The raw events are indexed by day (not by time): the day bounds the search.
	since := s.now().Add(-5 * time.Minute)
	if err := s.st.DB.QueryRowContext(ctx, s.st.Rebind(`SELECT COUNT(DISTINCT visitor) FROM analytics_events WHERE day >= ? AND at > ?`),
		dayOf(since), since).Scan(&out.Live); err != nil {
		return out, err
	}
	if out.PitchLinks, err = s.pitchTotals(ctx, r); err != nil {
		return out, fmt.Errorf("pitch links: %w", err)
	}
	return out, nil
}

// topSources is how many sources and campaigns a summary lists: the days'
// tops differ, and a long range would list each day's (foldRare).
const topSources = 20

// topN sorts list by visitors (then by name), keeps the first topSources
// and sums the others, and the otherDim rows of the days, into one
// otherDim entry at the end.
func topN[T any](list []T, key func(T) (string, int64), other func(int64) T) []T {
	var rest int64
	kept := slices.DeleteFunc(list, func(x T) bool {
		name, v := key(x)
		if name == otherDim {
			rest += v
		}
		return name == otherDim
	})
	slices.SortFunc(kept, func(a, b T) int {
		an, av := key(a)
		bn, bv := key(b)
		return cmp.Or(cmp.Compare(bv, av), cmp.Compare(an, bn))
	})
	for _, x := range kept[min(topSources, len(kept)):] {
		_, v := key(x)
		rest += v
	}
	kept = kept[:min(topSources, len(kept))]
	if rest > 0 {
		kept = append(kept, other(rest))
	}
	return kept
}

// daily answers visitors and page views of every day of r, zero included.
func (s *Service) daily(ctx context.Context, r Range) ([]Day, error) {
	rows, err := s.st.DB.QueryContext(ctx, s.st.Rebind(`SELECT day, visitors, events FROM analytics_daily
		WHERE metric = 'pageviews' AND day >= ? AND day <= ?`), r.From.Format(time.DateOnly), r.To.Format(time.DateOnly))
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	got := map[string]Day{}
	for rows.Next() {
		var d Day
		if err := rows.Scan(&d.Date, &d.Visitors, &d.Pageviews); err != nil {
			return nil, err
		}
		got[d.Date] = d
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	out := make([]Day, 0, r.days())
	for t := r.From; !t.After(r.To); t = t.AddDate(0, 0, 1) {
		date := t.Format(time.DateOnly)
		d := got[date]
		d.Date = date
		out = append(out, d)
	}
	return out, nil
}
