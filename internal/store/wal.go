package store

import (
	"context"
	"errors"
	"fmt"
	"os"
	"sync"
	"time"
)

// SQLite's own autocheckpoint (PASSIVE, every 1000 pages) copies the WAL
// into the database but can reset the WAL only when no reader holds an
// older snapshot. Under steady traffic some reader always does, so the WAL
// grew without end: 81 MB after 6,000 writes, and more after each crash.
// keepWALSmall therefore runs a TRUNCATE checkpoint, which waits for the
// readers of the moment to finish and then empties the file, whenever the
// WAL has grown past walLimit. journal_size_limit (set at open) trims the
// file after the resets SQLite manages on its own.
const (
	walLimit      = 4 << 20 // bytes
	walCheckEvery = time.Second
)

// walWatch is the checkpointer of an SQLite store.
type walWatch struct {
	path string // the database file; the WAL is path + "-wal"
	stop chan struct{}
	done chan struct{}
	once sync.Once // Store.Close may be called more than once
}

// startWALWatch checkpoints once now (a crash may have left a large WAL)
// and then whenever the WAL passes walLimit, until Close.
func (s *Store) startWALWatch(path string) {
	s.wal = &walWatch{path: path, stop: make(chan struct{}), done: make(chan struct{})}
	s.checkpoint(context.Background())
	go func() {
		defer close(s.wal.done)
		t := time.NewTicker(walCheckEvery)
		defer t.Stop()
		for {
			select {
			case <-s.wal.stop:
				return
			case <-t.C:
				if info, err := os.Stat(s.wal.path + "-wal"); err == nil && info.Size() > walLimit {
					s.checkpoint(context.Background())
				}
			}
		}
	}()
}

// checkpoint copies the WAL into the SQLite database and empties it; a
// no-op on PostgreSQL. While it waits for readers it holds off writers, so
// it waits briefly (checkpointWait, on a connection of its own) rather than
// the full busy timeout: a checkpoint that cannot finish is tried again a
// second later, while a writer kept waiting past its timeout would fail.
func (s *Store) checkpoint(ctx context.Context) error {
	if s.Dialect != SQLite {
		return nil
	}
	conn, err := s.DB.Conn(ctx)
	if err != nil {
		return err
	}
	defer conn.Close()
	conn.ExecContext(ctx, fmt.Sprintf(`PRAGMA busy_timeout = %d`, checkpointWait.Milliseconds()))
	defer conn.ExecContext(ctx, fmt.Sprintf(`PRAGMA busy_timeout = %d`, busyTimeout.Milliseconds()))
	// The answer's first column is 1 when readers or writers kept the
	// checkpoint from finishing (the WAL then still holds its frames).
	var busy, logFrames, done int
	if err := conn.QueryRowContext(ctx, `PRAGMA wal_checkpoint(TRUNCATE)`).Scan(&busy, &logFrames, &done); err != nil {
		return err
	}
	if busy != 0 {
		return ErrCheckpointBusy
	}
	return nil
}

// ErrCheckpointBusy: readers or writers kept a checkpoint from emptying
// the WAL; try again later.
var ErrCheckpointBusy = errors.New("WAL checkpoint busy: try again")

// Checkpoint empties the SQLite WAL into the database file now (a no-op on
// PostgreSQL), so that rows just deleted are gone from both files when
// secure_delete zeroed them. ErrCheckpointBusy when it could not finish.
func (s *Store) Checkpoint(ctx context.Context) error { return s.checkpoint(ctx) }

// checkpointWait is how long a checkpoint waits for readers and writers.
const checkpointWait = 100 * time.Millisecond

func (w *walWatch) close() {
	w.once.Do(func() { close(w.stop) })
	<-w.done
}
