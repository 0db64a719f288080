package analytics

import (
	"context"
	"database/sql"
	"strings"
	"sync"
	"time"
)

// One writer goroutine takes events from the queue and writes them in
// batches, each batch one transaction: a database that cannot keep up makes
// the queue full, and enqueue then drops (never waits).

const (
	batchSize     = 500 // events per transaction at most
	rowsPerInsert = 100 // rows per INSERT statement (SQLite's variable limit)
)

// writeLoop is the writer; it ends when stop is closed, after writing what waits.
func (s *Service) writeLoop() {
	defer close(s.stopped)
	batch := make([]Event, 0, batchSize)
	for {
		select {
		case ev := <-s.queue:
			batch = s.fill(append(batch[:0], ev))
			s.writeBatch(batch)
		case done := <-s.flushReq:
			s.drainAll(batch)
			close(done)
		case <-s.stop:
			s.drainAll(batch)
			return
		}
	}
}

// fill adds to batch what waits in the queue, up to batchSize.
func (s *Service) fill(batch []Event) []Event {
	for len(batch) < batchSize {
		select {
		case ev := <-s.queue:
			batch = append(batch, ev)
		default:
			return batch
		}
	}
	return batch
}

func (s *Service) drainAll(batch []Event) {
	for {
		batch = s.fill(batch[:0])
		if len(batch) == 0 {
			return
		}
		s.writeBatch(batch)
	}
}

// Flush writes every event queued before it was called (tests, benchmarks).
func (s *Service) Flush() {
	done := make(chan struct{})
	select {
	case s.flushReq <- done:
		<-done
	case <-s.stopped:
	}
}

func (s *Service) writeBatch(batch []Event) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	err := s.st.InTx(ctx, func(tx *sql.Tx) error {
		if err := s.insertEvents(ctx, tx, batch); err != nil {
			return err
		}
		return s.recordPitchVisits(ctx, tx, batch)
	})
	if err != nil {
		s.log.Error("analytics: events lost", "count", len(batch), "err", err)
		return
	}
	s.written.Add(float64(len(batch)))
}

const eventColumns = `at, day, hour, visitor, kind, path, lang, referrer, utm_source, utm_medium, utm_campaign,
	screen, country, browser, device, target, item, value`

func (s *Service) insertEvents(ctx context.Context, tx *sql.Tx, batch []Event) error {
	const row = "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
	for len(batch) > 0 {
		part := batch[:min(len(batch), rowsPerInsert)]
		batch = batch[len(part):]
		args := make([]any, 0, len(part)*18)
		for _, e := range part {
			at := e.At.UTC()
			args = append(args, at, dayOf(at), at.Format("2006-01-02T15"), e.Visitor, e.Kind, e.Path, e.Lang,
				e.Referrer, e.UTMSource, e.UTMMedium, e.UTMCampaign, e.Screen, e.Country, e.Browser, e.Device,
				e.Target, e.Item, e.Value)
		}
		q := `INSERT INTO analytics_events (` + eventColumns + `) VALUES ` + row + strings.Repeat(", "+row, len(part)-1)
		if _, err := tx.ExecContext(ctx, s.st.Rebind(q), args...); err != nil {
			return err
		}
	}
	return nil
}

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
// for the visitor's day, and copies every event of a visitor-day that is
// attributed to a link into the link's own events (kept apart from the
// anonymous figures, for PitchRetention, and gone with the link).
func (s *Service) recordPitchVisits(ctx context.Context, tx *sql.Tx, batch []Event) error {
	days := map[string]bool{}
	for _, e := range batch {
		days[dayOf(e.At)] = true
		if e.Ref == "" || e.Kind != "pageview" {
			continue
		}
		link, err := s.linkOf(ctx, tx, e.Ref)
		if err != nil {
			return err
		}
		if link == 0 {
			continue // not a link (any more): counted as an ordinary visit
		}
		at := e.At.UTC()
		if _, err := tx.ExecContext(ctx, s.st.Rebind(`INSERT INTO analytics_pitch_visits (link_id, day, visitor, first_at, last_at)
			VALUES (?, ?, ?, ?, ?) ON CONFLICT (link_id, day, visitor) DO UPDATE SET last_at = excluded.last_at`),
			link, dayOf(at), e.Visitor, at, at); err != nil {
			return err
		}
	}
	// The links of this batch's visitor-days: few rows (only pitched visitors).
	links := map[visitorDay][]int64{}
	for day := range days {
		rows, err := tx.QueryContext(ctx, s.st.Rebind(`SELECT link_id, visitor FROM analytics_pitch_visits WHERE day = ?`), day)
		if err != nil {
			return err
		}
		for rows.Next() {
			var id int64
			var visitor string
			if err := rows.Scan(&id, &visitor); err != nil {
				rows.Close()
				return err
			}
			links[visitorDay{day, visitor}] = append(links[visitorDay{day, visitor}], id)
		}
		if err := rows.Close(); err != nil {
			return err
		}
	}
	if len(links) == 0 {
		return nil
	}
	for _, e := range batch {
		if e.Kind == "view" || e.Kind == "time" {
			continue
		}
		at := e.At.UTC()
		for _, link := range links[visitorDay{dayOf(at), e.Visitor}] {
			if _, err := tx.ExecContext(ctx, s.st.Rebind(`INSERT INTO analytics_pitch_events (link_id, at, kind, target, item, value)
				VALUES (?, ?, ?, ?, ?, ?)`), link, at, e.Kind, e.Target, e.Item, e.Value); err != nil {
				return err
			}
			if _, err := tx.ExecContext(ctx, s.st.Rebind(`UPDATE analytics_pitch_visits SET last_at = ?
				WHERE link_id = ? AND day = ? AND visitor = ? AND last_at < ?`), at, link, dayOf(at), e.Visitor, at); err != nil {
				return err
			}
		}
	}
	return nil
}
