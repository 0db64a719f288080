package backup

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"

	"github.com/minio/minio-go/v7"
	"github.com/minio/minio-go/v7/pkg/credentials"
)

// Location is where backups live: a directory of the local disk, or a
// prefix of an S3-compatible bucket. Keys are slash-separated and relative
// to the location; a backup is the set of keys under one name
// ("ugcfolio-20260102T030405.000Z/…").
type Location interface {
	// Put stores size bytes from r under key, for backup name.
	Put(ctx context.Context, key string, r io.Reader, size int64) error
	// Commit writes the manifest of backup name, making it complete.
	Commit(ctx context.Context, name string, manifest []byte) error
	// Open reads the object at key; errNotExist when there is none.
	Open(ctx context.Context, key string) (io.ReadCloser, error)
	// Backups lists the names of complete backups (with a manifest), oldest first.
	Backups(ctx context.Context) ([]string, error)
	// Remove deletes backup name, complete or not.
	Remove(ctx context.Context, name string) error
	String() string
}

// errNotExist is what Location.Open returns for a missing key.
var errNotExist = fs.ErrNotExist

// S3Settings connect to an S3-compatible server (the bucket and prefix come
// from the s3:// address).
type S3Settings struct {
	Endpoint  string // host:port
	AccessKey string
	SecretKey string
	Region    string
	UseTLS    bool
}

// ParseLocation turns DEST or SRC into a Location: "s3://bucket/prefix" or
// a directory path. S3 needs the settings; a directory needs nothing.
func ParseLocation(ctx context.Context, where string, s3 S3Settings) (Location, error) {
	if where == "" {
		return nil, errors.New("no backup location given")
	}
	if !strings.HasPrefix(where, "s3://") {
		if strings.Contains(where, "://") {
			return nil, fmt.Errorf("backup location %q: want a directory or s3://bucket/prefix", where)
		}
		return &dirLocation{dir: filepath.Clean(where)}, nil
	}
	u, err := url.Parse(where)
	if err != nil || u.Host == "" {
		return nil, fmt.Errorf("backup location %q: want s3://bucket/prefix", where)
	}
	if s3.Endpoint == "" || s3.AccessKey == "" || s3.SecretKey == "" {
		return nil, fmt.Errorf("backup location %s needs UGCFOLIO_BACKUP_S3_ENDPOINT, _ACCESS_KEY and _SECRET_KEY (or the UGCFOLIO_S3_* ones)", where)
	}
	client, err := minio.New(s3.Endpoint, &minio.Options{
		Creds:  credentials.NewStaticV4(s3.AccessKey, s3.SecretKey, ""),
		Secure: s3.UseTLS,
		Region: s3.Region,
	})
	if err != nil {
		return nil, fmt.Errorf("S3 %s: %v", s3.Endpoint, err)
	}
	bucket := u.Host
	exists, err := client.BucketExists(ctx, bucket)
	if err != nil {
		return nil, fmt.Errorf("S3 %s: bucket %s: %v", s3.Endpoint, bucket, err)
	}
	if !exists {
		if err := client.MakeBucket(ctx, bucket, minio.MakeBucketOptions{Region: s3.Region}); err != nil {
			return nil, fmt.Errorf("S3 %s: create bucket %s: %v", s3.Endpoint, bucket, err)
		}
	}
	prefix := strings.Trim(u.Path, "/")
	if prefix != "" {
		prefix += "/"
	}
	return &s3Location{client: client, bucket: bucket, prefix: prefix}, nil
}

// dirLocation keeps each backup in a directory of its own. A backup is
// written under ".NAME.partial" and renamed to NAME by Commit, so a
// directory named like a backup is always complete.
type dirLocation struct{ dir string }

func (d *dirLocation) String() string { return d.dir }

func partialDir(name string) string { return "." + name + ".partial" }

func (d *dirLocation) Put(_ context.Context, key string, r io.Reader, size int64) error {
	name, rest, ok := strings.Cut(key, "/")
	if !ok {
		return fmt.Errorf("backup: bad key %q", key)
	}
	p := filepath.Join(d.dir, partialDir(name), filepath.FromSlash(rest))
	// Owner-only, like the live database: a backup holds the same
	// password hashes, sessions and inquiries.
	if err := os.MkdirAll(filepath.Dir(p), 0o700); err != nil {
		return err
	}
	f, err := os.OpenFile(p, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o600)
	if err != nil {
		return err
	}
	n, err := io.Copy(f, r)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil && n != size {
		err = fmt.Errorf("backup: wrote %d bytes of %s, want %d", n, key, size)
	}
	return err
}

