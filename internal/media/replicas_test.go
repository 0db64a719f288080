package media_test

import (
	"bytes"
	"context"
	"crypto/rand"
	"errors"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"sync"
	"testing"
	"time"

	"github.com/minio/minio-go/v7"

	"github.com/ugcfolio/ugcfolio/internal/media"
	"github.com/ugcfolio/ugcfolio/internal/media/s3test"
	"github.com/ugcfolio/ugcfolio/internal/store"
	"github.com/ugcfolio/ugcfolio/internal/store/storetest"
)

// Uploads from any replica: replicas share only the database and
// the S3 bucket. Each replica here is an Uploads of its own, over its own
// connection to the database, its own S3 client and its own local
// directory (which must stay empty).

// shared is the database and bucket of a set of replicas.
type shared struct {
	open   func(t *testing.T) *store.Store // a new connection to the shared database
	s3     media.S3Options
	client *minio.Client // looks at the bucket behind the replicas' backs
	admin  int64
}

// eachShared runs fn over SQLite (one file, opened by each replica) and over
// PostgreSQL when TEST_DATABASE_URL is set, with a fresh bucket on versitygw.
func eachShared(t *testing.T, fn func(t *testing.T, sh *shared)) {
	run := func(t *testing.T, dsn, path string) {
		sh := &shared{s3: s3test.Start(t)}
		sh.client = s3test.Client(t, sh.s3)
		sh.open = func(t *testing.T) *store.Store {
			t.Helper()
			st, err := store.Open(context.Background(), dsn, path)
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { st.Close() })
			return st
		}
		admin, err := sh.open(t).CreateUser(context.Background(), store.UserInput{Username: "a@example.no", DisplayName: "A", PasswordHash: "x", IsAdmin: true})
		if err != nil {
			t.Fatal(err)
		}
		sh.admin = admin.ID
		fn(t, sh)
	}
	t.Run("sqlite", func(t *testing.T) { run(t, "", filepath.Join(t.TempDir(), "shared.db")) })
	if os.Getenv("TEST_DATABASE_URL") != "" {
		t.Run("postgres", func(t *testing.T) {
			dsn, err := storetest.FreshPostgresURL(t)
			if err != nil {
				t.Fatal(err)
			}
			run(t, dsn, "")
		})
	}
}

// replica is one server's Uploads, with its store and local directory.
type replica struct {
	*media.Uploads
	st  *store.Store
	dir string
}

func (sh *shared) replica(t *testing.T) *replica {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	bucket, err := media.NewS3(ctx, sh.s3)
	if err != nil {
		t.Fatal(err)
	}
	st := sh.open(t)
	dir := filepath.Join(t.TempDir(), "upload-chunks")
	return &replica{st: st, dir: dir, Uploads: &media.Uploads{Store: st, Storage: bucket, Bucket: bucket, Dir: dir,
		InUse: st.UploadInUse}}
}

// wantNoLocalFiles checks that the replica kept nothing on its own disk.
func (r *replica) wantNoLocalFiles(t *testing.T) {
	t.Helper()
	if entries, err := os.ReadDir(r.dir); err == nil && len(entries) > 0 {
		t.Fatalf("a replica kept chunks on its local disk: %v", entries)
	}
}

// chunkObjects lists the keys under upload-chunks/ in the bucket.
func (sh *shared) chunkObjects(t *testing.T, prefix string) []string {
	t.Helper()
	var keys []string
	for o := range sh.client.ListObjects(context.Background(), sh.s3.Bucket, minio.ListObjectsOptions{Prefix: "upload-chunks/" + prefix, Recursive: true}) {
		if o.Err != nil {
			t.Fatal(o.Err)
		}
		keys = append(keys, o.Key)
	}
	return keys
}

