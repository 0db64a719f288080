package sitetest

import (
	"bytes"
	"context"
	"crypto/rand"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io/fs"
	"mime/multipart"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ugcfolio/ugcfolio/internal/media"
	"github.com/ugcfolio/ugcfolio/internal/store"
)

// InitUpload starts a chunked upload of a file named clip.mp4.
func (c *Client) InitUpload(id string, size int64, fileType string, total int) Response {
	return c.Do("POST", "/api/admin/upload/initialize", map[string]any{
		"uploadId": id, "fileName": "clip.mp4", "fileSize": size, "fileType": fileType, "totalChunks": total,
	})
}

// ChunkBody is the multipart body the web app sends for one chunk (the
// fields, then the chunk) and its Content-Type.
func ChunkBody(id string, index, total int, data []byte) ([]byte, string) {
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	mw.WriteField("uploadId", id)
	mw.WriteField("chunkIndex", strconv.Itoa(index))
	mw.WriteField("totalChunks", strconv.Itoa(total))
	part, _ := mw.CreateFormFile("chunk", "blob")
	part.Write(data)
	mw.Close()
	return body.Bytes(), mw.FormDataContentType()
}

// SendChunk posts one chunk as the web app does (ChunkBody).
func (c *Client) SendChunk(id string, index, total int, data []byte) Response {
	body, contentType := ChunkBody(id, index, total, data)
	return c.Do("POST", "/api/admin/upload/chunk", string(body), "Content-Type", contentType)
}

// Finalize ends a chunked upload.
func (c *Client) Finalize(id string) Response {
	return c.Do("POST", "/api/admin/upload/finalize", map[string]string{"uploadId": id})
}

// SendUpload sends data through the chunked protocol (chunks of 64 KB) as
// fileType, short of finalizing it.
func (c *Client) SendUpload(t testing.TB, id, fileType string, data []byte) {
	t.Helper()
	chunks := Split(data, 64<<10)
	c.InitUpload(id, int64(len(data)), fileType, len(chunks)).WantStatus(t, http.StatusOK)
	for i, ch := range chunks {
		c.SendChunk(id, i, len(chunks), ch).WantStatus(t, http.StatusOK)
	}
}

// UploadVideo sends data through the chunked protocol as an MP4 and
// answers its URL.
func (c *Client) UploadVideo(t testing.TB, id string, data []byte) string {
	t.Helper()
	c.SendUpload(t, id, "video/mp4", data)
	var out struct{ URL string }
	c.Finalize(id).WantStatus(t, http.StatusOK).JSON(t, &out)
	return out.URL
}

// UploadImage sends data in one chunk as fileType and answers the
// finalize's response.
func (c *Client) UploadImage(t testing.TB, id, fileType string, data []byte) Response {
	t.Helper()
	c.InitUpload(id, int64(len(data)), fileType, 1).WantStatus(t, http.StatusOK)
	c.SendChunk(id, 0, 1, data).WantStatus(t, http.StatusOK)
	return c.Finalize(id)
}

// Split cuts data into pieces of size bytes (the last shorter).
func Split(data []byte, size int) [][]byte {
	var out [][]byte
	for len(data) > 0 {
		n := min(size, len(data))
		out = append(out, data[:n])
		data = data[n:]
	}
	return out
}

// FakeVideo is size random bytes that start like an MP4 file.
func FakeVideo(size int) []byte {
	b := make([]byte, size)
	rand.Read(b)
	copy(b, "\x00\x00\x00\x20ftypisom\x00\x00\x02\x00")
	return b
}

// PNG is a w×h picture, left half red, right half blue.
func PNG(t testing.TB, w, h int) []byte {
	m := image.NewNRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			c := color.NRGBA{200, 30, 30, 255}
			if x >= w/2 {
				c = color.NRGBA{30, 30, 200, 255}
			}
			m.SetNRGBA(x, y, c)
		}
	}
	var b bytes.Buffer
	if err := png.Encode(&b, m); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// PortraitClip is a 2 s clip filmed "in portrait": 320×180 coded with a
