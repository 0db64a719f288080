package media_test

import (
	"bytes"
	"context"
	"fmt"
	"mime/multipart"
	"net/http"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/minio/minio-go/v7"
	"github.com/ugcfolio/ugcfolio/internal/httpapi"
	"github.com/ugcfolio/ugcfolio/internal/media"
	"github.com/ugcfolio/ugcfolio/internal/media/s3test"
	"github.com/ugcfolio/ugcfolio/internal/sitetest"
	"github.com/ugcfolio/ugcfolio/internal/store"
	"github.com/ugcfolio/ugcfolio/internal/store/storetest"
)

// The chunked upload protocol through the real router (internal/sitetest):
// what it accepts and refuses, and that nothing is left behind.

// uploadSite is a site and, with S3 storage, the bucket it keeps files in.
type uploadSite struct {
	*sitetest.Site
	bucket *minio.Client
	s3     media.S3Options
}

// chunkPlaces are where a server keeps the chunks of uploads: on its disk
// (local storage), or in the bucket (S3 storage), which must answer alike.
var chunkPlaces = []struct {
	name string
	site func(t *testing.T, st *store.Store) *uploadSite
}{
	{"chunks on disk", func(t *testing.T, st *store.Store) *uploadSite {
		return &uploadSite{Site: sitetest.New(t, st, sitetest.Options{})}
	}},
	{"chunks in the bucket", s3Site},
}

// s3Site is a site with S3 storage on versitygw: it keeps the chunks of
// uploads in the bucket too.
func s3Site(t *testing.T, st *store.Store) *uploadSite {
	storage, o := s3test.NewWithOptions(t)
	s := sitetest.New(t, st, sitetest.Options{Deps: func(d *httpapi.Deps) { d.Storage = storage }})
	return &uploadSite{Site: s, bucket: s3test.Client(t, o), s3: o}
}

// files lists every file under the data dir's uploads and chunk areas, and
// every object of the bucket, named as on disk: a stored file as
// uploads/NAME, a chunk as upload-chunks/ID/INDEX.
func (e *uploadSite) files(t *testing.T) []string {
	t.Helper()
	out := e.Files(t)
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
	return out
}

func (e *uploadSite) wantNoFiles(t *testing.T) {
	t.Helper()
	if f := e.files(t); len(f) != 0 {
		t.Fatalf("files left behind: %v", f)
	}
}

var uploadURL = regexp.MustCompile(`^/uploads/[0-9a-f]{32}\.mp4$`)

func TestChunkedUpload(t *testing.T) {
	t.Parallel()
	data := video(1_300_000)
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
				e := place.site(t, sitetest.SQLite(t))
				c := e.SignedIn(t, "admin@example.no", true)
				id := "0b6c2a9e-4f0a-4c52-9d57-0f0d6c1f3a11"
				c.InitUpload(id, int64(len(data)), "video/mp4", len(chunks)).WantStatus(t, http.StatusOK)
				// A chunk sent wrong and then again is replaced by the second.
				c.SendChunk(id, order[0], len(chunks), bytes.Repeat([]byte("x"), len(chunks[order[0]]))).WantStatus(t, http.StatusOK)
				for _, i := range order {
					c.SendChunk(id, i, len(chunks), chunks[i]).WantStatus(t, http.StatusOK)
				}
				var out struct{ URL string }
				c.Finalize(id).WantStatus(t, http.StatusOK).JSON(t, &out)
				if !uploadURL.MatchString(out.URL) {
					t.Fatalf("url %q", out.URL)
				}
				// Byte for byte, from /uploads/ and through the proxy.
				for _, path := range []string{out.URL, "/api/video-proxy?url=" + out.URL} {
					r := e.Client().Do("GET", path, nil).WantStatus(t, http.StatusOK)
					if !bytes.Equal([]byte(r.Body), data) || r.Header.Get("Content-Type") != "video/mp4" {
						t.Fatalf("%s: %d bytes of type %q differ from the %d uploaded", path, len(r.Body), r.Header.Get("Content-Type"), len(data))
					}
				}
				// Only the stored file is left: no chunks.
				if f := e.files(t); len(f) != 1 || f[0] != filepath.Join("uploads", filepath.Base(out.URL)) {
					t.Fatalf("files after finalize: %v", f)
				}
				// A retried finalize (the first answer lost) gives the same URL;
				// no more chunks are taken.
				var again struct{ URL string }
				c.Finalize(id).WantStatus(t, http.StatusOK).JSON(t, &again)
				if again.URL != out.URL {
					t.Fatalf("retried finalize: %q, first %q", again.URL, out.URL)
				}
				c.SendChunk(id, 0, len(chunks), chunks[0]).WantMessage(t, http.StatusConflict, "The upload is already finalized")
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
			storetest.Each(t, func(t *testing.T, st *store.Store) { uploadRejects(t, place.site(t, st)) })
		})
	}
}