func (d *dirLocation) Commit(ctx context.Context, name string, manifest []byte) error {
	if err := d.Put(ctx, name+"/"+ManifestName, strings.NewReader(string(manifest)), int64(len(manifest))); err != nil {
		return err
	}
	if err := os.Rename(filepath.Join(d.dir, partialDir(name)), filepath.Join(d.dir, name)); err != nil {
		return err
	}
	// The rename is durable once the directory holding it is synced.
	if dir, err := os.Open(d.dir); err == nil {
		dir.Sync()
		dir.Close()
	}
	return nil
}

func (d *dirLocation) Open(_ context.Context, key string) (io.ReadCloser, error) {
	f, err := os.Open(filepath.Join(d.dir, filepath.FromSlash(key)))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, errNotExist
	}
	return f, err
}

func (d *dirLocation) Backups(context.Context) ([]string, error) {
	entries, err := os.ReadDir(d.dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var names []string
	for _, e := range entries {
		if !e.IsDir() || !isBackupName(e.Name()) {
			continue
		}
		if _, err := os.Stat(filepath.Join(d.dir, e.Name(), ManifestName)); err == nil {
			names = append(names, e.Name())
		}
	}
	sort.Strings(names)
	return names, nil
}

func (d *dirLocation) Remove(_ context.Context, name string) error {
	if !isBackupName(name) {
		return fmt.Errorf("backup: bad name %q", name)
	}
	if err := os.RemoveAll(filepath.Join(d.dir, partialDir(name))); err != nil {
		return err
	}
	return os.RemoveAll(filepath.Join(d.dir, name))
}

// s3Location keeps each backup under PREFIX/NAME/. The manifest is written
// last, so a backup without one is incomplete and never listed.
type s3Location struct {
	client *minio.Client
	bucket string
	prefix string
}

func (s *s3Location) String() string { return "s3://" + s.bucket + "/" + s.prefix }

func (s *s3Location) Put(ctx context.Context, key string, r io.Reader, size int64) error {
	_, err := s.client.PutObject(ctx, s.bucket, s.prefix+key, r, size, minio.PutObjectOptions{
		ContentType: "application/octet-stream",
		PartSize:    16 << 20, // bounds the memory a large file takes
	})
	return err
}

func (s *s3Location) Commit(ctx context.Context, name string, manifest []byte) error {
	return s.Put(ctx, name+"/"+ManifestName, strings.NewReader(string(manifest)), int64(len(manifest)))
}

func (s *s3Location) Open(ctx context.Context, key string) (io.ReadCloser, error) {
	obj, err := s.client.GetObject(ctx, s.bucket, s.prefix+key, minio.GetObjectOptions{})
	if err != nil {
		return nil, err
	}
	// GetObject is lazy: Stat makes the request and tells a missing key apart.
	if _, err := obj.Stat(); err != nil {
		obj.Close()
		if r := minio.ToErrorResponse(err); r.Code == minio.NoSuchKey || r.StatusCode == 404 {
			return nil, errNotExist
		}
		return nil, err
	}
	return obj, nil
}

func (s *s3Location) Backups(ctx context.Context) ([]string, error) {
	var names []string
	for obj := range s.client.ListObjects(ctx, s.bucket, minio.ListObjectsOptions{Prefix: s.prefix, Recursive: true}) {
		if obj.Err != nil {
			return nil, obj.Err
		}
		rel := strings.TrimPrefix(obj.Key, s.prefix)
		if name, file, ok := strings.Cut(rel, "/"); ok && file == ManifestName && isBackupName(name) {
			names = append(names, name)
		}
	}
	sort.Strings(names)
	return names, nil
}

func (s *s3Location) Remove(ctx context.Context, name string) error {
	if !isBackupName(name) {
		return fmt.Errorf("backup: bad name %q", name)
	}
	// The manifest goes first: a half-removed backup must not look complete.
	if err := s.client.RemoveObject(ctx, s.bucket, s.prefix+name+"/"+ManifestName, minio.RemoveObjectOptions{}); err != nil {
		return err
	}
	for obj := range s.client.ListObjects(ctx, s.bucket, minio.ListObjectsOptions{Prefix: s.prefix + name + "/", Recursive: true}) {
		if obj.Err != nil {
			return obj.Err
		}
		if err := s.client.RemoveObject(ctx, s.bucket, obj.Key, minio.RemoveObjectOptions{}); err != nil {
			return err
		}
	}
	return nil
}

// subLocation reads one backup given by its own address (SRC pointing at a
// backup rather than at the place holding several).
func splitBackupAddress(where string) (parent, name string) {
	trimmed := strings.TrimRight(filepath.ToSlash(where), "/")
	base := path.Base(filepath.ToSlash(trimmed))
	if !isBackupName(base) {
		return where, ""
	}
	parent = strings.TrimSuffix(trimmed, base)
	if parent == "" {
		parent = "."
	}
	if parent == "s3://" {
		return where, "" // the bucket itself is called like a backup
	}
	return parent, base
}