// 90° display matrix, with the place of the shoot in its metadata. Made
// once per test binary, with the real ffmpeg.
func PortraitClip(t testing.TB) []byte {
	t.Helper()
	portraitOnce.Do(func() { portraitBytes, portraitErr = makePortraitClip() })
	if portraitErr != nil {
		t.Fatal(portraitErr)
	}
	return portraitBytes
}

var (
	portraitOnce  sync.Once
	portraitBytes []byte
	portraitErr   error
)

func makePortraitClip() ([]byte, error) {
	dir, err := os.MkdirTemp("", "ugcfolio-portrait-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	plain, rotated := filepath.Join(dir, "plain.mp4"), filepath.Join(dir, "rotated.mp4")
	for _, args := range [][]string{
		{"-f", "lavfi", "-i", "testsrc2=size=320x180:rate=25", "-f", "lavfi", "-i", "sine=frequency=440", "-t", "2",
			"-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac",
			"-metadata", "location=+59.9139+010.7522/", plain},
		{"-i", plain, "-c", "copy", "-metadata:s:v:0", "rotate=90", rotated},
	} {
		cmd := exec.Command("ffmpeg", append([]string{"-nostdin", "-hide_banner", "-loglevel", "error", "-y"}, args...)...)
		if out, err := cmd.CombinedOutput(); err != nil {
			return nil, fmt.Errorf("ffmpeg (these tests need it: apt-get install ffmpeg): %v\n%s", err, out)
		}
	}
	return os.ReadFile(rotated)
}

// VideoStatus is the admin's view of an uploaded video
// (GET /api/admin/media/{name}).
type VideoStatus struct {
	Status    string
	Error     string
	Width     int
	Height    int
	PosterURL string
	Sources   []struct {
		URL           string
		Width, Height int
		Type          string
		Bytes         int64
	}
	Progress *int
	JobState string
	Attempts int
}

// WaitVideo polls the admin's status of the upload until it has left
// processing and its job has recorded the end of its try.
func WaitVideo(t testing.TB, admin *Client, url string) VideoStatus {
	t.Helper()
	deadline := time.Now().Add(60 * time.Second)
	for {
		var st VideoStatus
		admin.Do("GET", "/api/admin/media/"+strings.TrimPrefix(url, "/uploads/"), nil).WantStatus(t, http.StatusOK).JSON(t, &st)
		if st.Status != store.MediaProcessing && st.JobState != "running" && st.JobState != "queued" {
			return st
		}
		if time.Now().After(deadline) {
			t.Fatalf("still processing: %+v", st)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// WaitAsset polls until the media asset of url leaves "processing".
func (s *Site) WaitAsset(t testing.TB, url string) store.MediaAsset {
	t.Helper()
	name, _ := media.NameFromURL(url)
	deadline := time.Now().Add(60 * time.Second)
	for {
		a, err := s.Store.GetMediaAsset(context.Background(), name)
		if err != nil {
			t.Fatal(err)
		}
		if a.Status != store.MediaProcessing {
			return a
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s still processing", url)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// Files lists every file under the data dir's uploads and chunk areas, as
// uploads/NAME and upload-chunks/ID/INDEX.
func (s *Site) Files(t testing.TB) []string {
	t.Helper()
	var out []string
	for _, dir := range []string{"uploads", "upload-chunks"} {
		filepath.WalkDir(filepath.Join(s.DataDir, dir), func(p string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() {
				rel, _ := filepath.Rel(s.DataDir, p)
				out = append(out, rel)
			}
			return nil
		})
	}
	return out
}

// Stored reports whether storage holds a file of that name.
func (s *Site) Stored(name string) bool {
	f, err := s.Storage.Open(context.Background(), name)
	if err != nil {
		return false
	}
	f.Close()
	return true
}
