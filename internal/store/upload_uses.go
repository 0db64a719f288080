package store

import (
	"context"
	"strings"
)

// UploadInUse reports whether a saved item uses the uploaded file at url:
// a portfolio item's video or image, a testimonial's image, a client logo,
// or a deal's draft (internal/rooms keeps its stored name). A file in use
// is never deleted; one nobody uses is, when an item lets go of it and by
// the janitor 24 hours after its upload began.
func (s *Store) UploadInUse(ctx context.Context, url string) (bool, error) {
	var n int
	name := strings.TrimPrefix(url, "/uploads/")
	err := s.queryRow(ctx, `SELECT (SELECT count(*) FROM portfolio_items WHERE video_url = ? OR image_url = ?)
		+ (SELECT count(*) FROM testimonials WHERE image_url = ?)
		+ (SELECT count(*) FROM client_logos WHERE image_url = ?)
		+ (SELECT count(*) FROM room_drafts WHERE stored_name = ?)`, url, url, url, url, name).Scan(&n)
	return n > 0, err
}
