package httpapi

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/ugcfolio/ugcfolio/internal/httpx"
)

// A NUL (or any control character but tab and newline) in any
// text is the client's error on both databases — it answered 500 on
// PostgreSQL and was stored as-is on SQLite — and nothing is stored.
func TestControlCharactersRefusedEverywhere(t *testing.T) {
	t.Parallel()
	eachEnv(t, func(t *testing.T, e *testEnv) {
		nul := "Kari\u0000Nordmann"
		msg := func(field string) string {
			return `Field "` + field + `" contains a control character (U+0000); only tab and newline are allowed`
		}
		// Before the admin exists: registration closes once the site has one.
		e.client().do("POST", "/api/register", map[string]any{
			"username": "ny@example.no", "password": "hemmelig", "displayName": nul,
		}).wantMessage(t, http.StatusBadRequest, msg("displayName"))
		admin := e.signedInAdmin(t)
		e.client().do("POST", "/api/contact", map[string]any{
			"name": nul, "email": "kari@example.no", "message": "Hei, vi vil lage video med deg!",
		}).wantMessage(t, http.StatusBadRequest, msg("name"))
		e.client().do("POST", "/api/contact", map[string]any{
			"name": "Kari", "email": "kari@example.no", "message": "Hei, vi vil lage video med deg!\u0000",
		}).wantMessage(t, http.StatusBadRequest, msg("message"))
		admin.do("POST", "/api/admin/portfolio", map[string]any{
			"title": nul, "imageUrl": "https://cdn.example.com/a.jpg", "language": "no",
		}).wantMessage(t, http.StatusBadRequest, msg("title"))
		admin.do("POST", "/api/admin/testimonials", map[string]any{
			"name": "Kari", "company": "Nordlys", "testimonial": nul, "language": "no",
		}).wantMessage(t, http.StatusBadRequest, msg("testimonial"))
		admin.do("POST", "/api/admin/content", map[string]any{
			"section": "hero", "language": "no",
			"content": map[string]any{"tagline": nul, "greeting": "Hei", "intro": "x", "description": "y"},
		}).wantMessage(t, http.StatusBadRequest, msg("tagline"))
		admin.do("POST", "/api/admin/upload/initialize", map[string]any{
			"uploadId": "nul-upload-1", "fileName": "a\u0000.mp4", "fileSize": 10, "fileType": "video/mp4", "totalChunks": 1,
		}).wantMessage(t, http.StatusBadRequest, msg("fileName"))
		e.client().do("POST", "/api/contact", "{\"name\":\"K\xffri\",\"email\":\"kari@example.no\",\"message\":\"Hei, vi vil lage video!\"}").
			wantMessage(t, http.StatusBadRequest, "Request body is not valid UTF-8")

		ctx := context.Background()
		if list, _ := e.store.ListInquiries(ctx); len(list) != 0 {
			t.Fatalf("stored %d inquiries", len(list))
		}
		if list, _ := e.store.ListPortfolio(ctx, "no", true, 0); len(list) != 0 {
			t.Fatalf("stored %d portfolio items", len(list))
		}
		// Tab, newline and Norwegian letters still pass.
		e.client().do("POST", "/api/contact", map[string]any{
			"name": "Kåre Ørnes", "email": "kare@example.no", "message": "Hei!\n\tVi vil lage video med deg.",
		}).wantStatus(t, http.StatusCreated)
	})
}

// Every malformed multipart body is the client's error (a part
// header without a colon answered 500).
func TestMalformedChunkBodies(t *testing.T) {
	t.Parallel()
	e := newUploadEnv(t, sqliteStore(t), nil)
	admin := e.signedIn(t, "admin@example.no", true)
	admin.initUpload("malformed-1", 1000, "video/mp4", 1).wantStatus(t, http.StatusOK)
	const ct = "multipart/form-data; boundary=B"
	for name, body := range map[string]string{
		"header without colon": "--B\r\nContent-Disposition: form-data; name=\"uploadId\"\r\n\r\nmalformed-1\r\n--B\r\nGARBAGE\r\n\r\nx\r\n--B--\r\n",
		"cut off in a header":  "--B\r\nContent-Disposition: form-data; na",
		"no boundary at all":   "just some bytes",
		"broken in the chunk": "--B\r\nContent-Disposition: form-data; name=\"uploadId\"\r\n\r\nmalformed-1\r\n--B\r\nContent-Disposition: form-data; name=\"chunkIndex\"\r\n\r\n0\r\n" +
			"--B\r\nContent-Disposition: form-data; name=\"totalChunks\"\r\n\r\n1\r\n--B\r\nContent-Disposition: form-data; name=\"chunk\"; filename=\"blob\"\r\n\r\n" +
			"\x00\x00\x00\x20ftypisom",
	} {
		t.Run(name, func(t *testing.T) {
			r := admin.do("POST", "/api/admin/upload/chunk", body, "Content-Type", ct)
			if r.status != http.StatusBadRequest {
				t.Fatalf("status %d, want 400; body %s", r.status, r.body)
			}
		})
	}
}

// Every miss under /uploads/ is the JSON 404 every other error
// uses (the catch-all answered text/plain).
func TestUploadMissesAnswerJSON(t *testing.T) {
	t.Parallel()
	e := newEnv(t, sqliteStore(t), nil)
	for _, path := range []string{"/uploads/missing.mp4", "/uploads/", "/uploads/a/b", "/uploads/..%2fsecret.txt"} {
		r := e.client().do("GET", path, nil)
		if r.status != http.StatusNotFound || !strings.HasPrefix(r.header.Get("Content-Type"), "application/json") ||
			!strings.Contains(r.body, `"message"`) {
			t.Errorf("%s: %d %q %q", path, r.status, r.header.Get("Content-Type"), r.body)
		}
	}
}

