package s3test

import (
	"bytes"
	"context"
	"io"
	"testing"

	"github.com/minio/minio-go/v7"
	"github.com/minio/minio-go/v7/pkg/credentials"

	"github.com/ugcfolio/ugcfolio/internal/media"
)

// Client connects a plain S3 client to a server from Start, for tests that
// look at or change objects behind the code under test.
func Client(t testing.TB, o media.S3Options) *minio.Client {
	t.Helper()
	c, err := minio.New(o.Endpoint, &minio.Options{
		Creds: credentials.NewStaticV4(o.AccessKey, o.SecretKey, ""), Region: o.Region,
	})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// Get reads a whole object.
func Get(t testing.TB, c *minio.Client, bucket, key string) []byte {
	t.Helper()
	obj, err := c.GetObject(context.Background(), bucket, key, minio.GetObjectOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer obj.Close()
	b, err := io.ReadAll(obj)
	if err != nil {
		t.Fatalf("get %s/%s: %v", bucket, key, err)
	}
	return b
}

// Put writes a whole object.
func Put(t testing.TB, c *minio.Client, bucket, key string, b []byte) {
	t.Helper()
	if _, err := c.PutObject(context.Background(), bucket, key, bytes.NewReader(b), int64(len(b)), minio.PutObjectOptions{}); err != nil {
		t.Fatalf("put %s/%s: %v", bucket, key, err)
	}
}