// stored reads a stored file from the bucket (nil when there is none).
func (sh *shared) stored(t *testing.T, url string) []byte {
	t.Helper()
	name, ok := media.NameFromURL(url)
	if !ok {
		t.Fatalf("not an upload URL: %q", url)
	}
	obj, err := sh.client.GetObject(context.Background(), sh.s3.Bucket, name, minio.GetObjectOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer obj.Close()
	b, err := io.ReadAll(obj)
	if minio.ToErrorResponse(err).Code == minio.NoSuchKey {
		return nil
	}
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// video is n bytes that start like an MP4 file.
func video(n int) []byte {
	b := make([]byte, n)
	rand.Read(b)
	copy(b, "\x00\x00\x00\x20ftypisom\x00\x00\x02\x00")
	return b
}

func split(data []byte, size int) [][]byte {
	var out [][]byte
	for len(data) > 0 {
		n := min(size, len(data))
		out = append(out, data[:n])
		data = data[n:]
	}
	return out
}

func (sh *shared) declare(t *testing.T, u *replica, id string, data []byte, chunks int) {
	t.Helper()
	if err := u.Initialize(context.Background(), sh.admin, media.Declaration{UploadID: id, FileName: "clip.mp4",
		FileSize: int64(len(data)), FileType: "video/mp4", TotalChunks: chunks}); err != nil {
		t.Fatal(err)
	}
}

func (sh *shared) send(t *testing.T, u *replica, id string, index int, chunks [][]byte) {
	t.Helper()
	if err := u.PutChunk(context.Background(), sh.admin, id, index, len(chunks), bytes.NewReader(chunks[index])); err != nil {
		t.Fatalf("chunk %d: %v", index, err)
	}
}

var storedURL = regexp.MustCompile(`^/uploads/[0-9a-f]{32}\.mp4$`)

// (a) Consecutive chunks of one upload go to two replicas, out of order and
// one of them twice; a third replica finalizes. The bucket then holds the
// file byte for byte and no chunk, and no replica wrote to its disk. A
// second upload sends every chunk at once, spread over the two.
func TestChunksFromAnyReplica(t *testing.T) {
	eachShared(t, func(t *testing.T, sh *shared) {
		ctx := context.Background()
		a, b, c := sh.replica(t), sh.replica(t), sh.replica(t)
		data := video(2_600_000)
		chunks := split(data, 512000) // five of 512000 bytes, the last of 40000
		sh.declare(t, a, "from-any-replica", data, len(chunks))
		for n, i := range []int{5, 0, 3, 1, 4, 2} {
			sh.send(t, []*replica{a, b}[n%2], "from-any-replica", i, chunks)
		}
		sh.send(t, a, "from-any-replica", 3, chunks) // sent again (an answer lost): the same chunk
		url, err := c.Finalize(ctx, sh.admin, "from-any-replica")
		if err != nil {
			t.Fatal(err)
		}
		if !storedURL.MatchString(url) || !bytes.Equal(sh.stored(t, url), data) {
			t.Fatalf("%s does not hold the %d bytes uploaded", url, len(data))
		}
		if keys := sh.chunkObjects(t, ""); len(keys) != 0 {
			t.Fatalf("chunks left in the bucket: %v", keys)
		}
		// A finalize retried on another replica answers the same URL; the
		// upload takes no more chunks.
		if again, err := a.Finalize(ctx, sh.admin, "from-any-replica"); err != nil || again != url {
			t.Fatalf("retried finalize: %q %v, want %q", again, err, url)
		}
		if err := b.PutChunk(ctx, sh.admin, "from-any-replica", 0, len(chunks), bytes.NewReader(chunks[0])); err == nil ||
			err.Error() != "conflict: The upload is already finalized" {
			t.Fatalf("chunk after finalize: %v", err)
		}

		// Every chunk at once, spread over two replicas, 1 MiB each.
		data = video(6_500_000)
		chunks = split(data, 1<<20)
		sh.declare(t, b, "all-at-once", data, len(chunks))
		var wg sync.WaitGroup
		for i := range chunks {
			wg.Go(func() {
				if err := []*replica{a, b}[i%2].PutChunk(ctx, sh.admin, "all-at-once", i, len(chunks), bytes.NewReader(chunks[i])); err != nil {
					t.Errorf("chunk %d: %v", i, err)
				}
			})
		}
		wg.Wait()
		url, err = c.Finalize(ctx, sh.admin, "all-at-once")
		if err != nil || !bytes.Equal(sh.stored(t, url), data) {
			t.Fatalf("finalize of chunks sent at once: %q %v", url, err)
		}

		// Two finalizes at once on two replicas (a retry sent elsewhere while
		// the first still runs) store one file under one URL.
		data = video(1_500_000)
		chunks = split(data, 1<<20)
		sh.declare(t, c, "finalized-twice", data, len(chunks))
		sh.send(t, a, "finalized-twice", 0, chunks)
		sh.send(t, b, "finalized-twice", 1, chunks)
		urls := make([]string, 2)
		for i, r := range []*replica{a, c} {
			wg.Go(func() {
				var err error
				if urls[i], err = r.Finalize(ctx, sh.admin, "finalized-twice"); err != nil {
					t.Errorf("finalize on replica %d: %v", i, err)
				}
			})
		}
		wg.Wait()
		if urls[0] != urls[1] || !bytes.Equal(sh.stored(t, urls[0]), data) {
			t.Fatalf("two finalizes at once answered %q", urls)
		}
		for _, r := range []*replica{a, b, c} {
			r.wantNoLocalFiles(t)
		}
	})
}

// failingRecords plays a replica killed after a chunk reached the bucket
// but before the database recorded it.
type failingRecords struct{ *store.Store }

func (failingRecords) RecordUploadChunk(context.Context, string, int, int64) error {
	return errors.New("killed before the record")
}

// cutOff is a chunk's body that breaks off after n bytes.
type cutOff struct {
	r io.Reader
	n int
}

var errCutOff = errors.New("the connection broke")

func (c *cutOff) Read(p []byte) (int, error) {
	if c.n <= 0 {
		return 0, errCutOff
	}
	p = p[:min(len(p), c.n)]
	n, err := c.r.Read(p)
	c.n -= n
	return n, err
}

// (b) A replica acknowledges some chunks, then dies: one chunk breaks off
// on its way in, another reaches the bucket but not the database, and its
// disk is gone. Another replica takes the rest (and a chunk sent again)
// and finalizes: nothing acknowledged was lost.
func TestReplicaDroppedMidUpload(t *testing.T) {
	eachShared(t, func(t *testing.T, sh *shared) {
		ctx := context.Background()
		a, b := sh.replica(t), sh.replica(t)
		data := video(5_500_000)
		chunks := split(data, 1<<20)
		const id = "dropped-replica-1"
		sh.declare(t, a, id, data, len(chunks))
		for i := range 3 {
			sh.send(t, a, id, i, chunks)
		}
		if err := a.PutChunk(ctx, sh.admin, id, 3, len(chunks), &cutOff{r: bytes.NewReader(chunks[3]), n: 300_000}); !errors.Is(err, errCutOff) {
			t.Fatalf("a chunk cut off: %v", err)
		}
		a.Store = failingRecords{a.st}
		if err := a.PutChunk(ctx, sh.admin, id, 4, len(chunks), bytes.NewReader(chunks[4])); err == nil {
			t.Fatal("a chunk not recorded was acknowledged")
		}
		a.st.Close()
		os.RemoveAll(a.dir)

		// Only what a acknowledged counts: chunks 3 and 4 are missing.
		sizes, err := b.st.UploadChunks(ctx, id)
		if err != nil || len(sizes) != 3 || sizes[0] != 1<<20 || sizes[2] != 1<<20 {
			t.Fatalf("recorded after the drop: %v %v", sizes, err)
		}
		for _, i := range []int{2, 3, 4, 5} {
			sh.send(t, b, id, i, chunks)
		}
		url, err := b.Finalize(ctx, sh.admin, id)
		if err != nil || !bytes.Equal(sh.stored(t, url), data) {
			t.Fatalf("finalize after the drop: %q %v", url, err)
		}
		if keys := sh.chunkObjects(t, ""); len(keys) != 0 {
			t.Fatalf("chunks left in the bucket: %v", keys)
		}
		b.wantNoLocalFiles(t)
	})
}

// outcome is how a test compares answers: "ok", or the error's code and
// message.
func outcome(err error) string {
	if err == nil {
		return "ok"
	}
	if errors.Is(err, errCutOff) {
		return "cut off"
	}
	return err.Error()
}

// (d) Bad input gets the same answers with chunks in the bucket as with
// chunks on disk, and leaves nothing behind in either.
func TestBadInputSameAnswers(t *testing.T) {
	type step struct {
		do   func(u *media.Uploads, admin, other int64) error
		want string
	}
	put := func(id string, index, total int, body []byte) func(*media.Uploads, int64, int64) error {
		return func(u *media.Uploads, admin, _ int64) error {
			return u.PutChunk(context.Background(), admin, id, index, total, bytes.NewReader(body))
		}
	}
	declare := func(id string, size int64, total int) func(*media.Uploads, int64, int64) error {
		return func(u *media.Uploads, admin, _ int64) error {
			return u.Initialize(context.Background(), admin, media.Declaration{UploadID: id, FileName: "clip.mp4",
				FileSize: size, FileType: "video/mp4", TotalChunks: total})
		}
	}
	finalize := func(id string) func(*media.Uploads, int64, int64) error {
		return func(u *media.Uploads, admin, _ int64) error {
			_, err := u.Finalize(context.Background(), admin, id)
			return err
		}
	}
	good := video(1_200_000)
	parts := split(good, 512000)
	html := bytes.Repeat([]byte("<script>alert(1)</script>"), 40)
	steps := []step{
		{declare("upload-of-admin-1", int64(len(good)), 3), "ok"},
		{put("no-such-upload", 0, 3, parts[0]), "not_found: Upload not found"},
		{put("../../../tmp/x", 0, 3, parts[0]), "invalid: Invalid upload id: use 8 to 64 letters, digits, - or _"},
		{func(u *media.Uploads, _, other int64) error {
			return u.PutChunk(context.Background(), other, "upload-of-admin-1", 0, 3, bytes.NewReader(parts[0]))
		}, "not_found: Upload not found"},
		{put("upload-of-admin-1", 3, 3, parts[0]), "invalid: chunkIndex must be from 0 to 2"},
		{put("upload-of-admin-1", -1, 3, parts[0]), "invalid: chunkIndex must be from 0 to 2"},
		{put("upload-of-admin-1", 0, 4, parts[0]), "invalid: totalChunks 4 does not match the 3 declared"},
		{put("upload-of-admin-1", 0, 3, video(600_000)), "too_large: Chunk is larger than this upload needs (at most 599999 bytes)"},
		{put("upload-of-admin-1", 2, 3, video(600_000)), "too_large: Chunk is larger than this upload needs (at most 599999 bytes)"},
		{put("upload-of-admin-1", 0, 3, nil), "invalid: Chunk is empty"},
		{put("upload-of-admin-1", 2, 3, nil), "invalid: Chunk is empty"},
		{put("upload-of-admin-1", 1, 3, video(300_000)), "invalid: Chunk 2 has 300000 bytes: too small for 3 chunks of a 1200000-byte file"},
		{func(u *media.Uploads, admin, _ int64) error {
			return u.PutChunk(context.Background(), admin, "upload-of-admin-1", 0, 3, &cutOff{r: bytes.NewReader(parts[0]), n: 1000})
		}, "cut off"},
		{put("upload-of-admin-1", 0, 3, parts[0]), "ok"},
		{put("upload-of-admin-1", 2, 3, parts[2]), "ok"},
		{finalize("no-such-upload"), "not_found: Upload not found"},
		{finalize("upload-of-admin-1"), "invalid: Upload is incomplete: chunk 2 of 3 is missing"},
		{put("upload-of-admin-1", 1, 3, parts[1]), "not_found: Upload not found"}, // discarded

		{declare("uneven-chunks-1", 1500, 3), "ok"},
		{put("uneven-chunks-1", 0, 3, video(600)), "ok"},
		{put("uneven-chunks-1", 1, 3, video(500)), "invalid: Chunk 2 has 500 bytes, unlike the 600 of the other chunks"},
		{put("uneven-chunks-1", 1, 3, nil), "invalid: Chunk 2 has 0 bytes, unlike the 600 of the other chunks"},
		{put("uneven-chunks-1", 1, 3, video(800)), "too_large: Chunk is larger than this upload needs (at most 749 bytes)"},
		{put("uneven-chunks-1", 2, 3, video(601)), "invalid: The last chunk is larger than the others"},
		// A failed re-send of a good chunk makes it missing.
		{put("uneven-chunks-1", 0, 3, video(650)), "invalid: Chunk 1 has 650 bytes, unlike the 600 of the other chunks"},
		{put("uneven-chunks-1", 1, 3, video(600)), "ok"},
		{put("uneven-chunks-1", 2, 3, video(300)), "ok"},
		{finalize("uneven-chunks-1"), "invalid: Upload is incomplete: chunk 1 of 3 is missing"},

		{declare("exceeds-declared", 1000, 2), "ok"},
		{put("exceeds-declared", 0, 2, video(999)), "ok"},
		{put("exceeds-declared", 1, 2, video(999)), "too_large: The chunks exceed the declared file size"},
		{finalize("exceeds-declared"), "invalid: Upload is incomplete: chunk 2 of 2 is missing"},

		{declare("last-came-first", 1000, 2), "ok"},
		{put("last-came-first", 1, 2, video(600)), "ok"},
		{put("last-came-first", 0, 2, video(500)), "invalid: The last chunk is larger than the others"},
		{finalize("last-came-first"), "invalid: Upload is incomplete: chunk 1 of 2 is missing"},

		{declare("short-of-declared", 1000, 2), "ok"},
		{put("short-of-declared", 0, 2, video(500)), "ok"},
		{put("short-of-declared", 1, 2, video(400)), "ok"},
		{finalize("short-of-declared"), "invalid: Received 900 bytes, but the declared file size is 1000"},

		{declare("not-really-video", int64(len(html)), 1), "ok"},
		{put("not-really-video", 0, 1, html), "ok"},
		{finalize("not-really-video"), "unsupported_media: The file is not a video in a supported format (MP4, MOV, WebM or Ogg)"},

		{declare("finalized-once", 700, 1), "ok"},
		{put("finalized-once", 0, 1, video(700)), "ok"},
		{finalize("finalized-once"), "ok"},
		{put("finalized-once", 0, 1, video(700)), "conflict: The upload is already finalized"},
	}

	storetest.Each(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		// Each on a database of its own (same engine), so the ids do not meet.
		other := storetest.SQLite(t)
		if st.Dialect == store.Postgres {
			other = storetest.Postgres(t)
		}
		users := func(st *store.Store) []int64 {
			ids := make([]int64, 2)
			for i, name := range []string{"admin@example.no", "other@example.no"} {
				u, err := st.CreateUser(ctx, store.UserInput{Username: name, DisplayName: "A", PasswordHash: "x", IsAdmin: true})
				if err != nil {
					t.Fatal(err)
				}
				ids[i] = u.ID
			}
			return ids
		}
		s3 := s3test.Start(t)
		bucket, err := media.NewS3(ctx, s3)
		if err != nil {
			t.Fatal(err)
		}
		local := &media.Uploads{Store: st, Storage: media.NewLocal(t.TempDir()), Dir: t.TempDir()}
		inBucket := &media.Uploads{Store: other, Storage: bucket, Bucket: bucket, Dir: t.TempDir()}
		localUsers, bucketUsers := users(st), users(other)
		for i, s := range steps {
			gotLocal := outcome(s.do(local, localUsers[0], localUsers[1]))
			gotBucket := outcome(s.do(inBucket, bucketUsers[0], bucketUsers[1]))
			if gotLocal != s.want || gotBucket != s.want {
				t.Errorf("step %d: on disk %q, in the bucket %q; want %q", i, gotLocal, gotBucket, s.want)
			}
		}
		for _, dir := range []string{local.Dir, inBucket.Dir} {
			if entries, _ := os.ReadDir(dir); len(entries) != 0 {
				t.Errorf("chunks left on disk: %v", entries)
			}
		}
		var left []string
		for o := range s3test.Client(t, s3).ListObjects(ctx, s3.Bucket, minio.ListObjectsOptions{Prefix: "upload-chunks/", Recursive: true}) {
			left = append(left, o.Key)
		}
		if len(left) != 0 {
			t.Errorf("chunks left in the bucket: %v", left)
		}
	})
}
