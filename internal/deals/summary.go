package deals

import (
	"context"
	"strings"
	"time"
)

// The pipeline at a glance (the board's column totals, the dashboard's
// Overview): what each stage is worth and what is due this week.

// StageTotal is one stage's deals: how many, and their prices summed per
// currency (a sum across currencies would mean nothing).
type StageTotal struct {
	Stage string           `json:"stage"`
	Count int64            `json:"count"`
	Value map[string]int64 `json:"value"`
}

// Due is an open deal due by the end of the week.
type Due struct {
	ID       int64  `json:"id"`
	Brand    string `json:"brand"`
	Stage    string `json:"stage"`
	DueDate  string `json:"dueDate"`
	Price    int    `json:"price"`
	Currency string `json:"currency"`
	Overdue  bool   `json:"overdue"` // due before today, and still not delivered
}

// Summary is GET /api/admin/deals/summary.
type Summary struct {
	Stages []StageTotal `json:"stages"` // every stage, in the board's order
	// Open is the pipeline still in play: every stage but paid and lost.
	Open        StageTotal `json:"open"`
	Today       string     `json:"today"`
	WeekStart   string     `json:"weekStart"` // Monday
	WeekEnd     string     `json:"weekEnd"`   // Sunday
	DueThisWeek []Due      `json:"dueThisWeek"`
	// Answered are the deals the brand has answered in the delivery room
	// since the creator last opened them (answered.go).
	Answered []Answered `json:"answered"`
}

// Week answers the Monday and Sunday of the ISO week of day.
func Week(day time.Time) (monday, sunday time.Time) {
	back := (int(day.Weekday()) + 6) % 7 // days since Monday
	monday = day.AddDate(0, 0, -back)
	return monday, monday.AddDate(0, 0, 6)
}

// Summary answers the totals of every stage and the deals due this week:
// those not yet delivered (new to in production) whose due date is on or
// before this week's Sunday, the overdue ones included (still due), soonest
// first. today is the admin's day (the browser knows its time zone).
func (s *Service) Summary(ctx context.Context, today time.Time) (Summary, error) {
	monday, sunday := Week(today)
	sum := Summary{Today: today.Format(time.DateOnly), WeekStart: monday.Format(time.DateOnly),
		WeekEnd: sunday.Format(time.DateOnly), DueThisWeek: []Due{}, Answered: []Answered{}}
	byStage := map[string]*StageTotal{}
	sum.Stages = make([]StageTotal, len(Stages))
	for i, st := range Stages {
		sum.Stages[i] = StageTotal{Stage: st, Value: map[string]int64{}}
		byStage[st] = &sum.Stages[i]
	}
	sum.Open.Stage, sum.Open.Value = "open", map[string]int64{}
	rows, err := s.st.DB.QueryContext(ctx, `SELECT stage, currency, COUNT(*), SUM(price) FROM deals GROUP BY stage, currency`)
	if err != nil {
		return Summary{}, err
	}
	defer rows.Close()
	for rows.Next() {
		var stage, currency string
		var n, value int64
		if err := rows.Scan(&stage, &currency, &n, &value); err != nil {
			return Summary{}, err
		}
		t := byStage[stage]
		if t == nil {
			continue // a stage a newer version wrote
		}
		t.Count += n
		t.Value[currency] += value
		if stage != StagePaid && stage != StageLost {
			sum.Open.Count += n
			sum.Open.Value[currency] += value
		}
	}
	if err := rows.Err(); err != nil {
		return Summary{}, err
	}
	if err := s.dueBy(ctx, &sum); err != nil {
		return Summary{}, err
	}
	return sum, s.answered(ctx, &sum)
}

// dueBy adds the open deals due on or before the summary's Sunday.
func (s *Service) dueBy(ctx context.Context, sum *Summary) error {
	// The stages are this package's constants, never input.
	open := "'" + strings.Join(openStages, "', '") + "'"
	rows, err := s.st.DB.QueryContext(ctx, s.q(`SELECT id, brand, stage, due_date, price, currency FROM deals
		WHERE due_date <> '' AND due_date <= ? AND stage IN (`+open+`) ORDER BY due_date, id`), sum.WeekEnd)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var d Due
		if err := rows.Scan(&d.ID, &d.Brand, &d.Stage, &d.DueDate, &d.Price, &d.Currency); err != nil {
			return err
		}
		d.Overdue = d.DueDate < sum.Today
		sum.DueThisWeek = append(sum.DueThisWeek, d)
	}
	return rows.Err()
}
