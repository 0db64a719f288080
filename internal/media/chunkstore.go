package media

import (
	"context"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	"github.com/ugcfolio/ugcfolio/internal/apperr"
	"github.com/ugcfolio/ugcfolio/internal/store"
)

// chunkStore keeps the chunks of uploads in progress until finalize: on the
// local disk of one server (localChunks), or in the S3 bucket where every
// replica sees them (bucketChunks). Uploads checks the protocol's rules
// (who may send, which index) before it calls one; both apply the same
// rules to the chunks' sizes, with the same errors.
type chunkStore interface {
	// put keeps chunk index of up from r, replacing an earlier copy; it
	// returns once the chunk is kept for good (then it is acknowledged).
	// A chunk that fails counts as missing: the client sends it again.
	put(ctx context.Context, up store.Upload, index int, r io.Reader) error
	// assemble checks that every chunk is there and that they add up to the
	// declared size, and answers the whole file's head and how to store it.
	assemble(ctx context.Context, up store.Upload) (assembled, error)
	// remove forgets the chunks of upload id (none is no error).
	remove(ctx context.Context, id string) error
	// sweep removes the chunks of uploads that known says have no row (left
	// by a crash), untouched since before.
	sweep(ctx context.Context, before time.Time, known func(id string) bool) error
}

// assembled is an upload's file, whole and checked, ready for storage.
type assembled struct {
	head    []byte // its first headLen bytes (fewer when it is shorter)
	storeAs func(ctx context.Context, s Storage, name string) error
}

func errIncomplete(missing, total int) error {
	return apperr.Invalid("Upload is incomplete: chunk %d of %d is missing", missing+1, total)
}

func errSizeMismatch(received, declared int64) error {
	return apperr.Invalid("Received %d bytes, but the declared file size is %d", received, declared)
}

// localChunks keeps each upload's chunks in a chunkArea under dir.
type localChunks struct{ dir string }

func (l localChunks) area(id string) chunkArea { return chunkArea{filepath.Join(l.dir, id)} }

func (l localChunks) put(_ context.Context, up store.Upload, index int, r io.Reader) error {
	return l.area(up.ID).put(up, index, r)
}

func (l localChunks) assemble(_ context.Context, up store.Upload) (assembled, error) {
	area := l.area(up.ID)
	if i := area.firstMissing(up.TotalChunks); i >= 0 {
		return assembled{}, errIncomplete(i, up.TotalChunks)
	}
	path, head, err := area.assemble(up)
	if err != nil {
		return assembled{}, err
	}
	return assembled{head: head, storeAs: func(ctx context.Context, s Storage, name string) error {
		return s.PutFile(ctx, name, path) // a rename on the same disk
	}}, nil
}

func (l localChunks) remove(_ context.Context, id string) error { return l.area(id).remove() }

func (l localChunks) sweep(_ context.Context, before time.Time, known func(id string) bool) error {
	if l.dir == "" {
		return nil
	}
	entries, err := os.ReadDir(l.dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	var failed []error
	for _, e := range entries {
		info, err := e.Info()
		if err != nil || !info.ModTime().Before(before) {
			continue
		}
		if !ValidUploadID(e.Name()) || !known(e.Name()) {
			failed = append(failed, os.RemoveAll(filepath.Join(l.dir, e.Name())))
		}
	}
	return errors.Join(failed...)
}
