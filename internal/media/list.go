package media

import (
	"context"
	"errors"
	"io/fs"
	"os"

	"github.com/minio/minio-go/v7"
)

// Lister is storage whose files can be listed: `ugcfolio migrate` copies
// every stored file (originals and processed files alike) this way.
type Lister interface {
	// List calls fn with the name and size of every stored file, in no
	// particular order; an error from fn stops the listing and is returned.
	List(ctx context.Context, fn func(name string, size int64) error) error
}

// List walks the directory. Only names a stored file can have are listed:
// a Put's temporary file (".put-…") or anything else dropped there is not
// one of the site's files.
func (l *Local) List(ctx context.Context, fn func(name string, size int64) error) error {
	entries, err := os.ReadDir(l.dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil // nothing stored yet
	}
	if err != nil {
		return err
	}
	for _, e := range entries {
		if err := ctx.Err(); err != nil {
			return err
		}
		if !e.Type().IsRegular() || !ValidName(e.Name()) {
			continue // symbolic links are never followed, as in backups
		}
		info, err := e.Info()
		if errors.Is(err, fs.ErrNotExist) {
			continue // removed since the directory was read
		}
		if err != nil {
			return err
		}
		if err := fn(e.Name(), info.Size()); err != nil {
			return err
		}
	}
	return nil
}

// List lists the bucket's objects. Keys that are not a stored file's name
// (with a "/", as other tools or work in progress may keep there) are
// skipped.
func (s *S3) List(ctx context.Context, fn func(name string, size int64) error) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel() // stops the listing goroutine when fn fails
	for obj := range s.client.ListObjects(ctx, s.bucket, minio.ListObjectsOptions{Recursive: true}) {
		if obj.Err != nil {
			return obj.Err
		}
		if !ValidName(obj.Key) {
			continue
		}
		if err := fn(obj.Key, obj.Size); err != nil {
			return err
		}
	}
	return ctx.Err()
}
