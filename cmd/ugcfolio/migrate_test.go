package main

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	"io"
	"maps"
	"mime/multipart"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/ugcfolio/ugcfolio/internal/media/s3test"
	"github.com/ugcfolio/ugcfolio/internal/ssr"
	"github.com/ugcfolio/ugcfolio/internal/store/storetest"
)

// A site on SQLite and local files, with demo content, a processed photo,
// a processed video, a text, an inquiry and a signed-in admin, is moved by
// `ugcfolio migrate` to PostgreSQL (a fresh schema) and S3 (versitygw),
// and back to a fresh SQLite directory. After each move the server
// started on the new home answers every page, API call and media file
// (ranges included) byte for byte as the old one did; the admin's session
// goes on; a second move onto the filled database is refused until told.
func TestMigrateToPostgresAndS3AndBack(t *testing.T) {
	t.Parallel()
	dsn, err := storetest.FreshPostgresURL(t)
	if err != nil {
		t.Fatal(err)
	}
	o := s3test.Start(t)
	ctx := context.Background()
	// The same public address everywhere: canonical links are in the pages.
	common := []string{"UGCFOLIO_VIDEO_PROCESSING", "on", "UGCFOLIO_PUBLIC_URL", "https://kari.example"}
	liteEnv := env(common...)
	cloudEnv := env(append(common, "DATABASE_URL", dsn,
		"UGCFOLIO_S3_ENDPOINT", o.Endpoint, "UGCFOLIO_S3_BUCKET", o.Bucket, "UGCFOLIO_S3_ACCESS_KEY", o.AccessKey,
		"UGCFOLIO_S3_SECRET_KEY", o.SecretKey, "UGCFOLIO_S3_REGION", o.Region, "UGCFOLIO_S3_TLS", "false")...)

	// The site, as a creator has it on one small server.
	lite := t.TempDir()
	base, stop := startServe(t, liteEnv, "--data", lite, "--demo")
	if r := runCmd(t, ctx, liteEnv, backupPassword+"\n", "admin", "create", "--email", backupAdmin, "--data", lite); r.code != 0 {
		t.Fatalf("admin create: %+v", r)
	}
	admin := login(t, base)
	photoURL := sendFile(t, admin, base, "photo.jpg", "image/jpeg", makeJPEG(t), 200_000)
	videoURL := sendFile(t, admin, base, "clip.mp4", "video/mp4", makeClip(t, 2), 100_000)
	sendJSON(t, admin, "POST", base+"/api/admin/portfolio", map[string]any{"title": "Flyttet", "description": "Foto og video",
		"category": "brand", "imageUrl": photoURL, "videoUrl": videoURL, "featured": true, "language": "no", "isActive": true})
	sendJSON(t, admin, "POST", base+"/api/admin/content", map[string]any{"section": "hero", "language": "no",
		"content": map[string]string{"tagline": "UGC-skaper", "greeting": "Hei!", "intro": "Jeg er Kari", "description": "Jeg lager video"}})
	if err := postInquiry(base, 1, "Vi vil gjerne samarbeide"); err != nil {
		t.Fatal(err)
	}
	waitMediaReady(t, admin, base)
	countVisit(t, admin, base)
	want := captureSite(t, admin, base)
	stop()

	// To PostgreSQL and S3.
	r := runCmd(t, ctx, cloudEnv, "", "migrate", "--from-data", lite)
	if r.code != 0 {
		t.Fatalf("migrate: %+v", r)
	}
	t.Logf("migrate --from-data:\n%s", r.stdout)
	if !strings.Contains(r.stdout, "portfolio_items") || !strings.Contains(r.stdout, "Files: ") {
		t.Fatalf("migrate does not say what it did:\n%s", r.stdout)
	}
	cloudBase, stopCloud := startServe(t, cloudEnv, "--data", t.TempDir())
	compareSites(t, "PostgreSQL + S3", want, captureSite(t, admin, cloudBase)) // the same cookie: the session moved too
	stopCloud()

	// Again onto the filled database: refused, unless told.
	r = runCmd(t, ctx, cloudEnv, "", "migrate", "--from-data", lite)
	if r.code != 1 || !strings.Contains(r.stderr, "not empty") || !strings.Contains(r.stderr, "--replace") {
		t.Fatalf("second migrate: %+v", r)
	}
	r = runCmd(t, ctx, cloudEnv, "", "migrate", "--from-data", lite, "--replace")
	if r.code != 0 || !strings.Contains(r.stdout, "0 files copied") {
		t.Fatalf("migrate --replace: %+v", r)
	}

	// And back to one server.
	back := t.TempDir()
	if r = runCmd(t, ctx, cloudEnv, "", "migrate", "--to-data", back); r.code != 0 {
		t.Fatalf("migrate --to-data: %+v", r)
	}
	backBase, _ := startServe(t, liteEnv, "--data", back)
	compareSites(t, "SQLite again", want, captureSite(t, admin, backBase))
}

