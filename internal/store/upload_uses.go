package store

import (
	"context"
	"sync"
)

// UploadUse reports whether a capability's saved items use the uploaded
// file at url ("/uploads/NAME").
type UploadUse func(ctx context.Context, url string) (bool, error)

// uploadUses are the checks capabilities whose tables are their own have
// registered (AddUploadUse): a deal's drafts (internal/rooms).
type uploadUses struct {
	mu     sync.Mutex
	checks []UploadUse
}

// AddUploadUse registers a capability's check of whether it uses an
// upload; UploadInUse asks it too. The capability owns its table, so the
// store never names it.
func (s *Store) AddUploadUse(check UploadUse) {
	s.uploadUses.mu.Lock()
	defer s.uploadUses.mu.Unlock()
	s.uploadUses.checks = append(s.uploadUses.checks, check)
}

// UploadInUse reports whether a saved item uses the uploaded file at url:
// a portfolio item's video or image, a testimonial's image, a client logo,
// or what a registered check finds (AddUploadUse). A file in use is never
// deleted; one nobody uses is, when an item lets go of it and by the
// janitor 24 hours after its upload began.
func (s *Store) UploadInUse(ctx context.Context, url string) (bool, error) {
	var n int
	err := s.queryRow(ctx, `SELECT (SELECT count(*) FROM portfolio_items WHERE video_url = ? OR image_url = ?)
		+ (SELECT count(*) FROM testimonials WHERE image_url = ?)
		+ (SELECT count(*) FROM client_logos WHERE image_url = ?)`, url, url, url, url).Scan(&n)
	if err != nil || n > 0 {
		return n > 0, err
	}
	s.uploadUses.mu.Lock()
	checks := s.uploadUses.checks
	s.uploadUses.mu.Unlock()
	for _, used := range checks {
		if ok, err := used(ctx, url); err != nil || ok {
			return ok, err
		}
	}
	return false, nil
}
