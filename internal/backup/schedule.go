package backup

import (
	"context"
	"log/slog"
	"time"
)

// Schedule runs backups from inside `serve` (UGCFOLIO_BACKUP_TO): one every
// Every, counted from the newest backup already there, keeping the newest
// Keep. A failed backup is retried after an hour (or Every, if shorter).
type Schedule struct {
	Every    time.Duration
	Keep     int
	Source   Source
	Location Location
	Keys     Keys // sign (and encrypt) each backup
	Log      *slog.Logger
	// FirstDelay is the least wait before the first backup, so that a
	// starting server settles first. Zero means 3 seconds.
	FirstDelay time.Duration
	// Done, when set, hears of every backup (metrics).
	Done func(Result, error)
}

// Run takes backups until ctx ends.
func (s Schedule) Run(ctx context.Context) {
	first := s.FirstDelay
	if first <= 0 {
		first = 3 * time.Second
	}
	next := time.Now().Add(first)
	if names, err := s.Location.Backups(ctx); err != nil {
		s.Log.Warn("backup: cannot list earlier backups", "to", s.Location.String(), "err", err)
	} else if len(names) > 0 {
		if t, ok := TimeOf(names[len(names)-1]); ok && t.Add(s.Every).After(next) {
			next = t.Add(s.Every)
		}
	}
	s.Log.Info("backups scheduled", "to", s.Location.String(), "every", s.Every, "keep", s.Keep, "next", next.UTC().Format(time.RFC3339))
	for {
		timer := time.NewTimer(time.Until(next))
		select {
		case <-ctx.Done():
			timer.Stop()
			return
		case <-timer.C:
		}
		res, err := Run(ctx, s.Source, s.Location, time.Now(), s.Keys)
		if s.Done != nil {
			s.Done(res, err)
		}
		if err != nil {
			if ctx.Err() != nil {
				return
			}
			retry := min(time.Hour, s.Every)
			s.Log.Error("backup failed", "err", err, "retry_in", retry)
			next = time.Now().Add(retry)
			continue
		}
		s.Log.Info("backup done", "to", s.Location.String(), "name", res.Name, "files", len(res.Manifest.Files),
			"bytes", res.Bytes, "duration", res.Duration)
		removed, err := Prune(ctx, s.Location, s.Keep)
		if err != nil {
			s.Log.Error("backup: removing old backups failed", "err", err)
		} else if len(removed) > 0 {
			s.Log.Info("old backups removed", "names", removed)
		}
		next = time.Now().Add(s.Every)
	}
}

// Prune removes all but the newest keep complete backups (keep < 1 keeps all).
func Prune(ctx context.Context, loc Location, keep int) ([]string, error) {
	if keep < 1 {
		return nil, nil
	}
	names, err := loc.Backups(ctx)
	if err != nil {
		return nil, err
	}
	var removed []string
	for len(names) > keep {
		if err := loc.Remove(ctx, names[0]); err != nil {
			return removed, err
		}
		removed = append(removed, names[0])
		names = names[1:]
	}
	return removed, nil
}