// answer is what a server said to one request.
type answer struct {
	status int
	ctype  string
	body   string // sha256 and length, or the text itself when short
}

// captureSite asks a server for its pages, its API (as a visitor and as
// the admin) and every media file they name, whole and by range.
func captureSite(t *testing.T, admin *http.Client, base string) map[string]answer {
	t.Helper()
	visitor := &http.Client{}
	got := map[string]answer{}
	ask := func(c *http.Client, who, path, rangeHeader string) []byte {
		req, _ := http.NewRequest("GET", base+path, nil)
		if rangeHeader != "" {
			req.Header.Set("Range", rangeHeader)
		}
		res, err := c.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(res.Body)
		res.Body.Close()
		got[who+" "+path+" "+rangeHeader] = answer{res.StatusCode, res.Header.Get("Content-Type"), digest(b)}
		return b
	}
	// A page asked for before the server's first render is done gets the plain
	// shell (the app renders it in the browser): wait until each is rendered.
	for _, p := range []string{"/", "/en"} {
		waitRendered(t, base+p)
	}
	for _, p := range []string{"/", "/en", "/sitemap.xml", "/robots.txt", "/api/content/no", "/api/content/en",
		"/api/portfolio/no", "/api/portfolio/en", "/api/testimonials/no", "/api/testimonials/en", "/api/site"} {
		ask(visitor, "visitor", p, "")
	}
	ask(admin, "admin", "/api/user", "")
	ask(admin, "admin", "/api/admin/contact", "")
	ask(admin, "admin", "/api/admin/analytics/summary", "")
	ask(admin, "admin", "/api/admin/activity", "")
	var media []string
	for _, lang := range []string{"no", "en"} {
		media = append(media, mediaURLs(ask(admin, "admin", "/api/portfolio/"+lang, ""))...)
	}
	slices.Sort(media)
	for _, u := range slices.Compact(media) {
		ask(visitor, "visitor", u, "")
		ask(visitor, "visitor", u, "bytes=100-1099")
		ask(admin, "admin", u, "")
	}
	if len(media) < 6 {
		t.Fatalf("only %d media addresses in the portfolio: %v", len(media), media)
	}
	return got
}

// waitRendered waits until the server answers url with its rendered page.
func waitRendered(t *testing.T, url string) {
	t.Helper()
	// A render that ran out of time on a loaded machine is tried again after
	// ssr.RenderBackoff: wait past it.
	wait := ssr.RenderBackoff + 30*time.Second
	deadline := time.Now().Add(wait)
	for {
		res, err := http.Get(url)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if bytes.Contains(b, []byte(`data-section="hero"`)) {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s is not rendered by the server after %s (%d bytes)", url, wait, len(b))
		}
		time.Sleep(200 * time.Millisecond)
	}
}

