package httpapi

import (
	"bytes"
	"context"
	"crypto/rand"
	"fmt"
	"io/fs"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/minio/minio-go/v7"
	"github.com/ugcfolio/ugcfolio/internal/config"
	"github.com/ugcfolio/ugcfolio/internal/media"
	"github.com/ugcfolio/ugcfolio/internal/media/s3test"
	"github.com/ugcfolio/ugcfolio/internal/store"
	"github.com/ugcfolio/ugcfolio/internal/store/storetest"
)

// uploadEnv is a server with its data dir and storage in view, so a test
// can prove that nothing is left behind.
type uploadEnv struct {
	*testEnv
	dataDir string
	storage media.Storage
	bucket  *minio.Client // with S3 storage: looks at the bucket
	s3      media.S3Options
}

// newUploadEnv starts a server over st; storage nil means local disk.
func newUploadEnv(t *testing.T, st *store.Store, storage media.Storage) *uploadEnv {
	t.Helper()
	cfg := config.Config{Addr: "127.0.0.1:0", DataDir: t.TempDir()}
	if storage == nil {
		storage = media.NewLocal(cfg.UploadsDir())
	}
	srv := New(Deps{Config: cfg, Store: st, Log: discardLog, Web: fs.FS(testWeb), Storage: storage})
	ts := httptest.NewServer(srv.Handler())
	t.Cleanup(ts.Close)
	return &uploadEnv{testEnv: &testEnv{t: t, store: st, url: ts.URL, server: srv}, dataDir: cfg.DataDir, storage: storage}
}

// newS3UploadEnv starts a server over st with S3 storage on versitygw: it
// keeps the chunks of uploads in the bucket too (issue 27).
func newS3UploadEnv(t *testing.T, st *store.Store) *uploadEnv {
	t.Helper()
	storage, o := s3test.NewWithOptions(t)
	e := newUploadEnv(t, st, storage)
	e.bucket, e.s3 = s3test.Client(t, o), o
	return e
}

// chunkPlaces are where a server keeps the chunks of uploads: on its disk
// (local storage), or in the bucket (S3 storage), which must answer alike.
var chunkPlaces = []struct {
	name string
	env  func(t *testing.T, st *store.Store) *uploadEnv
}{
	{"chunks on disk", func(t *testing.T, st *store.Store) *uploadEnv { return newUploadEnv(t, st, nil) }},
	{"chunks in the bucket", newS3UploadEnv},
}

// files lists every file under the data dir's uploads and chunk areas, and
// every object of the bucket, named as on disk: a stored file as
// uploads/NAME, a chunk as upload-chunks/ID/INDEX.
func (e *uploadEnv) files(t *testing.T) []string {
	t.Helper()
	var out []string
	if e.bucket != nil {
		for o := range e.bucket.ListObjects(context.Background(), e.s3.Bucket, minio.ListObjectsOptions{Recursive: true}) {
			if o.Err != nil {
				t.Fatal(o.Err)
			}
			if strings.Contains(o.Key, "/") {
				out = append(out, o.Key)
			} else {
				out = append(out, filepath.Join("uploads", o.Key))
			}
		}
	}
	for _, dir := range []string{"uploads", "upload-chunks"} {
		filepath.WalkDir(filepath.Join(e.dataDir, dir), func(p string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() {
				rel, _ := filepath.Rel(e.dataDir, p)
				out = append(out, rel)
			}
			return nil
		})
	}
	return out
}

func (e *uploadEnv) wantNoFiles(t *testing.T) {
	t.Helper()
	if f := e.files(t); len(f) != 0 {
		t.Fatalf("files left behind: %v", f)
	}
}

// sendChunk posts one chunk as the client does: the fields, then the chunk.
func (c *client) sendChunk(id string, index, total int, data []byte) response {
	c.e.t.Helper()
	body, contentType := chunkBody(id, index, total, data)
	return c.do("POST", "/api/admin/upload/chunk", string(body), "Content-Type", contentType)
}

func (c *client) initUpload(id string, size int64, fileType string, total int) response {
	c.e.t.Helper()
	return c.do("POST", "/api/admin/upload/initialize", map[string]any{
		"uploadId": id, "fileName": "clip.mp4", "fileSize": size, "fileType": fileType, "totalChunks": total,
	})
}

