package media

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"time"
)

// Local keeps files in a directory of the local disk (DATA/uploads).
type Local struct{ dir string }

// NewLocal returns storage in dir, which is created on the first write.
func NewLocal(dir string) *Local { return &Local{dir: dir} }

func (l *Local) path(name string) (string, error) {
	if !ValidName(name) {
		return "", fmt.Errorf("media: bad file name %q", name)
	}
	return filepath.Join(l.dir, name), nil
}

// Put writes r to a temporary file beside the target, then renames it, so a
// reader never sees half a file.
func (l *Local) Put(_ context.Context, name string, r io.Reader, size int64) error {
	dst, err := l.path(name)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(l.dir, 0o700); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(l.dir, ".put-*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name()) // a no-op once renamed
	n, err := io.Copy(tmp, r)
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil && n != size {
		err = fmt.Errorf("media: wrote %d bytes, want %d", n, size)
	}
	if err != nil {
		return err
	}
	return os.Rename(tmp.Name(), dst)
}

// PutFile renames src into the directory (the chunk area is on the same
// disk, so this is no copy); across file systems it copies.
func (l *Local) PutFile(ctx context.Context, name, src string) error {
	dst, err := l.path(name)
	if err != nil {
		os.Remove(src)
		return err
	}
	if err := os.MkdirAll(l.dir, 0o700); err != nil {
		os.Remove(src)
		return err
	}
	if err := os.Rename(src, dst); err == nil {
		return os.Chmod(dst, 0o640)
	}
	return putAndRemove(ctx, l, name, src)
}

// Open opens the file for reading.
func (l *Local) Open(_ context.Context, name string) (File, error) {
	p, err := l.path(name)
	if err != nil {
		return nil, ErrNotFound
	}
	f, err := os.Open(p)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, err
	}
	st, err := f.Stat()
	if err != nil || !st.Mode().IsRegular() {
		f.Close()
		if err == nil {
			err = ErrNotFound
		}
		return nil, err
	}
	return &localFile{File: f, size: st.Size(), mod: st.ModTime()}, nil
}

// Delete removes the file.
func (l *Local) Delete(_ context.Context, name string) error {
	p, err := l.path(name)
	if err != nil {
		return ErrNotFound
	}
	err = os.Remove(p)
	if errors.Is(err, fs.ErrNotExist) {
		return ErrNotFound
	}
	return err
}

type localFile struct {
	*os.File
	size int64
	mod  time.Time
}

func (f *localFile) Size() int64        { return f.size }
func (f *localFile) ModTime() time.Time { return f.mod }