// compareSites fails on every request answered otherwise than before.
func compareSites(t *testing.T, where string, want, got map[string]answer) {
	t.Helper()
	for _, k := range slices.Sorted(maps.Keys(want)) {
		if got[k] != want[k] {
			t.Errorf("%s: %s answered %+v, the SQLite site %+v", where, k, got[k], want[k])
		}
	}
	if want["visitor /api/portfolio/no "].status != 200 || want["admin /api/user "].status != 200 {
		t.Fatalf("the original site did not answer: %+v", want)
	}
}

func digest(b []byte) string {
	if len(b) < 200 && !bytes.ContainsAny(b, "\x00") {
		return string(b)
	}
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:8]) + " " + strconv.Itoa(len(b))
}

// mediaURLs are the upload and processed-file addresses in a portfolio list.
func mediaURLs(list []byte) []string {
	var urls []string
	var walk func(v any)
	walk = func(v any) {
		switch x := v.(type) {
		case map[string]any:
			for _, e := range x {
				walk(e)
			}
		case []any:
			for _, e := range x {
				walk(e)
			}
		case string:
			if strings.HasPrefix(x, "/uploads/") || strings.HasPrefix(x, "/media/") {
				urls = append(urls, x)
			}
		}
	}
	var v any
	json.Unmarshal(list, &v)
	walk(v)
	return urls
}

// countVisit makes a browser's page view and waits until analytics has it.
func countVisit(t *testing.T, admin *http.Client, base string) {
	t.Helper()
	req, _ := http.NewRequest("GET", base+"/", nil)
	req.Header.Set("User-Agent", "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	waitFor(t, func() bool {
		var sum struct{ Pageviews int }
		getJSON(t, admin, base+"/api/admin/analytics/summary", &sum)
		return sum.Pageviews > 0
	})
}

// waitMediaReady waits until every upload of the portfolio is processed.
func waitMediaReady(t *testing.T, admin *http.Client, base string) {
	t.Helper()
	waitFor(t, func() bool {
		var items []struct {
			VideoMedia, ImageMedia *struct{ Status string }
		}
		getJSON(t, admin, base+"/api/portfolio/no", &items)
		ready, processing := 0, 0
		for _, it := range items {
			for _, m := range []*struct{ Status string }{it.VideoMedia, it.ImageMedia} {
				if m != nil && m.Status == "failed" {
					t.Fatalf("processing failed: %+v", items)
				}
				if m != nil && m.Status == "ready" {
					ready++
				}
				if m != nil && m.Status == "processing" {
					processing++
				}
			}
		}
		// The photo and the video sent here, and the demo's clip (ffmpeg is there: it processes).
		return ready == 3 && processing == 0
	})
}

// sendFile uploads data through the chunked API in chunks of chunk bytes.
func sendFile(t *testing.T, c *http.Client, base, name, ctype string, data []byte, chunk int) string {
	t.Helper()
	id := "migrate-" + strings.TrimSuffix(strings.ReplaceAll(name, ".", "-"), "-")
	total := (len(data) + chunk - 1) / chunk
	sendJSON(t, c, "POST", base+"/api/admin/upload/initialize", map[string]any{"uploadId": id, "fileName": name,
		"fileSize": len(data), "fileType": ctype, "totalChunks": total})
	for i := range total {
		var body bytes.Buffer
		mw := multipart.NewWriter(&body)
		mw.WriteField("uploadId", id)
		mw.WriteField("chunkIndex", strconv.Itoa(i))
		mw.WriteField("totalChunks", strconv.Itoa(total))
		part, _ := mw.CreateFormFile("chunk", "blob")
		part.Write(data[i*chunk : min(len(data), (i+1)*chunk)])
		mw.Close()
		res, err := c.Post(base+"/api/admin/upload/chunk", mw.FormDataContentType(), &body)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != 200 {
			t.Fatalf("chunk %d: %d %s", i, res.StatusCode, b)
		}
	}
	var out struct{ URL string }
	json.Unmarshal(sendJSON(t, c, "POST", base+"/api/admin/upload/finalize", map[string]string{"uploadId": id}), &out)
	return out.URL
}

