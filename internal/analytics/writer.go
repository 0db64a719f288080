package analytics

import (
	"context"
	"database/sql"
	"strings"
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