func uploadRejects(t *testing.T, e *uploadSite) {
	admin := e.SignedIn(t, "admin@example.no", true)
	other := e.SignedIn(t, "other@example.no", true)
	clip := video(1_200_000)
	chunks := split(clip, 512000)

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
			admin.InitUpload(tc.id, tc.size, tc.typ, tc.total).WantMessage(t, tc.status, tc.msg)
			e.wantNoFiles(t)
		})
	}
	// The spec's two chunk sizes at the limit are both accepted.
	admin.InitUpload("spec-chunks-512k", 104857600, "video/mp4", 205).WantStatus(t, http.StatusOK)
	admin.InitUpload("spec-chunks-1mib", 104857600, "video/mp4", 100).WantStatus(t, http.StatusOK)
	admin.InitUpload("spec-chunks-1mib", 1000, "video/mp4", 1).WantMessage(t, http.StatusConflict, "Upload id already in use")

	id := "upload-of-admin-1"
	admin.InitUpload(id, int64(len(clip)), "video/mp4", len(chunks)).WantStatus(t, http.StatusOK)
	t.Run("chunk rules", func(t *testing.T) {
		cases := []struct {
			name   string
			c      *sitetest.Client
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
			{"larger than needed", admin, id, 0, 3, video(600_000), 413, "Chunk is larger than this upload needs (at most 599999 bytes)"},
			{"empty", admin, id, 0, 3, nil, 400, "Chunk is empty"},
		}
		for _, tc := range cases {
			tc.c.SendChunk(tc.id, tc.index, tc.total, tc.data).WantMessage(t, tc.status, tc.msg)
			e.wantNoFiles(t)
		}
		admin.Do("POST", "/api/admin/upload/chunk", `{"uploadId":"x"}`).WantMessage(t, 400, "Send multipart/form-data with the fields uploadId, chunkIndex and totalChunks, then the file part chunk")
		other.Finalize(id).WantMessage(t, http.StatusNotFound, "Upload not found")
		e.wantNoFiles(t)
	})
	t.Run("non-admins", func(t *testing.T) {
		e.Client().InitUpload("visitor-upload", 1000, "video/mp4", 1).WantStatus(t, http.StatusUnauthorized)
		e.SignedIn(t, "user@example.no", false).SendChunk(id, 0, 3, chunks[0]).WantStatus(t, http.StatusForbidden)
		e.wantNoFiles(t)
	})
	t.Run("missing chunk", func(t *testing.T) {
		admin.SendChunk(id, 0, 3, chunks[0]).WantStatus(t, http.StatusOK)
		admin.SendChunk(id, 2, 3, chunks[2]).WantStatus(t, http.StatusOK)
		admin.Finalize(id).WantMessage(t, http.StatusBadRequest, "Upload is incomplete: chunk 2 of 3 is missing")
		e.wantNoFiles(t)
		admin.SendChunk(id, 1, 3, chunks[1]).WantMessage(t, http.StatusNotFound, "Upload not found") // discarded
	})
	t.Run("chunks exceed the declared size", func(t *testing.T) {
		id := "exceeds-declared"
		admin.InitUpload(id, 1000, "video/mp4", 2).WantStatus(t, http.StatusOK)
		admin.SendChunk(id, 0, 2, video(999)).WantStatus(t, http.StatusOK)
		admin.SendChunk(id, 1, 2, video(999)).WantMessage(t, http.StatusRequestEntityTooLarge, "The chunks exceed the declared file size")
		admin.Finalize(id).WantMessage(t, http.StatusBadRequest, "Upload is incomplete: chunk 2 of 2 is missing")
		e.wantNoFiles(t)
	})
	t.Run("chunks of different sizes", func(t *testing.T) {
		id := "uneven-chunks-1"
		admin.InitUpload(id, 1500, "video/mp4", 3).WantStatus(t, http.StatusOK)
		first := video(600)
		admin.SendChunk(id, 0, 3, first).WantStatus(t, http.StatusOK)
		admin.SendChunk(id, 1, 3, video(500)).WantMessage(t, http.StatusBadRequest, "Chunk 2 has 500 bytes, unlike the 600 of the other chunks")
		admin.SendChunk(id, 1, 3, video(800)).WantMessage(t, http.StatusRequestEntityTooLarge, "Chunk is larger than this upload needs (at most 749 bytes)")
		admin.SendChunk(id, 2, 3, video(601)).WantMessage(t, http.StatusBadRequest, "The last chunk is larger than the others")
		// A failed re-send of a good chunk makes it missing, never half-replaced.
		admin.SendChunk(id, 0, 3, video(650)).WantMessage(t, http.StatusBadRequest, "Chunk 1 has 650 bytes, unlike the 600 of the other chunks")
		admin.SendChunk(id, 1, 3, video(600)).WantStatus(t, http.StatusOK)
		admin.SendChunk(id, 2, 3, video(300)).WantStatus(t, http.StatusOK)
		admin.Finalize(id).WantMessage(t, http.StatusBadRequest, "Upload is incomplete: chunk 1 of 3 is missing")
		e.wantNoFiles(t)
	})
	t.Run("chunks short of the declared size", func(t *testing.T) {
		id := "short-of-declared"
		admin.InitUpload(id, 1000, "video/mp4", 2).WantStatus(t, http.StatusOK)
		admin.SendChunk(id, 0, 2, video(500)).WantStatus(t, http.StatusOK)
		admin.SendChunk(id, 1, 2, video(400)).WantStatus(t, http.StatusOK)
		admin.Finalize(id).WantMessage(t, http.StatusBadRequest, "Received 900 bytes, but the declared file size is 1000")
		e.wantNoFiles(t)
	})
	t.Run("wrong signature", func(t *testing.T) {
		id := "not-really-video"
		html := bytes.Repeat([]byte("<script>alert(1)</script>"), 40)
		admin.InitUpload(id, int64(len(html)), "video/mp4", 1).WantStatus(t, http.StatusOK)
		admin.SendChunk(id, 0, 1, html).WantStatus(t, http.StatusOK)
		admin.Finalize(id).WantMessage(t, http.StatusUnsupportedMediaType, "The file is not a video in a supported format (MP4, MOV, WebM or Ogg)")
		e.wantNoFiles(t)
	})
}