// sendJSON sends body as JSON and fails the test unless the answer is 2xx.
func sendJSON(t *testing.T, c *http.Client, method, url string, body any) []byte {
	t.Helper()
	b, _ := json.Marshal(body)
	req, _ := http.NewRequest(method, url, bytes.NewReader(b))
	req.Header.Set("Content-Type", "application/json")
	res, err := c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	out, _ := io.ReadAll(res.Body)
	if res.StatusCode/100 != 2 {
		t.Fatalf("%s %s: %d %s", method, url, res.StatusCode, out)
	}
	return out
}

// makeJPEG is a 900×600 photo of colour bands.
func makeJPEG(t *testing.T) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, 900, 600))
	for y := range 600 {
		for x := range 900 {
			img.Set(x, y, color.RGBA{uint8(x / 4), uint8(y / 3), uint8((x + y) / 6), 255})
		}
	}
	var b bytes.Buffer
	if err := jpeg.Encode(&b, img, &jpeg.Options{Quality: 85}); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// makeClip is a small H.264 video of secs seconds made by ffmpeg.
func makeClip(t *testing.T, secs int) []byte {
	t.Helper()
	path := filepath.Join(t.TempDir(), "clip.mp4")
	out, err := exec.Command("ffmpeg", "-nostdin", "-hide_banner", "-loglevel", "error", "-y",
		"-f", "lavfi", "-i", "testsrc2=size=320x240:rate=25", "-f", "lavfi", "-i", "sine", "-t", fmt.Sprint(secs),
		"-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac", path).CombinedOutput()
	if err != nil {
		t.Fatalf("ffmpeg (apt-get install ffmpeg): %v\n%s", err, out)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// Wrong use of migrate is one line on stderr and exit code 1 (2 for a
// flag it does not know), before anything is written anywhere.
func TestMigrateRefusesBadUse(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pg := env("DATABASE_URL", "postgres://nobody@127.0.0.1:1/none")
	missing := filepath.Join(t.TempDir(), "no-site")
	for _, tc := range []struct {
		getenv func(string) string
		args   []string
		code   int
		want   string
	}{
		{pg, nil, 1, "exactly one of --from-data DIR and --to-data DIR"},
		{pg, []string{"--from-data", "a", "--to-data", "b"}, 1, "exactly one of"},
		{env(), []string{"--from-data", missing}, 1, "migrate needs DATABASE_URL=postgres://"},
		{env("DATABASE_URL", "mysql://x"), []string{"--from-data", missing}, 1, "migrate needs DATABASE_URL=postgres://"},
		{pg, []string{"--from-data", missing}, 1, "no database at " + filepath.Join(missing, "ugcfolio.db")},
		{env("DATABASE_URL", "postgres://x@127.0.0.1:1/x", "UGCFOLIO_S3_ENDPOINT", "127.0.0.1:1"), []string{"--from-data", missing}, 1, "UGCFOLIO_S3_ENDPOINT needs UGCFOLIO_S3_BUCKET"},
		{pg, []string{"--frobnicate"}, 2, "flag provided but not defined"},
	} {
		r := runCmd(t, ctx, tc.getenv, "", append([]string{"migrate"}, tc.args...)...)
		if r.code != tc.code || !strings.Contains(r.stderr, tc.want) {
			t.Errorf("migrate %v: exit %d, stderr %q; want %d and %q", tc.args, r.code, r.stderr, tc.code, tc.want)
		}
	}
	if _, err := os.Stat(missing); !os.IsNotExist(err) {
		t.Errorf("a refused migrate made %s", missing)
	}
	if r := runCmd(t, ctx, env(), "", "migrate", "--help"); r.code != 0 || !strings.Contains(r.stdout+r.stderr, "Usage: ugcfolio migrate") {
		t.Errorf("migrate --help: %+v", r)
	}
}
