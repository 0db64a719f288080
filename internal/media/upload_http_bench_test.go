package media_test

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"

	"github.com/ugcfolio/ugcfolio/internal/auth"
	"github.com/ugcfolio/ugcfolio/internal/media"
	"github.com/ugcfolio/ugcfolio/internal/sitetest"
	"github.com/ugcfolio/ugcfolio/internal/store"
	"github.com/ugcfolio/ugcfolio/internal/store/storetest"
)

// The chunk size and file of the upload budget (DESIGN.md section 5,
// cmd/uploadbench): 100 MB in chunks of 512000 bytes.
const (
	benchFileSize  = media.MaxFileSize
	benchChunkSize = 512000
)

// The upload budget through the real handler chain (internal/sitetest).

// benchServer is the real handler chain (the site's Handler()) over SQLite, called
// in-process so a profile shows the server's work alone, with the session
// cookie of a logged-in admin.
type benchServer struct {
	h      http.Handler
	cookie string
}

func newBenchServer(b *testing.B) *benchServer {
	b.Helper()
	st := storetest.SQLite(b)
	srv := sitetest.New(b, st, sitetest.Options{}).Server
	hash, err := auth.HashPassword("hemmelig")
	if err != nil {
		b.Fatal(err)
	}
	if _, err := st.CreateUser(context.Background(), store.UserInput{Username: "bench@example.no", DisplayName: "Bench", PasswordHash: hash, IsAdmin: true}); err != nil {
		b.Fatal(err)
	}
	s := &benchServer{h: srv.Handler()}
	rec := s.do(b, "POST", "/api/login", "application/json", strings.NewReader(`{"username":"bench@example.no","password":"hemmelig"}`))
	for _, c := range rec.Result().Cookies() {
		if c.Name == "ugcfolio_session" {
			s.cookie = c.Name + "=" + c.Value
		}
	}
	if s.cookie == "" {
		b.Fatal("login set no session cookie")
	}
	return s
}

func (s *benchServer) do(b *testing.B, method, path, contentType string, body interface {
	Read([]byte) (int, error)
}) *httptest.ResponseRecorder {
	req := httptest.NewRequest(method, path, body)
	req.Header.Set("Content-Type", contentType)
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	if s.cookie != "" {
		req.Header.Set("Cookie", s.cookie)
	}
	rec := httptest.NewRecorder()
	s.h.ServeHTTP(rec, req)
	if rec.Code != http.StatusOK {
		b.Fatalf("%s %s: %d %s", method, path, rec.Code, rec.Body)
	}
	return rec
}

func (s *benchServer) initialize(b *testing.B, id string) int {
	total := (benchFileSize + benchChunkSize - 1) / benchChunkSize
	in, _ := json.Marshal(map[string]any{"uploadId": id, "fileName": "video.mp4", "fileSize": benchFileSize, "fileType": "video/mp4", "totalChunks": total})
	s.do(b, "POST", "/api/admin/upload/initialize", "application/json", bytes.NewReader(in))
	return total
}

// randomBytes is n bytes like a compressed video's: random, so the
// multipart boundary scan meets CR bytes as often as in a real upload.
func randomBytes(n int) []byte {
	b := make([]byte, n)
	rand.Read(b)
	return b
}

// BenchmarkUploadChunk is one 512000-byte chunk of a 100 MB upload through
// the whole handler chain: session, admin guard, multipart, disk. The
// bodies are built before the clock starts.
//
//	go test -run '^$' -bench UploadChunk -cpuprofile /tmp/cpu.out ./internal/media
func BenchmarkUploadChunk(b *testing.B) {
	s := newBenchServer(b)
	const id = "bench-upload-1"
	total := s.initialize(b, id)
	chunk := randomBytes(benchChunkSize)
	// Every chunk but the last has the same size; cycle through 64 of them.
	bodies := make([][]byte, 64)
	types := make([]string, len(bodies)) // each body has its own boundary
	for i := range bodies {
		bodies[i], types[i] = sitetest.ChunkBody(id, i, total, chunk)
	}
	b.SetBytes(benchChunkSize)
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		s.do(b, "POST", "/api/admin/upload/chunk", types[i%len(bodies)], bytes.NewReader(bodies[i%len(bodies)]))
	}
}

// BenchmarkUpload100MB is a whole 100 MB upload (initialize, 205 chunks,
// finalize), as cmd/uploadbench sends it but without the network.
func BenchmarkUpload100MB(b *testing.B) {
	s := newBenchServer(b)
	file := randomBytes(benchFileSize)
	copy(file, "\x00\x00\x00\x20ftypisom\x00\x00\x02\x00")
	b.SetBytes(benchFileSize)
	for n := 0; b.Loop(); n++ {
		id := "bench-upload-" + strconv.Itoa(n)
		total := s.initialize(b, id)
		for i := range total {
			body, ct := sitetest.ChunkBody(id, i, total, file[i*benchChunkSize:min((i+1)*benchChunkSize, benchFileSize)])
			s.do(b, "POST", "/api/admin/upload/chunk", ct, bytes.NewReader(body))
		}
		s.do(b, "POST", "/api/admin/upload/finalize", "application/json", strings.NewReader(`{"uploadId":"`+id+`"}`))
	}
}

// BenchmarkUpload100MBLoopback is the same upload over a loopback socket
// (httptest.NewServer, one keep-alive connection), so a profile shows the
// server's socket reads and the client's sends as well
// (pprof -focus 'conn..serve' for the server's share).
func BenchmarkUpload100MBLoopback(b *testing.B) {
	s := newBenchServer(b)
	ts := httptest.NewServer(s.h)
	b.Cleanup(ts.Close)
	file := randomBytes(benchFileSize)
	copy(file, "\x00\x00\x00\x20ftypisom\x00\x00\x02\x00")
	post := func(path, contentType string, body []byte) {
		req, _ := http.NewRequest("POST", ts.URL+path, bytes.NewReader(body))
		req.Header.Set("Content-Type", contentType)
		req.Header.Set("Cookie", s.cookie)
		res, err := ts.Client().Do(req)
		if err != nil {
			b.Fatal(err)
		}
		io.Copy(io.Discard, res.Body)
		res.Body.Close()
		if res.StatusCode != http.StatusOK {
			b.Fatalf("%s: %d", path, res.StatusCode)
		}
	}
	b.SetBytes(benchFileSize)
	for n := 0; b.Loop(); n++ {
		id := "bench-upload-" + strconv.Itoa(n)
		total := (benchFileSize + benchChunkSize - 1) / benchChunkSize
		in, _ := json.Marshal(map[string]any{"uploadId": id, "fileName": "video.mp4", "fileSize": benchFileSize, "fileType": "video/mp4", "totalChunks": total})
		post("/api/admin/upload/initialize", "application/json", in)
		for i := range total {
			body, ct := sitetest.ChunkBody(id, i, total, file[i*benchChunkSize:min((i+1)*benchChunkSize, benchFileSize)])
			post("/api/admin/upload/chunk", ct, body)
		}
		post("/api/admin/upload/finalize", "application/json", []byte(`{"uploadId":"`+id+`"}`))
	}
}
