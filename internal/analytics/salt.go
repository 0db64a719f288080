package analytics

import (
	"context"
	"errors"

	"github.com/ugcfolio/ugcfolio/internal/store"
)

// dropOldSalts deletes the salts of days before day, and then makes sure
// their bytes are gone from the disk too: SQLite zeroes deleted rows
// (secure_delete, set at open), but the page that held a salt may still be
// a frame of the WAL until a checkpoint copies the zeroed page over it and
// empties the file. A checkpoint that readers kept from finishing is tried
// again at the next call (the rollup's prune, every RollupEvery).
// PostgreSQL keeps dead rows until its vacuum: Checkpoint does nothing there.
func (s *Service) dropOldSalts(ctx context.Context, day string) error {
	res, err := s.st.DB.ExecContext(ctx, s.st.Rebind(`DELETE FROM analytics_salts WHERE day < ?`), day)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n > 0 {
		s.scrubPending.Store(true)
	}
	if !s.scrubPending.Load() {
		return nil
	}
	if err := s.st.Checkpoint(ctx); err != nil {
		if errors.Is(err, store.ErrCheckpointBusy) {
			return nil // pending: the next call tries again
		}
		return err
	}
	s.scrubPending.Store(false)
	return nil
}