func (c *client) finalize(id string) response {
	c.e.t.Helper()
	return c.do("POST", "/api/admin/upload/finalize", map[string]string{"uploadId": id})
}

// fakeVideo is size bytes that start like an MP4 file.
func fakeVideo(size int) []byte {
	b := make([]byte, size)
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

var uploadURL = regexp.MustCompile(`^/uploads/[0-9a-f]{32}\.mp4$`)

func TestChunkedUpload(t *testing.T) {
	t.Parallel()
	data := fakeVideo(1_300_000)
	cases := []struct {
		name      string
		chunkSize int
		order     []int
	}{
		{"in order", 512000, []int{0, 1, 2}}, // three chunks of 512000, the last shorter
		{"out of order", 512000, []int{2, 0, 1}},
		{"last first, 1 MiB chunks", 1 << 20, []int{1, 0}},
		{"one chunk", 1_300_000, []int{0}},
	}
	for _, place := range chunkPlaces {
		for _, tc := range cases {
			chunks, order := split(data, tc.chunkSize), tc.order
			t.Run(place.name+", "+tc.name, func(t *testing.T) {
				e := place.env(t, sqliteStore(t))
				c := e.signedIn(t, "admin@example.no", true)
				id := "0b6c2a9e-4f0a-4c52-9d57-0f0d6c1f3a11"
				c.initUpload(id, int64(len(data)), "video/mp4", len(chunks)).wantStatus(t, http.StatusOK)
				// A chunk sent wrong and then again is replaced by the second.
				c.sendChunk(id, order[0], len(chunks), bytes.Repeat([]byte("x"), len(chunks[order[0]]))).wantStatus(t, http.StatusOK)
				for _, i := range order {
					c.sendChunk(id, i, len(chunks), chunks[i]).wantStatus(t, http.StatusOK)
				}
				var out struct{ URL string }
				c.finalize(id).wantStatus(t, http.StatusOK).json(t, &out)
				if !uploadURL.MatchString(out.URL) {
					t.Fatalf("url %q", out.URL)
				}
				// Byte for byte, from /uploads/ and through the proxy.
				for _, path := range []string{out.URL, "/api/video-proxy?url=" + out.URL} {
					r := e.client().do("GET", path, nil).wantStatus(t, http.StatusOK)
					if !bytes.Equal([]byte(r.body), data) || r.header.Get("Content-Type") != "video/mp4" {
						t.Fatalf("%s: %d bytes of type %q differ from the %d uploaded", path, len(r.body), r.header.Get("Content-Type"), len(data))
					}
				}
				// Only the stored file is left: no chunks.
				if f := e.files(t); len(f) != 1 || f[0] != filepath.Join("uploads", filepath.Base(out.URL)) {
					t.Fatalf("files after finalize: %v", f)
				}
				// A retried finalize (the first answer lost) gives the same URL;
				// no more chunks are taken.
				var again struct{ URL string }
				c.finalize(id).wantStatus(t, http.StatusOK).json(t, &again)
				if again.URL != out.URL {
					t.Fatalf("retried finalize: %q, first %q", again.URL, out.URL)
				}
				c.sendChunk(id, 0, len(chunks), chunks[0]).wantMessage(t, http.StatusConflict, "The upload is already finalized")
			})
		}
	}
}

// TestUploadRejects sends each bad input and checks its answer and that no
// file is left behind.
func TestUploadRejects(t *testing.T) {
	t.Parallel()
	for _, place := range chunkPlaces {
		t.Run(place.name, func(t *testing.T) {
			storetest.Each(t, func(t *testing.T, st *store.Store) { uploadRejects(t, place.env(t, st)) })
		})
	}
}

func uploadRejects(t *testing.T, e *uploadEnv) {
	admin := e.signedIn(t, "admin@example.no", true)
	other := e.signedIn(t, "other@example.no", true)
	video := fakeVideo(1_200_000)
	chunks := split(video, 512000)

	// Initialize: nothing is accepted, nothing is written.
	init := []struct {
		name   string
		id     string
		size   int64
		typ    string
		total  int
		status int
		msg    string
	}{
		{"path traversal in id", "../../etc/passwd", 1000, "video/mp4", 1, 400, "Invalid upload id: use 8 to 64 letters, digits, - or _"},
		{"encoded traversal in id", "..%2f..%2fetc", 1000, "video/mp4", 1, 400, "Invalid upload id: use 8 to 64 letters, digits, - or _"},
		{"short id", "abc", 1000, "video/mp4", 1, 400, "Invalid upload id: use 8 to 64 letters, digits, - or _"},
		{"over 100 MB", "too-large-1", 104857601, "video/mp4", 205, 413, "File is too large: the limit is 100 MB"},
		{"neither video nor image", "not-video-1", 1000, "application/pdf", 1, 415, "Only video and image files can be uploaded"},
		{"empty file", "empty-file-1", 0, "video/mp4", 1, 400, "fileSize must be a positive number of bytes"},
		{"no chunks", "no-chunks-1", 1000, "video/mp4", 0, 400, "totalChunks must be from 1 to 1000 for this file"},
		{"chunks over 5 MiB", "huge-chunk-1", 20 << 20, "video/mp4", 2, 400, "totalChunks 2 does not fit fileSize 20971520 with chunks of at most 5242880 bytes"},
		{"count no chunk size gives", "bad-count-1", 10, "video/mp4", 7, 400, "totalChunks 7 does not fit fileSize 10 with chunks of at most 5242880 bytes"},
	}
	for _, tc := range init {
		t.Run(tc.name, func(t *testing.T) {
			admin.initUpload(tc.id, tc.size, tc.typ, tc.total).wantMessage(t, tc.status, tc.msg)
			e.wantNoFiles(t)
		})
	}
	// The spec's two chunk sizes at the limit are both accepted.
	admin.initUpload("spec-chunks-512k", 104857600, "video/mp4", 205).wantStatus(t, http.StatusOK)
	admin.initUpload("spec-chunks-1mib", 104857600, "video/mp4", 100).wantStatus(t, http.StatusOK)
	admin.initUpload("spec-chunks-1mib", 1000, "video/mp4", 1).wantMessage(t, http.StatusConflict, "Upload id already in use")

	id := "upload-of-admin-1"
	admin.initUpload(id, int64(len(video)), "video/mp4", len(chunks)).wantStatus(t, http.StatusOK)
	t.Run("chunk rules", func(t *testing.T) {
		cases := []struct {
			name   string
			c      *client
			id     string
			index  int
			total  int
			data   []byte
			status int
			msg    string
		}{
			{"path traversal in id", admin, "../../../tmp/x", 0, 3, chunks[0], 400, "Invalid upload id: use 8 to 64 letters, digits, - or _"},
			{"another admin's upload", other, id, 0, 3, chunks[0], 404, "Upload not found"},
			{"index past the end", admin, id, 3, 3, chunks[0], 400, "chunkIndex must be from 0 to 2"},
			{"negative index", admin, id, -1, 3, chunks[0], 400, "chunkIndex must be from 0 to 2"},
			{"other total", admin, id, 0, 4, chunks[0], 400, "totalChunks 4 does not match the 3 declared"},
			{"larger than needed", admin, id, 0, 3, fakeVideo(600_000), 413, "Chunk is larger than this upload needs (at most 599999 bytes)"},
			{"empty", admin, id, 0, 3, nil, 400, "Chunk is empty"},
		}
		for _, tc := range cases {
			tc.c.sendChunk(tc.id, tc.index, tc.total, tc.data).wantMessage(t, tc.status, tc.msg)
			e.wantNoFiles(t)
		}
		admin.do("POST", "/api/admin/upload/chunk", `{"uploadId":"x"}`).wantMessage(t, 400, errChunkForm.Message)
		other.finalize(id).wantMessage(t, http.StatusNotFound, "Upload not found")
		e.wantNoFiles(t)
	})
	t.Run("non-admins", func(t *testing.T) {
		e.client().initUpload("visitor-upload", 1000, "video/mp4", 1).wantStatus(t, http.StatusUnauthorized)
		e.signedIn(t, "user@example.no", false).sendChunk(id, 0, 3, chunks[0]).wantStatus(t, http.StatusForbidden)
		e.wantNoFiles(t)
	})
	t.Run("missing chunk", func(t *testing.T) {
		admin.sendChunk(id, 0, 3, chunks[0]).wantStatus(t, http.StatusOK)
		admin.sendChunk(id, 2, 3, chunks[2]).wantStatus(t, http.StatusOK)
		admin.finalize(id).wantMessage(t, http.StatusBadRequest, "Upload is incomplete: chunk 2 of 3 is missing")
		e.wantNoFiles(t)
		admin.sendChunk(id, 1, 3, chunks[1]).wantMessage(t, http.StatusNotFound, "Upload not found") // discarded
	})
	t.Run("chunks exceed the declared size", func(t *testing.T) {
		id := "exceeds-declared"
		admin.initUpload(id, 1000, "video/mp4", 2).wantStatus(t, http.StatusOK)
		admin.sendChunk(id, 0, 2, fakeVideo(999)).wantStatus(t, http.StatusOK)
		admin.sendChunk(id, 1, 2, fakeVideo(999)).wantMessage(t, http.StatusRequestEntityTooLarge, "The chunks exceed the declared file size")
		admin.finalize(id).wantMessage(t, http.StatusBadRequest, "Upload is incomplete: chunk 2 of 2 is missing")
		e.wantNoFiles(t)
	})
	t.Run("chunks of different sizes", func(t *testing.T) {
		id := "uneven-chunks-1"
		admin.initUpload(id, 1500, "video/mp4", 3).wantStatus(t, http.StatusOK)
		first := fakeVideo(600)
		admin.sendChunk(id, 0, 3, first).wantStatus(t, http.StatusOK)
		admin.sendChunk(id, 1, 3, fakeVideo(500)).wantMessage(t, http.StatusBadRequest, "Chunk 2 has 500 bytes, unlike the 600 of the other chunks")
		admin.sendChunk(id, 1, 3, fakeVideo(800)).wantMessage(t, http.StatusRequestEntityTooLarge, "Chunk is larger than this upload needs (at most 749 bytes)")
		admin.sendChunk(id, 2, 3, fakeVideo(601)).wantMessage(t, http.StatusBadRequest, "The last chunk is larger than the others")
		// A failed re-send of a good chunk makes it missing, never half-replaced.
		admin.sendChunk(id, 0, 3, fakeVideo(650)).wantMessage(t, http.StatusBadRequest, "Chunk 1 has 650 bytes, unlike the 600 of the other chunks")
		admin.sendChunk(id, 1, 3, fakeVideo(600)).wantStatus(t, http.StatusOK)
		admin.sendChunk(id, 2, 3, fakeVideo(300)).wantStatus(t, http.StatusOK)
		admin.finalize(id).wantMessage(t, http.StatusBadRequest, "Upload is incomplete: chunk 1 of 3 is missing")
		e.wantNoFiles(t)
	})
	t.Run("chunks short of the declared size", func(t *testing.T) {
		id := "short-of-declared"
		admin.initUpload(id, 1000, "video/mp4", 2).wantStatus(t, http.StatusOK)
		admin.sendChunk(id, 0, 2, fakeVideo(500)).wantStatus(t, http.StatusOK)
		admin.sendChunk(id, 1, 2, fakeVideo(400)).wantStatus(t, http.StatusOK)
		admin.finalize(id).wantMessage(t, http.StatusBadRequest, "Received 900 bytes, but the declared file size is 1000")
		e.wantNoFiles(t)
	})
	t.Run("wrong signature", func(t *testing.T) {
		id := "not-really-video"
		html := bytes.Repeat([]byte("<script>alert(1)</script>"), 40)
		admin.initUpload(id, int64(len(html)), "video/mp4", 1).wantStatus(t, http.StatusOK)
		admin.sendChunk(id, 0, 1, html).wantStatus(t, http.StatusOK)
		admin.finalize(id).wantMessage(t, http.StatusUnsupportedMediaType, "The file is not a video in a supported format (MP4, MOV, WebM or Ogg)")
		e.wantNoFiles(t)
	})
}

func TestVideoProxyRefuses(t *testing.T) {
	t.Parallel()
	e := newUploadEnv(t, sqliteStore(t), nil)
	e.storage.Put(context.Background(), "clip.mp4", bytes.NewReader([]byte("0123456789")), 10)
	os.WriteFile(filepath.Join(e.dataDir, "secret.mp4"), []byte("secret"), 0o600)
	refused := []string{
		"",
		"url=",
		"url=https://evil.example/uploads/clip.mp4",
		"url=http://127.0.0.1/uploads/clip.mp4",
		"url=//evil.example/uploads/clip.mp4",
		"url=file:///etc/passwd",
		"url=javascript:alert(1)",
		"url=/uploads/../secret.mp4",
		"url=%2Fuploads%2F..%2Fsecret.mp4",
		"url=/uploads/%252e%252e%252fsecret.mp4",
		"url=/uploads/..%5Csecret.mp4",
		"url=/uploads/sub/clip.mp4",
		"url=/uploads/.hidden",
		"url=/uploads/clip.mp4%3Fx%3D1",
		"url=/api/user",
		"url=/uploads/clip.mp4&url=/uploads/clip.mp4",
	}
	for _, q := range refused {
		e.client().do("GET", "/api/video-proxy?"+q, nil).wantMessage(t, http.StatusBadRequest, errProxyURL.Message)
	}
	e.client().do("GET", "/api/video-proxy?url=/uploads/missing.mp4", nil).wantMessage(t, http.StatusNotFound, "File not found")
	e.client().do("GET", "/api/video-proxy?url=%2Fuploads%2Fclip.mp4", nil).wantStatus(t, http.StatusOK)
}

// TestRangeRequests seeks in a stored video through /uploads/ and the proxy,
// on local storage and on S3.
func TestRangeRequests(t *testing.T) {
	t.Parallel()
	storages := map[string]func(t *testing.T) media.Storage{
		"local": func(t *testing.T) media.Storage { return nil },
		"s3":    func(t *testing.T) media.Storage { return s3Storage(t) },
	}
	for name, mk := range storages {
		t.Run(name, func(t *testing.T) {
			e := newUploadEnv(t, sqliteStore(t), mk(t))
			data := fakeVideo(2_000_000)
			if err := e.storage.Put(context.Background(), "seek.mp4", bytes.NewReader(data), int64(len(data))); err != nil {
				t.Fatal(err)
			}
			for _, path := range []string{"/uploads/seek.mp4", "/api/video-proxy?url=/uploads/seek.mp4"} {
				cases := []struct {
					rng, contentRange string
					from, to          int
				}{
					{"bytes=0-1", "bytes 0-1/2000000", 0, 2},
					{"bytes=1000000-1000999", "bytes 1000000-1000999/2000000", 1000000, 1001000},
					{"bytes=-100", "bytes 1999900-1999999/2000000", 1999900, 2000000},
					{"bytes=1999990-", "bytes 1999990-1999999/2000000", 1999990, 2000000},
				}
				for _, tc := range cases {
					r := e.client().do("GET", path, nil, "Range", tc.rng).wantStatus(t, http.StatusPartialContent)
					if r.body != string(data[tc.from:tc.to]) || r.header.Get("Content-Range") != tc.contentRange || r.header.Get("Content-Type") != "video/mp4" {
						t.Fatalf("%s %s: %d bytes, Content-Range %q, type %q", path, tc.rng, len(r.body), r.header.Get("Content-Range"), r.header.Get("Content-Type"))
					}
				}
				e.client().do("GET", path, nil, "Range", "bytes=3000000-").wantStatus(t, http.StatusRequestedRangeNotSatisfiable)
				if r := e.client().do("HEAD", path, nil); r.header.Get("Accept-Ranges") != "bytes" {
					t.Errorf("%s: Accept-Ranges %q", path, r.header.Get("Accept-Ranges"))
				}
			}
		})
	}
}

// TestUploadToS3 runs the whole protocol with S3 storage.
func TestUploadToS3(t *testing.T) {
	t.Parallel()
	e := newUploadEnv(t, sqliteStore(t), s3Storage(t))
	c := e.signedIn(t, "admin@example.no", true)
	data := fakeVideo(700_000)
	chunks := split(data, 512000)
	c.initUpload("s3-upload-1", int64(len(data)), "video/mp4", 2).wantStatus(t, http.StatusOK)
	c.sendChunk("s3-upload-1", 1, 2, chunks[1]).wantStatus(t, http.StatusOK)
	c.sendChunk("s3-upload-1", 0, 2, chunks[0]).wantStatus(t, http.StatusOK)
	var out struct{ URL string }
	c.finalize("s3-upload-1").wantStatus(t, http.StatusOK).json(t, &out)
	r := e.client().do("GET", "/api/video-proxy?url="+out.URL, nil).wantStatus(t, http.StatusOK)
	if r.body != string(data) {
		t.Fatalf("S3 copy differs: %d bytes", len(r.body))
	}
	e.wantNoFiles(t) // the local disk holds nothing: chunks gone, file in S3
}

func TestRemoveUploadIfUnused(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := sqliteStore(t)
	cfg := config.Config{DataDir: t.TempDir()}
	storage := media.NewLocal(cfg.UploadsDir())
	s := New(Deps{Config: cfg, Store: st, Log: discardLog, Web: fs.FS(testWeb), Storage: storage})
	storage.Put(ctx, "shared.mp4", bytes.NewReader([]byte("video")), 5)
	url := "/uploads/shared.mp4"
	var ids []int64
	for _, lang := range []string{"no", "en"} {
		item, err := st.CreatePortfolioItem(ctx, store.PortfolioInput{Title: "Film", Category: "product", VideoURL: url, Language: lang, IsActive: true})
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, item.ID)
	}
	exists := func() bool {
		_, err := os.Stat(filepath.Join(cfg.UploadsDir(), "shared.mp4"))
		return err == nil
	}
	st.DeletePortfolioItem(ctx, ids[0])
	if err := s.removeUploadIfUnused(ctx, url); err != nil || !exists() {
		t.Fatalf("file used by another item removed (err %v)", err)
	}
	st.DeletePortfolioItem(ctx, ids[1])
	if err := s.removeUploadIfUnused(ctx, url); err != nil || exists() {
		t.Fatalf("unused file kept (err %v)", err)
	}
	for _, other := range []string{url, "https://vimeo.com/1", "/uploads/../ugcfolio.db", ""} {
		if err := s.removeUploadIfUnused(ctx, other); err != nil {
			t.Errorf("removeUploadIfUnused(%q) = %v", other, err)
		}
	}
}

