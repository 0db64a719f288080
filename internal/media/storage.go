// Package media keeps uploaded files: the storage backends (the local data
// directory, or any S3-compatible server), the chunked upload protocol that
// fills them, the signature check that proves an upload is a video, and
// Cleanup of abandoned uploads (a job that the httpapi janitor schedules
// hourly).
package media

import (
	"context"
	"errors"
	"io"
	"mime"
	"os"
	"path"
	"regexp"
	"strings"
	"time"
)

// ErrNotFound is returned by Storage.Open and Delete for a missing file.
var ErrNotFound = errors.New("media: file not found")

// Storage holds the files served under /uploads/NAME.
type Storage interface {
	// Put stores size bytes from r under name, replacing any earlier file.
	Put(ctx context.Context, name string, r io.Reader, size int64) error
	// PutFile moves (or copies) the local file at path into storage under
	// name; the file at path is gone afterwards either way.
	PutFile(ctx context.Context, name, path string) error
	// Open returns the file for reading with seeking, so that it can be
	// served with HTTP Range; ErrNotFound when there is none.
	Open(ctx context.Context, name string) (File, error)
	// Delete removes the file; ErrNotFound when there is none.
	Delete(ctx context.Context, name string) error
}

// File is an open stored file: seekable, so http.ServeContent can answer
// Range requests without reading it whole.
type File interface {
	io.ReadSeekCloser
	Size() int64
	ModTime() time.Time
}

// nameRe is the shape of a stored file's name: no path, no leading dot.
var nameRe = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$`)

// ValidName reports whether name can be a stored file's name. It rules out
// path separators, "..", hidden files and anything a URL would escape.
func ValidName(name string) bool {
	return nameRe.MatchString(name) && !strings.Contains(name, "..")
}

// URLPrefix is where stored files are served.
const URLPrefix = "/uploads/"

// NameFromURL returns NAME for "/uploads/NAME", or false when the URL is not
// exactly one of our uploads.
func NameFromURL(url string) (string, bool) {
	name, ok := strings.CutPrefix(url, URLPrefix)
	if !ok || !ValidName(name) {
		return "", false
	}
	return name, true
}

// contentTypes are the types we serve, by extension; anything else is sent
// as bytes (and X-Content-Type-Options: nosniff keeps browsers from guessing).
var contentTypes = map[string]string{
	".mp4":  "video/mp4",
	".m4v":  "video/mp4",
	".mov":  "video/quicktime",
	".webm": "video/webm",
	".ogg":  "video/ogg",
	".ogv":  "video/ogg",
	".svg":  "image/svg+xml",
	".png":  "image/png",
	".jpg":  "image/jpeg",
	".jpeg": "image/jpeg",
	".webp": "image/webp",
	".gif":  "image/gif",
}

// ContentType is the type a stored file is served with, by its extension.
func ContentType(name string) string {
	if ct, ok := contentTypes[strings.ToLower(path.Ext(name))]; ok {
		return ct
	}
	if ct := mime.TypeByExtension(path.Ext(name)); strings.HasPrefix(ct, "video/") {
		return ct
	}
	return "application/octet-stream"
}

// putAndRemove streams the local file at path into storage with Put, then
// removes it, whether or not the copy succeeded.
func putAndRemove(ctx context.Context, s Storage, name, path string) error {
	defer os.Remove(path)
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return err
	}
	return s.Put(ctx, name, f, st.Size())
}
