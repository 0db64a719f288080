package media

import (
	"context"
	"fmt"
	"io"
	"time"

	"github.com/minio/minio-go/v7"
	"github.com/minio/minio-go/v7/pkg/credentials"
)

// S3Options configure an S3-compatible bucket.
type S3Options struct {
	Endpoint  string // host:port
	Bucket    string
	AccessKey string
	SecretKey string
	Region    string
	UseTLS    bool
}

// S3 keeps files as objects of one bucket of any S3-compatible server.
type S3 struct {
	client *minio.Client
	bucket string
}

// NewS3 connects to the server and creates the bucket when it is missing.
func NewS3(ctx context.Context, o S3Options) (*S3, error) {
	client, err := minio.New(o.Endpoint, &minio.Options{
		Creds:  credentials.NewStaticV4(o.AccessKey, o.SecretKey, ""),
		Secure: o.UseTLS,
		Region: o.Region,
	})
	if err != nil {
		return nil, fmt.Errorf("S3 %s: %v", o.Endpoint, err)
	}
	exists, err := client.BucketExists(ctx, o.Bucket)
	if err != nil {
		return nil, fmt.Errorf("S3 %s: bucket %s: %v", o.Endpoint, o.Bucket, err)
	}
	if !exists {
		if err := client.MakeBucket(ctx, o.Bucket, minio.MakeBucketOptions{Region: o.Region}); err != nil {
			return nil, fmt.Errorf("S3 %s: create bucket %s: %v", o.Endpoint, o.Bucket, err)
		}
	}
	return &S3{client: client, bucket: o.Bucket}, nil
}

// Put uploads size bytes from r, with the name's content type.
func (s *S3) Put(ctx context.Context, name string, r io.Reader, size int64) error {
	if !ValidName(name) {
		return fmt.Errorf("media: bad file name %q", name)
	}
	_, err := s.client.PutObject(ctx, s.bucket, name, r, size, minio.PutObjectOptions{
		ContentType: ContentType(name),
		// Parts of 16 MiB bound the memory a large upload takes.
		PartSize: 16 << 20,
	})
	return err
}

// PutFile uploads the local file at path, then removes it.
func (s *S3) PutFile(ctx context.Context, name, path string) error {
	return putAndRemove(ctx, s, name, path)
}

// Open stats the object and returns a reader over it; each Seek then Read
// is a ranged GET, so serving a Range never downloads the whole object.
func (s *S3) Open(ctx context.Context, name string) (File, error) {
	if !ValidName(name) {
		return nil, ErrNotFound
	}
	info, err := s.client.StatObject(ctx, s.bucket, name, minio.StatObjectOptions{})
	if err != nil {
		if minio.ToErrorResponse(err).Code == minio.NoSuchKey || minio.ToErrorResponse(err).StatusCode == 404 {
			return nil, ErrNotFound
		}
		return nil, err
	}
	obj, err := s.client.GetObject(ctx, s.bucket, name, minio.GetObjectOptions{})
	if err != nil {
		return nil, err
	}
	return &s3File{Object: obj, size: info.Size, mod: info.LastModified}, nil
}

// Delete removes the object.
func (s *S3) Delete(ctx context.Context, name string) error {
	if !ValidName(name) {
		return ErrNotFound
	}
	if _, err := s.client.StatObject(ctx, s.bucket, name, minio.StatObjectOptions{}); err != nil {
		if minio.ToErrorResponse(err).Code == minio.NoSuchKey || minio.ToErrorResponse(err).StatusCode == 404 {
			return ErrNotFound
		}
		return err
	}
	return s.client.RemoveObject(ctx, s.bucket, name, minio.RemoveObjectOptions{})
}

type s3File struct {
	*minio.Object
	size int64
	mod  time.Time
}

func (f *s3File) Size() int64        { return f.size }
func (f *s3File) ModTime() time.Time { return f.mod }