// TestUploadToS3 runs the whole protocol with S3 storage.
func TestUploadToS3(t *testing.T) {
	t.Parallel()
	e := &uploadSite{Site: sitetest.New(t, sitetest.SQLite(t), sitetest.Options{Deps: func(d *httpapi.Deps) { d.Storage = s3test.New(t) }})}
	c := e.SignedIn(t, "admin@example.no", true)
	data := video(700_000)
	chunks := split(data, 512000)
	c.InitUpload("s3-upload-1", int64(len(data)), "video/mp4", 2).WantStatus(t, http.StatusOK)
	c.SendChunk("s3-upload-1", 1, 2, chunks[1]).WantStatus(t, http.StatusOK)
	c.SendChunk("s3-upload-1", 0, 2, chunks[0]).WantStatus(t, http.StatusOK)
	var out struct{ URL string }
	c.Finalize("s3-upload-1").WantStatus(t, http.StatusOK).JSON(t, &out)
	r := e.Client().Do("GET", "/api/video-proxy?url="+out.URL, nil).WantStatus(t, http.StatusOK)
	if r.Body != string(data) {
		t.Fatalf("S3 copy differs: %d bytes", len(r.Body))
	}
	e.wantNoFiles(t) // the local disk holds nothing: chunks gone, file in S3
}

// A chunk whose body breaks off midway is refused and counts as missing,
// whichever way it is written to disk (the first of the equal chunks is
// staged, the others go into the data file, the last is kept apart): the
// copy to disk must not take the cut-off for the chunk's end.
func TestChunkCutOffIsNotReceived(t *testing.T) {
	t.Parallel()
	clip := video(1500)
	chunks := split(clip, 600) // 600, 600, 300
	for _, place := range chunkPlaces {
		for _, tc := range []struct {
			name  string
			index int
		}{{"first of the equal chunks", 0}, {"a later equal chunk", 1}, {"the last chunk", 2}} {
			t.Run(place.name+", "+tc.name, func(t *testing.T) {
				e := place.site(t, sitetest.SQLite(t))
				admin := e.SignedIn(t, "admin@example.no", true)
				id := "cut-off-" + fmt.Sprint(tc.index)
				admin.InitUpload(id, int64(len(clip)), "video/mp4", len(chunks)).WantStatus(t, http.StatusOK)
				// Whole before it: the last chunk (unless it is the one cut off), and
				// the equal chunks before it (so chunk 1 is the first to fix their size).
				for i := range chunks {
					if i < tc.index || (i == len(chunks)-1 && i != tc.index) {
						admin.SendChunk(id, i, len(chunks), chunks[i]).WantStatus(t, http.StatusOK)
					}
				}
				var body bytes.Buffer
				mw := multipart.NewWriter(&body)
				mw.WriteField("uploadId", id)
				mw.WriteField("chunkIndex", fmt.Sprint(tc.index))
				mw.WriteField("totalChunks", fmt.Sprint(len(chunks)))
				part, _ := mw.CreateFormFile("chunk", "blob")
				part.Write(chunks[tc.index][:len(chunks[tc.index])-100]) // then no closing boundary
				admin.Do("POST", "/api/admin/upload/chunk", body.String(), "Content-Type", mw.FormDataContentType()).
					WantMessage(t, http.StatusBadRequest, "The multipart body is malformed or was cut off")
				admin.Finalize(id).WantMessage(t, http.StatusBadRequest, fmt.Sprintf("Upload is incomplete: chunk %d of 3 is missing", tc.index+1))
				if f := e.files(t); len(f) != 0 {
					t.Fatalf("files left behind: %v", f)
				}
			})
		}
	}
}
