package deals

import (
	"context"
	"database/sql"
	"slices"
	"time"

	"github.com/ugcfolio/ugcfolio/internal/siteclock"
)

// What the deals tell a brand of how the creator works (the media kit's
// figures): deliveries against their due dates, and how soon an inquiry
// is answered.

// Reliability is the record of the deals in a period.
type Reliability struct {
	// Delivered counts the deals first moved to delivered in the period
	// that had a due date; OnTime those of them moved on or before it (the
	// creator's day in Norway).
	Delivered, OnTime int
	// ReplyMinutes are the times to a first reply of the inquiries that
	// arrived in the period and were answered, in minutes, shortest first.
	// A reply is the first move of the inquiry's deal past "new" to a
	// stage other than lost (the creator wrote back and is talking terms),
	// or its creation in such a stage.
	ReplyMinutes []int64
}

// Reliability answers the record of the deals between since and until.
func (s *Service) Reliability(ctx context.Context, since, until time.Time) (Reliability, error) {
	var out Reliability
	// Each deal's first delivery: its events are few, and reading them
	// whole keeps MIN() over a time off SQLite, which answers it as text.
	rows, err := s.st.DB.QueryContext(ctx, s.q(`SELECT d.id, d.due_date, e.at FROM deal_events e JOIN deals d ON d.id = e.deal_id
		WHERE e.to_stage = 'delivered' ORDER BY d.id, e.at`))
	if err != nil {
		return out, err
	}
	firsts := map[int64]bool{}
	err = eachRow(rows, func(sc func(...any) error) error {
		var id int64
		var due string
		var at time.Time
		if err := sc(&id, &due, &at); err != nil {
			return err
		}
		if firsts[id] {
			return nil
		}
		firsts[id] = true
		if due == "" || at.Before(since) || at.After(until) {
			return nil
		}
		out.Delivered++
		if siteclock.Day(at) <= due {
			out.OnTime++
		}
		return nil
	})
	if err != nil {
		return out, err
	}
	rows, err = s.st.DB.QueryContext(ctx, s.q(`SELECT d.id, c.created_at, e.at FROM deals d
		JOIN contact_inquiries c ON c.id = d.inquiry_id
		JOIN deal_events e ON e.deal_id = d.id AND e.to_stage NOT IN ('', 'new', 'lost')
		WHERE c.created_at >= ? AND c.created_at <= ? ORDER BY d.id, e.at`), since, until)
	if err != nil {
		return out, err
	}
	replied := map[int64]bool{}
	err = eachRow(rows, func(sc func(...any) error) error {
		var id int64
		var asked, at time.Time
		if err := sc(&id, &asked, &at); err != nil {
			return err
		}
		if replied[id] {
			return nil
		}
		replied[id] = true
		out.ReplyMinutes = append(out.ReplyMinutes, int64(max(at.Sub(asked), 0)/time.Minute))
		return nil
	})
	slices.Sort(out.ReplyMinutes)
	return out, err
}

func eachRow(rows *sql.Rows, fn func(scan func(...any) error) error) error {
	defer rows.Close()
	for rows.Next() {
		if err := fn(rows.Scan); err != nil {
			return err
		}
	}
	return rows.Err()
}

// Package is one of the site's fixed packages as a brand reads it.
type Package struct {
	Service string // the contact form's value
	Name    string // in the language asked for
	Videos  int    // 0: the package does not say (the custom offer)
	Price   int    // whole kroner excl. VAT; 0: on request
}

// Packages answers the site's packages in language lg, in the pricing
// cards' order (testdata/rules.json "sitePackages").
func Packages(lg string) []Package {
	out := make([]Package, 0, len(packageOrder))
	for _, service := range packageOrder {
		p := sitePackages[service]
		name := p.Names[lg]
		if name == "" {
			name = service
		}
		out = append(out, Package{Service: service, Name: name, Videos: p.Videos, Price: p.Price})
	}
	return out
}

// packageOrder is the order of the pricing cards.
var packageOrder = []string{"Enkeltvideo", "Pakketilbud 1", "Pakketilbud 2", "Skreddersydd"}
