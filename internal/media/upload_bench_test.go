package media_test

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"slices"
	"testing"
	"time"

	"github.com/ugcfolio/ugcfolio/internal/media"
	"github.com/ugcfolio/ugcfolio/internal/media/s3test"
	"github.com/ugcfolio/ugcfolio/internal/store"
	"github.com/ugcfolio/ugcfolio/internal/store/storetest"
)

// BenchmarkUpload20MB times one whole upload of a 20 MB file in 1 MiB
// chunks (20 chunks, initialize to finalize) with S3 storage on versitygw:
// chunks on the local disk (one server; the file goes to the bucket at
// finalize) against chunks in the bucket (any replica); and, for
// reference, everything on the local disk. It reports the median of its
// uploads as ms/upload (make bench-uploads).
func BenchmarkUpload20MB(b *testing.B) {
	engines := map[string]func(testing.TB) *store.Store{"sqlite": func(tb testing.TB) *store.Store { return storetest.SQLite(tb) }}
	if os.Getenv("TEST_DATABASE_URL") != "" {
		engines["postgres"] = func(tb testing.TB) *store.Store { return storetest.Postgres(tb) }
	}
	data := video(20_000_000)
	chunks := split(data, 1<<20)
	for _, engine := range []string{"sqlite", "postgres"} {
		open, ok := engines[engine]
		if !ok {
			continue
		}
		setups := []struct {
			name string
			make func(b *testing.B, st *store.Store) *media.Uploads
		}{
			{"chunks on disk, file in S3", func(b *testing.B, st *store.Store) *media.Uploads {
				return &media.Uploads{Store: st, Storage: s3test.New(b), Dir: b.TempDir()}
			}},
			{"chunks in S3, file in S3", func(b *testing.B, st *store.Store) *media.Uploads {
				s3 := s3test.New(b)
				return &media.Uploads{Store: st, Storage: s3, Bucket: s3, Dir: b.TempDir()}
			}},
			{"chunks on disk, file on disk", func(b *testing.B, st *store.Store) *media.Uploads {
				return &media.Uploads{Store: st, Storage: media.NewLocal(b.TempDir()), Dir: b.TempDir()}
			}},
		}
		for _, setup := range setups {
			b.Run(engine+"/"+setup.name, func(b *testing.B) {
				ctx := context.Background()
				st := open(b)
				admin, err := st.CreateUser(ctx, store.UserInput{Username: "a@example.no", DisplayName: "A", PasswordHash: "x", IsAdmin: true})
				if err != nil {
					b.Fatal(err)
				}
				u := setup.make(b, st)
				var times []time.Duration
				b.ReportAllocs()
				for n := 0; b.Loop(); n++ {
					start := time.Now()
					id := fmt.Sprintf("bench-upload-%d", n)
					if err := u.Initialize(ctx, admin.ID, media.Declaration{UploadID: id, FileName: "clip.mp4",
						FileSize: int64(len(data)), FileType: "video/mp4", TotalChunks: len(chunks)}); err != nil {
						b.Fatal(err)
					}
					for i, chunk := range chunks {
						if err := u.PutChunk(ctx, admin.ID, id, i, len(chunks), bytes.NewReader(chunk)); err != nil {
							b.Fatal(err)
						}
					}
					url, err := u.Finalize(ctx, admin.ID, id)
					if err != nil {
						b.Fatal(err)
					}
					times = append(times, time.Since(start))
					b.StopTimer()
					name, _ := media.NameFromURL(url)
					if f, err := u.Storage.Open(ctx, name); err != nil || f.Size() != int64(len(data)) {
						b.Fatalf("stored %s: %v", url, err)
					} else {
						f.Close()
					}
					u.Storage.Delete(ctx, name)
					b.StartTimer()
				}
				slices.Sort(times)
				b.ReportMetric(float64(times[len(times)/2].Microseconds())/1000, "ms/upload")
			})
		}
	}
}
