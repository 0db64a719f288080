package media

import (
	"context"
	"errors"
)

// probeName is a valid name no upload ever gets (stored names carry a
// random part and an extension), so opening it costs one lookup.
const probeName = "readyz-probe"

// Reachable answers nil when storage answers (GET /readyz): it looks up a
// file that does not exist, one stat on a disk or one HEAD on S3, and "not
// found" is the answer of a storage that works.
func Reachable(ctx context.Context, s Storage) error {
	f, err := s.Open(ctx, probeName)
	if errors.Is(err, ErrNotFound) {
		return nil
	}
	if err == nil {
		return f.Close()
	}
	return err
}
