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
//
// A batch gathers for up to batchWait after its first event: a transaction
// per beacon (what arrived the moment the writer woke) cost four times the
// CPU per event of a full batch on SQLite, whose every commit is an fsync
// (synchronous=FULL), and capped the writer near 5,000 events a second on
// a busy 2-core machine (`go test -bench Writer ./internal/analytics`).
// Events still show within a minute (the rollup's period).

const (
	batchSize     = 500                    // events per transaction at most
	batchWait     = 250 * time.Millisecond // how long a batch gathers at most
	rowsPerInsert = 100                    // rows per INSERT statement (SQLite's variable limit)
)

// writeLoop is the writer; it ends when stop is closed, after writing what waits.
func (s *Service) writeLoop() {
	defer close(s.stopped)
	batch := make([]Event, 0, batchSize)
	for {
		select {
		case ev := <-s.queue:
			var flushed chan struct{}
			batch, flushed = s.gather(append(batch[:0], ev))
			s.writeBatch(batch)
			if flushed != nil {
				s.drainAll(batch)
				close(flushed)
			}
		case done := <-s.flushReq:
			s.drainAll(batch)
			close(done)
		case <-s.stop:
			s.drainAll(batch)
			s.closeInserts()
			return
		}
	}
}

// gather adds to batch what arrives within batchWait, up to batchSize. A
// flush asked for meanwhile ends the wait: gather answers its channel, to be
// closed once everything queued is written. Stopping ends it too (the loop
// then writes what waits).
func (s *Service) gather(batch []Event) ([]Event, chan struct{}) {
	wait := time.NewTimer(batchWait)
	defer wait.Stop()
	for len(batch) < batchSize {
		select {
		case ev := <-s.queue:
			batch = append(batch, ev)
		case done := <-s.flushReq:
			return s.fill(batch), done
		case <-wait.C:
			return batch, nil
		case <-s.stop:
			return s.fill(batch), nil
		}
	}
	return batch, nil
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
	var mailed bool // a pitch link's first opening enqueued its e-mail
	err := s.st.InTx(ctx, func(tx *sql.Tx) error {
		if err := s.insertEvents(ctx, tx, batch); err != nil {
			return err
		}
		var err error
		mailed, err = s.recordPitchVisits(ctx, tx, batch)
		return err
	})
	if err != nil {
		s.log.Error("analytics: events lost", "count", len(batch), "err", err)
		return
	}
	s.written.Add(float64(len(batch)))
	if mailed && s.afterFirstOpen != nil {
		s.afterFirstOpen()
	}
}

const eventColumns = `at, day, hour, visitor, kind, path, lang, referrer, utm_source, utm_medium, utm_campaign,
	screen, country, browser, device, target, item, value`

// insertChunks are the row counts of the INSERT statements a batch is cut
// into, largest first: three statements, each prepared once and kept (on
// each connection that runs it, database/sql's Stmt). On SQLite, parsing a
// 100-row INSERT again for every chunk was a sixth of the writer's CPU.
var insertChunks = []int{rowsPerInsert, 10, 1}

// insertStmt is the prepared INSERT of rows events. Only the writer
// goroutine calls it.
func (s *Service) insertStmt(ctx context.Context, rows int) (*sql.Stmt, error) {
	if stmt := s.inserts[rows]; stmt != nil {
		return stmt, nil
	}
	const row = "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
	q := `INSERT INTO analytics_events (` + eventColumns + `) VALUES ` + row + strings.Repeat(", "+row, rows-1)
	stmt, err := s.st.DB.PrepareContext(ctx, s.st.Rebind(q))
	if err != nil {
		return nil, err
	}
	if s.inserts == nil {
		s.inserts = map[int]*sql.Stmt{}
	}
	s.inserts[rows] = stmt
	return stmt, nil
}

// closeInserts closes the prepared INSERTs once the writer has stopped.
func (s *Service) closeInserts() {
	for _, stmt := range s.inserts {
		stmt.Close()
	}
	s.inserts = nil
}

func (s *Service) insertEvents(ctx context.Context, tx *sql.Tx, batch []Event) error {
	args := make([]any, 0, rowsPerInsert*18)
	for len(batch) > 0 {
		rows := insertChunks[len(insertChunks)-1]
		for _, n := range insertChunks {
			if n <= len(batch) {
				rows = n
				break
			}
		}
		part := batch[:rows]
		batch = batch[rows:]
		args = args[:0]
		for _, e := range part {
			at := e.At.UTC()
			args = append(args, at, dayOf(at), at.Format("2006-01-02T15"), e.Visitor, e.Kind, e.Path, e.Lang,
				e.Referrer, e.UTMSource, e.UTMMedium, e.UTMCampaign, e.Screen, e.Country, e.Browser, e.Device,
				e.Target, e.Item, e.Value)
		}
		stmt, err := s.insertStmt(ctx, rows)
		if err != nil {
			return err
		}
		if _, err := tx.StmtContext(ctx, stmt).ExecContext(ctx, args...); err != nil {
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
