// What the writer does with pitch links: a page view with a link's token
// counted as the link's visit (within its limits a day, so a made-up
// User-Agent cannot pile visits up), and every event of a pitched
// visitor-day copied into the link's own events.

package analytics

import (
	"context"
	"database/sql"
	"sync"
)

// refCache remembers the link of a pitch token (0: no such link).
type refCache struct {
	mu  sync.Mutex
	ids map[string]int64
}

func (c *refCache) reset() {
	c.mu.Lock()
	c.ids = nil
	c.mu.Unlock()
}

func (s *Service) linkOf(ctx context.Context, tx *sql.Tx, token string) (int64, error) {
	s.refs.mu.Lock()
	id, ok := s.refs.ids[token]
	s.refs.mu.Unlock()
	if ok {
		return id, nil
	}
	err := tx.QueryRowContext(ctx, s.st.Rebind(`SELECT id FROM analytics_pitch_links WHERE token = ?`), token).Scan(&id)
	if err != nil && err != sql.ErrNoRows {
		return 0, err
	}
	s.refs.mu.Lock()
	if s.refs.ids == nil || len(s.refs.ids) > 1000 { // a flood of made-up tokens stays bounded
		s.refs.ids = map[string]int64{}
	}
	s.refs.ids[token] = id
	s.refs.mu.Unlock()
	return id, nil
}

type visitorDay struct{ day, visitor string }

// recordPitchVisits attributes a page view with a pitch token to its link
// for the visitor's day (marking the link opened, markOpened), and copies
// every event of a visitor-day that is attributed to a link into the link's
// own events (kept apart from the anonymous figures, for PitchRetention, and
// gone with the link). It answers whether a first opening enqueued an e-mail.
func (s *Service) recordPitchVisits(ctx context.Context, tx *sql.Tx, batch []Event) (mailed bool, err error) {
	days := map[string]bool{}
	for _, e := range batch {
		days[dayOf(e.At)] = true
		if e.Ref == "" || (e.Kind != "pageview" && e.Kind != "kit") {
			continue
		}
		link, err := s.linkOf(ctx, tx, e.Ref)
		if err != nil {
			return mailed, err
		}
		if link == 0 {
			continue // not a link (any more): counted as an ordinary visit
		}
		at := e.At.UTC()
		counted, err := s.countPitchVisit(ctx, tx, link, e)
		if err != nil {
			return mailed, err
		}
		if !counted {
			continue // past the link's limits: counted as an ordinary visit
		}
		first, err := s.markOpened(ctx, tx, link, at)
		if err != nil {
			return mailed, err
		}
		mailed = mailed || first
	}
	// The links of this batch's visitor-days: few rows (only pitched visitors).
	links := map[visitorDay][]int64{}
	for day := range days {
		rows, err := tx.QueryContext(ctx, s.st.Rebind(`SELECT link_id, visitor FROM analytics_pitch_visits WHERE day = ?`), day)
		if err != nil {
			return mailed, err
		}
		for rows.Next() {
			var id int64
			var visitor string
			if err := rows.Scan(&id, &visitor); err != nil {
				rows.Close()
				return mailed, err
			}
			links[visitorDay{day, visitor}] = append(links[visitorDay{day, visitor}], id)
		}
		if err := rows.Close(); err != nil {
			return mailed, err
		}
	}
	if len(links) == 0 {
		return mailed, nil
	}
	for _, e := range batch {
		if e.Kind == "view" || e.Kind == "time" {
			continue
		}
		at := e.At.UTC()
		for _, link := range links[visitorDay{dayOf(at), e.Visitor}] {
			if _, err := tx.ExecContext(ctx, s.st.Rebind(`INSERT INTO analytics_pitch_events (link_id, at, kind, target, item, value)
				VALUES (?, ?, ?, ?, ?, ?)`), link, at, e.Kind, e.Target, e.Item, e.Value); err != nil {
				return mailed, err
			}
			if _, err := tx.ExecContext(ctx, s.st.Rebind(`UPDATE analytics_pitch_visits SET last_at = ?
				WHERE link_id = ? AND day = ? AND visitor = ? AND last_at < ?`), at, link, dayOf(at), e.Visitor, at); err != nil {
				return mailed, err
			}
		}
	}
	return mailed, nil
}

// A pitch link's visitor-day is a visitor hash, and the hash covers the
// User-Agent: whoever holds the link could make up visits of "the brand"
// by the hundred by changing it. So a link counts at most
// pitchVisitorsPerAddress visitor-days a day from one client (a brand's
// office behind one address is a few people), and pitchVisitorsPerLinkDay
// from all together; past that, a page view with the token is an ordinary
// visit.
const (
	pitchVisitorsPerAddress = 3
	pitchVisitorsPerLinkDay = 50
)

// pitchAllowance is what the writer remembers of the visitors each link
// counted from each client, today's and yesterday's (events of the day
// before arrive for a moment after midnight). It only holds what was
// counted (at most pitchVisitorsPerLinkDay a link a day), and only the
// writer goroutine touches it. Per process: replicas each allow a client
// its own share, while the link's limit a day is counted in the database.
type pitchAllowance struct {
	today    string
	visitors map[pitchClient]int
}

type pitchClient struct {
	day    string
	link   int64
	client string
}

// countPitchVisit records page view e as a visit of link for its
// visitor-day, or as a return within it (which moves last_at), unless a
// new visitor-day would be past the link's limits. It answers whether the
// view counted for the link.
func (s *Service) countPitchVisit(ctx context.Context, tx *sql.Tx, link int64, e Event) (bool, error) {
	at := e.At.UTC()
	day := dayOf(at)
	var known, visits int
	if err := tx.QueryRowContext(ctx, s.st.Rebind(`SELECT COUNT(*), COALESCE(SUM(CASE WHEN visitor = ? THEN 1 ELSE 0 END), 0)
		FROM analytics_pitch_visits WHERE link_id = ? AND day = ?`), e.Visitor, link, day).Scan(&visits, &known); err != nil {
		return false, err
	}
	if known == 0 {
		key := pitchClient{day, link, e.client}
		if visits >= pitchVisitorsPerLinkDay || s.pitch.count(key) >= pitchVisitorsPerAddress {
			return false, nil
		}
		s.pitch.add(key)
	}
	_, err := tx.ExecContext(ctx, s.st.Rebind(`INSERT INTO analytics_pitch_visits (link_id, day, visitor, first_at, last_at)
		VALUES (?, ?, ?, ?, ?) ON CONFLICT (link_id, day, visitor) DO UPDATE SET last_at = excluded.last_at`),
		link, day, e.Visitor, at, at)
	return err == nil, err
}

func (a *pitchAllowance) count(k pitchClient) int { return a.visitors[k] }

// add counts a visitor-day for k; a new day forgets the days before the last.
func (a *pitchAllowance) add(k pitchClient) {
	if a.visitors == nil {
		a.visitors = map[pitchClient]int{}
	}
	if k.day > a.today {
		for old := range a.visitors {
			if old.day < a.today {
				delete(a.visitors, old)
			}
		}
		a.today = k.day
	}
	a.visitors[k]++
}