// A client that goes away is logged as its cancellation, not as
// a server error.
func TestClientCancellationIsNotAServerError(t *testing.T) {
	t.Parallel()
	var logs bytes.Buffer
	log := slog.New(slog.NewTextHandler(&logs, nil))
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	r := httptest.NewRequest("GET", "/api/portfolio/no", nil).WithContext(ctx)
	w := httptest.NewRecorder()
	writeError(w, r, log, fmt.Errorf("list portfolio: %w", context.Canceled))
	if w.Code != httpx.StatusClientClosed || strings.Contains(logs.String(), "level=ERROR") || !strings.Contains(logs.String(), "client cancelled") {
		t.Fatalf("status %d, log %q", w.Code, logs.String())
	}
	// The same error while the client is still there is a server fault.
	logs.Reset()
	w = httptest.NewRecorder()
	writeError(w, httptest.NewRequest("GET", "/", nil), log, context.Canceled)
	if w.Code != http.StatusInternalServerError || !strings.Contains(logs.String(), "level=ERROR") {
		t.Fatalf("status %d, log %q", w.Code, logs.String())
	}
}

// A body that trickles in is cut off (408) instead of holding its
// connection open; one that arrives at a slow phone's pace still passes.
// The limits are scaled down here; the cut-off figures at the real limits
// come from scripts/slow-body.sh.
func TestSlowBodiesAreCutOff(t *testing.T) {
	t.Parallel()
	e := newUploadEnv(t, sqliteStore(t), nil)
	e.server.bodyTimes = bodyTimes{json: 300 * time.Millisecond, chunkBase: 300 * time.Millisecond, chunkMinRate: 16 << 10}
	admin := e.signedIn(t, "admin@example.no", true)

	trickle := func(path, contentType string, body []byte, every time.Duration, step int) (int, string) {
		t.Helper()
		pr, pw := io.Pipe()
		go func() {
			for i := 0; i < len(body); i += step {
				if _, err := pw.Write(body[i:min(i+step, len(body))]); err != nil {
					return
				}
				time.Sleep(every)
			}
			pw.Close()
		}()
		req, _ := http.NewRequest("POST", e.url+path, pr)
		req.ContentLength = int64(len(body))
		req.Header.Set("Content-Type", contentType)
		hc := *admin.http
		hc.Timeout = 20 * time.Second // a hang guard, not a measurement
		res, err := hc.Do(req)
		pw.CloseWithError(io.ErrClosedPipe)
		if err != nil {
			return 0, err.Error()
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		return res.StatusCode, string(b)
	}

	// A JSON body a byte at a time, every 100 ms: 60 bytes would take 6 s.
	contact := []byte(`{"name":"Kari","email":"kari@example.no","message":"Hei hei hei"}`)
	if status, body := trickle("/api/contact", "application/json", contact, 100*time.Millisecond, 1); status != http.StatusRequestTimeout {
		t.Fatalf("slow JSON body: %d %s", status, body)
	}

	// A 64 KiB chunk at 64 KiB/s (allowed 0.3 s + 4 s) passes; the same
	// chunk a few bytes at a time does not.
	video := fakeVideo(64 << 10)
	admin.initUpload("slow-chunk-1", int64(len(video)), "video/mp4", 1).wantStatus(t, http.StatusOK)
	chunk, ct := chunkBody("slow-chunk-1", 0, 1, video)
	if status, body := trickle(chunkPath, ct, chunk, 100*time.Millisecond, 6<<10); status != http.StatusOK {
		t.Fatalf("a chunk at a slow phone's pace: %d %s", status, body)
	}
	admin.initUpload("slow-chunk-2", int64(len(video)), "video/mp4", 1).wantStatus(t, http.StatusOK)
	chunk, ct = chunkBody("slow-chunk-2", 0, 1, video)
	if status, body := trickle(chunkPath, ct, chunk, 100*time.Millisecond, 64); status != http.StatusRequestTimeout {
		t.Fatalf("a trickled chunk: %d %s", status, body)
	}
}

// A request with neither Origin nor Sec-Fetch-Site may
// change state. Every browser sends one of them on a state-changing
// request (Sec-Fetch-Site since 2023 in all engines, Origin on every
// cross-origin POST for far longer), so such a request is not a browser
// acting for someone else but a script using its own credentials (curl,
// cmd/uploadbench): there is no cross-site forgery to stop. A browser
// request from another site is refused whichever header gives it away.
func TestStateChangesWithoutBrowserHeaders(t *testing.T) {
	t.Parallel()
	e := newUploadEnv(t, sqliteStore(t), nil)
	admin := e.signedIn(t, "admin@example.no", true)
	admin.do("POST", "/api/admin/portfolio", map[string]any{
		"title": "Fra et skript", "imageUrl": "https://cdn.example.com/a.jpg", "language": "no",
	}).wantStatus(t, http.StatusCreated)
	for _, h := range [][]string{{"Origin", "https://evil.example"}, {"Sec-Fetch-Site", "cross-site"}} {
		admin.do("POST", "/api/admin/portfolio", map[string]any{
			"title": "Forfalsket", "imageUrl": "https://cdn.example.com/a.jpg", "language": "no",
		}, h...).wantMessage(t, http.StatusForbidden, "Cross-origin request refused")
	}
	if list, _ := e.store.ListPortfolio(context.Background(), "no", true, 0); len(list) != 1 {
		t.Fatalf("%d items stored, want 1", len(list))
	}
}