func s3Storage(t *testing.T) media.Storage { return s3test.New(t) }

// A chunk whose body breaks off midway is refused and counts as missing,
// whichever way it is written to disk (the first of the equal chunks is
// staged, the others go into the data file, the last is kept apart): the
// copy to disk must not take the cut-off for the chunk's end.
func TestChunkCutOffIsNotReceived(t *testing.T) {
	t.Parallel()
	video := fakeVideo(1500)
	chunks := split(video, 600) // 600, 600, 300
	for _, place := range chunkPlaces {
		for _, tc := range []struct {
			name  string
			index int
		}{{"first of the equal chunks", 0}, {"a later equal chunk", 1}, {"the last chunk", 2}} {
			t.Run(place.name+", "+tc.name, func(t *testing.T) {
				e := place.env(t, sqliteStore(t))
				admin := e.signedIn(t, "admin@example.no", true)
				id := "cut-off-" + fmt.Sprint(tc.index)
				admin.initUpload(id, int64(len(video)), "video/mp4", len(chunks)).wantStatus(t, http.StatusOK)
				// Whole before it: the last chunk (unless it is the one cut off), and
				// the equal chunks before it (so chunk 1 is the first to fix their size).
				for i := range chunks {
					if i < tc.index || (i == len(chunks)-1 && i != tc.index) {
						admin.sendChunk(id, i, len(chunks), chunks[i]).wantStatus(t, http.StatusOK)
					}
				}
				var body bytes.Buffer
				mw := multipart.NewWriter(&body)
				mw.WriteField("uploadId", id)
				mw.WriteField("chunkIndex", fmt.Sprint(tc.index))
				mw.WriteField("totalChunks", fmt.Sprint(len(chunks)))
				part, _ := mw.CreateFormFile("chunk", "blob")
				part.Write(chunks[tc.index][:len(chunks[tc.index])-100]) // then no closing boundary
				admin.do("POST", "/api/admin/upload/chunk", body.String(), "Content-Type", mw.FormDataContentType()).
					wantMessage(t, http.StatusBadRequest, "The multipart body is malformed or was cut off")
				admin.finalize(id).wantMessage(t, http.StatusBadRequest, fmt.Sprintf("Upload is incomplete: chunk %d of 3 is missing", tc.index+1))
				if f := e.files(t); len(f) != 0 {
					t.Fatalf("files left behind: %v", f)
				}
			})
		}
	}
}
